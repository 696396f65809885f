// The candidate's online theory exam (issue 22; plan.md "C: the candidate's API"). Start checks the
// candidate's identity (ticket number + ID number), draws their own paper, fixes the start and the deadline
// and queues the close job; one attempt per candidate per exam (the unique index + `on conflict`). Answer
// saves are the hot path (hundreds of candidates saving every few seconds): one read of the attempt row
// (`for share`: a submit or close waits for saves in flight, saves never wait for each other), the paper's
// shape from a per-process cache (the drawn paper never changes), and one multi-row upsert that applies an
// answer only when its version is newer than the held one, so a replay is applied once and never overwrites
// a newer answer. Answers that come too late are kept in exam_late_answers for the examiner.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  ANSWER_FILE_SIGNATURE_MESSAGE,
  ATTEMPT_CLOSED_MESSAGE,
  EXAM_CLOSED_CODE,
  EXAM_CLOSED_MESSAGE,
  RECORDED_TOLERANCE_MS,
  type AttemptState,
  type AttemptView,
  type ExamState,
  type LearnerExam,
  type SaveAnswerItem,
  type SaveAnswersInput,
  type SaveAnswersView,
  type SaveResult,
  type SaveStatus,
  type StartExamInput,
  type SubmitAttemptInput,
} from '../../shared/exams/schema.ts';
import { answerFilePayloadSchema, type AnswerFile } from '../../shared/exams/answer-file.ts';
import type { DrawnPaper } from '../../shared/exams/drawn-paper.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  admissionTickets,
  attemptAnswers,
  enrollments,
  examAttempts,
  examLateAnswers,
  examPlans,
  examSessions,
  learners,
  occupations,
  onlineExams,
  scores,
} from '../db/schema/index.ts';
import { AppError, conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import { enqueueJob } from '../jobs/service.ts';
import { candidateIdNumber } from '../lib/candidates.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { drawPaper } from '../papers/service.ts';
import { answerFileSignatureValid } from './answer-file.ts';
import { acceptUntil, closeAttempt } from './closing.ts';
import { examinerQuestionIds, gradeAttempt, objectiveScore } from './grading.ts';
import { closeAttemptJob } from './jobs.ts';

export { gradeAttempt } from './grading.ts';
export { closeAttempt, closeOverdueAttempts } from './closing.ts';

/** Enrolment states that can no longer sit an exam. */
export const WITHDRAWN_STATES = ['cancelled', 'rejected'];

const attemptNotFound = () => notFound('答卷不存在');
const examNotFound = () => notFound('考试不存在');

// ---------------------------------------------------------------- the paper's shape (validation)

type AnswerableType = 'single_choice' | 'choice' | 'determine' | 'essay';
interface PaperShape {
  questions: Map<number, { type: AnswerableType; keys: Set<string> }>;
}

export function paperShape(paper: DrawnPaper): PaperShape {
  const questions: PaperShape['questions'] = new Map();
  for (const question of paper.questions) {
    if (question.type === 'material') {
      for (const sub of question.sub_questions) {
        questions.set(sub.question_id, { type: sub.type, keys: new Set(sub.options.map((o) => o.key)) });
      }
    } else {
      questions.set(question.question_id, {
        type: question.type,
        keys: new Set(question.options.map((o) => o.key)),
      });
    }
  }
  return { questions };
}

/**
 * Drawn papers never change: their shapes are kept per attempt, the oldest dropped first. Attempt ids are
 * a database's own, so the cache is kept per database (one process may serve several, as the tests do).
 */
const SHAPE_CACHE_SIZE = 4000;
const shapeCaches = new WeakMap<Db, Map<number, PaperShape>>();

async function shapeOf(db: Db, tx: DbOrTx, attemptId: number): Promise<PaperShape> {
  let shapeCache = shapeCaches.get(db);
  if (!shapeCache) shapeCaches.set(db, (shapeCache = new Map()));
  const cached = shapeCache.get(attemptId);
  if (cached) return cached;
  const [row] = await tx
    .select({ paper: examAttempts.paper })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId));
  if (!row) throw attemptNotFound();
  const shape = paperShape(row.paper);
  if (shapeCache.size >= SHAPE_CACHE_SIZE) shapeCache.delete(shapeCache.keys().next().value!);
  shapeCache.set(attemptId, shape);
  return shape;
}

/** Each answer against the drawn paper: 422 with `<root>.N.…` field paths, before anything is written. */
export function validateAnswers(shape: PaperShape, items: readonly SaveAnswerItem[], root = 'answers') {
  const errors: Record<string, string[]> = {};
  const refuse = (path: string, message: string) => {
    (errors[path] ??= []).push(message);
  };
  items.forEach((item, index) => {
    const at = `${root}.${index}`;
    const question = shape.questions.get(item.question_id);
    if (!question) {
      refuse(`${at}.question_id`, '题目不在本试卷中');
      return;
    }
    const { choices, text } = item.answer;
    if (question.type === 'essay') {
      if (choices.length > 0) refuse(`${at}.answer.choices`, '问答题不能选择选项');
      return;
    }
    if (text !== '') refuse(`${at}.answer.text`, '客观题只能选择选项');
    if (choices.some((key) => !question.keys.has(key))) refuse(`${at}.answer.choices`, '所选选项不属于本题');
    else if (new Set(choices).size !== choices.length) refuse(`${at}.answer.choices`, '选项不能重复');
    else if (question.type !== 'choice' && choices.length !== 1)
      refuse(
        `${at}.answer.choices`,
        question.type === 'determine' ? '判断题须选择一项' : '单选题须选择一个选项',
      );
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

// ---------------------------------------------------------------- applying answers

interface AttemptFacts {
  id: number;
  state: string;
  deadlineAt: Date;
  graceSeconds: number;
}

interface ApplyOptions {
  now: Date;
  /** server clock − device clock, ms. */
  offsetMs: number;
  source: 'online' | 'file';
}

const toServerClock = (deviceIso: string, { now, offsetMs }: ApplyOptions) =>
  new Date(Math.min(Date.parse(deviceIso) + offsetMs, now.getTime()));

/**
 * The version rule as one upsert: a held answer is replaced only by a newer version (`applied_count` counts
 * replacements); an examiner's mark stays only on the very answer it was given for.
 */
const sameAnswer = sql`${attemptAnswers.answer} = excluded.answer`;
const newerVersionWins = {
  target: [attemptAnswers.attemptId, attemptAnswers.questionId],
  set: {
    answer: sql`excluded.answer`,
    version: sql`excluded.version`,
    recordedAt: sql`excluded.recorded_at`,
    receivedAt: sql`excluded.received_at`,
    source: sql`excluded.source`,
    appliedCount: sql`${attemptAnswers.appliedCount} + 1`,
    autoScore: null,
    examinerScore: sql`case when ${sameAnswer} then ${attemptAnswers.examinerScore} end`,
    examinerComment: sql`case when ${sameAnswer} then ${attemptAnswers.examinerComment} else '' end`,
    scoredBy: sql`case when ${sameAnswer} then ${attemptAnswers.scoredBy} end`,
    scoredAt: sql`case when ${sameAnswer} then ${attemptAnswers.scoredAt} end`,
  },
  setWhere: sql`${attemptAnswers.version} < excluded.version`,
};

/**
 * Applies a batch by the rules: an answer counts while the attempt is open, now ≤ deadline + grace and the
 * device recorded it by the deadline (an answer file's answers count whenever recorded by the deadline);
 * it applies only when newer than the held version ('stale' otherwise). Others are kept as late answers,
 * unless the held version already covers them (a replay of a counted answer is 'stale', not late).
 */
async function applyBatch(
  tx: DbOrTx,
  attempt: AttemptFacts,
  items: readonly SaveAnswerItem[],
  options: ApplyOptions,
): Promise<SaveResult[]> {
  const { now, source } = options;
  const deadline = attempt.deadlineAt.getTime() + RECORDED_TOLERANCE_MS;
  const inTime =
    source === 'file' ||
    (attempt.state === 'open' &&
      now.getTime() <= acceptUntil(attempt.deadlineAt, attempt.graceSeconds).getTime());
  const prepared = items.map((item) => ({ item, recordedAt: toServerClock(item.recorded_at, options) }));
  const counted = prepared.filter((p) => inTime && p.recordedAt.getTime() <= deadline);
  const late = prepared.filter((p) => !counted.includes(p));

  // The newest version per question in the batch is the one sent to the upsert.
  const best = new Map<number, (typeof prepared)[number]>();
  for (const p of counted) {
    const held = best.get(p.item.question_id);
    if (!held || held.item.version < p.item.version) best.set(p.item.question_id, p);
  }
  const applied = new Set<string>();
  const tag = (questionId: number, version: number) => `${questionId}:${version}`;
  if (best.size > 0) {
    const rows = await tx
      .insert(attemptAnswers)
      .values(
        [...best.values()].map(({ item, recordedAt }) => ({
          attemptId: attempt.id,
          questionId: item.question_id,
          answer: { choices: item.answer.choices, text: item.answer.text },
          version: item.version,
          recordedAt,
          receivedAt: now,
          source,
          appliedCount: 1,
        })),
      )
      .onConflictDoUpdate(newerVersionWins)
      .returning({ questionId: attemptAnswers.questionId, version: attemptAnswers.version });
    for (const row of rows) applied.add(tag(row.questionId, row.version));
  }

  // Late ones that the held answers already cover are replays: stale, not late.
  const covered = new Set<string>();
  if (late.length > 0) {
    const held = await tx
      .select({ questionId: attemptAnswers.questionId, version: attemptAnswers.version })
      .from(attemptAnswers)
      .where(
        and(
          eq(attemptAnswers.attemptId, attempt.id),
          inArray(
            attemptAnswers.questionId,
            late.map((p) => p.item.question_id),
          ),
        ),
      );
    const heldVersion = new Map(held.map((h) => [h.questionId, h.version]));
    for (const p of late) {
      if ((heldVersion.get(p.item.question_id) ?? 0) >= p.item.version)
        covered.add(tag(p.item.question_id, p.item.version));
    }
    const keep = late.filter((p) => !covered.has(tag(p.item.question_id, p.item.version)));
    if (keep.length > 0) {
      await tx
        .insert(examLateAnswers)
        .values(
          keep.map(({ item, recordedAt }) => ({
            attemptId: attempt.id,
            questionId: item.question_id,
            answer: { choices: item.answer.choices, text: item.answer.text },
            version: item.version,
            recordedAt,
            receivedAt: now,
            source,
          })),
        )
        .onConflictDoNothing({
          target: [examLateAnswers.attemptId, examLateAnswers.questionId, examLateAnswers.version],
        });
    }
  }

  return prepared.map(({ item }): SaveResult => {
    const key = tag(item.question_id, item.version);
    const status: SaveStatus = late.some((p) => p.item === item)
      ? covered.has(key)
        ? 'stale'
        : 'late'
      : applied.has(key) && best.get(item.question_id)?.item === item
        ? 'applied'
        : 'stale';
    return { question_id: item.question_id, version: item.version, status };
  });
}

const offsetOf = (deviceNow: string | undefined, now: Date) =>
  deviceNow === undefined ? 0 : now.getTime() - Date.parse(deviceNow);

/** The attempt as a save sees it; 404 unless it is the caller's. `lock` = share (saves) or update. */
async function attemptFacts(tx: DbOrTx, attemptId: number, learnerId: number, lock: 'share' | 'update') {
  const [row] = await tx
    .select({
      id: examAttempts.id,
      learnerId: examAttempts.learnerId,
      state: examAttempts.state,
      deadlineAt: examAttempts.deadlineAt,
      graceSeconds: onlineExams.graceSeconds,
    })
    .from(examAttempts)
    .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
    .where(eq(examAttempts.id, attemptId))
    .for(lock, { of: examAttempts });
  if (!row || row.learnerId !== learnerId) throw attemptNotFound();
  return row;
}

/** The state a candidate is told: an open attempt past deadline + grace is as good as closed. */
const shownState = (attempt: AttemptFacts, now: Date): AttemptState =>
  attempt.state === 'open' && now > acceptUntil(attempt.deadlineAt, attempt.graceSeconds)
    ? 'closed'
    : (attempt.state as AttemptState);

const overdue = (attempt: AttemptFacts, now: Date) =>
  attempt.state === 'open' && now > acceptUntil(attempt.deadlineAt, attempt.graceSeconds);

/** PUT /v1/learner/attempts/:id/answers */
export async function saveAnswers(
  db: Db,
  learnerId: number,
  attemptId: number,
  body: SaveAnswersInput,
): Promise<SaveAnswersView> {
  const now = new Date();
  const { attempt, results } = await db.transaction(async (tx) => {
    const attempt = await attemptFacts(tx, attemptId, learnerId, 'share');
    validateAnswers(await shapeOf(db, tx, attemptId), body.answers);
    const results = await applyBatch(tx, attempt, body.answers, {
      now,
      offsetMs: offsetOf(body.device_now, now),
      source: 'online',
    });
    return { attempt, results };
  });
  if (overdue(attempt, now)) await db.transaction((tx) => closeAttempt(tx, attemptId, 'deadline', now));
  if (results.every((r) => r.status === 'late'))
    throw new AppError(409, EXAM_CLOSED_MESSAGE, EXAM_CLOSED_CODE);
  return {
    server_now: now.toISOString(),
    state: shownState(attempt, now),
    deadline_at: attempt.deadlineAt.toISOString(),
    results,
  };
}

/** POST /v1/learner/attempts/:id/heartbeat */
export async function heartbeat(db: Db, learnerId: number, attemptId: number) {
  const now = new Date();
  const attempt = await db.transaction(async (tx) => {
    const attempt = await attemptFacts(tx, attemptId, learnerId, 'update');
    if (attempt.state === 'open') {
      await tx.update(examAttempts).set({ lastSeenAt: now }).where(eq(examAttempts.id, attemptId));
      if (overdue(attempt, now)) await closeAttempt(tx, attemptId, 'deadline', now);
    }
    return attempt;
  });
  return {
    server_now: now.toISOString(),
    state: shownState(attempt, now),
    deadline_at: attempt.deadlineAt.toISOString(),
  };
}

/** POST /v1/learner/attempts/:id/submit: a last batch, then the attempt is closed and graded. */
export async function submitAttempt(
  db: Db,
  learnerId: number,
  attemptId: number,
  body: SubmitAttemptInput,
): Promise<AttemptView> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const attempt = await attemptFacts(tx, attemptId, learnerId, 'update');
    if (body.answers.length > 0) {
      validateAnswers(await shapeOf(db, tx, attemptId), body.answers);
      await applyBatch(tx, attempt, body.answers, {
        now,
        offsetMs: offsetOf(body.device_now, now),
        source: 'online',
      });
    }
    if (attempt.state === 'open')
      await closeAttempt(tx, attemptId, overdue(attempt, now) ? 'deadline' : 'candidate', now);
  });
  return getAttempt(db, learnerId, attemptId);
}

// ---------------------------------------------------------------- reading an attempt

async function published(db: DbOrTx, enrollmentId: number) {
  const [row] = await db
    .select({ at: scores.publishedAt })
    .from(scores)
    .where(and(eq(scores.enrollmentId, enrollmentId), isNotNull(scores.publishedAt)));
  return row !== undefined;
}

type AttemptRow = typeof examAttempts.$inferSelect;

async function attemptView(
  db: DbOrTx,
  attempt: AttemptRow,
  graceSeconds: number,
  now: Date,
): Promise<AttemptView> {
  const [held, late, isPublished] = await Promise.all([
    db
      .select({
        questionId: attemptAnswers.questionId,
        answer: attemptAnswers.answer,
        version: attemptAnswers.version,
        receivedAt: attemptAnswers.receivedAt,
        autoScore: attemptAnswers.autoScore,
        examinerScore: attemptAnswers.examinerScore,
      })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id))
      .orderBy(asc(attemptAnswers.questionId)),
    db
      .select({
        questionId: examLateAnswers.questionId,
        version: examLateAnswers.version,
        receivedAt: examLateAnswers.receivedAt,
      })
      .from(examLateAnswers)
      .where(eq(examLateAnswers.attemptId, attempt.id))
      .orderBy(asc(examLateAnswers.id)),
    attempt.state === 'open' ? Promise.resolve(false) : published(db, attempt.enrollmentId),
  ]);
  const facts = { ...attempt, graceSeconds };
  const open = shownState(facts, now) === 'open';
  let result: AttemptView['result'] = null;
  if (isPublished) {
    const byQuestion = new Map(held.map((h) => [h.questionId, h]));
    const examinerIds = examinerQuestionIds(attempt.paper, attempt.answerKey);
    const numberOrNull = (v: number | null) => (v === null ? null : Number(v));
    result = {
      score: numberOrNull(attempt.score),
      objective_score: numberOrNull(attempt.objectiveScore),
      subjective_score: numberOrNull(attempt.subjectiveScore),
      total_score: Number(attempt.totalScore),
      questions: Object.entries(attempt.answerKey).map(([id, entry]) => {
        const answer = byQuestion.get(Number(id));
        const marked = examinerIds.has(Number(id));
        const score = answer ? numberOrNull(marked ? answer.examinerScore : answer.autoScore) : 0;
        return {
          question_id: Number(id),
          type: entry.type,
          answer: entry.answer,
          reference_answer: entry.reference_answer,
          analysis: entry.analysis,
          max_score: entry.score,
          correct: marked
            ? null
            : answer
              ? objectiveScore(entry, answer.answer.choices, false) === entry.score
              : false,
          score,
        };
      }),
    };
  }
  return {
    id: attempt.id,
    exam_id: attempt.onlineExamId,
    state: shownState(facts, now),
    started_at: attempt.startedAt.toISOString(),
    deadline_at: attempt.deadlineAt.toISOString(),
    closed_at: attempt.closedAt?.toISOString() ?? null,
    grace_seconds: graceSeconds,
    server_now: now.toISOString(),
    signing_key: open ? attempt.signingKey : null,
    paper: attempt.paper,
    answers: held.map((h) => ({
      question_id: h.questionId,
      answer: { choices: h.answer.choices, text: h.answer.text },
      version: h.version,
      received_at: h.receivedAt.toISOString(),
    })),
    late: late.map((l) => ({
      question_id: l.questionId,
      version: l.version,
      received_at: l.receivedAt.toISOString(),
    })),
    result,
  };
}

/** GET /v1/learner/attempts/:id (an open attempt past deadline + grace is closed first). */
export async function getAttempt(db: Db, learnerId: number, attemptId: number): Promise<AttemptView> {
  const now = new Date();
  const read = async () => {
    const [row] = await db
      .select({ attempt: examAttempts, graceSeconds: onlineExams.graceSeconds })
      .from(examAttempts)
      .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
      .where(eq(examAttempts.id, attemptId));
    if (!row || row.attempt.learnerId !== learnerId) throw attemptNotFound();
    return row;
  };
  let row = await read();
  if (overdue({ ...row.attempt, graceSeconds: row.graceSeconds }, now)) {
    await db.transaction((tx) => closeAttempt(tx, attemptId, 'deadline', now));
    row = await read();
  }
  return attemptView(db, row.attempt, row.graceSeconds, now);
}

// ---------------------------------------------------------------- the candidate's exams and start

/** The exam's state as a candidate sees it: an open exam outside its window is scheduled or closed. */
export function effectiveExamState(
  exam: { state: string; opensAt: Date; closesAt: Date },
  now: Date,
): ExamState {
  if (exam.state !== 'open') return exam.state as ExamState;
  if (now < exam.opensAt) return 'scheduled';
  if (now >= exam.closesAt) return 'closed';
  return 'open';
}

const learnerExamColumns = {
  exam: onlineExams,
  enrollmentId: enrollments.id,
  planTitle: examPlans.title,
  level: examPlans.level,
  occupationName: occupations.name,
  sessionName: examSessions.name,
  ticketNo: admissionTickets.ticketNo,
};

/** GET /v1/learner/exams */
export async function listLearnerExams(db: DbOrTx, learnerId: number): Promise<{ data: LearnerExam[] }> {
  const now = new Date();
  const rows = await db
    .select({ ...learnerExamColumns, attempt: examAttempts })
    .from(enrollments)
    .innerJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
    .innerJoin(onlineExams, eq(onlineExams.planId, enrollments.planId))
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(examSessions, eq(examSessions.id, onlineExams.sessionId))
    .leftJoin(
      examAttempts,
      and(eq(examAttempts.onlineExamId, onlineExams.id), eq(examAttempts.enrollmentId, enrollments.id)),
    )
    .where(and(eq(enrollments.learnerId, learnerId), notInArray(enrollments.state, WITHDRAWN_STATES)))
    .orderBy(asc(onlineExams.opensAt), asc(onlineExams.id));
  return {
    data: rows.map((r) => ({
      exam_id: r.exam.id,
      plan_id: r.exam.planId,
      plan_title: r.planTitle,
      occupation_name: r.occupationName,
      level: r.level,
      session_name: r.sessionName,
      opens_at: r.exam.opensAt.toISOString(),
      closes_at: r.exam.closesAt.toISOString(),
      duration_minutes: r.exam.durationMinutes,
      state: effectiveExamState(r.exam, now),
      ticket_no: r.ticketNo,
      attempt: r.attempt
        ? {
            id: r.attempt.id,
            state: shownState({ ...r.attempt, graceSeconds: r.exam.graceSeconds }, now),
            started_at: r.attempt.startedAt.toISOString(),
            deadline_at: r.attempt.deadlineAt.toISOString(),
            closed_at: r.attempt.closedAt?.toISOString() ?? null,
          }
        : null,
    })),
  };
}

const normalised = (value: string) => value.trim().toUpperCase();

/** POST /v1/learner/exams/:examId/start */
export async function startExam(
  db: Db,
  learnerId: number,
  examId: number,
  input: StartExamInput,
): Promise<AttemptView> {
  const now = new Date();
  const [candidate] = await db
    .select({
      exam: onlineExams,
      enrollmentId: enrollments.id,
      ticketNo: admissionTickets.ticketNo,
      idCard: learners.idCard,
      form: enrollments.form,
    })
    .from(onlineExams)
    .innerJoin(enrollments, eq(enrollments.planId, onlineExams.planId))
    .innerJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .where(
      and(
        eq(onlineExams.id, examId),
        eq(enrollments.learnerId, learnerId),
        notInArray(enrollments.state, WITHDRAWN_STATES),
      ),
    );
  if (!candidate) throw examNotFound();

  const errors: Record<string, string[]> = {};
  if (normalised(input.ticket_no) !== normalised(candidate.ticketNo)) errors.ticket_no = ['准考证号不正确'];
  const idNumbers = [candidate.idCard, candidateIdNumber(candidate)].map(normalised);
  if (!idNumbers.includes(normalised(input.id_number))) errors.id_number = ['身份证号与报名信息不一致'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors, '准考证号或身份证号与报名信息不一致');

  const { exam, enrollmentId } = candidate;
  const existing = async () => {
    const [row] = await db
      .select({ id: examAttempts.id, state: examAttempts.state })
      .from(examAttempts)
      .where(and(eq(examAttempts.onlineExamId, examId), eq(examAttempts.enrollmentId, enrollmentId)));
    return row;
  };
  const resume = async (attempt: { id: number; state: string }) => {
    const view = await getAttempt(db, learnerId, attempt.id);
    if (view.state !== 'open') throw conflict(ATTEMPT_CLOSED_MESSAGE);
    return view;
  };
  const held = await existing();
  if (held) return resume(held);

  if (effectiveExamState(exam, now) !== 'open') {
    throw new AppError(
      403,
      exam.state === 'open' && now < exam.opensAt ? '考试尚未开始，请在开考时间后进入' : '考试未开放或已结束',
      ERROR_CODES.outsideWindow,
    );
  }
  const seed = `${examId}:${enrollmentId}`;
  const created = await db.transaction(async (tx) => {
    const drawn = await drawPaper(tx, exam.paperId, seed);
    const deadlineAt = new Date(
      Math.min(now.getTime() + exam.durationMinutes * 60_000, exam.closesAt.getTime()),
    );
    const [row] = await tx
      .insert(examAttempts)
      .values({
        onlineExamId: examId,
        enrollmentId,
        learnerId,
        paper: drawn.paper,
        answerKey: drawn.key,
        totalScore: drawn.totalScore,
        startedAt: now,
        deadlineAt,
        signingKey: randomBytes(32).toString('hex'),
      })
      .onConflictDoNothing({ target: [examAttempts.onlineExamId, examAttempts.enrollmentId] })
      .returning({ id: examAttempts.id });
    if (row) {
      await enqueueJob(
        tx,
        closeAttemptJob,
        { attempt_id: row.id },
        { runAt: acceptUntil(deadlineAt, exam.graceSeconds) },
      );
    }
    return row;
  });
  if (created) return getAttempt(db, learnerId, created.id);
  // Another start of the same candidate won the race: theirs is the attempt.
  const winner = await existing();
  if (!winner) throw examNotFound();
  return resume(winner);
}

// ---------------------------------------------------------------- exam affairs and marking (M)

/**
 * An invigilator's upload of a device's signed answer file: the signature is checked against the attempt's
 * key, then the answers apply by the same version rule, counting when the device recorded them by the
 * deadline even after deadline + grace (the file is the device's record); later ones are kept as late.
 * The attempt is marked delivered late and graded again when closed. The caller writes the system log.
 */
export async function applyAnswerFile(tx: DbOrTx, file: AnswerFile, _admin: AdminPrincipal) {
  const [attempt] = await tx
    .select({
      id: examAttempts.id,
      examId: examAttempts.onlineExamId,
      state: examAttempts.state,
      deadlineAt: examAttempts.deadlineAt,
      signingKey: examAttempts.signingKey,
      paper: examAttempts.paper,
      graceSeconds: onlineExams.graceSeconds,
    })
    .from(examAttempts)
    .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
    .where(eq(examAttempts.id, file.attempt_id))
    .for('update', { of: examAttempts });
  if (!attempt) throw fieldError('file', '答题文件对应的答卷不存在');
  if (!answerFileSignatureValid(attempt.signingKey, file.payload, file.signature))
    throw fieldError('file', ANSWER_FILE_SIGNATURE_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.payload);
  } catch {
    throw fieldError('file', '答题文件内容无效');
  }
  const payload = answerFilePayloadSchema.safeParse(parsed);
  if (!payload.success) throw fieldError('file', '答题文件内容无效');
  if (payload.data.attempt_id !== attempt.id || payload.data.exam_id !== attempt.examId)
    throw fieldError('file', ANSWER_FILE_SIGNATURE_MESSAGE);
  try {
    validateAnswers(paperShape(attempt.paper), payload.data.answers);
  } catch (error) {
    if (error instanceof AppError) throw fieldError('file', `答题文件中的答案无效：${error.message}`);
    throw error;
  }
  const now = new Date();
  const results = await applyBatch(tx, attempt, payload.data.answers, {
    now,
    // Uploaded later, maybe hours after it was written: the upload time says nothing of the device's
    // clock, so the file's times are taken as written (the device writes them on the server's clock as
    // far as it knows it: its own time plus the offset the server last gave).
    offsetMs: 0,
    source: 'file',
  });
  await tx
    .update(examAttempts)
    .set({ deliveredLate: true, updatedAt: now })
    .where(eq(examAttempts.id, attempt.id));
  if (attempt.state !== 'open') await gradeAttempt(tx, attempt.id);
  return { attempt_id: attempt.id, results };
}

/**
 * An examiner accepts a late answer: it applies by the version rule (a newer held answer wins: 'stale'),
 * the attempt is marked delivered late and graded again. The caller checks the decision was pending and logs.
 */
export async function applyLateAnswer(
  tx: DbOrTx,
  lateId: number,
  admin: AdminPrincipal,
): Promise<'applied' | 'stale'> {
  const [late] = await tx.select().from(examLateAnswers).where(eq(examLateAnswers.id, lateId)).for('update');
  if (!late) throw notFound('迟交答案不存在');
  await tx
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(eq(examAttempts.id, late.attemptId))
    .for('update');
  const now = new Date();
  const [row] = await tx
    .insert(attemptAnswers)
    .values({
      attemptId: late.attemptId,
      questionId: late.questionId,
      answer: late.answer,
      version: late.version,
      recordedAt: late.recordedAt,
      receivedAt: late.receivedAt,
      source: late.source,
      appliedCount: 1,
    })
    .onConflictDoUpdate(newerVersionWins)
    .returning({ id: attemptAnswers.id });
  await tx
    .update(examLateAnswers)
    .set({ decision: 'accepted', decidedBy: admin.id, decidedAt: now })
    .where(eq(examLateAnswers.id, lateId));
  await tx
    .update(examAttempts)
    .set({ deliveredLate: true, updatedAt: now })
    .where(eq(examAttempts.id, late.attemptId));
  await gradeAttempt(tx, late.attemptId);
  return row ? 'applied' : 'stale';
}
