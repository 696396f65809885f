// Exam affairs' side of the online exam (page ExamPlanLists, issue 22): the plans' theory sessions with
// their online exam, binding an approved paper of the plan's occupation and level to a session, opening and
// closing the exam window, and the live monitor of the attempts (polled every few seconds).
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ExamMonitor,
  ExamState,
  OnlineExamInput,
  OnlineExamSession,
  OnlineExamUpdate,
  OnlineExamView,
  onlineExamListQuery,
} from '../../shared/exams/schema.ts';
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
  occupations,
  onlineExams,
  questionBanks,
  testPapers,
} from '../db/schema/index.ts';
import { conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import { candidateName } from '../lib/candidates.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { approvedPaper } from '../papers/service.ts';
import { WITHDRAWN_STATES } from './service.ts';

/** Plans whose theory sessions can hold an online exam (not drafts, not archived). */
const HIDDEN_PLAN_STATES = ['draft', 'archived'];

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ExamRow = typeof onlineExams.$inferSelect;

/** Candidates (ticketed, not withdrawn) of the exam's plan and its attempts by state, as correlated counts. */
const examCounts = {
  candidates: sql<number>`(select count(*)::int from ${enrollments} en
      join ${admissionTickets} t on t.enrollment_id = en.id
      where en.plan_id = ${onlineExams.planId} and en.state not in ${WITHDRAWN_STATES})`,
  started: sql<number>`(select count(*)::int from ${examAttempts} a where a.online_exam_id = ${onlineExams.id})`,
  submitted: sql<number>`(select count(*)::int from ${examAttempts} a
      where a.online_exam_id = ${onlineExams.id} and a.state <> 'open')`,
};

function examView(
  exam: ExamRow,
  paperName: string,
  counts: { candidates: number; started: number; submitted: number },
  now = new Date(),
): OnlineExamView {
  const over = exam.state === 'closed' || now >= exam.closesAt;
  const candidates = Number(counts.candidates);
  const started = Number(counts.started);
  return {
    id: exam.id,
    session_id: exam.sessionId,
    plan_id: exam.planId,
    paper_id: exam.paperId,
    paper_name: paperName,
    opens_at: exam.opensAt.toISOString(),
    closes_at: exam.closesAt.toISOString(),
    duration_minutes: exam.durationMinutes,
    grace_seconds: exam.graceSeconds,
    state: exam.state as ExamState,
    opened_at: iso(exam.openedAt),
    closed_at: iso(exam.closedAt),
    candidates,
    started,
    submitted: Number(counts.submitted),
    absent: over ? Math.max(0, candidates - started) : 0,
  };
}

async function examById(db: DbOrTx, id: number): Promise<OnlineExamView> {
  const [row] = await db
    .select({ exam: onlineExams, paperName: testPapers.name, ...examCounts })
    .from(onlineExams)
    .innerJoin(testPapers, eq(testPapers.id, onlineExams.paperId))
    .where(eq(onlineExams.id, id));
  if (!row) throw notFound('在线考试不存在');
  return examView(row.exam, row.paperName, row);
}

/** GET /v1/admin/online-exams */
export async function listOnlineExamSessions(db: DbOrTx, query: z.output<typeof onlineExamListQuery>) {
  const filters: (SQL | undefined)[] = [
    eq(examSessions.kind, 'theory'),
    notInArray(examPlans.state, HIDDEN_PLAN_STATES),
    query.keyword
      ? or(
          ilike(examPlans.title, like(query.keyword)),
          ilike(examPlans.code, like(query.keyword)),
          ilike(occupations.name, like(query.keyword)),
        )
      : undefined,
    query.state === 'unbound'
      ? isNull(onlineExams.id)
      : query.state
        ? eq(onlineExams.state, query.state)
        : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        session: examSessions,
        planCode: examPlans.code,
        planTitle: examPlans.title,
        planState: examPlans.state,
        level: examPlans.level,
        occupationName: occupations.name,
        exam: onlineExams,
        paperName: testPapers.name,
        ...examCounts,
      })
      .from(examSessions)
      .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
      .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
      .leftJoin(onlineExams, eq(onlineExams.sessionId, examSessions.id))
      .leftJoin(testPapers, eq(testPapers.id, onlineExams.paperId))
      .where(where)
      .orderBy(desc(examSessions.startsAt), asc(examSessions.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(examSessions)
      .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
      .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
      .leftJoin(onlineExams, eq(onlineExams.sessionId, examSessions.id))
      .where(where),
  ]);
  const now = new Date();
  return listAnswer(
    rows.map((r): OnlineExamSession => ({
      session_id: r.session.id,
      plan_id: r.session.planId,
      plan_code: r.planCode,
      plan_title: r.planTitle,
      plan_state: r.planState,
      occupation_name: r.occupationName,
      level: r.level,
      session_name: r.session.name,
      starts_at: r.session.startsAt.toISOString(),
      ends_at: r.session.endsAt.toISOString(),
      exam: r.exam ? examView(r.exam, r.paperName ?? '', r, now) : null,
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

/** The paper must be approved and on a bank of the plan's occupation and level. */
async function checkPaper(tx: DbOrTx, paperId: number, plan: { occupationId: number; level: number }) {
  const paper = await approvedPaper(tx, paperId);
  if (!paper) throw fieldError('paper_id', '只能选择已审核的试卷');
  const [bank] = await tx
    .select({ occupationId: questionBanks.occupationId, level: questionBanks.level })
    .from(questionBanks)
    .where(eq(questionBanks.id, paper.bankId));
  if (!bank || bank.occupationId !== plan.occupationId || bank.level !== plan.level)
    throw fieldError('paper_id', '试卷所属题库的职业和等级与考试计划不一致');
  return paper;
}

const windowValues = (input: OnlineExamUpdate) => ({
  paperId: input.paper_id,
  opensAt: input.opens_at,
  closesAt: input.closes_at,
  durationMinutes: input.duration_minutes,
  graceSeconds: input.grace_seconds,
});

/** POST /v1/admin/online-exams */
export async function createOnlineExam(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  input: OnlineExamInput,
) {
  const [session] = await tx
    .select({
      id: examSessions.id,
      kind: examSessions.kind,
      planId: examPlans.id,
      planState: examPlans.state,
      occupationId: examPlans.occupationId,
      level: examPlans.level,
    })
    .from(examSessions)
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .where(eq(examSessions.id, input.session_id))
    .for('update', { of: examSessions });
  if (!session || HIDDEN_PLAN_STATES.includes(session.planState))
    throw fieldError('session_id', '考试场次不存在');
  if (session.kind !== 'theory') throw fieldError('session_id', '只有理论考试场次可以安排在线考试');
  const paper = await checkPaper(tx, input.paper_id, session);
  const [existing] = await tx
    .select({ id: onlineExams.id })
    .from(onlineExams)
    .where(eq(onlineExams.sessionId, session.id));
  if (existing) throw fieldError('session_id', '该场次已安排在线考试');
  let row: ExamRow | undefined;
  try {
    [row] = await tx
      .insert(onlineExams)
      .values({ planId: session.planId, sessionId: session.id, ...windowValues(input), createdBy: admin.id })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('session_id', '该场次已安排在线考试');
    throw error;
  }
  await writeSystemLog(tx, admin, request, {
    action: 'online-exam.create',
    targetType: 'online_exam',
    targetId: row!.id,
    detail: {
      plan_id: session.planId,
      session_id: session.id,
      paper: paper.name,
      opens_at: input.opens_at.toISOString(),
      closes_at: input.closes_at.toISOString(),
      duration_minutes: input.duration_minutes,
      grace_seconds: input.grace_seconds,
    },
  });
  return examById(tx, row!.id);
}

async function lockedExam(tx: DbOrTx, id: number) {
  const [exam] = await tx.select().from(onlineExams).where(eq(onlineExams.id, id)).for('update');
  if (!exam) throw notFound('在线考试不存在');
  return exam;
}

/** PUT /v1/admin/online-exams/:id (while scheduled). */
export async function updateOnlineExam(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: OnlineExamUpdate,
) {
  const exam = await lockedExam(tx, id);
  if (exam.state !== 'scheduled') throw conflict('考试已开考或已结束，不能再修改');
  const [plan] = await tx
    .select({ occupationId: examPlans.occupationId, level: examPlans.level })
    .from(examPlans)
    .where(eq(examPlans.id, exam.planId));
  await checkPaper(tx, input.paper_id, plan!);
  const [row] = await tx
    .update(onlineExams)
    .set({ ...windowValues(input), updatedAt: new Date() })
    .where(eq(onlineExams.id, id))
    .returning();
  await writeSystemLog(tx, admin, request, {
    action: 'online-exam.update',
    targetType: 'online_exam',
    targetId: id,
    detail: changedFields(exam, row!),
  });
  return examById(tx, id);
}

/** POST /v1/admin/online-exams/:id/open: candidates can start within the window. */
export async function openOnlineExam(tx: DbOrTx, admin: AdminPrincipal, request: FastifyRequest, id: number) {
  const exam = await lockedExam(tx, id);
  if (exam.state === 'open') throw conflict('考试已开考');
  if (exam.state === 'closed') throw conflict('考试已结束，不能再开考');
  const now = new Date();
  if (now >= exam.closesAt) throw validationFailed({ closes_at: ['考试结束时间已过，请先修改考试时间'] });
  const paper = await approvedPaper(tx, exam.paperId);
  if (!paper) throw fieldError('paper_id', '试卷已不是审核通过状态，请重新审核或更换试卷');
  await tx
    .update(onlineExams)
    .set({ state: 'open', openedAt: now, updatedAt: now })
    .where(eq(onlineExams.id, id));
  await writeSystemLog(tx, admin, request, {
    action: 'online-exam.open',
    targetType: 'online_exam',
    targetId: id,
    detail: { before: { state: exam.state }, after: { state: 'open' } },
  });
  return examById(tx, id);
}

/** POST /v1/admin/online-exams/:id/close: no new starts; attempts in progress run to their deadline. */
export async function closeOnlineExam(
  tx: DbOrTx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  const exam = await lockedExam(tx, id);
  if (exam.state === 'closed') throw conflict('考试已结束');
  const now = new Date();
  await tx
    .update(onlineExams)
    .set({ state: 'closed', closedAt: now, updatedAt: now })
    .where(eq(onlineExams.id, id));
  await writeSystemLog(tx, admin, request, {
    action: 'online-exam.close',
    targetType: 'online_exam',
    targetId: id,
    detail: { before: { state: exam.state }, after: { state: 'closed' } },
  });
  return examById(tx, id);
}

/** GET /v1/admin/online-exams/:id/attempts: every ticketed candidate with their attempt, if any. */
export async function examMonitor(db: DbOrTx, id: number): Promise<ExamMonitor> {
  const exam = await examById(db, id);
  const rows = await db
    .select({
      enrollmentId: enrollments.id,
      form: enrollments.form,
      realName: learners.realName,
      ticketNo: admissionTickets.ticketNo,
      attempt: {
        id: examAttempts.id,
        state: examAttempts.state,
        startedAt: examAttempts.startedAt,
        deadlineAt: examAttempts.deadlineAt,
        closedAt: examAttempts.closedAt,
        lastSeenAt: examAttempts.lastSeenAt,
        deliveredLate: examAttempts.deliveredLate,
        paper: examAttempts.paper,
      },
      answered: sql<number>`(select count(*)::int from ${attemptAnswers} aa where aa.attempt_id = ${examAttempts.id})`,
      late: sql<number>`(select count(*)::int from ${examLateAnswers} la where la.attempt_id = ${examAttempts.id})`,
    })
    .from(enrollments)
    .innerJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .leftJoin(
      examAttempts,
      and(eq(examAttempts.enrollmentId, enrollments.id), eq(examAttempts.onlineExamId, id)),
    )
    .where(and(eq(enrollments.planId, exam.plan_id), notInArray(enrollments.state, WITHDRAWN_STATES)))
    .orderBy(asc(admissionTickets.ticketNo));
  const questionCount = (paper: ExamRowPaper | null) =>
    paper ? paper.questions.reduce((n, q) => n + (q.type === 'material' ? q.sub_questions.length : 1), 0) : 0;
  return {
    server_now: new Date().toISOString(),
    exam,
    data: rows.map((r) => ({
      enrollment_id: r.enrollmentId,
      attempt_id: r.attempt?.id ?? null,
      name: candidateName({ form: r.form, realName: r.realName }),
      ticket_no: r.ticketNo,
      state: r.attempt ? (r.attempt.state as 'open' | 'submitted' | 'closed') : 'not_started',
      started_at: iso(r.attempt?.startedAt ?? null),
      deadline_at: iso(r.attempt?.deadlineAt ?? null),
      closed_at: iso(r.attempt?.closedAt ?? null),
      answered: r.attempt ? Number(r.answered) : 0,
      question_count: questionCount(r.attempt?.paper ?? null),
      last_seen_at: iso(r.attempt?.lastSeenAt ?? null),
      late_answers: r.attempt ? Number(r.late) : 0,
      delivered_late: r.attempt?.deliveredLate ?? false,
    })),
  };
}

type ExamRowPaper = (typeof examAttempts.$inferSelect)['paper'];
