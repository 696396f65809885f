// Marking (考试中心, /manage/examinationCenter/exam/testpaper[/:id]): the papers in use by online exams,
// each paper's attempts, blind scoring of essay and material answers (candidate shown only as `考生 #…`),
// late answers accepted or rejected by the examiner, the invigilator's answer-file upload and the
// theory scores written into the plan's score sheet.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { idSchema } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword } from '../api/fields.ts';
import { ATTEMPT_STATES, EXAM_STATES } from '../exams/schema.ts';

export const LATE_DECISIONS = ['pending', 'accepted', 'rejected'] as const;

/** Longest examiner comment. */
export const COMMENT_MAX = 1000;
/** Scores are given in steps of half a point. */
export const SCORE_STEP = 0.5;

// ---------------------------------------------------------------- requests

export const markingPaperListQuery = paginationQuery.extend({ keyword });

export const markingAttemptListQuery = paginationQuery.extend({
  exam_id: idSchema('考试').optional(),
  state: z.enum(ATTEMPT_STATES, { error: '作答状态无效' }).optional(),
  keyword,
});

/** The subjective answers of a paper to score: one exam and/or one question, or everything. */
export const markingQueueQuery = z.object({
  exam_id: idSchema('考试').optional(),
  question_id: idSchema('试题').optional(),
});

export const markingLateQuery = paginationQuery.extend({
  exam_id: idSchema('考试').optional(),
  decision: z.enum(LATE_DECISIONS, { error: '处理状态无效' }).optional(),
});

/** The examiner's score of one answer: 0..max (checked on the server) in steps of 0.5. */
export const answerScoreSchema = z.object({
  score: z
    .number({ error: '请填写得分' })
    .min(0, '得分不能小于 0')
    .max(1000, '得分超出本题分值')
    .refine((n) => Number.isInteger(n / SCORE_STEP), '得分须为 0.5 的整数倍'),
  comment: z.string().trim().max(COMMENT_MAX, `评语不能超过 ${COMMENT_MAX} 个字符`).default(''),
  /**
   * The `scored_at` the examiner saw (null when unscored): when another examiner scored the answer in
   * between, the save is refused with 409 instead of silently overwriting it.
   */
  expected_scored_at: z.string().max(40).nullable().default(null),
});
export type AnswerScoreInput = z.input<typeof answerScoreSchema>;

// ---------------------------------------------------------------- answers

export const markingPaperAnswer = z.object({
  paper_id: z.number().int(),
  paper_name: z.string(),
  bank_name: z.string(),
  total_score: z.number(),
  pass_score: z.number(),
  exams: z.number().int(),
  attempts: z.number().int(),
  submitted: z.number().int(),
  /** Essay / material answers without an examiner's score. */
  to_score: z.number().int(),
  late_pending: z.number().int(),
});
export type MarkingPaper = z.infer<typeof markingPaperAnswer>;
export const markingPaperListAnswer = listOf(markingPaperAnswer);

export const markingExamAnswer = z.object({
  exam_id: z.number().int(),
  plan_id: z.number().int(),
  plan_code: z.string(),
  plan_title: z.string(),
  session_name: z.string(),
  state: z.enum(EXAM_STATES),
  opens_at: z.string(),
  closes_at: z.string(),
  candidates: z.number().int(),
  attempts: z.number().int(),
  open_attempts: z.number().int(),
  to_score: z.number().int(),
  late_pending: z.number().int(),
  scores_written_at: z.string().nullable(),
});
export type MarkingExam = z.infer<typeof markingExamAnswer>;

export const markingPaperDetailAnswer = markingPaperAnswer.omit({ exams: true }).extend({
  exams: z.array(markingExamAnswer),
});
export type MarkingPaperDetail = z.infer<typeof markingPaperDetailAnswer>;

export const markingAttemptAnswer = z.object({
  attempt_id: z.number().int(),
  exam_id: z.number().int(),
  plan_title: z.string(),
  name: z.string(),
  ticket_no: z.string(),
  state: z.enum(ATTEMPT_STATES),
  started_at: z.string(),
  deadline_at: z.string(),
  closed_at: z.string().nullable(),
  objective_score: z.number().nullable(),
  subjective_score: z.number().nullable(),
  score: z.number().nullable(),
  total_score: z.number(),
  to_score: z.number().int(),
  delivered_late: z.boolean(),
});
export type MarkingAttempt = z.infer<typeof markingAttemptAnswer>;
export const markingAttemptListAnswer = listOf(markingAttemptAnswer);

/** One question of the scoring queue with its progress. */
export const markingQueueQuestionAnswer = z.object({
  question_id: z.number().int(),
  type: z.string(),
  /** The stem as plain text, cut short (the full stem comes with each answer). */
  label: z.string(),
  scored: z.number().int(),
  total: z.number().int(),
});

export const markingQueueAnswer = z.object({
  scored: z.number().int(),
  total: z.number().int(),
  questions: z.array(markingQueueQuestionAnswer),
  /** In scoring order (by question, then by anonymous candidate): no name, ticket or attempt id. */
  items: z.array(
    z.object({
      answer_id: z.number().int(),
      question_id: z.number().int(),
      candidate: z.string(),
      scored: z.boolean(),
    }),
  ),
});
export type MarkingQueue = z.infer<typeof markingQueueAnswer>;

/** One answer as the examiner scores it: the candidate is only `考生 #<hash>`. */
export const markingAnswerAnswer = z.object({
  answer_id: z.number().int(),
  candidate: z.string(),
  question_id: z.number().int(),
  type: z.string(),
  stem: z.string(),
  /** The case text of a material question's sub-question; '' otherwise. */
  material: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  reference_answer: z.string(),
  /** The right option keys of a choice sub-question (empty for essays). */
  right_choices: z.array(z.string()),
  analysis: z.string(),
  max_score: z.number(),
  text: z.string(),
  choices: z.array(z.string()),
  source: z.string(),
  examiner_score: z.number().nullable(),
  examiner_comment: z.string(),
  scored_at: z.string().nullable(),
});
export type MarkingAnswer = z.infer<typeof markingAnswerAnswer>;

export const markingLateAnswer = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  candidate: z.string(),
  question_id: z.number().int(),
  question_label: z.string(),
  text: z.string(),
  choices: z.array(z.string()),
  version: z.number().int(),
  recorded_at: z.string(),
  received_at: z.string(),
  deadline_at: z.string(),
  source: z.string(),
  decision: z.enum(LATE_DECISIONS),
  decided_at: z.string().nullable(),
});
export type MarkingLate = z.infer<typeof markingLateAnswer>;
export const markingLateListAnswer = listOf(markingLateAnswer);

export const answerFileResultAnswer = z.object({
  attempt_id: z.number().int(),
  applied: z.number().int(),
  stale: z.number().int(),
  late: z.number().int(),
});
export type AnswerFileResult = z.infer<typeof answerFileResultAnswer>;

export const writeScoresAnswer = z.object({
  plan_id: z.number().int(),
  written: z.number().int(),
  absent: z.number().int(),
});
export type WriteScoresResult = z.infer<typeof writeScoresAnswer>;

export const lateDecisionAnswer = z.object({
  id: z.number().int(),
  decision: z.enum(LATE_DECISIONS),
});
