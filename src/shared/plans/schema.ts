// Exam plans (PRODUCT.md §2): skill levels, the plan state machine and its business codes, the plan's
// request schemas (back office and public portal) and the plan answers.
import { z } from '../api/zod.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import {
  DEFAULT_FORM_FIELDS,
  DEFAULT_REQUIRED_MATERIALS,
  FORM_FIELD_KEYS,
  ENROLLMENT_STATES,
  MATERIAL_KEYS,
} from '../enrollments/schema.ts';
import { listOf, type AnswerSchema } from '../api/answers.ts';

/** Business codes of the registration chain (HTTP 409 bodies). */
export const REGISTRATION_ERROR_CODES = {
  /** The plan has no seat left: 报名名额已满. */
  planFull: 409001,
  /** The learner already holds an enrolment for this plan. */
  duplicateEnrollment: 409002,
  /** The plan (or enrolment) is not in a state that allows the action. */
  illegalState: 409003,
  /** A plan like the new one exists (same occupation, level and college, overlapping registration). */
  duplicatePlan: 409004,
} as const;

/** 国家职业技能等级: 5 is the entry level, 1 the highest. */
export const SKILL_LEVELS = [5, 4, 3, 2, 1] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const SKILL_LEVEL_LABELS: Record<SkillLevel, string> = {
  5: '五级/初级工',
  4: '四级/中级工',
  3: '三级/高级工',
  2: '二级/技师',
  1: '一级/高级技师',
};
export const skillLevelLabel = (level: number) => SKILL_LEVEL_LABELS[level as SkillLevel] ?? `${level}级`;

// ---------------------------------------------------------------- plan state machine

export { PLAN_STATES, PLAN_STATE_LABELS, type PlanState } from './states.ts';
import { PLAN_STATES, type PlanState } from './states.ts';

export const PLAN_TRANSITIONS = {
  publish: { from: ['draft'], to: 'published', label: '发布' },
  unpublish: { from: ['published'], to: 'draft', label: '撤回发布' },
  close_registration: { from: ['published'], to: 'registration_closed', label: '截止报名' },
  reopen_registration: { from: ['registration_closed'], to: 'published', label: '重新开放报名' },
  issue_tickets: { from: ['registration_closed'], to: 'tickets_issued', label: '发放准考证' },
  hold_exam: { from: ['tickets_issued'], to: 'exam_held', label: '确认考试结束' },
  publish_scores: { from: ['exam_held'], to: 'scores_published', label: '发布成绩' },
  issue_certificates: { from: ['scores_published'], to: 'certificates_issued', label: '发放证书' },
  archive: { from: ['draft', 'scores_published', 'certificates_issued'], to: 'archived', label: '归档' },
} as const satisfies Record<string, { from: readonly PlanState[]; to: PlanState; label: string }>;
export type PlanAction = keyof typeof PLAN_TRANSITIONS;

/**
 * Actions of the plan-management page. Issuing tickets, publishing scores and issuing certificates
 * happen as part of those steps' own operations (exam rooms / scores areas), not as a bare state flip.
 */
export const PLAN_MANAGEMENT_ACTIONS = [
  'publish',
  'unpublish',
  'close_registration',
  'reopen_registration',
  'hold_exam',
  'archive',
] as const satisfies readonly PlanAction[];

export function allowedPlanActions(state: PlanState): PlanAction[] {
  return (Object.keys(PLAN_TRANSITIONS) as PlanAction[]).filter((action) =>
    (PLAN_TRANSITIONS[action].from as readonly PlanState[]).includes(state),
  );
}

// `abort`: the plan's and session's refinements below compare Dates, and run only when every date parsed.
const dateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}格式不正确`, abort: true })
    .transform((value) => new Date(value));

export const examSessionInputSchema = z
  .object({
    kind: z.enum(['theory', 'practical'], { error: '场次类型只能是理论或实操' }),
    name: z
      .string({ error: '请填写场次名称' })
      .trim()
      .min(1, '请填写场次名称')
      .max(100, '场次名称不能超过 100 个字符'),
    starts_at: dateTime('场次开始时间'),
    ends_at: dateTime('场次结束时间'),
  })
  .refine((s) => s.ends_at > s.starts_at, { message: '场次结束时间须晚于开始时间', path: ['ends_at'] })
  .refine((s) => s.ends_at.getTime() - s.starts_at.getTime() <= 12 * 3600_000, {
    message: '单个场次不能超过 12 小时',
    path: ['ends_at'],
  });

const planFields = {
  title: z
    .string({ error: '请填写计划名称' })
    .trim()
    .min(2, '请填写计划名称')
    .max(200, '计划名称不能超过 200 个字符'),
  occupation_id: idSchema('职业'),
  level: z.coerce
    .number({ error: '请选择等级' })
    .int()
    .refine((v) => (SKILL_LEVELS as readonly number[]).includes(v), '等级只能是 1 到 5 级'),
  organization_id: idSchema('承办院校'),
  registration_starts_at: dateTime('报名开始时间'),
  registration_ends_at: dateTime('报名截止时间'),
  fee_fen: z.coerce
    .number({ error: '请填写报名费' })
    .int('报名费以分为单位，须为整数')
    .min(0, '报名费不能为负数')
    .max(100_000_00, '报名费不能超过 100000 元'),
  capacity: z.coerce
    .number({ error: '请填写名额' })
    .int('名额须为整数')
    .min(1, '名额至少为 1')
    .max(100_000, '名额不能超过 100000'),
  pass_theory: z.coerce.number().int().min(0, '合格线为 0-100').max(100, '合格线为 0-100').default(60),
  pass_practical: z.coerce.number().int().min(0, '合格线为 0-100').max(100, '合格线为 0-100').default(60),
  required_materials: z
    .array(z.enum(MATERIAL_KEYS, { error: '未知的材料类型' }))
    .default(DEFAULT_REQUIRED_MATERIALS)
    .transform((list) => [...new Set(list)]),
  form_fields: z
    .array(z.enum(FORM_FIELD_KEYS, { error: '未知的报名表字段' }))
    .default(DEFAULT_FORM_FIELDS)
    .transform((list) => [...new Set(list)]),
  description: z.string().trim().max(5000, '说明不能超过 5000 个字符').default(''),
  sessions: z.array(examSessionInputSchema).max(20, '场次不能超过 20 个').default([]),
};

const MAX_WINDOW_MS = 366 * 24 * 3600_000;

/**
 * Where exam sessions may start: after the registration end, and within a year of it. Also run by the plan
 * form on its own when the registration end moves, before the rest of the plan is filled in.
 */
export function sessionTimingIssues(
  registrationEndsAt: Date,
  sessions: readonly { starts_at: Date }[],
): { index: number; message: string }[] {
  const issues: { index: number; message: string }[] = [];
  sessions.forEach((session, index) => {
    if (session.starts_at < registrationEndsAt)
      issues.push({ index, message: '考试场次须安排在报名截止之后' });
    if (session.starts_at.getTime() - registrationEndsAt.getTime() > MAX_WINDOW_MS)
      issues.push({ index, message: '考试场次不能晚于报名截止一年以上' });
  });
  return issues;
}

/** POST /v1/admin/plans and PUT /v1/admin/plans/:id (the whole plan is sent). */
export const planInputSchema = z
  .object(planFields)
  .refine((p) => p.registration_ends_at > p.registration_starts_at, {
    message: '报名截止时间须晚于报名开始时间',
    path: ['registration_ends_at'],
  })
  .refine((p) => p.registration_ends_at.getTime() - p.registration_starts_at.getTime() <= MAX_WINDOW_MS, {
    message: '报名时间跨度不能超过一年',
    path: ['registration_ends_at'],
  })
  .superRefine((p, ctx) => {
    for (const { index, message } of sessionTimingIssues(p.registration_ends_at, p.sessions))
      ctx.addIssue({ code: 'custom', message, path: ['sessions', index, 'starts_at'] });
  });
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanValues = z.output<typeof planInputSchema>;

/**
 * POST /v1/admin/plans only, beside the plan's fields: `confirm_duplicate: true` creates the plan although
 * one like it exists, the administrator's answer to the duplicate warning (409004).
 */
export const planCreateOptionsSchema = z.object({
  confirm_duplicate: z.boolean({ error: '须为 true 或 false' }).default(false),
});
export type PlanCreateOptions = z.input<typeof planCreateOptionsSchema>;

export const planListQuery = paginationQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  occupation_id: idSchema().optional(),
  level: z.coerce.number().int().min(1).max(5).optional(),
  organization_id: idSchema().optional(),
  state: z.enum(PLAN_STATES, { error: '状态无效' }).optional(),
  /** Plans whose registration window overlaps [date_from, date_to] (YYYY-MM-DD, China time). */
  date_from: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
  date_to: z.iso.date('日期格式应为 YYYY-MM-DD').optional(),
});

export const planTransitionSchema = z.object({
  action: z.enum(PLAN_MANAGEMENT_ACTIONS, { error: '不支持的操作' }),
});

/** GET /v1/skill-tests/skill-tests/list (public portal). */
export const portalPlanQuery = paginationQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  occupation_id: idSchema().optional(),
  level: z.coerce.number().int().min(1).max(5).optional(),
  organization_id: idSchema().optional(),
  /** open (default): registration open now; upcoming: also plans whose window has not started yet. */
  scope: z.enum(['open', 'upcoming']).default('open'),
});

// ---------------------------------------------------------------- answers

const isoTime = z.string();
const sessionKind = examSessionInputSchema.shape.kind;
const planActionAnswer = z.enum(Object.keys(PLAN_TRANSITIONS) as [PlanAction, ...PlanAction[]]);

export const planSummaryAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  occupation: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  level: z.number().int(),
  level_name: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  registration_starts_at: isoTime,
  registration_ends_at: isoTime,
  exam_starts_at: isoTime.nullable(),
  fee_fen: z.number().int(),
  capacity: z.number().int(),
  enrolled_count: z.number().int(),
  seats_left: z.number().int(),
  required_materials: z.array(z.enum(MATERIAL_KEYS)),
  state: z.enum(PLAN_STATES),
  state_name: z.string(),
  registration_open: z.boolean(),
});
export type PlanSummary = z.infer<typeof planSummaryAnswer>;

export const examSessionAnswer = z.object({
  id: z.number().int(),
  kind: sessionKind,
  name: z.string(),
  starts_at: isoTime,
  ends_at: isoTime,
});
export type ExamSessionInfo = z.infer<typeof examSessionAnswer>;

/** GET /v1/admin/plans (items) */
export const planListItemAnswer = planSummaryAnswer.extend({ allowed_actions: z.array(planActionAnswer) });
export type PlanListItem = z.infer<typeof planListItemAnswer>;
export const planListAnswer = listOf(planListItemAnswer);

/** GET /v1/admin/plans/:id, and the answer of its writes (create, update, transition). */
export const planDetailAnswer = planListItemAnswer.extend({
  pass_theory: z.number(),
  pass_practical: z.number(),
  form_fields: z.array(z.enum(FORM_FIELD_KEYS)),
  description: z.string(),
  published_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  sessions: z.array(examSessionAnswer),
  /** Enrolments of the plan by state (states without any are absent). */
  enrollment_counts: z.partialRecord(z.enum(ENROLLMENT_STATES), z.number().int()),
});
export type PlanDetail = z.infer<typeof planDetailAnswer>;

const labelled = <K extends AnswerSchema>(key: K) => z.object({ key, name: z.string() });
export const occupationAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  levels: z.array(z.object({ level: z.number().int(), name: z.string() })),
  description: z.string(),
  enabled: z.boolean(),
});
export type OccupationOption = z.infer<typeof occupationAnswer>;

/** GET /v1/admin/plans/options: everything the plan form and the filters need. */
export const planOptionsAnswer = z.object({
  occupations: z.array(occupationAnswer),
  colleges: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  levels: z.array(z.object({ level: z.number().int(), name: z.string() })),
  states: z.array(z.object({ state: z.enum(PLAN_STATES), name: z.string() })),
  materials: z.array(labelled(z.enum(MATERIAL_KEYS))),
  form_fields: z.array(labelled(z.enum(FORM_FIELD_KEYS))),
});
export type PlanOptions = z.infer<typeof planOptionsAnswer>;

/** GET /v1/skill-tests/skill-tests/:id */
export const portalPlanDetailAnswer = planSummaryAnswer.extend({
  pass_theory: z.number(),
  pass_practical: z.number(),
  form_fields: z.array(z.enum(FORM_FIELD_KEYS)),
  description: z.string(),
  sessions: z.array(examSessionAnswer),
  my_enrollment: z.object({ id: z.number().int(), state: z.enum(ENROLLMENT_STATES) }).nullable(),
});
export type PortalPlanDetail = z.infer<typeof portalPlanDetailAnswer>;
