// Scores: entry per candidate, the all-or-nothing Excel import, publication, corrections after publication.
// Candidates see nothing before published_at is set. Every batch and entry locks the plan row, so an
// import, a publication and single entries of one plan never interleave.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type LearnerScore,
  type ScoreCorrection,
  type ScoreInput,
  type ScoreSnapshot,
  type ScoreView,
  type scoreListQuery,
  scoreInputSchema,
  scorePasses,
  scoreResultLabel,
} from '../../shared/scores/schema.ts';
import { scoreResultKey } from '../../shared/scores/score-messages.ts';
import { REGISTRATION_ERROR_CODES, skillLevelLabel, type PlanState } from '../../shared/plans/schema.ts';
import type { EnrollmentState } from '../../shared/enrollments/schema.ts';
import { TICKETED_STATES, planSessions } from '../tickets/service.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { type PlanContext, planForAdmin } from '../lib/plan-scope.ts';
import { candidateColumns, candidateIdNumber, candidateName } from '../lib/candidates.ts';
import { listTotal } from '../lib/pagination.ts';
import { preparedQuery } from '../lib/db-queries.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  admissionTickets,
  certificates,
  enrollments,
  examPlans,
  examSessions,
  learners,
  occupations,
  scoreCorrections,
  scores,
} from '../db/schema/index.ts';
import { AppError, fieldError, notFound, validationFailed } from '../errors.ts';
import { transitionPlan } from '../plans/service.ts';
import { skillLevelRef } from '../i18n/messages.ts';
import { sendNotification, sendNotifications } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { checkRows, settleImport, type Refuse } from '../lib/excel/import-rows.ts';
import type { ScoreSheetRow } from './excel.ts';

type ScoreRow = typeof scores.$inferSelect;

/** Plan states in which scores are entered as first marks; after publication an entry is a correction. */
const ENTRY_STATES = ['tickets_issued', 'exam_held'];
const CORRECTION_STATES = ['scores_published', 'certificates_issued'];

const illegalState = (message: string) => new AppError(409, message, REGISTRATION_ERROR_CODES.illegalState);

const num = (value: number | string | null) => (value === null ? null : Number(value));

function scoreValues(
  input: Pick<ScoreInput, 'theory' | 'practical' | 'absent' | 'cheating'>,
  ctx: PlanContext,
) {
  const theory = input.theory ?? null;
  const practical = input.practical ?? null;
  const absent = input.absent;
  const cheating = input.cheating;
  const passed = scorePasses({ theory, practical, absent, cheating }, ctx.plan);
  const total = theory !== null && practical !== null ? Math.round((theory + practical) * 10) / 10 : null;
  return { theory, practical, absent, cheating, passed, total };
}

const scoreSnapshot = (
  s: Pick<ScoreRow, 'theory' | 'practical' | 'absent' | 'cheating' | 'passed' | 'total'>,
): ScoreSnapshot => ({
  theory: num(s.theory),
  practical: num(s.practical),
  total: num(s.total),
  absent: s.absent,
  cheating: s.cheating,
  passed: s.passed,
});

export const scoreView = (s: ScoreRow | null): ScoreView | null =>
  s
    ? {
        ...scoreSnapshot(s),
        result: scoreResultLabel(s),
        entered_at: s.enteredAt.toISOString(),
        published_at: s.publishedAt ? s.publishedAt.toISOString() : null,
      }
    : null;

async function ticketedEnrollment(tx: DbOrTx, enrollmentId: number) {
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
  if (!row) throw notFound('报名记录不存在');
  return row;
}

/**
 * PUT /v1/admin/enrollments/:id/score. Before publication it records the marks; after publication it is
 * a correction that needs a reason and is kept in score_corrections (and the system log).
 */
export async function enterScore(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  enrollmentId: number,
  input: ScoreInput,
) {
  const enrollment = await ticketedEnrollment(tx, enrollmentId);
  const ctx = await planForAdmin(tx, actor, enrollment.planId, true);
  if (!(TICKETED_STATES as readonly string[]).includes(enrollment.state))
    throw fieldError('enrollment_id', '该考生尚未发放准考证，不能录入成绩');
  const values = scoreValues(input, ctx);
  const now = new Date();
  const [current] = await tx.select().from(scores).where(eq(scores.enrollmentId, enrollmentId)).for('update');

  if (CORRECTION_STATES.includes(ctx.plan.state) && current?.publishedAt) {
    const reason = input.reason?.trim() ?? '';
    if (reason.length < 2) throw fieldError('reason', '成绩已发布，更正须填写原因（至少 2 个字）');
    const [certificate] = await tx
      .select({ id: certificates.id, number: certificates.number })
      .from(certificates)
      .where(and(eq(certificates.enrollmentId, enrollmentId), isNull(certificates.revokedAt)));
    if (certificate && !values.passed)
      throw fieldError('reason', `该考生已发证书 ${certificate.number}，请先撤销证书再更正为不合格`);
    const before = scoreSnapshot(current);
    const [updated] = await tx
      .update(scores)
      .set({ ...values, enteredBy: actor?.id ?? null, enteredAt: now, updatedAt: now })
      .where(eq(scores.id, current.id))
      .returning();
    const after = scoreSnapshot(updated!);
    await tx.insert(scoreCorrections).values({
      scoreId: current.id,
      before,
      after,
      reason,
      administratorId: actor?.id ?? null,
      administratorName: actor?.realName ?? 'system',
    });
    await tx
      .update(enrollments)
      .set({ state: values.passed ? 'passed' : 'failed', updatedAt: now })
      .where(and(eq(enrollments.id, enrollmentId), inArray(enrollments.state, ['passed', 'failed'])));
    await sendNotification(tx, {
      learnerId: enrollment.learnerId,
      kind: 'score',
      message: 'scoreCorrected',
      params: {
        plan: ctx.plan.title,
        occupation: ctx.occupationName,
        level: skillLevelRef(ctx.plan.level),
        result: { t: `scoreResult.${scoreResultKey(updated!)}` },
      },
      link: '/userCenter/achievementQuery',
      senderId: actor?.id ?? null,
    });
    await writeSystemLog(tx, actor, request, {
      action: 'score.correct',
      targetType: 'enrollment',
      targetId: enrollmentId,
      detail: { plan_id: ctx.plan.id, before, after, reason },
    });
    return scoreView(updated!);
  }

  if (!ENTRY_STATES.includes(ctx.plan.state)) {
    throw illegalState(
      CORRECTION_STATES.includes(ctx.plan.state) ? '成绩已发布' : '考试计划尚未发放准考证，不能录入成绩',
    );
  }
  const [saved] = await tx
    .insert(scores)
    .values({ enrollmentId, planId: ctx.plan.id, ...values, enteredBy: actor?.id ?? null, enteredAt: now })
    .onConflictDoUpdate({
      target: scores.enrollmentId,
      set: { ...values, enteredBy: actor?.id ?? null, enteredAt: now, updatedAt: now },
    })
    .returning();
  await markSat(tx, [enrollmentId], values.absent);
  await writeSystemLog(tx, actor, request, {
    action: current ? 'score.update' : 'score.enter',
    targetType: 'enrollment',
    targetId: enrollmentId,
    detail: {
      plan_id: ctx.plan.id,
      before: current ? scoreSnapshot(current) : null,
      after: scoreSnapshot(saved!),
    },
  });
  return scoreView(saved!);
}

/** A candidate with marks sat the exam; marking them absent takes them back to ticket_issued. */
async function markSat(tx: DbOrTx, enrollmentIds: number[], absent: boolean) {
  if (!enrollmentIds.length) return;
  await tx
    .update(enrollments)
    .set({ state: absent ? 'ticket_issued' : 'sat', updatedAt: new Date() })
    .where(
      and(
        inArray(enrollments.id, enrollmentIds),
        inArray(enrollments.state, absent ? ['sat'] : ['ticket_issued']),
      ),
    );
}

// ---------------------------------------------------------------- lists

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The plan's ticketed candidates with their scores (administrators see them before publication too). */
export async function listPlanScores(
  db: DbOrTx,
  actor: AdminPrincipal,
  planId: number,
  query: z.output<typeof scoreListQuery>,
) {
  const ctx = await planForAdmin(db, actor, planId);
  const where = and(
    eq(enrollments.planId, planId),
    inArray(enrollments.state, [...TICKETED_STATES]),
    query.keyword
      ? or(
          ilike(learners.realName, like(query.keyword)),
          ilike(learners.idCard, like(query.keyword)),
          ilike(admissionTickets.ticketNo, like(query.keyword)),
        )
      : undefined,
    query.filter === 'entered' ? isNotNull(scores.id) : undefined,
    query.filter === 'missing' ? isNull(scores.id) : undefined,
    query.filter === 'passed' ? eq(scores.passed, true) : undefined,
    query.filter === 'failed' ? and(isNotNull(scores.id), eq(scores.passed, false)) : undefined,
  );
  const from = () =>
    db
      .select({
        ...candidateColumns,
        ticketNo: admissionTickets.ticketNo,
        score: scores,
        certificateNumber: certificates.number,
        certificateId: certificates.id,
      })
      .from(enrollments)
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .innerJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
      .leftJoin(scores, eq(scores.enrollmentId, enrollments.id))
      .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id));
  const [rows, [total], [summary]] = await Promise.all([
    from()
      .where(where)
      .orderBy(asc(admissionTickets.ticketNo))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db
      .select({ n: count() })
      .from(enrollments)
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .innerJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
      .leftJoin(scores, eq(scores.enrollmentId, enrollments.id))
      .where(where),
    db
      .select({
        candidates: sql<number>`count(*)::int`,
        entered: sql<number>`count(${scores.id})::int`,
        passed: sql<number>`count(*) filter (where ${scores.passed})::int`,
        absent: sql<number>`count(*) filter (where ${scores.absent})::int`,
        cheating: sql<number>`count(*) filter (where ${scores.cheating})::int`,
      })
      .from(enrollments)
      .leftJoin(scores, eq(scores.enrollmentId, enrollments.id))
      .where(and(eq(enrollments.planId, planId), inArray(enrollments.state, [...TICKETED_STATES]))),
  ]);
  return {
    ...listAnswer(
      rows.map((r) => ({
        enrollment_id: r.enrollmentId,
        learner_id: r.learnerId,
        state: r.state as EnrollmentState,
        ticket_no: r.ticketNo,
        name: candidateName(r),
        id_number: candidateIdNumber(r),
        score: scoreView(r.score),
        certificate: r.certificateId ? { id: r.certificateId, number: r.certificateNumber } : null,
      })),
      total?.n ?? 0,
      query.page,
      query.limit,
    ),
    plan: {
      id: ctx.plan.id,
      code: ctx.plan.code,
      title: ctx.plan.title,
      state: ctx.plan.state as PlanState,
      pass_theory: ctx.plan.passTheory,
      pass_practical: ctx.plan.passPractical,
      published: CORRECTION_STATES.includes(ctx.plan.state),
    },
    summary: summary ?? { candidates: 0, entered: 0, passed: 0, absent: 0, cheating: 0 },
  };
}

export async function scoreCorrectionsOf(db: DbOrTx, enrollmentId: number): Promise<ScoreCorrection[]> {
  const rows = await db
    .select({ correction: scoreCorrections })
    .from(scoreCorrections)
    .innerJoin(scores, eq(scores.id, scoreCorrections.scoreId))
    .where(eq(scores.enrollmentId, enrollmentId))
    .orderBy(asc(scoreCorrections.createdAt), asc(scoreCorrections.id));
  return rows.map(({ correction: c }) => ({
    id: c.id,
    before: c.before,
    after: c.after,
    reason: c.reason,
    administrator_name: c.administratorName,
    created_at: c.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- import

/** Ticketed candidates of the plan keyed by ticket number (the template's rows and the import's lookup). */
export async function ticketedCandidates(db: DbOrTx, planId: number) {
  return db
    .select({ ...candidateColumns, ticketNo: admissionTickets.ticketNo, score: scores })
    .from(enrollments)
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .innerJoin(admissionTickets, eq(admissionTickets.enrollmentId, enrollments.id))
    .leftJoin(scores, eq(scores.enrollmentId, enrollments.id))
    .where(and(eq(enrollments.planId, planId), inArray(enrollments.state, [...TICKETED_STATES])))
    .orderBy(asc(admissionTickets.ticketNo));
}

const YES = ['是', 'y', 'yes', 'true', '1', '√', '✓'];
const NO = ['否', 'n', 'no', 'false', '0', ''];

function yesNo(value: string, field: string, label: string, refuse: Refuse): boolean {
  const v = value.trim().toLowerCase();
  if (YES.includes(v)) return true;
  if (NO.includes(v)) return false;
  refuse(field, `${label}只能填“是”或“否”`);
  return false;
}

export interface ImportScoresOptions {
  fileName?: string;
  /** Write the valid rows of a file that has refused ones, reporting those (`accept_valid=1`). */
  acceptValid?: boolean;
}

/**
 * Checks every row first and, unless the valid rows were asked for, writes nothing unless all rows are
 * right: 422 with `errors` keyed `row N` (N = the spreadsheet row), each message naming the row.
 */
export async function importScores(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  planId: number,
  rows: readonly ScoreSheetRow[],
  { fileName = '', acceptValid = false }: ImportScoresOptions = {},
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  if (!ENTRY_STATES.includes(ctx.plan.state)) {
    throw illegalState(
      CORRECTION_STATES.includes(ctx.plan.state)
        ? '成绩已发布，不能再批量导入；如需更正请逐条修改并填写原因'
        : '考试计划尚未发放准考证，不能导入成绩',
    );
  }
  if (!rows.length) throw validationFailed({ file: ['文件中没有成绩数据'] });
  const candidates = await ticketedCandidates(tx, planId);
  const byTicket = new Map(candidates.map((c) => [c.ticketNo, c]));
  const seen = new Map<string, number>();

  const checked = checkRows(rows, {
    schema: scoreInputSchema,
    toInput: (cells, refuse, row) => {
      const ticketNo = cells.ticket_no;
      const candidate = byTicket.get(ticketNo);
      if (!ticketNo) refuse('ticket_no', '准考证号不能为空');
      else if (!candidate) refuse('ticket_no', `准考证号 ${ticketNo} 不属于本考试计划`);
      else if (seen.has(ticketNo))
        refuse('ticket_no', `准考证号 ${ticketNo} 与第 ${seen.get(ticketNo)} 行重复`);
      if (ticketNo && !seen.has(ticketNo)) seen.set(ticketNo, row);
      if (candidate) {
        if (cells.id_number && cells.id_number.toUpperCase() !== candidateIdNumber(candidate).toUpperCase())
          refuse('id_number', '身份证号与准考证号不符');
        if (cells.name && cells.name !== candidateName(candidate)) refuse('name', '姓名与准考证号不符');
      }
      return {
        theory: cells.theory === '' ? null : cells.theory,
        practical: cells.practical === '' ? null : cells.practical,
        absent: yesNo(cells.absent, 'absent', '缺考', refuse),
        cheating: yesNo(cells.cheating, 'cheating', '违纪', refuse),
      };
    },
  });

  return settleImport({
    checked,
    acceptValid,
    subject: '成绩',
    write: async (valid) => {
      const accepted = valid.map(({ cells, value }) => ({
        enrollmentId: byTicket.get(cells.ticket_no)!.enrollmentId,
        values: scoreValues(value, ctx),
      }));
      const now = new Date();
      for (const { enrollmentId, values } of accepted) {
        await tx
          .insert(scores)
          .values({ enrollmentId, planId, ...values, enteredBy: actor?.id ?? null, enteredAt: now })
          .onConflictDoUpdate({
            target: scores.enrollmentId,
            set: { ...values, enteredBy: actor?.id ?? null, enteredAt: now, updatedAt: now },
          });
      }
      await markSat(
        tx,
        accepted.filter((a) => !a.values.absent).map((a) => a.enrollmentId),
        false,
      );
      await markSat(
        tx,
        accepted.filter((a) => a.values.absent).map((a) => a.enrollmentId),
        true,
      );
      await writeSystemLog(tx, actor, request, {
        action: 'score.import',
        targetType: 'exam_plan',
        targetId: planId,
        detail: {
          code: ctx.plan.code,
          imported: accepted.length,
          refused: checked.refused.length,
          file: fileName,
        },
      });
      return accepted.length;
    },
  });
}

// ---------------------------------------------------------------- publication

/**
 * Publishes the plan's scores: every ticketed candidate needs a score; enrolments become passed/failed,
 * the plan scores_published (via exam_held once its sessions are over), each candidate is notified.
 */
export async function publishScores(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  planId: number,
  now = new Date(),
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  if (CORRECTION_STATES.includes(ctx.plan.state)) throw illegalState('成绩已发布');
  if (!ENTRY_STATES.includes(ctx.plan.state)) throw illegalState('考试计划尚未发放准考证，不能发布成绩');
  if (ctx.plan.state === 'tickets_issued') {
    const sessions = await planSessions(tx, planId);
    if (sessions.some((s) => s.endsAt > now)) throw illegalState('考试尚未结束，不能发布成绩');
    await transitionPlan(tx, actor, request, planId, 'hold_exam', now);
  }
  const candidates = await ticketedCandidates(tx, planId);
  if (!candidates.length) throw validationFailed({ plan: ['该计划没有已发准考证的考生'] });
  const missing = candidates.filter((c) => !c.score);
  if (missing.length) {
    const names = missing.slice(0, 10).map((c) => candidateName(c));
    throw validationFailed(
      {
        scores: [
          `还有 ${missing.length} 名考生未录入成绩：${names.join('、')}${missing.length > 10 ? ' 等' : ''}`,
        ],
      },
      `还有 ${missing.length} 名考生未录入成绩`,
    );
  }
  await tx
    .update(scores)
    .set({ publishedAt: now, updatedAt: now })
    .where(and(eq(scores.planId, planId), isNull(scores.publishedAt)));
  const passedIds = candidates.filter((c) => c.score!.passed).map((c) => c.enrollmentId);
  const failedIds = candidates.filter((c) => !c.score!.passed).map((c) => c.enrollmentId);
  if (passedIds.length)
    await tx
      .update(enrollments)
      .set({ state: 'passed', updatedAt: now })
      .where(inArray(enrollments.id, passedIds));
  if (failedIds.length)
    await tx
      .update(enrollments)
      .set({ state: 'failed', updatedAt: now })
      .where(inArray(enrollments.id, failedIds));
  await transitionPlan(tx, actor, request, planId, 'publish_scores', now);
  await sendNotifications(
    tx,
    candidates.map((c) => ({
      learnerId: c.learnerId,
      kind: 'score' as const,
      message: 'scoresPublished' as const,
      params: {
        plan: ctx.plan.title,
        occupation: ctx.occupationName,
        level: skillLevelRef(ctx.plan.level),
      },
      link: '/userCenter/achievementQuery',
      senderId: actor?.id ?? null,
    })),
  );
  await writeSystemLog(tx, actor, request, {
    action: 'score.publish',
    targetType: 'exam_plan',
    targetId: planId,
    detail: {
      code: ctx.plan.code,
      candidates: candidates.length,
      passed: passedIds.length,
      failed: failedIds.length,
    },
  });
  return {
    published: candidates.length,
    passed: passedIds.length,
    failed: failedIds.length,
    plan_state: 'scores_published' as const,
  };
}

// ---------------------------------------------------------------- the learner's scores

/** The learner's published scores, one entry per plan, with the certificate once issued. */
export async function listLearnerScores(
  db: DbOrTx,
  learnerId: number,
  query: { page: number; limit: number },
) {
  const where = and(eq(enrollments.learnerId, learnerId), isNotNull(scores.publishedAt));
  const main = preparedQuery(db, 'cert_learner_scores', (name) =>
    db
      .select({
        score: scores,
        enrollmentId: enrollments.id,
        planId: examPlans.id,
        planCode: examPlans.code,
        planTitle: examPlans.title,
        level: examPlans.level,
        passTheory: examPlans.passTheory,
        passPractical: examPlans.passPractical,
        occupationName: occupations.name,
        examDate: sql<
          Date | string | null
        >`(select min(${examSessions.startsAt}) from ${examSessions} where ${examSessions.planId} = ${examPlans.id})`,
        certificate: {
          id: certificates.id,
          number: certificates.number,
          issuedAt: certificates.issuedAt,
          revokedAt: certificates.revokedAt,
          verifyToken: certificates.verifyToken,
        },
      })
      .from(scores)
      .innerJoin(enrollments, eq(enrollments.id, scores.enrollmentId))
      .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
      .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
      .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
      .where(and(eq(enrollments.learnerId, sql.placeholder('learnerId')), isNotNull(scores.publishedAt)))
      .orderBy(desc(scores.publishedAt), asc(scores.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await main.execute({
    learnerId,
    limit: query.limit,
    offset: offsetOf(query.page, query.limit),
  });
  const total = await listTotal(rows.length, query, async () => {
    const [counted] = await db
      .select({ n: count() })
      .from(scores)
      .innerJoin(enrollments, eq(enrollments.id, scores.enrollmentId))
      .where(where);
    return counted?.n ?? 0;
  });
  return listAnswer(
    rows.map((r): LearnerScore => ({
      enrollment_id: r.enrollmentId,
      plan_id: r.planId,
      plan_code: r.planCode,
      plan_title: r.planTitle,
      occupation: r.occupationName,
      level: r.level,
      level_label: skillLevelLabel(r.level),
      exam_date: r.examDate === null ? null : new Date(r.examDate).toISOString(),
      pass_theory: r.passTheory,
      pass_practical: r.passPractical,
      ...scoreView(r.score)!,
      certificate:
        r.certificate && r.certificate.id !== null
          ? {
              id: r.certificate.id,
              number: r.certificate.number,
              issued_at: r.certificate.issuedAt.toISOString(),
              revoked: r.certificate.revokedAt !== null,
              verify_path: `/verify/certificate/${r.certificate.verifyToken}`,
              pdf_url: `/api/v0/user/occupational-skill-tests/certificates/${r.certificate.id}/pdf`,
            }
          : null,
    })),
    total,
    query.page,
    query.limit,
  );
}
