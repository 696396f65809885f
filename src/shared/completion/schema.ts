// Completion (结业, /manage/trainingManage/completion/index): a class's rule, where each member stands, the
// confirmation in bulk of those who meet it (a completion number JY<year><class 5><serial 4>), the records
// and the completion certificate with its public verification.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { keyword } from '../api/fields.ts';
import { paginationQuery } from '../api/pagination.ts';

export const MISSING_PARTS = ['progress', 'attendance', 'test'] as const;
export type MissingPartName = (typeof MISSING_PARTS)[number];
export const COMPLETION_CONFIRM_MAX = 1000;
export const NOT_MEETING_RULE_MESSAGE = '以下学员未达到结业要求';

const percent = (label: string) =>
  z.coerce
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(0, `${label}为 0–100`)
    .max(100, `${label}为 0–100`);

/** PUT /v1/admin/classes/:id/completion-rule: the same columns as the class form's rule. */
export const completionRuleSchema = z.object({
  rule_progress_percent: percent('课程进度要求'),
  rule_attendance_percent: percent('出勤率要求'),
  rule_test_pass_score: percent('结业考试合格分').nullable().default(null),
});
export type CompletionRuleInput = z.input<typeof completionRuleSchema>;

/** POST /v1/admin/classes/:id/completions: confirm these learners' completion (all or none). */
export const completionConfirmSchema = z.object({
  learner_ids: z
    .array(idSchema('学员'))
    .min(1, '请选择学员')
    .max(COMPLETION_CONFIRM_MAX, `一次最多确认 ${COMPLETION_CONFIRM_MAX} 名学员`),
});
export type CompletionConfirmInput = z.input<typeof completionConfirmSchema>;

/** GET /v1/admin/completion/classes: the classes to choose from. */
export const completionClassListQuery = paginationQuery.extend({ keyword });

// ---------------------------------------------------------------- answers

export const completionClassAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  project_name: z.string(),
  organization_name: z.string(),
  state: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  active_members: z.number().int(),
  completed_members: z.number().int(),
});
export type CompletionClass = z.infer<typeof completionClassAnswer>;
export const completionClassListAnswer = listOf(completionClassAnswer);

export const completionRuleAnswer = z.object({
  rule_progress_percent: z.number().int(),
  rule_attendance_percent: z.number().int(),
  rule_test_pass_score: z.number().int().nullable(),
});
export type CompletionRule = z.infer<typeof completionRuleAnswer>;

export const standingAnswer = z.object({
  member_id: z.number().int(),
  learner_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  progress_percent: z.number(),
  sessions_held: z.number().int(),
  attended: z.number().int(),
  attendance_percent: z.number(),
  test_score: z.number().int().nullable(),
  meets_rule: z.boolean(),
  missing: z.array(z.enum(MISSING_PARTS)),
  completed_at: z.string().nullable(),
  completion_no: z.string().nullable(),
  completed_by_name: z.string().nullable(),
});
export type StandingView = z.infer<typeof standingAnswer>;

/** GET /v1/admin/classes/:id/completion: the class, its rule and every active member's standing. */
export const classCompletionAnswer = z.object({
  class: completionClassAnswer,
  rule: completionRuleAnswer,
  members: z.array(standingAnswer),
});
export type ClassCompletion = z.infer<typeof classCompletionAnswer>;

export const completionConfirmedAnswer = z.object({
  /** Newly completed. */
  completed: z.array(z.object({ learner_id: z.number().int(), completion_no: z.string() })),
  /** Already completed before (left as they were). */
  already_completed: z.number().int(),
});
export type CompletionConfirmed = z.infer<typeof completionConfirmedAnswer>;

/** GET /v1/verify/completion/:token: only what confirms the document, the name masked. */
export const completionVerifyAnswer = z.union([
  z.object({ valid: z.literal(false), state: z.literal('not_found') }),
  z.object({
    valid: z.literal(true),
    state: z.literal('valid'),
    /** 张* */
    name: z.string(),
    class_name: z.string(),
    project_name: z.string(),
    organization_name: z.string(),
    completion_no: z.string(),
    /** YYYY-MM-DD (China) */
    completed_date: z.string(),
  }),
]);
export type CompletionVerify = z.infer<typeof completionVerifyAnswer>;
