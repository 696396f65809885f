// Training in the back office (PRODUCT.md §2, issue 24): projects group classes, programs are certification
// tracks (an occupation and level with required courses and the exam plans that certify it), and classes
// have courses, a schedule of sessions, a head teacher, a capacity, a fee (fen; the forms show yuan), an
// enrolment window and a completion rule. Pages: /manage/trainingManage/classes/{index,add,set,addClasses,
// setClasses}; projects and programs are tabs of the class list.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';
import { chinaWallIso } from '../api/china-time.ts';
import type { Language } from '../api/constants.ts';

// ---------------------------------------------------------------- class states

/** planned → open → in_progress → finished → archived, one step forward at a time. */
export const CLASS_STATES = ['planned', 'open', 'in_progress', 'finished', 'archived'] as const;
export type ClassState = (typeof CLASS_STATES)[number];

export const CLASS_STATE_NAMES: Record<Language, Record<ClassState, string>> = {
  zh: { planned: '未开班', open: '报名中', in_progress: '进行中', finished: '已结业', archived: '已归档' },
  en: {
    planned: 'Planned',
    open: 'Enrolling',
    in_progress: 'In progress',
    finished: 'Finished',
    archived: 'Archived',
  },
  es: {
    planned: 'Planificada',
    open: 'Inscripción abierta',
    in_progress: 'En curso',
    finished: 'Finalizada',
    archived: 'Archivada',
  },
  ja: {
    planned: '開講前',
    open: '募集中',
    in_progress: '実施中',
    finished: '修了',
    archived: 'アーカイブ済み',
  },
};

export function classStateName(state: ClassState, lang: Language = 'zh'): string {
  return CLASS_STATE_NAMES[lang][state];
}

/** The one state a class may move to next (null for an archived class). */
export function nextClassState(state: ClassState): ClassState | null {
  const index = CLASS_STATES.indexOf(state);
  return CLASS_STATES[index + 1] ?? null;
}

/** A learner may join a class in these states (and within its enrolment window when one is set). */
export const JOINABLE_CLASS_STATES: readonly ClassState[] = ['open', 'in_progress'];

/** The join code's alphabet: A-Z and 2-9 without the look-alikes I, O, 0 and 1. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;
/** The invitation link (relative to the site): opens the learner's project page and joins. */
export const classJoinLink = (code: string) => `/userCenter/myProject?join=${encodeURIComponent(code)}`;

export const PROJECT_STATES = ['active', 'archived'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

// ---------------------------------------------------------------- limits

/** The highest class fee: 100 000 yuan. */
export const CLASS_MAX_FEE_FEN = 10_000_000;
export const CLASS_MAX_CAPACITY = 10_000;
export const CLASS_MAX_COURSES = 50;
export const CLASS_MAX_SESSIONS = 200;
export const PROGRAM_MAX_COURSES = 50;
export const PROGRAM_MAX_PLANS = 50;
export const BATCH_MAX_CLASSES = 50;
export const BATCH_MAX_IDS = 200;
/** The placeholder of the batch name pattern: `2026 茶艺师第{n}期`. */
export const NAME_PATTERN_PLACEHOLDER = '{n}';

const levelField = z.coerce
  .number({ error: '请选择等级' })
  .int('请选择等级')
  .min(1, '等级为 1–5')
  .max(5, '等级为 1–5');

const description = z.string({ error: '说明无效' }).trim().max(5000, '说明不能超过 5000 个字符').default('');

const uniqueIds = (label: string, max: number) =>
  z
    .array(idSchema(label), { error: `${label}格式无效` })
    .max(max, `${label}最多 ${max} 个`)
    .refine((ids) => new Set(ids).size === ids.length, `${label}不能重复`)
    .default([]);

const dateOnly = (label: string) => z.iso.date({ error: `${label}格式应为 YYYY-MM-DD` });

// `abort`: the refinements below compare Dates, and run only when every date parsed.
const dateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}格式不正确`, abort: true })
    .transform((value) => new Date(value));

const percent = (label: string) =>
  z.coerce
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(0, `${label}为 0–100`)
    .max(100, `${label}为 0–100`);

// ---------------------------------------------------------------- programs

/** POST /v1/admin/programs, PUT /v1/admin/programs/:id (founder and manager). */
export const programInputSchema = z.object({
  name: requiredText('方案名称', 1, 100),
  occupation_id: idSchema('职业（工种）'),
  level: levelField,
  description,
  /** Required courses (published), in study order. */
  course_ids: uniqueIds('课程', PROGRAM_MAX_COURSES),
  /** Exam plans of the same occupation and level that certify the program. */
  plan_ids: uniqueIds('考试计划', PROGRAM_MAX_PLANS),
  enabled: z.boolean({ error: '启用设置无效' }).default(true),
});
export type ProgramInput = z.input<typeof programInputSchema>;

export const programListQuery = paginationQuery.extend({
  keyword,
  occupation_id: idSchema('职业（工种）').optional(),
  level: levelField.optional(),
});

export const programAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  occupation_id: z.number().int(),
  occupation_name: z.string(),
  level: z.number().int(),
  level_name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
  plans: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string() })),
  project_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProgramView = z.infer<typeof programAnswer>;
export const programListAnswer = listOf(programAnswer);

// ---------------------------------------------------------------- projects

/** POST /v1/admin/training-projects, PUT /v1/admin/training-projects/:id. */
export const projectInputSchema = z.object({
  name: requiredText('项目名称', 1, 100),
  /** The college running it; null = platform-wide (founder and manager only). A college admin: its own. */
  organization_id: idSchema('所属院校').nullable().default(null),
  program_id: idSchema('培训方案').nullable().default(null),
  description,
});
export type ProjectInput = z.input<typeof projectInputSchema>;

/** PUT /v1/admin/training-projects/:id/state. */
export const projectStateSchema = z.object({
  state: z.enum(PROJECT_STATES, { error: '项目状态无效' }),
});

export const projectListQuery = paginationQuery.extend({
  keyword,
  organization_id: idSchema('所属院校').optional(),
  program_id: idSchema('培训方案').optional(),
  state: z.enum(PROJECT_STATES, { error: '项目状态无效' }).optional(),
});

export const projectAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  program_id: z.number().int().nullable(),
  program_name: z.string().nullable(),
  description: z.string(),
  state: z.enum(PROJECT_STATES),
  class_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectView = z.infer<typeof projectAnswer>;
export const projectListAnswer = listOf(projectAnswer);

// ---------------------------------------------------------------- sessions

export const sessionInputSchema = z
  .object({
    /** An existing session's id (kept); absent for a new one. */
    id: idSchema('场次').optional(),
    title: requiredText('课次名称', 1, 100),
    place: z.string({ error: '地点无效' }).trim().max(100, '地点不能超过 100 个字符').default(''),
    starts_at: dateTime('开始时间'),
    ends_at: dateTime('结束时间'),
  })
  .refine((s) => s.ends_at > s.starts_at, { message: '结束时间须晚于开始时间', path: ['ends_at'] })
  .refine((s) => s.ends_at.getTime() - s.starts_at.getTime() <= 24 * 3600_000, {
    message: '单次课不能超过 24 小时',
    path: ['ends_at'],
  });
export type SessionInput = z.input<typeof sessionInputSchema>;

// ---------------------------------------------------------------- classes

/** Fields a class shares with the batch template (everything but the name). */
const classSettingFields = {
  project_id: idSchema('培训项目'),
  /** The college; taken from the project when it has one (a college admin: its own). */
  organization_id: idSchema('所属院校').nullable().default(null),
  head_teacher_id: idSchema('班主任').nullable().default(null),
  starts_on: dateOnly('开班日期'),
  ends_on: dateOnly('结业日期'),
  capacity: z.coerce
    .number({ error: '请填写班级容量' })
    .int('班级容量须为整数')
    .min(1, '班级容量至少为 1')
    .max(CLASS_MAX_CAPACITY, `班级容量不能超过 ${CLASS_MAX_CAPACITY}`),
  fee_fen: z.coerce
    .number({ error: '请填写培训费' })
    .int('培训费以分为单位，须为整数')
    .min(0, '培训费不能为负数')
    .max(CLASS_MAX_FEE_FEN, '培训费不能超过 100000 元'),
  enrol_opens_at: dateTime('报名开始时间').nullable().default(null),
  enrol_closes_at: dateTime('报名截止时间').nullable().default(null),
  rule_progress_percent: percent('课程进度要求').default(80),
  rule_attendance_percent: percent('出勤率要求').default(80),
  rule_test_pass_score: percent('结业考试合格分').nullable().default(null),
  description,
  course_ids: uniqueIds('课程', CLASS_MAX_COURSES),
  sessions: z
    .array(sessionInputSchema)
    .max(CLASS_MAX_SESSIONS, `课次最多 ${CLASS_MAX_SESSIONS} 个`)
    .default([]),
};

interface ClassTiming {
  starts_on: string;
  ends_on: string;
  enrol_opens_at: Date | null;
  enrol_closes_at: Date | null;
  sessions: { id?: number | undefined; starts_at: Date; ends_at: Date }[];
}

/** The rules between a class's dates, its enrolment window and its sessions, as field issues. */
export function classTimingIssues(value: ClassTiming): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  if (value.ends_on < value.starts_on)
    issues.push({ path: ['ends_on'], message: '结业日期不能早于开班日期' });
  if (value.enrol_opens_at && value.enrol_closes_at && value.enrol_closes_at <= value.enrol_opens_at)
    issues.push({ path: ['enrol_closes_at'], message: '报名截止时间须晚于报名开始时间' });
  const ids = new Set<number>();
  value.sessions.forEach((session, index) => {
    if (session.id !== undefined) {
      if (ids.has(session.id)) issues.push({ path: ['sessions', index, 'id'], message: '课次重复' });
      ids.add(session.id);
    }
    if (chinaWallIso(session.starts_at).slice(0, 10) < value.starts_on)
      issues.push({ path: ['sessions', index, 'starts_at'], message: '课次须在开班日期之后' });
    if (chinaWallIso(session.ends_at).slice(0, 10) > value.ends_on)
      issues.push({ path: ['sessions', index, 'ends_at'], message: '课次须在结业日期之前' });
  });
  return issues;
}

/** POST /v1/admin/classes and PUT /v1/admin/classes/:id (the whole class with its courses and sessions). */
export const classInputSchema = z
  .object({ name: requiredText('班级名称', 1, 100), ...classSettingFields })
  .superRefine((value, ctx) => {
    for (const issue of classTimingIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ClassInput = z.input<typeof classInputSchema>;
export type ClassValues = z.output<typeof classInputSchema>;

/** The names a batch pattern gives: `{n}` is 1..count (the pattern without `{n}` gets ` (n)` appended). */
export function batchClassNames(pattern: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    pattern.includes(NAME_PATTERN_PLACEHOLDER)
      ? pattern.split(NAME_PATTERN_PLACEHOLDER).join(String(i + 1))
      : `${pattern}(${i + 1})`,
  );
}

/** POST /v1/admin/classes/batch: `count` classes of one template, named by the pattern. */
export const classBatchCreateSchema = z
  .object({
    // At most 90 characters: with the number in place of `{n}`, or `(n)` appended, a name stays within
    // the class name's 100.
    name_pattern: requiredText('班级名称规则', 1, 90),
    count: z.coerce
      .number({ error: '请填写班级数量' })
      .int('班级数量须为整数')
      .min(1, '班级数量至少为 1')
      .max(BATCH_MAX_CLASSES, `一次最多新建 ${BATCH_MAX_CLASSES} 个班级`),
    ...classSettingFields,
  })
  .superRefine((value, ctx) => {
    for (const issue of classTimingIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ClassBatchCreateInput = z.input<typeof classBatchCreateSchema>;

/** The settings a batch change may touch; only the fields sent change. */
export const BATCH_SETTING_FIELDS = [
  'head_teacher',
  'capacity',
  'fee',
  'enrolment',
  'rule',
  'state',
] as const;
export type BatchSettingField = (typeof BATCH_SETTING_FIELDS)[number];

/** PUT /v1/admin/classes/batch: the ticked settings of the selected classes, all or nothing. */
export const classBatchSetSchema = z
  .object({
    ids: z
      .array(idSchema('班级'), { error: '请选择班级' })
      .min(1, '请选择班级')
      .max(BATCH_MAX_IDS, `一次最多设置 ${BATCH_MAX_IDS} 个班级`)
      .refine((ids) => new Set(ids).size === ids.length, '班级不能重复'),
    head_teacher_id: idSchema('班主任').nullable().optional(),
    capacity: classSettingFields.capacity.optional(),
    fee_fen: classSettingFields.fee_fen.optional(),
    enrolment: z
      .object({
        enrol_opens_at: dateTime('报名开始时间').nullable(),
        enrol_closes_at: dateTime('报名截止时间').nullable(),
      })
      .refine((w) => !w.enrol_opens_at || !w.enrol_closes_at || w.enrol_closes_at > w.enrol_opens_at, {
        message: '报名截止时间须晚于报名开始时间',
        path: ['enrol_closes_at'],
      })
      .optional(),
    rule: z
      .object({
        rule_progress_percent: percent('课程进度要求'),
        rule_attendance_percent: percent('出勤率要求'),
        rule_test_pass_score: percent('结业考试合格分').nullable(),
      })
      .optional(),
    /** Move every selected class one step forward to this state. */
    state: z.enum(CLASS_STATES, { error: '班级状态无效' }).optional(),
  })
  .refine(
    (v) =>
      v.head_teacher_id !== undefined ||
      v.capacity !== undefined ||
      v.fee_fen !== undefined ||
      v.enrolment !== undefined ||
      v.rule !== undefined ||
      v.state !== undefined,
    { message: '请至少勾选一项设置', path: ['ids'] },
  );
export type ClassBatchSetInput = z.input<typeof classBatchSetSchema>;

/** PUT /v1/admin/classes/:id/state: the next state (409 for any other). */
export const classStateSchema = z.object({
  state: z.enum(CLASS_STATES, { error: '班级状态无效' }),
});

export const classListQuery = paginationQuery.extend({
  /** Name or join code. */
  keyword,
  project_id: idSchema('培训项目').optional(),
  organization_id: idSchema('所属院校').optional(),
  state: z.enum(CLASS_STATES, { error: '班级状态无效' }).optional(),
  /** Classes whose dates overlap [date_from, date_to] (YYYY-MM-DD). */
  date_from: dateOnly('开始日期').optional(),
  date_to: dateOnly('结束日期').optional(),
  /** Comma-separated ids (the batch settings page). */
  ids: z
    .string()
    .trim()
    .max(2000)
    .regex(/^\d+(,\d+)*$/, '编号列表无效')
    .optional(),
});

export const classAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  head_teacher_id: z.number().int().nullable(),
  head_teacher_name: z.string().nullable(),
  head_teacher_phone: z.string().nullable(),
  join_code: z.string(),
  join_link: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  capacity: z.number().int(),
  enrolled_count: z.number().int(),
  fee_fen: z.number().int(),
  enrol_opens_at: z.string().nullable(),
  enrol_closes_at: z.string().nullable(),
  rule_progress_percent: z.number().int(),
  rule_attendance_percent: z.number().int(),
  rule_test_pass_score: z.number().int().nullable(),
  state: z.enum(CLASS_STATES),
  state_name: z.string(),
  next_state: z.enum(CLASS_STATES).nullable(),
  description: z.string(),
  course_count: z.number().int(),
  session_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassView = z.infer<typeof classAnswer>;
export const classListAnswer = listOf(classAnswer);

export const classSessionAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  place: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  attendance_count: z.number().int(),
});
export type ClassSessionView = z.infer<typeof classSessionAnswer>;

/** GET /v1/admin/classes/:id: the class with its courses (in order) and sessions (by time). */
export const classDetailAnswer = classAnswer.extend({
  courses: z.array(z.object({ id: z.number().int(), title: z.string(), state: z.string() })),
  sessions: z.array(classSessionAnswer),
});
export type ClassDetail = z.infer<typeof classDetailAnswer>;

/** POST /v1/admin/classes/batch and PUT /v1/admin/classes/batch: the classes made or changed. */
export const classBatchAnswer = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

// ---------------------------------------------------------------- choices for the forms

export const courseOptionAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      occupation_id: z.number().int().nullable(),
      level: z.number().int().nullable(),
    }),
  ),
});

export const planOptionQuery = z.object({
  occupation_id: idSchema('职业（工种）'),
  level: levelField,
});
export const planOptionAnswer = z.object({
  data: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string(), state: z.string() })),
});

export const teacherOptionAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      organization_id: z.number().int().nullable(),
    }),
  ),
});

export const projectOptionAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      organization_id: z.number().int().nullable(),
      state: z.enum(PROJECT_STATES),
    }),
  ),
});

export const programOptionAnswer = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() })),
});
