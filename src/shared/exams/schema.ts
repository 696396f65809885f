// The online theory exam (issue 22; PRODUCT.md §2, exam attempt): the candidate's API (start, resume, answer
// saves with per-question versions, heartbeat, submit) and exam affairs' binding of an approved paper to a
// plan's theory session. Answers name option keys (never positions); a save applies an answer only when its
// version is newer than the one the server holds, so a replay is applied once and never overwrites a newer
// answer. The answer key, reference answers and analysis never reach a candidate before the plan's scores
// are published (`result` stays null until then).
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { ERROR_CODES } from '../api/errors.ts';
import { idSchema, MAX_ID } from '../api/id.ts';
import { paginationQuery } from '../api/pagination.ts';
import { keyword, requiredText } from '../api/fields.ts';
import { drawnPaperSchema, questionTypeSchema } from './drawn-paper.ts';

// ---------------------------------------------------------------- limits and messages

/** Longest essay answer (characters). */
export const MAX_ESSAY_CHARS = 20_000;
/** Most answers in one save (a paper's answerable questions fit in a few batches). */
export const MAX_ANSWERS_PER_SAVE = 200;
/** Most option keys one answer may name (options are A..H). */
export const MAX_CHOICES = 8;
/** Default grace after the deadline for answers the device recorded before it. */
export const DEFAULT_GRACE_SECONDS = 300;
/** A device's record time may be this much after the deadline (clock rounding) and still count. */
export const RECORDED_TOLERANCE_MS = 2_000;

/** 409 when every answer of a save arrived too late: they are kept as late answers for the examiner. */
export const EXAM_CLOSED_CODE = ERROR_CODES.examClosed;
export const EXAM_CLOSED_MESSAGE = '考试已结束，答案已作为迟交答案保存，由考评员决定是否采纳';
/** 409 when starting an exam whose attempt is already closed. */
export const ATTEMPT_CLOSED_MESSAGE = '本场考试已交卷，不能再次开始';
/** 422 `file` when an answer file's signature does not match its content. */
export const ANSWER_FILE_SIGNATURE_MESSAGE = '答题文件签名无效或已被修改';

export const EXAM_STATES = ['scheduled', 'open', 'closed'] as const;
export type ExamState = (typeof EXAM_STATES)[number];
export const EXAM_STATE_LABELS: Record<ExamState, string> = {
  scheduled: '未开考',
  open: '考试中',
  closed: '已结束',
};

export const ATTEMPT_STATES = ['open', 'submitted', 'closed'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export const SAVE_STATUSES = ['applied', 'stale', 'late'] as const;
export type SaveStatus = (typeof SAVE_STATUSES)[number];

// ---------------------------------------------------------------- requests (candidate)

/** An instant with its offset, refused with `<label>格式不正确`. */
export const isoTime = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` });

export const attemptAnswerValueSchema = z.object({
  choices: z
    .array(z.string({ error: '选项无效' }).max(8, '选项无效'), { error: '选项无效' })
    .max(MAX_CHOICES, `最多选择 ${MAX_CHOICES} 个选项`)
    .default([]),
  text: z
    .string({ error: '答案内容无效' })
    .max(MAX_ESSAY_CHARS, `答案不能超过 ${MAX_ESSAY_CHARS} 个字符`)
    .default(''),
});
export type AttemptAnswerInput = z.output<typeof attemptAnswerValueSchema>;

export const saveAnswerItemSchema = z.object({
  question_id: idSchema('题目'),
  answer: attemptAnswerValueSchema,
  version: z
    .number({ error: '答案版本无效' })
    .int('答案版本无效')
    .min(1, '答案版本无效')
    .max(MAX_ID, '答案版本无效'),
  /** When the device recorded the answer (the device's clock). */
  recorded_at: isoTime('答题时间'),
});
export type SaveAnswerItem = z.output<typeof saveAnswerItemSchema>;

/** PUT /v1/learner/attempts/:id/answers (with an Idempotency-Key header). */
export const saveAnswersSchema = z.object({
  /** The device's clock when it sent the batch: the server converts device times by the offset. */
  device_now: isoTime('设备时间'),
  answers: z
    .array(saveAnswerItemSchema, { error: '请提交答案' })
    .min(1, '请提交答案')
    .max(MAX_ANSWERS_PER_SAVE, `一次最多提交 ${MAX_ANSWERS_PER_SAVE} 个答案`),
});
export type SaveAnswersInput = z.output<typeof saveAnswersSchema>;

/** POST /v1/learner/attempts/:id/submit: a last batch, may be empty (or no body at all). */
export const submitAttemptSchema = z.object({
  device_now: isoTime('设备时间').optional(),
  answers: z
    .array(saveAnswerItemSchema, { error: '答案格式不正确' })
    .max(MAX_ANSWERS_PER_SAVE, `一次最多提交 ${MAX_ANSWERS_PER_SAVE} 个答案`)
    .default([]),
});
export type SubmitAttemptInput = z.output<typeof submitAttemptSchema>;

/** POST /v1/learner/exams/:examId/start: the identity check of exam-day terminals. */
export const startExamSchema = z.object({
  ticket_no: requiredText('准考证号', 1, 40),
  id_number: requiredText('身份证号', 1, 18),
});
export type StartExamInput = z.output<typeof startExamSchema>;

export const examIdParams = z.object({ examId: idSchema() });

// ---------------------------------------------------------------- answers (candidate)

export const attemptSummaryAnswer = z.object({
  id: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  started_at: z.string(),
  deadline_at: z.string(),
  closed_at: z.string().nullable(),
});

export const learnerExamAnswer = z.object({
  exam_id: z.number().int(),
  plan_id: z.number().int(),
  plan_title: z.string(),
  occupation_name: z.string(),
  level: z.number().int(),
  session_name: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  duration_minutes: z.number().int(),
  state: z.enum(EXAM_STATES),
  ticket_no: z.string(),
  attempt: attemptSummaryAnswer.nullable(),
});
export type LearnerExam = z.infer<typeof learnerExamAnswer>;
export const learnerExamsAnswer = z.object({ data: z.array(learnerExamAnswer) });

export const heldAnswerSchema = z.object({
  question_id: z.number().int(),
  answer: z.object({ choices: z.array(z.string()), text: z.string() }),
  version: z.number().int(),
  received_at: z.string(),
});

export const lateAnswerSummary = z.object({
  question_id: z.number().int(),
  version: z.number().int(),
  received_at: z.string(),
});

/** Per answerable question, once the plan's scores are published. */
export const attemptResultQuestion = z.object({
  question_id: z.number().int(),
  type: questionTypeSchema.exclude(['material']),
  answer: z.array(z.string()),
  reference_answer: z.string(),
  analysis: z.string(),
  max_score: z.number(),
  /** Objective: right or not; essay/material sub-question: null (scored by an examiner). */
  correct: z.boolean().nullable(),
  score: z.number().nullable(),
});

export const attemptResultAnswer = z.object({
  score: z.number().nullable(),
  objective_score: z.number().nullable(),
  subjective_score: z.number().nullable(),
  total_score: z.number(),
  questions: z.array(attemptResultQuestion),
});

export const attemptAnswer = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  started_at: z.string(),
  deadline_at: z.string(),
  closed_at: z.string().nullable(),
  grace_seconds: z.number().int(),
  server_now: z.string(),
  /** HMAC key of the offline answer file: only while the attempt is open. */
  signing_key: z.string().nullable(),
  paper: drawnPaperSchema,
  answers: z.array(heldAnswerSchema),
  late: z.array(lateAnswerSummary),
  /** The key and the scores: null until the plan's scores are published. */
  result: attemptResultAnswer.nullable(),
});
export type AttemptView = z.infer<typeof attemptAnswer>;

export const saveResultAnswer = z.object({
  question_id: z.number().int(),
  version: z.number().int(),
  status: z.enum(SAVE_STATUSES),
});
export type SaveResult = z.infer<typeof saveResultAnswer>;

export const saveAnswersAnswer = z.object({
  server_now: z.string(),
  state: z.enum(ATTEMPT_STATES),
  deadline_at: z.string(),
  results: z.array(saveResultAnswer),
});
export type SaveAnswersView = z.infer<typeof saveAnswersAnswer>;

export const heartbeatAnswer = z.object({
  server_now: z.string(),
  state: z.enum(ATTEMPT_STATES),
  deadline_at: z.string(),
});

// ---------------------------------------------------------------- requests (exam affairs)

const adminTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}格式不正确`, abort: true })
    .transform((value) => new Date(value));

const examWindowFields = {
  paper_id: idSchema('试卷'),
  opens_at: adminTime('开考时间'),
  closes_at: adminTime('结束时间'),
  duration_minutes: z.coerce
    .number({ error: '请填写考试时长' })
    .int('考试时长须为整数分钟')
    .min(1, '考试时长为 1–600 分钟')
    .max(600, '考试时长为 1–600 分钟'),
  grace_seconds: z.coerce
    .number({ error: '宽限时间无效' })
    .int('宽限时间须为整数秒')
    .min(0, '宽限时间为 0–3600 秒')
    .max(3600, '宽限时间为 0–3600 秒')
    .default(DEFAULT_GRACE_SECONDS),
};

const windowRule = <T extends { opens_at: Date; closes_at: Date }>(value: T, ctx: z.RefinementCtx) => {
  if (value.closes_at <= value.opens_at) {
    ctx.addIssue({ code: 'custom', path: ['closes_at'], message: '结束时间须晚于开考时间' });
  }
};

/** POST /v1/admin/online-exams */
export const onlineExamInputSchema = z
  .object({ session_id: idSchema('考试场次'), ...examWindowFields })
  .superRefine(windowRule);
export type OnlineExamInput = z.output<typeof onlineExamInputSchema>;

/** PUT /v1/admin/online-exams/:id (while scheduled; the session stays). */
export const onlineExamUpdateSchema = z.object(examWindowFields).superRefine(windowRule);
export type OnlineExamUpdate = z.output<typeof onlineExamUpdateSchema>;

export const ONLINE_EXAM_FILTERS = ['unbound', ...EXAM_STATES] as const;
export const onlineExamListQuery = paginationQuery.extend({
  keyword,
  state: z.enum(ONLINE_EXAM_FILTERS, { error: '状态无效' }).optional(),
});

// ---------------------------------------------------------------- answers (exam affairs)

export const onlineExamAnswer = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  plan_id: z.number().int(),
  paper_id: z.number().int(),
  paper_name: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  duration_minutes: z.number().int(),
  grace_seconds: z.number().int(),
  state: z.enum(EXAM_STATES),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Candidates with an admission ticket on the plan. */
  candidates: z.number().int(),
  started: z.number().int(),
  submitted: z.number().int(),
  /** Candidates without an attempt once the exam is closed (before: 0). */
  absent: z.number().int(),
});
export type OnlineExamView = z.infer<typeof onlineExamAnswer>;

export const onlineExamSessionAnswer = z.object({
  session_id: z.number().int(),
  plan_id: z.number().int(),
  plan_code: z.string(),
  plan_title: z.string(),
  plan_state: z.string(),
  occupation_name: z.string(),
  level: z.number().int(),
  session_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  exam: onlineExamAnswer.nullable(),
});
export type OnlineExamSession = z.infer<typeof onlineExamSessionAnswer>;
export const onlineExamSessionListAnswer = listOf(onlineExamSessionAnswer);

export const MONITOR_STATES = ['not_started', ...ATTEMPT_STATES] as const;

/** One candidate in the live monitor (polled every 5 s). */
export const examMonitorRowAnswer = z.object({
  enrollment_id: z.number().int(),
  attempt_id: z.number().int().nullable(),
  name: z.string(),
  ticket_no: z.string(),
  state: z.enum(MONITOR_STATES),
  started_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Questions with a held answer. */
  answered: z.number().int(),
  question_count: z.number().int(),
  last_seen_at: z.string().nullable(),
  late_answers: z.number().int(),
  delivered_late: z.boolean(),
});
export type ExamMonitorRow = z.infer<typeof examMonitorRowAnswer>;

export const examMonitorAnswer = z.object({
  server_now: z.string(),
  exam: onlineExamAnswer,
  data: z.array(examMonitorRowAnswer),
});
export type ExamMonitor = z.infer<typeof examMonitorAnswer>;
