// Marking (考试中心): papers in use by online exams, their attempts, blind scoring of the essay and material
// answers, late answers, the answer-file upload and writing the theory scores into the plan's score sheet.
// Blind: a scored answer shows its candidate only as `考生 #<hash>` (a hash of the attempt's secret signing
// key), never name, ticket, id number or attempt id. Scoring keeps a version check: a save names the
// `scored_at` it saw, and a save over another examiner's newer score is refused (409), both logged.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AnswerFileResult,
  answerScoreSchema,
  MarkingAnswer,
  MarkingAttempt,
  MarkingExam,
  MarkingLate,
  MarkingPaper,
  MarkingPaperDetail,
  MarkingQueue,
  WriteScoresResult,
  markingAttemptListQuery,
  markingLateQuery,
  markingPaperListQuery,
  markingQueueQuery,
} from '../../shared/marking/schema.ts';
import type { AnswerFile } from '../../shared/exams/answer-file.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  admissionTickets,
  attemptAnswers,
  enrollments,
  examAttempts,
  examLateAnswers,
  examPlans,
  examSessions,
  learners,
  onlineExams,
  questionBanks,
  questions,
  testPapers,
} from '../db/schema/index.ts';
import { AppError, conflict, fieldError, notFound } from '../errors.ts';
import { candidateName } from '../lib/candidates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { planForAdmin } from '../lib/plan-scope.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { applyAnswerFile, applyLateAnswer, gradeAttempt } from '../exams/service.ts';
import { enterScore, ticketedCandidates } from '../scores/service.ts';

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An answer the examiner scores: an essay, or any sub-question of a material question. */
const isSubjective = sql`(${questions.type} = 'essay' or ${questions.parentId} is not null)`;

/** The anonymous label of an attempt: stable, and not reversible without the attempt's secret key. */
export const blindLabel = (attemptId: number, signingKey: string) =>
  `考生 #${createHash('sha256').update(`${attemptId}:${signingKey}`).digest('hex').slice(0, 6).toUpperCase()}`;

/** A stem as short plain text (lists and the queue's question picker). */
export const plainLabel = (html: string, max = 40) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

// ---------------------------------------------------------------- counts shared by the lists

const attemptsOf = (examIds: SQL) =>
  sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.onlineExamId} in ${examIds})`;
const submittedOf = (examIds: SQL) =>
  sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.onlineExamId} in ${examIds} and ${examAttempts.state} <> 'open')`;
const toScoreOf = (examIds: SQL) => sql<number>`(select count(*)::int from attempt_answers aa
  join exam_attempts a on a.id = aa.attempt_id
  join questions q on q.id = aa.question_id
  where a.online_exam_id in ${examIds} and a.state <> 'open' and aa.examiner_score is null
    and (q.type = 'essay' or q.parent_id is not null))`;
const latePendingOf = (examIds: SQL) => sql<number>`(select count(*)::int from exam_late_answers l
  join exam_attempts a on a.id = l.attempt_id
  where a.online_exam_id in ${examIds} and l.decision = 'pending')`;

const examsOfPaper = sql`(select e.id from online_exams e where e.paper_id = ${testPapers.id})`;

function paperColumns() {
  return {
    paperId: testPapers.id,
    paperName: testPapers.name,
    bankName: questionBanks.name,
    totalScore: testPapers.totalScore,
    passScore: testPapers.passScore,
    exams: sql<number>`(select count(*)::int from ${onlineExams} where ${onlineExams.paperId} = ${testPapers.id})`,
    attempts: attemptsOf(examsOfPaper),
    submitted: submittedOf(examsOfPaper),
    toScore: toScoreOf(examsOfPaper),
    latePending: latePendingOf(examsOfPaper),
  };
}

type PaperRow = {
  paperId: number;
  paperName: string;
  bankName: string;
  totalScore: number;
  passScore: number;
  exams: number;
  attempts: number;
  submitted: number;
  toScore: number;
  latePending: number;
};

const paperView = (r: PaperRow): MarkingPaper => ({
  paper_id: r.paperId,
  paper_name: r.paperName,
  bank_name: r.bankName,
  total_score: Number(r.totalScore),
  pass_score: Number(r.passScore),
  exams: Number(r.exams),
  attempts: Number(r.attempts),
  submitted: Number(r.submitted),
  to_score: Number(r.toScore),
  late_pending: Number(r.latePending),
});

/** GET /v1/admin/marking/papers: the papers an online exam uses, with attempt and to-score counts. */
export async function listMarkingPapers(db: DbOrTx, query: z.output<typeof markingPaperListQuery>) {
  const where = and(
    sql`exists (select 1 from ${onlineExams} where ${onlineExams.paperId} = ${testPapers.id})`,
    query.keyword ? ilike(testPapers.name, like(query.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(paperColumns())
      .from(testPapers)
      .innerJoin(questionBanks, eq(questionBanks.id, testPapers.bankId))
      .where(where)
      .orderBy(sql`${testPapers.id} desc`)
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(testPapers).where(where),
  ]);
  return listAnswer(rows.map(paperView), total?.n ?? 0, query.page, query.limit);
}

/** GET /v1/admin/marking/papers/:id: the paper with each online exam that uses it. */
export async function markingPaper(db: DbOrTx, paperId: number): Promise<MarkingPaperDetail> {
  const [row] = await db
    .select(paperColumns())
    .from(testPapers)
    .innerJoin(questionBanks, eq(questionBanks.id, testPapers.bankId))
    .where(eq(testPapers.id, paperId));
  if (!row) throw notFound('试卷不存在');
  const thisExam = sql`(${onlineExams.id})`;
  const exams = await db
    .select({
      exam: onlineExams,
      planCode: examPlans.code,
      planTitle: examPlans.title,
      sessionName: examSessions.name,
      candidates: sql<number>`(select count(*)::int from ${admissionTickets} t join ${enrollments} en on en.id = t.enrollment_id where en.plan_id = ${onlineExams.planId})`,
      attempts: attemptsOf(thisExam),
      openAttempts: sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.onlineExamId} = ${onlineExams.id} and ${examAttempts.state} = 'open')`,
      toScore: toScoreOf(thisExam),
      latePending: latePendingOf(thisExam),
    })
    .from(onlineExams)
    .innerJoin(examPlans, eq(examPlans.id, onlineExams.planId))
    .innerJoin(examSessions, eq(examSessions.id, onlineExams.sessionId))
    .where(eq(onlineExams.paperId, paperId))
    .orderBy(asc(onlineExams.opensAt), asc(onlineExams.id));
  const { exams: _count, ...paper } = paperView(row);
  return {
    ...paper,
    exams: exams.map((e): MarkingExam => ({
      exam_id: e.exam.id,
      plan_id: e.exam.planId,
      plan_code: e.planCode,
      plan_title: e.planTitle,
      session_name: e.sessionName,
      state: e.exam.state as MarkingExam['state'],
      opens_at: e.exam.opensAt.toISOString(),
      closes_at: e.exam.closesAt.toISOString(),
      candidates: Number(e.candidates),
      attempts: Number(e.attempts),
      open_attempts: Number(e.openAttempts),
      to_score: Number(e.toScore),
      late_pending: Number(e.latePending),
      scores_written_at: iso(e.exam.scoresWrittenAt),
    })),
  };
}

/** GET /v1/admin/marking/papers/:id/attempts: per candidate, state and scores (not blind: status only). */
export async function listMarkingAttempts(
  db: DbOrTx,
  paperId: number,
  query: z.output<typeof markingAttemptListQuery>,
) {
  const where = and(
    eq(onlineExams.paperId, paperId),
    query.exam_id ? eq(onlineExams.id, query.exam_id) : undefined,
    query.state ? eq(examAttempts.state, query.state) : undefined,
    query.keyword
      ? or(
          ilike(learners.realName, like(query.keyword)),
          ilike(admissionTickets.ticketNo, like(query.keyword)),
        )
      : undefined,
  );
  const base = () =>
    db
      .select({
        attempt: {
          id: examAttempts.id,
          examId: examAttempts.onlineExamId,
          state: examAttempts.state,
          startedAt: examAttempts.startedAt,
          deadlineAt: examAttempts.deadlineAt,
          closedAt: examAttempts.closedAt,
          objectiveScore: examAttempts.objectiveScore,
          subjectiveScore: examAttempts.subjectiveScore,
          score: examAttempts.score,
          totalScore: examAttempts.totalScore,
          deliveredLate: examAttempts.deliveredLate,
        },
        planTitle: examPlans.title,
        form: enrollments.form,
        realName: learners.realName,
        ticketNo: admissionTickets.ticketNo,
        toScore: sql<number>`(select count(*)::int from attempt_answers aa join questions q on q.id = aa.question_id
          where aa.attempt_id = ${examAttempts.id} and aa.examiner_score is null and (q.type = 'essay' or q.parent_id is not null))`,
      })
      .from(examAttempts)
      .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
      .innerJoin(examPlans, eq(examPlans.id, onlineExams.planId))
      .innerJoin(enrollments, eq(enrollments.id, examAttempts.enrollmentId))
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .leftJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(admissionTickets.ticketNo), asc(examAttempts.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(examAttempts)
      .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
      .innerJoin(enrollments, eq(enrollments.id, examAttempts.enrollmentId))
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .leftJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
      .where(where),
  ]);
  const num = (v: number | null) => (v === null ? null : Number(v));
  return listAnswer(
    rows.map((r): MarkingAttempt => ({
      attempt_id: r.attempt.id,
      exam_id: r.attempt.examId,
      plan_title: r.planTitle,
      name: candidateName(r),
      ticket_no: r.ticketNo ?? '',
      state: r.attempt.state as MarkingAttempt['state'],
      started_at: r.attempt.startedAt.toISOString(),
      deadline_at: r.attempt.deadlineAt.toISOString(),
      closed_at: iso(r.attempt.closedAt),
      objective_score: num(r.attempt.objectiveScore),
      subjective_score: num(r.attempt.subjectiveScore),
      score: num(r.attempt.score),
      total_score: Number(r.attempt.totalScore),
      to_score: Number(r.toScore),
      delivered_late: r.attempt.deliveredLate,
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

// ---------------------------------------------------------------- blind scoring

/** GET /v1/admin/marking/papers/:id/queue: the essay/material answers of closed attempts, anonymously. */
export async function markingQueue(
  db: DbOrTx,
  paperId: number,
  query: z.output<typeof markingQueueQuery>,
): Promise<MarkingQueue> {
  const rows = await db
    .select({
      answerId: attemptAnswers.id,
      questionId: attemptAnswers.questionId,
      attemptId: examAttempts.id,
      signingKey: examAttempts.signingKey,
      scored: sql<boolean>`${attemptAnswers.examinerScore} is not null`,
      type: questions.type,
      stem: questions.stem,
    })
    .from(attemptAnswers)
    .innerJoin(examAttempts, eq(examAttempts.id, attemptAnswers.attemptId))
    .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
    .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
    .where(
      and(
        eq(onlineExams.paperId, paperId),
        query.exam_id ? eq(onlineExams.id, query.exam_id) : undefined,
        ne(examAttempts.state, 'open'),
        isSubjective,
      ),
    )
    .orderBy(asc(attemptAnswers.questionId), sql`md5(${examAttempts.signingKey})`, asc(attemptAnswers.id));
  const byQuestion = new Map<number, MarkingQueue['questions'][number]>();
  for (const r of rows) {
    const q = byQuestion.get(r.questionId) ?? {
      question_id: r.questionId,
      type: r.type,
      label: plainLabel(r.stem),
      scored: 0,
      total: 0,
    };
    q.total += 1;
    if (r.scored) q.scored += 1;
    byQuestion.set(r.questionId, q);
  }
  const items = rows
    .filter((r) => !query.question_id || r.questionId === query.question_id)
    .map((r) => ({
      answer_id: r.answerId,
      question_id: r.questionId,
      candidate: blindLabel(r.attemptId, r.signingKey),
      scored: Boolean(r.scored),
    }));
  return {
    scored: items.filter((i) => i.scored).length,
    total: items.length,
    questions: [...byQuestion.values()],
    items,
  };
}

async function subjectiveAnswerRow(db: DbOrTx, answerId: number, lock: boolean) {
  const query = db
    .select({ answer: attemptAnswers })
    .from(attemptAnswers)
    .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
    .where(and(eq(attemptAnswers.id, answerId), isSubjective));
  const [row] = lock ? await query.for('update', { of: attemptAnswers }) : await query;
  if (!row) throw notFound('答案不存在或不需要人工评分');
  return row.answer;
}

/** GET /v1/admin/marking/answers/:id: one answer as the examiner scores it (blind). */
export async function markingAnswer(db: DbOrTx, answerId: number): Promise<MarkingAnswer> {
  const answer = await subjectiveAnswerRow(db, answerId, false);
  const [attempt] = await db
    .select({
      id: examAttempts.id,
      state: examAttempts.state,
      signingKey: examAttempts.signingKey,
      answerKey: examAttempts.answerKey,
    })
    .from(examAttempts)
    .where(eq(examAttempts.id, answer.attemptId));
  const [question] = await db.select().from(questions).where(eq(questions.id, answer.questionId));
  if (!attempt || !question) throw notFound('答案不存在或不需要人工评分');
  const [parent] = question.parentId
    ? await db.select({ stem: questions.stem }).from(questions).where(eq(questions.id, question.parentId))
    : [];
  const key = attempt.answerKey[String(answer.questionId)];
  return {
    answer_id: answer.id,
    candidate: blindLabel(attempt.id, attempt.signingKey),
    question_id: question.id,
    type: question.type,
    stem: question.stem,
    material: parent?.stem ?? '',
    options: question.options,
    reference_answer: key?.reference_answer ?? question.referenceAnswer,
    right_choices: key?.answer ?? question.answer,
    analysis: key?.analysis ?? question.analysis,
    max_score: key?.score ?? Number(question.score),
    text: answer.answer.text,
    choices: answer.answer.choices,
    source: answer.source,
    examiner_score: answer.examinerScore === null ? null : Number(answer.examinerScore),
    examiner_comment: answer.examinerComment,
    scored_at: iso(answer.scoredAt),
  };
}

/** PUT /v1/admin/marking/answers/:id/score. */
export async function scoreAnswer(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  answerId: number,
  input: z.output<typeof answerScoreSchema>,
): Promise<MarkingAnswer> {
  const answer = await subjectiveAnswerRow(tx, answerId, true);
  const [attempt] = await tx
    .select({
      id: examAttempts.id,
      state: examAttempts.state,
      examId: examAttempts.onlineExamId,
      answerKey: examAttempts.answerKey,
    })
    .from(examAttempts)
    .where(eq(examAttempts.id, answer.attemptId));
  if (!attempt) throw notFound('答案不存在或不需要人工评分');
  if (attempt.state === 'open') throw conflict('该考生仍在作答，交卷或考试结束后才能评分');
  const current = iso(answer.scoredAt);
  if (current !== input.expected_scored_at) {
    throw new AppError(
      409,
      answer.examinerScore === null
        ? '该答案的评分已被撤销，请刷新后再评'
        : `该答案已由其他考评员评为 ${Number(answer.examinerScore)} 分，请刷新后再评`,
    );
  }
  const [question] = await tx
    .select({ score: questions.score })
    .from(questions)
    .where(eq(questions.id, answer.questionId));
  const max = attempt.answerKey[String(answer.questionId)]?.score ?? Number(question?.score ?? 0);
  if (input.score > max) throw fieldError('score', `得分不能超过本题分值 ${max} 分`);
  const now = new Date();
  await tx
    .update(attemptAnswers)
    .set({ examinerScore: input.score, examinerComment: input.comment, scoredBy: admin.id, scoredAt: now })
    .where(eq(attemptAnswers.id, answerId));
  await gradeAttempt(tx, attempt.id);
  // A changed mark makes written theory scores out of date: the sheet must be written again.
  await tx
    .update(onlineExams)
    .set({ scoresWrittenAt: null, updatedAt: now })
    .where(and(eq(onlineExams.id, attempt.examId), isNotNull(onlineExams.scoresWrittenAt)));
  await writeSystemLog(tx, admin, request, {
    action: 'marking.score',
    targetType: 'attempt_answer',
    targetId: answerId,
    detail: {
      question_id: answer.questionId,
      before: answer.examinerScore === null ? null : Number(answer.examinerScore),
      after: input.score,
      max,
    },
  });
  return markingAnswer(tx, answerId);
}

// ---------------------------------------------------------------- late answers

/** GET /v1/admin/marking/papers/:id/late: answers kept after deadline + grace, for a decision. */
export async function listLateAnswers(db: DbOrTx, paperId: number, query: z.output<typeof markingLateQuery>) {
  const where = and(
    eq(onlineExams.paperId, paperId),
    query.exam_id ? eq(onlineExams.id, query.exam_id) : undefined,
    query.decision ? eq(examLateAnswers.decision, query.decision) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        late: examLateAnswers,
        examId: examAttempts.onlineExamId,
        signingKey: examAttempts.signingKey,
        deadlineAt: examAttempts.deadlineAt,
        stem: questions.stem,
      })
      .from(examLateAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, examLateAnswers.attemptId))
      .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
      .innerJoin(questions, eq(questions.id, examLateAnswers.questionId))
      .where(where)
      .orderBy(asc(examLateAnswers.receivedAt), asc(examLateAnswers.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(examLateAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, examLateAnswers.attemptId))
      .innerJoin(onlineExams, eq(onlineExams.id, examAttempts.onlineExamId))
      .where(where),
  ]);
  return listAnswer(
    rows.map((r): MarkingLate => ({
      id: r.late.id,
      exam_id: r.examId,
      candidate: blindLabel(r.late.attemptId, r.signingKey),
      question_id: r.late.questionId,
      question_label: plainLabel(r.stem),
      text: r.late.answer.text,
      choices: r.late.answer.choices,
      version: r.late.version,
      recorded_at: r.late.recordedAt.toISOString(),
      received_at: r.late.receivedAt.toISOString(),
      deadline_at: r.deadlineAt.toISOString(),
      source: r.late.source,
      decision: r.late.decision as MarkingLate['decision'],
      decided_at: iso(r.late.decidedAt),
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function pendingLate(tx: DbOrTx, lateId: number) {
  const [late] = await tx.select().from(examLateAnswers).where(eq(examLateAnswers.id, lateId)).for('update');
  if (!late) throw notFound('迟交答案不存在');
  if (late.decision !== 'pending')
    throw conflict(late.decision === 'accepted' ? '该迟交答案已采纳' : '该迟交答案已拒绝');
  return late;
}

/** POST /v1/admin/marking/late/:id/accept: the answer counts as if it had arrived in time. */
export async function acceptLateAnswer(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  lateId: number,
) {
  const late = await pendingLate(tx, lateId);
  const status = await applyLateAnswer(tx, lateId, admin);
  await writeSystemLog(tx, admin, request, {
    action: 'marking.late-accept',
    targetType: 'exam_late_answer',
    targetId: lateId,
    detail: { attempt_id: late.attemptId, question_id: late.questionId, version: late.version, status },
  });
  return { id: lateId, decision: 'accepted' as const };
}

/** POST /v1/admin/marking/late/:id/reject: the answer stays kept, and never counts. */
export async function rejectLateAnswer(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  lateId: number,
) {
  const late = await pendingLate(tx, lateId);
  await tx
    .update(examLateAnswers)
    .set({ decision: 'rejected', decidedBy: admin.id, decidedAt: new Date() })
    .where(eq(examLateAnswers.id, lateId));
  await writeSystemLog(tx, admin, request, {
    action: 'marking.late-reject',
    targetType: 'exam_late_answer',
    targetId: lateId,
    detail: { attempt_id: late.attemptId, question_id: late.questionId, version: late.version },
  });
  return { id: lateId, decision: 'rejected' as const };
}

// ---------------------------------------------------------------- the answer file

/** POST /v1/admin/marking/answer-files: an invigilator uploads a device's signed answer file. */
export async function uploadAnswerFile(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  file: AnswerFile,
): Promise<AnswerFileResult> {
  const result = await applyAnswerFile(tx, file, admin);
  const counted = (status: string) => result.results.filter((r) => r.status === status).length;
  const view = {
    attempt_id: file.attempt_id,
    applied: counted('applied'),
    stale: counted('stale'),
    late: counted('late'),
  };
  await writeSystemLog(tx, admin, request, {
    action: 'marking.answer-file',
    targetType: 'exam_attempt',
    targetId: file.attempt_id,
    detail: { applied: view.applied, stale: view.stale, late: view.late },
  });
  return view;
}

// ---------------------------------------------------------------- the score sheet

/**
 * POST /v1/admin/marking/exams/:id/write-scores: each ticketed candidate's theory score (scaled to 100:
 * round(score / total × 100, 1)) into the plan's score sheet through the scores service; a candidate who
 * never started is absent. Refused while an attempt is open, an answer unscored or a late answer pending.
 */
export async function writeTheoryScores(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  examId: number,
): Promise<WriteScoresResult> {
  const [exam] = await tx.select().from(onlineExams).where(eq(onlineExams.id, examId)).for('update');
  if (!exam) throw notFound('考试不存在');
  await planForAdmin(tx, admin, exam.planId, true);
  const attempts = await tx
    .select({
      id: examAttempts.id,
      enrollmentId: examAttempts.enrollmentId,
      state: examAttempts.state,
      score: examAttempts.score,
      objectiveScore: examAttempts.objectiveScore,
      totalScore: examAttempts.totalScore,
      scoredAt: examAttempts.scoredAt,
    })
    .from(examAttempts)
    .where(eq(examAttempts.onlineExamId, examId));
  const open = attempts.filter((a) => a.state === 'open').length;
  if (open) throw conflict(`还有 ${open} 名考生未交卷，考试结束后才能写入成绩单`);
  const [unscored] = await tx
    .select({ n: count() })
    .from(attemptAnswers)
    .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
    .where(
      and(
        inArray(attemptAnswers.attemptId, attempts.map((a) => a.id).concat(0)),
        isNull(attemptAnswers.examinerScore),
        isSubjective,
      ),
    );
  if (unscored && unscored.n > 0)
    throw conflict(`还有 ${unscored.n} 份主观题答案未评分，评完后才能写入成绩单`);
  const [pending] = await tx
    .select({ n: count() })
    .from(examLateAnswers)
    .where(
      and(
        inArray(examLateAnswers.attemptId, attempts.map((a) => a.id).concat(0)),
        eq(examLateAnswers.decision, 'pending'),
      ),
    );
  if (pending && pending.n > 0) throw conflict(`还有 ${pending.n} 份迟交答案待处理，处理后才能写入成绩单`);

  const byEnrollment = new Map(attempts.map((a) => [a.enrollmentId, a]));
  const candidates = await ticketedCandidates(tx, exam.planId);
  let written = 0;
  let absent = 0;
  for (const c of candidates) {
    const attempt = byEnrollment.get(c.enrollmentId);
    const cheating = c.score?.cheating ?? false;
    const practical =
      c.score?.practical === undefined || c.score.practical === null ? null : Number(c.score.practical);
    if (attempt) {
      const raw = Number(attempt.score ?? attempt.objectiveScore ?? 0);
      const total = Number(attempt.totalScore);
      const theory = total > 0 ? Math.round((raw / total) * 1000) / 10 : 0;
      await enterScore(tx, admin, request, c.enrollmentId, { theory, practical, absent: false, cheating });
      written += 1;
    } else {
      await enterScore(tx, admin, request, c.enrollmentId, {
        theory: null,
        practical,
        absent: !cheating,
        cheating,
      });
      absent += 1;
    }
  }
  await tx
    .update(onlineExams)
    .set({ scoresWrittenAt: new Date(), updatedAt: new Date() })
    .where(eq(onlineExams.id, examId));
  await writeSystemLog(tx, admin, request, {
    action: 'marking.write-scores',
    targetType: 'online_exam',
    targetId: examId,
    detail: { plan_id: exam.planId, written, absent },
  });
  return { plan_id: exam.planId, written, absent };
}
