// Test papers (PRODUCT.md §2, test paper; issue 22): a paper on one question bank, either fixed picks or
// drawn per candidate by count per type (spec §5 count object) with optional finer rules per category and
// difficulty. Rules are drawn first; what a type's count leaves after its rules is drawn from the rest of
// the bank's questions of that type, so the rules of a type may add up to less than its count, never more.
// Only an approved paper can be bound to a plan's online exam; editing an approved paper returns it to draft.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';
import { drawnPaperSchema, questionTypeSchema } from '../exams/drawn-paper.ts';
import { QUESTION_TYPES, type QuestionType, validateQuestionCounts } from '../exams/question-count.ts';
import { QUESTION_TYPE_LABELS } from '../questions/schema.ts';

export const PAPER_MODES = ['fixed', 'random'] as const;
export type PaperMode = (typeof PAPER_MODES)[number];
export const PAPER_STATES = ['draft', 'approved'] as const;
export type PaperState = (typeof PAPER_STATES)[number];

/** Most questions one paper may hold (per type and in all). */
export const MAX_PAPER_QUESTIONS = 500;

const countField = z.coerce
  .number({ error: '请填写题目数量' })
  .int('题目数量须为整数')
  .min(0, '题目数量不能小于 0')
  .max(MAX_PAPER_QUESTIONS, `题目数量不能超过 ${MAX_PAPER_QUESTIONS}`);

const scoreField = z.coerce
  .number({ error: '请填写分值' })
  .positive('分值须大于 0')
  .max(1000, '分值不能超过 1000')
  .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, '分值最多一位小数');

export const paperCountsSchema = z.object({
  single_choice: countField.default(0),
  choice: countField.default(0),
  determine: countField.default(0),
  essay: countField.default(0),
  material: countField.default(0),
});
export type PaperCounts = z.output<typeof paperCountsSchema>;

/** Score of one question of a type (material: of each sub-question); empty = the question's own score. */
export const paperTypeScoresSchema = z.object({
  single_choice: scoreField.nullable().default(null),
  choice: scoreField.nullable().default(null),
  determine: scoreField.nullable().default(null),
  essay: scoreField.nullable().default(null),
  material: scoreField.nullable().default(null),
});
export type PaperTypeScores = z.output<typeof paperTypeScoresSchema>;

export const paperRuleSchema = z.object({
  type: z.enum(QUESTION_TYPES, { error: '请选择题型' }),
  category_id: idSchema('分类').nullable().default(null),
  difficulty: z.coerce.number().int().min(1, '难度为 1–5').max(5, '难度为 1–5').nullable().default(null),
  count: countField.min(1, '规则的题目数量须大于 0'),
});
export type PaperRule = z.output<typeof paperRuleSchema>;

export const paperInputSchema = z
  .object({
    name: requiredText('试卷名称', 1, 100),
    bank_id: idSchema('题库'),
    mode: z.enum(PAPER_MODES, { error: '请选择组卷方式' }),
    duration_minutes: z.coerce
      .number({ error: '请填写考试时长' })
      .int('考试时长须为整数分钟')
      .min(1, '考试时长为 1–600 分钟')
      .max(600, '考试时长为 1–600 分钟'),
    pass_score: z.coerce
      .number({ error: '请填写及格分' })
      .min(0, '及格分不能小于 0')
      .max(10000, '及格分不能超过 10000'),
    partial_credit: z.boolean().default(false),
    shuffle_options: z.boolean().default(true),
    type_scores: paperTypeScoresSchema.default({
      single_choice: null,
      choice: null,
      determine: null,
      essay: null,
      material: null,
    }),
    /** random: the count per type; fixed: ignored (derived from the picks). */
    counts: paperCountsSchema.default({ single_choice: 0, choice: 0, determine: 0, essay: 0, material: 0 }),
    /** random: finer rules per category and difficulty. */
    rules: z.array(paperRuleSchema).max(100, '规则不能超过 100 条').default([]),
    /** fixed: the picked top-level questions in order. */
    question_ids: z
      .array(idSchema('试题'))
      .max(MAX_PAPER_QUESTIONS, `题目不能超过 ${MAX_PAPER_QUESTIONS} 道`)
      .default([]),
  })
  .superRefine((paper, ctx) => {
    if (paper.mode === 'random') {
      const message = validateQuestionCounts(paper.counts);
      if (message) ctx.addIssue({ code: 'custom', path: ['counts'], message });
      const ruled: Partial<Record<QuestionType, number>> = {};
      paper.rules.forEach((rule, index) => {
        ruled[rule.type] = (ruled[rule.type] ?? 0) + rule.count;
        if ((ruled[rule.type] ?? 0) > paper.counts[rule.type])
          ctx.addIssue({
            code: 'custom',
            path: ['rules', index, 'count'],
            message: `${QUESTION_TYPE_LABELS[rule.type]}的规则合计超过该题型的题目数量 ${paper.counts[rule.type]}`,
          });
      });
    } else {
      if (paper.question_ids.length === 0)
        ctx.addIssue({ code: 'custom', path: ['question_ids'], message: validateQuestionCounts(null) ?? '' });
      const seen = new Set<number>();
      paper.question_ids.forEach((id, index) => {
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: ['question_ids', index], message: '试题重复' });
        seen.add(id);
      });
    }
  });
export type PaperInput = z.output<typeof paperInputSchema>;
export type PaperFormValues = z.input<typeof paperInputSchema>;

export const paperListQuery = paginationQuery.extend({
  keyword,
  bank_id: idSchema('题库').optional(),
  mode: z.enum(PAPER_MODES, { error: '组卷方式无效' }).optional(),
  state: z.enum(PAPER_STATES, { error: '状态无效' }).optional(),
});

export const paperCopySchema = z.object({ name: requiredText('试卷名称', 1, 100).optional() });

/** The check page's sample draw: any seed (a new one for "再抽一次"). */
export const paperSampleQuery = z.object({ seed: z.string().trim().max(100).optional() });

/** The fixed-paper picker: the bank's top-level questions. */
export const paperQuestionQuery = paginationQuery.extend({
  bank_id: idSchema('题库'),
  keyword,
  type: z.enum(QUESTION_TYPES, { error: '题型无效' }).optional(),
  category_id: idSchema('分类').optional(),
  difficulty: z.coerce.number().int().min(1).max(5).optional(),
});

export const paperBankQuery = z.object({ bank_id: idSchema('题库') });

// ---------------------------------------------------------------- answers

const typeNumbers = z.object({
  single_choice: z.number(),
  choice: z.number(),
  determine: z.number(),
  essay: z.number(),
  material: z.number(),
});

export const paperRuleAnswer = z.object({
  type: questionTypeSchema,
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  difficulty: z.number().int().nullable(),
  count: z.number().int(),
});

export const paperAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  bank_id: z.number().int(),
  bank_name: z.string(),
  occupation_name: z.string(),
  level: z.number().int(),
  mode: z.enum(PAPER_MODES),
  counts: typeNumbers,
  type_scores: z.object({
    single_choice: z.number().nullable(),
    choice: z.number().nullable(),
    determine: z.number().nullable(),
    essay: z.number().nullable(),
    material: z.number().nullable(),
  }),
  rules: z.array(paperRuleAnswer),
  question_count: z.number().int(),
  duration_minutes: z.number().int(),
  total_score: z.number(),
  pass_score: z.number(),
  partial_credit: z.boolean(),
  shuffle_options: z.boolean(),
  state: z.enum(PAPER_STATES),
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** Online exams bound to it (a used paper cannot be deleted or withdrawn). */
  exam_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaperView = z.infer<typeof paperAnswer>;
export const paperListAnswer = listOf(paperAnswer);

export const paperQuestionAnswer = z.object({
  id: z.number().int(),
  type: questionTypeSchema,
  /** The stem as plain text (tags removed, cut to 200 characters). */
  stem_text: z.string(),
  score: z.number(),
  difficulty: z.number().int(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  enabled: z.boolean(),
  sub_question_count: z.number().int(),
});
export type PaperQuestion = z.infer<typeof paperQuestionAnswer>;
export const paperQuestionListAnswer = listOf(paperQuestionAnswer);

export const paperDetailAnswer = paperAnswer.extend({
  /** fixed: the picked questions in order. */
  questions: z.array(paperQuestionAnswer),
});
export type PaperDetail = z.infer<typeof paperDetailAnswer>;

export const paperShortageAnswer = z.object({ path: z.string(), message: z.string() });
export type PaperShortage = z.infer<typeof paperShortageAnswer>;

/** The check page: totals, counts, shortages and a sample draw with its key. */
export const paperCheckAnswer = z.object({
  paper: paperAnswer,
  /** Lowest and highest total a candidate can get (they differ when random picks differ in score). */
  total_score_min: z.number(),
  total_score_max: z.number(),
  counts: typeNumbers,
  scores_by_type: typeNumbers,
  shortages: z.array(paperShortageAnswer),
  /** Why approval would be refused (shortages, total 0, pass score above the total); empty = may approve. */
  approval_problems: z.array(z.string()),
  seed: z.string(),
  sample: drawnPaperSchema.nullable(),
  /** Per answerable question id: the right option keys and the reference answer (checker only). */
  sample_key: z.record(
    z.string(),
    z.object({ answer: z.array(z.string()), reference_answer: z.string(), score: z.number() }),
  ),
});
export type PaperCheck = z.infer<typeof paperCheckAnswer>;

/** A bank's questions available to a paper: per type, and per category and difficulty. */
export const paperBankStatsAnswer = z.object({
  bank_id: z.number().int(),
  available: typeNumbers,
  categories: z.array(
    z.object({
      id: z.number().int(),
      parent_id: z.number().int().nullable(),
      name: z.string(),
      /** Enabled top-level questions in this category and its descendants, per type. */
      available: typeNumbers,
    }),
  ),
  /** Enabled top-level questions per type and difficulty 1..5: `by_difficulty[type][d - 1]`. */
  by_difficulty: z.object({
    single_choice: z.array(z.number()),
    choice: z.array(z.number()),
    determine: z.array(z.number()),
    essay: z.array(z.number()),
    material: z.array(z.number()),
  }),
});
export type PaperBankStats = z.infer<typeof paperBankStatsAnswer>;

/** Banks a paper can be built on (the paper form's and the filter's select). */
export const paperBankOptionsAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      occupation_name: z.string(),
      level: z.number().int(),
      enabled: z.boolean(),
    }),
  ),
});
export type PaperBankOption = z.infer<typeof paperBankOptionsAnswer>['data'][number];
