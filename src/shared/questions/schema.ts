// The question bank (PRODUCT.md §2; issue 22): banks per occupation + level, each bank's category tree, and
// questions of the five types of spec §3. A `material` question is a case text whose sub-questions
// (single_choice, choice, determine or essay) are saved with it in one request. Option keys are A..H
// (determine: fixed T 正确 / F 错误); an answer names keys, never positions.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, queryFlag, requiredText } from '../api/fields.ts';
import { QUESTION_TYPES, type QuestionType } from '../exams/question-count.ts';

export { QUESTION_TYPES, type QuestionType };

export const SUB_QUESTION_TYPES = ['single_choice', 'choice', 'determine', 'essay'] as const;
export type SubQuestionType = (typeof SUB_QUESTION_TYPES)[number];

/** The Chinese type names of the import files and the server's messages. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: '单选题',
  choice: '多选题',
  determine: '判断题',
  essay: '问答题',
  material: '材料题',
};

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const DETERMINE_OPTIONS = [
  { key: 'T', text: '正确' },
  { key: 'F', text: '错误' },
] as const;

/** Limits of one question's texts (a stem is sanitised HTML and may hold image tags). */
export const STEM_MAX = 20_000;
export const OPTION_MAX = 2_000;
export const EXPLAIN_MAX = 10_000;
export const MAX_SUB_QUESTIONS = 30;

/** The text a person reads in a stem: tags dropped, entities of spaces collapsed. */
export const stemPlainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const hasStemContent = (html: string) => stemPlainText(html) !== '' || /<img\b/i.test(html);

// ---------------------------------------------------------------- banks

const levelField = z.coerce
  .number({ error: '请选择等级' })
  .int('请选择等级')
  .min(1, '等级为 1–5')
  .max(5, '等级为 1–5');

export const bankInputSchema = z.object({
  name: requiredText('题库名称', 1, 100),
  occupation_id: idSchema('职业（工种）'),
  level: levelField,
  description: z.string().trim().max(1000, '说明不能超过 1000 个字符').default(''),
  enabled: z.boolean().default(true),
});

export const bankListQuery = paginationQuery.extend({
  keyword,
  occupation_id: idSchema('职业（工种）').optional(),
  level: levelField.optional(),
  enabled: queryFlag.optional(),
});

export const bankEnabledSchema = z.object({ enabled: z.boolean({ error: '请选择启用或停用' }) });

export const bankAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  occupation_id: z.number().int(),
  occupation_name: z.string(),
  level: z.number().int(),
  description: z.string(),
  enabled: z.boolean(),
  question_count: z.number().int(),
  category_count: z.number().int(),
  paper_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankView = z.infer<typeof bankAnswer>;
export const bankListAnswer = listOf(bankAnswer);

// ---------------------------------------------------------------- categories

export const categoryInputSchema = z.object({
  name: requiredText('分类名称', 1, 100).refine((v) => !v.includes('/'), '分类名称不能包含“/”'),
  parent_id: idSchema('上级分类').nullable().default(null),
});

export const categoryRenameSchema = z.object({
  name: requiredText('分类名称', 1, 100).refine((v) => !v.includes('/'), '分类名称不能包含“/”'),
});

export const categoryMoveSchema = z.object({
  parent_id: idSchema('上级分类').nullable(),
});

export const categoryAnswer = z.object({
  id: z.number().int(),
  bank_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  /** 安全/电气: the names from the root down. */
  path: z.string(),
  sort: z.number().int(),
  question_count: z.number().int(),
  child_count: z.number().int(),
});
export type CategoryView = z.infer<typeof categoryAnswer>;
export const categoryTreeAnswer = z.object({
  bank: bankAnswer,
  data: z.array(categoryAnswer),
});
export type CategoryTree = z.infer<typeof categoryTreeAnswer>;

// ---------------------------------------------------------------- questions

const scoreField = z.coerce
  .number({ error: '请填写分值' })
  .min(0, '分值不能小于 0')
  .max(100, '分值不能超过 100')
  .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, '分值最多一位小数');

const difficultyField = z.coerce
  .number({ error: '请选择难度' })
  .int('难度为 1–5')
  .min(1, '难度为 1–5')
  .max(5, '难度为 1–5');

const optionSchema = z.object({
  key: z.string().trim().max(1, '选项标识无效'),
  text: z.string().trim().min(1, '请填写选项内容').max(OPTION_MAX, `选项不能超过 ${OPTION_MAX} 个字符`),
});

const questionFields = {
  stem: z
    .string({ error: '请填写题干' })
    .max(STEM_MAX, `题干不能超过 ${STEM_MAX} 个字符`)
    .refine(hasStemContent, '请填写题干'),
  options: z.array(optionSchema).max(8, '最多 8 个选项').default([]),
  answer: z.array(z.string().trim().max(1, '答案无效')).max(8, '答案无效').default([]),
  reference_answer: z.string().trim().max(EXPLAIN_MAX, `参考答案不能超过 ${EXPLAIN_MAX} 个字符`).default(''),
  analysis: z.string().trim().max(EXPLAIN_MAX, `解析不能超过 ${EXPLAIN_MAX} 个字符`).default(''),
  score: scoreField.default(1),
  difficulty: difficultyField.default(3),
};

interface Checked {
  type: string;
  options: { key: string; text: string }[];
  answer: string[];
}

/** The rules between type, options and answer; issues land on `options.N.text`, `answer`… under `path`. */
function checkTypeRules(value: Checked, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  const issue = (message: string, ...at: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path: [...path, ...at] });
  const label = QUESTION_TYPE_LABELS[value.type as QuestionType] ?? '该题型';
  if (value.type === 'single_choice' || value.type === 'choice') {
    if (value.options.length < 2) issue(`${label}至少需要 2 个选项`, 'options');
    value.options.forEach((option, index) => {
      if (option.key !== OPTION_KEYS[index])
        issue(`第 ${index + 1} 个选项应为 ${OPTION_KEYS[index]}`, 'options', index, 'key');
    });
    const keys = new Set(value.options.map((o) => o.key));
    const unknown = value.answer.filter((k) => !keys.has(k));
    if (unknown.length) issue(`答案 ${unknown.join('、')} 不是本题的选项`, 'answer');
    else if (new Set(value.answer).size !== value.answer.length) issue('答案中的选项重复', 'answer');
    else if (value.type === 'single_choice' && value.answer.length !== 1)
      issue('单选题须有且只有一个答案', 'answer');
    else if (value.type === 'choice' && value.answer.length < 2)
      issue('多选题至少需要 2 个正确选项', 'answer');
  } else if (value.type === 'determine') {
    if (value.answer.length !== 1 || !['T', 'F'].includes(value.answer[0]!))
      issue('判断题的答案须为“正确”或“错误”', 'answer');
  } else {
    if (value.options.length) issue(`${label}没有选项`, 'options');
    if (value.answer.length) issue(`${label}没有选项答案，请填写参考答案`, 'answer');
  }
}

/** Determine options are always T 正确 / F 错误; answer keys are kept in option order. */
function normalise<T extends Checked>(value: T): T {
  if (value.type === 'determine') return { ...value, options: DETERMINE_OPTIONS.map((o) => ({ ...o })) };
  if (value.type === 'single_choice' || value.type === 'choice')
    return { ...value, answer: [...value.answer].sort() };
  return value;
}

export const subQuestionSchema = z
  .object({
    type: z.enum(SUB_QUESTION_TYPES, { error: '请选择小题题型（单选、多选、判断或问答）' }),
    ...questionFields,
  })
  .superRefine((value, ctx) => checkTypeRules(value, ctx))
  .transform(normalise);
export type SubQuestionInput = z.output<typeof subQuestionSchema>;

export const questionInputSchema = z
  .object({
    bank_id: idSchema('题库'),
    category_id: idSchema('分类').nullable().default(null),
    type: z.enum(QUESTION_TYPES, { error: '请选择题型' }),
    ...questionFields,
    enabled: z.boolean().default(true),
    sub_questions: z
      .array(subQuestionSchema)
      .max(MAX_SUB_QUESTIONS, `最多 ${MAX_SUB_QUESTIONS} 道小题`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    checkTypeRules(value, ctx);
    if (value.type === 'material' && value.sub_questions.length === 0)
      ctx.addIssue({ code: 'custom', message: '材料题至少需要一道小题', path: ['sub_questions'] });
    if (value.type !== 'material' && value.sub_questions.length)
      ctx.addIssue({ code: 'custom', message: '只有材料题可以有小题', path: ['sub_questions'] });
  })
  .transform(normalise);
export type QuestionInput = z.output<typeof questionInputSchema>;

export const questionListQuery = paginationQuery.extend({
  keyword,
  bank_id: idSchema('题库').optional(),
  category_id: idSchema('分类').optional(),
  type: z.enum(QUESTION_TYPES, { error: '题型无效' }).optional(),
  difficulty: difficultyField.optional(),
  enabled: queryFlag.optional(),
});
export type QuestionListQuery = z.output<typeof questionListQuery>;

export const QUESTION_BATCH_ACTIONS = ['enable', 'disable', 'delete'] as const;
export const questionBatchSchema = z.object({
  action: z.enum(QUESTION_BATCH_ACTIONS, { error: '请选择批量操作' }),
  ids: z.array(idSchema('试题')).min(1, '请选择试题').max(500, '一次最多 500 道试题'),
});

const optionAnswer = z.object({ key: z.string(), text: z.string() });

export const subQuestionAnswer = z.object({
  id: z.number().int(),
  type: z.enum(SUB_QUESTION_TYPES),
  stem: z.string(),
  options: z.array(optionAnswer),
  answer: z.array(z.string()),
  reference_answer: z.string(),
  analysis: z.string(),
  score: z.number(),
  difficulty: z.number().int(),
});

export const questionAnswer = z.object({
  id: z.number().int(),
  bank_id: z.number().int(),
  bank_name: z.string(),
  category_id: z.number().int().nullable(),
  category_path: z.string(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(optionAnswer),
  answer: z.array(z.string()),
  reference_answer: z.string(),
  analysis: z.string(),
  /** A material question: the sum of its sub-questions' scores. */
  score: z.number(),
  difficulty: z.number().int(),
  enabled: z.boolean(),
  sub_questions: z.array(subQuestionAnswer),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuestionView = z.infer<typeof questionAnswer>;
export const questionListAnswer = listOf(questionAnswer);

export const questionBatchAnswer = z.object({
  done: z.number().int(),
  /** Questions left as they were, with the reason (a paper uses it, an attempt answered it). */
  refused: z.array(z.object({ id: z.number().int(), message: z.string() })),
});

// ---------------------------------------------------------------- import / export

/** The template's columns, in order; a material question's sub-questions are the rows right below it. */
export const QUESTION_SHEET_COLUMNS = [
  { key: 'type', header: '题型' },
  { key: 'category', header: '分类' },
  { key: 'stem', header: '题干' },
  ...OPTION_KEYS.map((k) => ({ key: `option_${k}` as const, header: `选项${k}` })),
  { key: 'answer', header: '答案' },
  { key: 'reference_answer', header: '参考答案' },
  { key: 'analysis', header: '解析' },
  { key: 'score', header: '分值' },
  { key: 'difficulty', header: '难度' },
] as const;
export type QuestionSheetKey = (typeof QUESTION_SHEET_COLUMNS)[number]['key'];

/** The sub-question prefix of 题型: `材料-单选题`. */
export const MATERIAL_SUB_PREFIX = '材料-';

export const questionImportQuery = z.object({
  bank_id: idSchema('题库'),
  accept_valid: z.enum(['0', '1']).optional(),
});

export const questionExportQuery = questionListQuery.omit({ page: true, limit: true }).extend({
  bank_id: idSchema('题库'),
});

// ---------------------------------------------------------------- landing

const typeCounts = z.object({
  single_choice: z.number().int(),
  choice: z.number().int(),
  determine: z.number().int(),
  essay: z.number().int(),
  material: z.number().int(),
});

export const questionOverviewAnswer = z.object({
  banks: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      occupation_name: z.string(),
      level: z.number().int(),
      enabled: z.boolean(),
      question_count: z.number().int(),
      paper_count: z.number().int(),
      by_type: typeCounts,
      /** Index 0 = difficulty 1 … index 4 = difficulty 5. */
      by_difficulty: z.array(z.number().int()),
    }),
  ),
  recent: z.array(
    z.object({
      kind: z.enum(['question', 'paper']),
      id: z.number().int(),
      /** The system log's action, e.g. question.update, test_paper.approve. */
      action: z.string(),
      title: z.string(),
      bank_name: z.string(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type QuestionOverview = z.infer<typeof questionOverviewAnswer>;
