// Enrolment review (spec §6: review is manager only): approving, rejecting and batch-approving submitted
// enrolments while the plan takes applications. Each decision locks the enrolment row, so two reviewers
// cannot both decide one enrolment; approving a free plan's enrolment marks it paid at once.
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ENROLLMENT_STATE_LABELS, type EnrollmentState } from '../../shared/enrollments/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { enrollments } from '../db/schema/index.ts';
import { freeSeat, illegalState, loadPlan, type EnrollmentRow } from '../enrollments/service.ts';
import { AppError, notFound } from '../errors.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { sendNotification } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

const REVIEWABLE_PLAN_STATES = ['published', 'registration_closed'];

async function planForReview(tx: DbOrTx, planId: number) {
  const plan = await loadPlan(tx, planId);
  if (!REVIEWABLE_PLAN_STATES.includes(plan.state)) throw illegalState('该考试计划已不在报名审核阶段');
  return plan;
}

const enrollLink = (id: number) => `/userCenter/myEnrollInfo?id=${id}`;

async function approveOne(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  enrollment: EnrollmentRow,
) {
  const plan = await planForReview(tx, enrollment.planId);
  const now = new Date();
  const free = plan.feeFen === 0;
  const [row] = await tx
    .update(enrollments)
    .set({
      state: free ? 'paid' : 'approved',
      reviewReason: '',
      reviewedBy: actor.id,
      reviewedAt: now,
      updatedAt: now,
      ...(free ? { paidAt: now } : {}),
    })
    .where(and(eq(enrollments.id, enrollment.id), eq(enrollments.state, 'submitted')))
    .returning();
  if (!row) return null;
  await writeSystemLog(tx, actor, request, {
    action: 'enrollment.approve',
    targetType: 'enrollment',
    targetId: row.id,
    detail: { plan_id: plan.id, learner_id: row.learnerId },
  });
  await sendNotification(tx, {
    learnerId: row.learnerId,
    kind: 'review',
    ...(free
      ? { message: 'enrollmentApprovedFree' as const, params: { plan: plan.title } }
      : {
          message: 'enrollmentApproved' as const,
          params: { plan: plan.title, amount: (plan.feeFen / 100).toFixed(2) },
        }),
    link: enrollLink(row.id),
    senderId: actor.id,
  });
  return row;
}

async function lockEnrollment(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, id)).for('update').limit(1);
  if (!row) throw notFound('报名记录不存在');
  return row;
}

const notSubmitted = (row: EnrollmentRow) =>
  illegalState(
    `该报名当前状态为「${ENROLLMENT_STATE_LABELS[row.state as EnrollmentState] ?? row.state}」，不能审核`,
  );

export async function approveEnrollment(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const enrollment = await lockEnrollment(tx, id);
  if (enrollment.state !== 'submitted') throw notSubmitted(enrollment);
  return (await approveOne(tx, actor, request, enrollment))!;
}

export async function rejectEnrollment(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  reason: string,
) {
  const enrollment = await lockEnrollment(tx, id);
  if (enrollment.state !== 'submitted') throw notSubmitted(enrollment);
  const plan = await planForReview(tx, enrollment.planId);
  const now = new Date();
  const [row] = await tx
    .update(enrollments)
    .set({ state: 'rejected', reviewReason: reason, reviewedBy: actor.id, reviewedAt: now, updatedAt: now })
    .where(and(eq(enrollments.id, id), eq(enrollments.state, 'submitted')))
    .returning();
  await freeSeat(tx, plan.id);
  await writeSystemLog(tx, actor, request, {
    action: 'enrollment.reject',
    targetType: 'enrollment',
    targetId: id,
    detail: { plan_id: plan.id, learner_id: enrollment.learnerId, reason },
  });
  await sendNotification(tx, {
    learnerId: enrollment.learnerId,
    kind: 'review',
    message: 'enrollmentRejected',
    params: { plan: plan.title, reason },
    link: enrollLink(id),
    senderId: actor.id,
  });
  return row!;
}

/** Approves every listed enrolment still awaiting review; the others are reported as skipped. */
export async function batchApprove(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  ids: number[],
) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(enrollments)
    .where(inArray(enrollments.id, unique))
    .orderBy(asc(enrollments.id))
    .for('update');
  const approved: number[] = [];
  const skipped: { id: number; reason: string }[] = [];
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) {
      skipped.push({ id, reason: '报名记录不存在' });
      continue;
    }
    if (row.state !== 'submitted') {
      skipped.push({
        id,
        reason: `当前状态为「${ENROLLMENT_STATE_LABELS[row.state as EnrollmentState] ?? row.state}」`,
      });
      continue;
    }
    try {
      const done = await approveOne(tx, actor, request, row);
      if (done) approved.push(id);
      else skipped.push({ id, reason: '状态已变化' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ id, reason: error.message });
    }
  }
  // The batch itself, also when nothing could be approved (each approval has its own row as well).
  await writeSystemLog(tx, actor, request, {
    action: 'enrollment.batch_approve',
    targetType: 'enrollment',
    detail: { approved: approved.length, skipped: skipped.length },
  });
  return { approved, skipped };
}
