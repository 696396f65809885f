// The class detail page (classes/info: the class's members, their courses' progress, sessions, fees and
// notices) and the student list (student/index: every learner with their classes, programs, progress and
// certificates). ID numbers are masked in every list (first 6 + last 4).
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';

export const MEMBER_STATES = ['active', 'removed'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
export const MEMBER_SOURCES = ['code', 'link', 'admin', 'import'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];
export const FEE_STATES = ['none', 'unpaid', 'paid'] as const;
export type FeeState = (typeof FEE_STATES)[number];

/** The most learners one "add members" call seats. */
export const MAX_ADD_MEMBERS = 200;

// ---------------------------------------------------------------- requests

export const memberListQuery = paginationQuery.extend({
  keyword,
  state: z.enum(MEMBER_STATES, { error: '成员状态无效' }).optional(),
  fee_state: z.enum(FEE_STATES, { error: '缴费状态无效' }).optional(),
});

export const addMembersSchema = z.object({
  learner_ids: z
    .array(idSchema('学员'), { error: '请选择学员' })
    .min(1, '请选择学员')
    .max(MAX_ADD_MEMBERS, `一次最多添加 ${MAX_ADD_MEMBERS} 名学员`),
});

export const removeMemberSchema = z.object({
  reason: requiredText('移除原因', 1, 200),
});

export const testScoreSchema = z.object({
  test_score: z
    .number({ error: '请填写 0-100 的整数分数' })
    .int('请填写 0-100 的整数分数')
    .min(0, '请填写 0-100 的整数分数')
    .max(100, '请填写 0-100 的整数分数')
    .nullable(),
});

export const noticeInputSchema = z.object({
  title: requiredText('通知标题', 1, 200),
  body: z.string({ error: '通知内容无效' }).trim().max(5000, '通知内容不能超过 5000 个字符').default(''),
});

/** The learner picker of "add members": name, ID number or phone, at least 2 characters. */
export const learnerSearchQuery = z.object({
  keyword: z
    .string({ error: '请输入姓名、身份证号或手机号' })
    .trim()
    .min(2, '请至少输入 2 个字符')
    .max(64, '搜索内容不能超过 64 个字符'),
});

export const studentListQuery = paginationQuery.extend({
  keyword,
  class_id: idSchema('班级').optional(),
  program_id: idSchema('培训计划').optional(),
  organization_id: idSchema('院校').optional(),
});

/** Columns of the class members import template, in order (matched by ID number). */
export const MEMBER_IMPORT_COLUMNS = [
  { key: 'name', header: '姓名' },
  { key: 'id_number', header: '身份证号' },
  { key: 'phone', header: '手机号' },
] as const;

/** Columns of the student import template, in order (new learner accounts; the password is optional). */
export const STUDENT_IMPORT_COLUMNS = [
  { key: 'name', header: '姓名' },
  { key: 'id_number', header: '身份证号' },
  { key: 'phone', header: '手机号' },
  { key: 'college', header: '院校' },
  { key: 'password', header: '初始密码' },
] as const;

/** One row of the student import, after its cells are read. */
export const studentImportRowSchema = z.object({
  name: requiredText('姓名', 1, 64),
  id_number: z.string().trim().min(1, '请填写身份证号').max(18, '身份证号码应为 18 位（最后一位可为 X）'),
  phone: z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, '手机号格式不正确'),
});

// ---------------------------------------------------------------- answers

const isoTime = z.string();

export const classInfoAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  program_name: z.string().nullable(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  state: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  head_teacher: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
  capacity: z.number().int(),
  enrolled_count: z.number().int(),
  fee_fen: z.number().int(),
  join_code: z.string(),
  /** The invitation link's path (the page puts the site's origin before it). */
  join_path: z.string(),
  enrol_opens_at: isoTime.nullable(),
  enrol_closes_at: isoTime.nullable(),
  rule_progress_percent: z.number().int(),
  rule_attendance_percent: z.number().int(),
  rule_test_pass_score: z.number().int().nullable(),
  description: z.string(),
  course_count: z.number().int(),
  session_count: z.number().int(),
});
export type ClassInfo = z.infer<typeof classInfoAnswer>;

export const memberAnswer = z.object({
  id: z.number().int(),
  learner_id: z.number().int(),
  name: z.string(),
  /** First 6 + last 4 characters. */
  id_number: z.string(),
  phone: z.string(),
  state: z.enum(MEMBER_STATES),
  source: z.enum(MEMBER_SOURCES),
  joined_at: isoTime,
  fee_state: z.enum(FEE_STATES),
  order_no: z.string().nullable(),
  paid_at: isoTime.nullable(),
  progress_percent: z.number(),
  attendance_percent: z.number(),
  test_score: z.number().int().nullable(),
  completed_at: isoTime.nullable(),
  completion_no: z.string().nullable(),
  removed_at: isoTime.nullable(),
  removed_reason: z.string(),
});
export type MemberView = z.infer<typeof memberAnswer>;
export const memberListAnswer = listOf(memberAnswer);

export const addMembersAnswer = z.object({
  /** Seated now. */
  added: z.number().int(),
  /** Already active members (nothing changed). */
  already: z.number().int(),
  enrolled_count: z.number().int(),
});

export const learnerCandidateAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  organization_name: z.string().nullable(),
  /** Already an active member of the class. */
  member: z.boolean(),
});
export type LearnerCandidate = z.infer<typeof learnerCandidateAnswer>;
export const learnerCandidatesAnswer = z.object({ data: z.array(learnerCandidateAnswer) });

export const courseProgressAnswer = z.object({
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
  data: z.array(
    z.object({
      member_id: z.number().int(),
      learner_id: z.number().int(),
      name: z.string(),
      progress_percent: z.number(),
      /** Percent per course, in the order of `courses`. */
      percents: z.array(z.number()),
    }),
  ),
  meta: z.object({
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  }),
});
export type CourseProgress = z.infer<typeof courseProgressAnswer>;

export const classSessionAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  place: z.string(),
  starts_at: isoTime,
  ends_at: isoTime,
  /** present + late. */
  attended: z.number().int(),
  marked: z.number().int(),
});
export type ClassSessionView = z.infer<typeof classSessionAnswer>;
export const classSessionListAnswer = listOf(classSessionAnswer);

export const feeSummaryAnswer = z.object({
  fee_fen: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  free: z.number().int(),
  /** The paid class orders of active members. */
  paid_total_fen: z.number().int(),
  /** What the unpaid active members owe at the class fee. */
  unpaid_total_fen: z.number().int(),
});
export type FeeSummary = z.infer<typeof feeSummaryAnswer>;

export const noticeAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  sent_by: z.string().nullable(),
  created_at: isoTime,
});
export type NoticeView = z.infer<typeof noticeAnswer>;
export const noticeListAnswer = listOf(noticeAnswer);
export const sentNoticeAnswer = noticeAnswer.extend({ recipients: z.number().int() });

export const studentAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  /** First 6 + last 4 characters. */
  id_number: z.string(),
  phone: z.string(),
  organization_name: z.string().nullable(),
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), state: z.string() })),
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  course_count: z.number().int(),
  /** Completed lessons' share of the duration of all the learner's courses (0.1). */
  progress_percent: z.number(),
  certificate_count: z.number().int(),
  latest_certificate: z
    .object({ number: z.string(), occupation: z.string(), level: z.number().int(), issued_at: isoTime })
    .nullable(),
  created_at: isoTime,
});
export type StudentView = z.infer<typeof studentAnswer>;
export const studentListAnswer = listOf(studentAnswer);

/** The filters of the student list: classes, programs and colleges the administrator may choose. */
export const studentFilterOptionsAnswer = z.object({
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  colleges: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StudentFilterOptions = z.infer<typeof studentFilterOptionsAnswer>;
