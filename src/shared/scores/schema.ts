// Scores (PRODUCT.md §2): score entry and import, the passing rule and the score answers.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { ENROLLMENT_STATES } from '../enrollments/schema.ts';
import { PLAN_STATES } from '../plans/states.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword } from '../api/fields.ts';
import { SCORE_MESSAGES_ZH, scoreResultKey } from './score-messages.ts';

// ---------------------------------------------------------------- scores

const scoreValue = (label: string) =>
  z.coerce
    .number({ error: `${label}须为数字` })
    .min(0, `${label}须在 0-100 之间`)
    .max(100, `${label}须在 0-100 之间`)
    .refine((v) => Math.round(v * 10) === v * 10, `${label}最多保留一位小数`);

/** PUT /v1/admin/enrollments/:id/score. Absent or cheating candidates may have no marks. */
export const scoreInputSchema = z
  .object({
    theory: scoreValue('理论成绩').nullable().optional(),
    practical: scoreValue('实操成绩').nullable().optional(),
    absent: z.boolean().default(false),
    cheating: z.boolean().default(false),
    /** Required once the plan's scores are published (a correction). */
    reason: z.string().trim().max(500, '更正原因不能超过 500 个字符').optional(),
  })
  .superRefine((s, ctx) => {
    if (s.absent && s.cheating)
      ctx.addIssue({ code: 'custom', message: '缺考与违纪不能同时标记', path: ['cheating'] });
    if (!s.absent && !s.cheating) {
      if (s.theory == null) ctx.addIssue({ code: 'custom', message: '请填写理论成绩', path: ['theory'] });
      if (s.practical == null)
        ctx.addIssue({ code: 'custom', message: '请填写实操成绩', path: ['practical'] });
    }
  });
export type ScoreInput = z.output<typeof scoreInputSchema>;

export const scoreListQuery = paginationQuery.extend({
  keyword,
  /** entered | missing | passed | failed */
  filter: z.enum(['entered', 'missing', 'passed', 'failed']).optional(),
});

/** Columns of the score import template, in order. */
export const SCORE_TEMPLATE_COLUMNS = [
  { key: 'ticket_no', header: '准考证号' },
  { key: 'id_number', header: '身份证号' },
  { key: 'name', header: '姓名' },
  { key: 'theory', header: '理论成绩' },
  { key: 'practical', header: '实操成绩' },
  { key: 'absent', header: '缺考(是/否)' },
  { key: 'cheating', header: '违纪(是/否)' },
] as const;

/** Passing rule of PRODUCT.md §2: both parts at or above the plan's pass lines, not absent, not cheating. */
export function scorePasses(
  score: { theory: number | null; practical: number | null; absent: boolean; cheating: boolean },
  lines: { passTheory: number; passPractical: number },
): boolean {
  if (score.absent || score.cheating) return false;
  if (score.theory == null || score.practical == null) return false;
  return score.theory >= lines.passTheory && score.practical >= lines.passPractical;
}

export function scoreResultLabel(score: { absent: boolean; cheating: boolean; passed: boolean }): string {
  return SCORE_MESSAGES_ZH[scoreResultKey(score)];
}

// ---------------------------------------------------------------- answers

export const scoreAnswer = z.object({
  theory: z.number().nullable(),
  practical: z.number().nullable(),
  total: z.number().nullable(),
  absent: z.boolean(),
  cheating: z.boolean(),
  passed: z.boolean(),
  /** 合格 / 不合格 / 缺考 / 违纪 */
  result: z.string(),
  entered_at: z.string(),
  published_at: z.string().nullable(),
});
export type ScoreView = z.infer<typeof scoreAnswer>;

/** The marks a score correction records before and after the change (score_corrections.before/after). */
export const scoreSnapshotAnswer = scoreAnswer.pick({
  theory: true,
  practical: true,
  total: true,
  absent: true,
  cheating: true,
  passed: true,
});
export type ScoreSnapshot = z.infer<typeof scoreSnapshotAnswer>;

/** A change to a published score: what it was (null: there was none), what it became, why and by whom. */
export const scoreCorrectionAnswer = z.object({
  id: z.number().int(),
  before: scoreSnapshotAnswer.nullable(),
  after: scoreSnapshotAnswer,
  reason: z.string(),
  administrator_name: z.string(),
  created_at: z.string(),
});
export type ScoreCorrection = z.infer<typeof scoreCorrectionAnswer>;

export const learnerScoreAnswer = scoreAnswer.extend({
  enrollment_id: z.number().int(),
  plan_id: z.number().int(),
  plan_code: z.string(),
  plan_title: z.string(),
  occupation: z.string(),
  level: z.number().int(),
  level_label: z.string(),
  exam_date: z.string().nullable(),
  pass_theory: z.number(),
  pass_practical: z.number(),
  certificate: z
    .object({
      id: z.number().int(),
      number: z.string(),
      issued_at: z.string(),
      revoked: z.boolean(),
      verify_path: z.string(),
      pdf_url: z.string(),
    })
    .nullable(),
});
export type LearnerScore = z.infer<typeof learnerScoreAnswer>;
/** GET /v0/user/occupational-skill-tests/examScores: the learner's published scores. */
export const learnerScoreListAnswer = listOf(learnerScoreAnswer);

/** One ticketed candidate of the plan with their score (null before entry) and certificate. */
export const planScoreRowAnswer = z.object({
  enrollment_id: z.number().int(),
  learner_id: z.number().int(),
  state: z.enum(ENROLLMENT_STATES),
  ticket_no: z.string(),
  name: z.string(),
  id_number: z.string(),
  score: scoreAnswer.nullable(),
  certificate: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
});
export type PlanScoreRow = z.infer<typeof planScoreRowAnswer>;

/** GET /v1/admin/plans/:id/scores */
export const planScoreListAnswer = listOf(planScoreRowAnswer).extend({
  plan: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    state: z.enum(PLAN_STATES),
    pass_theory: z.number(),
    pass_practical: z.number(),
    /** Scores published (a later change is a logged correction). */
    published: z.boolean(),
  }),
  summary: z.object({
    candidates: z.number().int(),
    entered: z.number().int(),
    passed: z.number().int(),
    absent: z.number().int(),
    cheating: z.number().int(),
  }),
});
export type PlanScoreList = z.infer<typeof planScoreListAnswer>;

/** POST /v1/admin/plans/:id/scores/publish */
export const scoresPublishedAnswer = z.object({
  published: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  plan_state: z.literal('scores_published'),
});
export type PublishAnswer = z.infer<typeof scoresPublishedAnswer>;
