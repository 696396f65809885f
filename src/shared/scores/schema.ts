// Scores (PRODUCT.md §2): score entry and import, the passing rule and the score answers.
import { z } from '../api/zod.ts';
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

// ---------------------------------------------------------------- answer shapes (the server's return types)

export interface ScoreView {
  theory: number | null;
  practical: number | null;
  total: number | null;
  absent: boolean;
  cheating: boolean;
  passed: boolean;
  /** 合格 / 不合格 / 缺考 / 违纪 */
  result: string;
  entered_at: string;
  published_at: string | null;
}

export interface LearnerScore extends ScoreView {
  enrollment_id: number;
  plan_id: number;
  plan_code: string;
  plan_title: string;
  occupation: string;
  level: number;
  level_label: string;
  exam_date: string | null;
  pass_theory: number;
  pass_practical: number;
  certificate: {
    id: number;
    number: string;
    issued_at: string;
    revoked: boolean;
    verify_path: string;
    pdf_url: string;
  } | null;
}
