// Dashboard figures from live queries: the back-office home (a college administrator's figures cover
// its own organisation only) and the learner's /userCenter landing.
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import type { AdminDashboard, LearnerSummary } from '../../shared/dashboard/schema.ts';
import { ENROLLMENT_STATES } from '../../shared/enrollments/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  enrollments,
  examPlans,
  examSessions,
  learners,
  notificationReads,
  notifications,
  orders,
} from '../db/schema/index.ts';
import { missingProfileFields, loadLearner } from '../profile/service.ts';
import { PROFILE_REQUIRED_FIELDS } from '../../shared/profile/schema.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { chinaToday } from '../../shared/api/china-time.ts';
import { chinaDayRange } from '../lib/dates.ts';
import { organizationScope } from '../lib/plan-scope.ts';

function byState(rows: { state: string; n: number }[]) {
  const counts: Record<string, number> = Object.fromEntries(ENROLLMENT_STATES.map((s) => [s, 0]));
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

export async function adminDashboard(db: DbOrTx, admin: AdminPrincipal): Promise<AdminDashboard> {
  const scope = await organizationScope(db, admin);
  const inScope = scope ? inArray(examPlans.organizationId, scope.length ? scope : [-1]) : undefined;
  // Sessions of drafts and archived plans are not exams anyone sits.
  const liveSession = inArray(examPlans.state, [
    'published',
    'registration_closed',
    'tickets_issued',
    'exam_held',
  ]);
  const now = new Date();
  const today = chinaDayRange(chinaToday(now));

  const [candidates] = await db
    .select({ n: countDistinct(enrollments.learnerId) })
    .from(enrollments)
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .where(and(inScope, sql`${enrollments.state} <> 'cancelled'`));
  const [learnerTotal] = scope ? [undefined] : await db.select({ n: count() }).from(learners);
  const [openPlans] = await db
    .select({ n: count() })
    .from(examPlans)
    .where(
      and(
        inScope,
        eq(examPlans.state, 'published'),
        lte(examPlans.registrationStartsAt, now),
        gt(examPlans.registrationEndsAt, now),
      ),
    );
  const plansByState = await db
    .select({ state: examPlans.state, n: count() })
    .from(examPlans)
    .where(inScope)
    .groupBy(examPlans.state);
  const enrollmentStates = await db
    .select({ state: enrollments.state, n: count() })
    .from(enrollments)
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .where(inScope)
    .groupBy(enrollments.state);
  const [todaysExams] = await db
    .select({ n: count() })
    .from(examSessions)
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .where(
      and(
        inScope,
        liveSession,
        gte(examSessions.startsAt, today.start),
        lt(examSessions.startsAt, today.end),
      ),
    );
  const [paidToday] = await db
    .select({ n: count(), total: sum(orders.amountFen) })
    .from(orders)
    .innerJoin(enrollments, and(eq(orders.itemType, 'enrollment'), eq(enrollments.id, orders.itemId)))
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .where(
      and(inScope, eq(orders.state, 'paid'), gte(orders.paidAt, today.start), lt(orders.paidAt, today.end)),
    );
  const upcomingSessions = await db
    .select({
      id: examSessions.id,
      planId: examPlans.id,
      planTitle: examPlans.title,
      kind: examSessions.kind,
      name: examSessions.name,
      startsAt: examSessions.startsAt,
      endsAt: examSessions.endsAt,
    })
    .from(examSessions)
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .where(and(inScope, liveSession, gte(examSessions.startsAt, now)))
    .orderBy(asc(examSessions.startsAt))
    .limit(5);
  const enrollmentsByState = byState(enrollmentStates);

  return {
    scope: scope ? 'college' : 'all',
    candidates: Number(candidates?.n ?? 0),
    learners_total: learnerTotal ? Number(learnerTotal.n) : null,
    open_plans: Number(openPlans?.n ?? 0),
    plans_by_state: Object.fromEntries(plansByState.map((r) => [r.state, Number(r.n)])),
    pending_reviews: enrollmentsByState.submitted ?? 0,
    enrollments_by_state: enrollmentsByState,
    todays_exams: Number(todaysExams?.n ?? 0),
    paid_orders_today: Number(paidToday?.n ?? 0),
    paid_amount_today_fen: Number(paidToday?.total ?? 0),
    upcoming_sessions: upcomingSessions.map((s) => ({
      id: s.id,
      plan_id: s.planId,
      plan_title: s.planTitle,
      kind: s.kind,
      name: s.name,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
    })),
  };
}

export async function learnerSummary(db: DbOrTx, learnerId: number): Promise<LearnerSummary> {
  const learner = await loadLearner(db, learnerId);
  const missing = missingProfileFields(learner);
  const states = await db
    .select({ state: enrollments.state, n: count() })
    .from(enrollments)
    .where(eq(enrollments.learnerId, learnerId))
    .groupBy(enrollments.state);
  const [unpaid] = await db
    .select({ n: count(), total: sum(orders.amountFen) })
    .from(orders)
    .where(and(eq(orders.learnerId, learnerId), eq(orders.state, 'pending')));
  const [awaitingOrder] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.learnerId, learnerId), eq(enrollments.state, 'approved')));
  const now = new Date();
  const [next] = await db
    .select({
      planId: examPlans.id,
      planTitle: examPlans.title,
      enrollmentId: enrollments.id,
      sessionName: examSessions.name,
      kind: examSessions.kind,
      startsAt: examSessions.startsAt,
      endsAt: examSessions.endsAt,
    })
    .from(enrollments)
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .innerJoin(examSessions, eq(examSessions.planId, examPlans.id))
    .where(
      and(
        eq(enrollments.learnerId, learnerId),
        inArray(enrollments.state, ['approved', 'paid', 'ticket_issued']),
        gt(examSessions.endsAt, now),
      ),
    )
    .orderBy(asc(examSessions.startsAt))
    .limit(1);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.learnerId, learnerId)),
    )
    .where(
      and(
        or(eq(notifications.learnerId, learnerId), isNull(notifications.learnerId)),
        isNull(notificationReads.notificationId),
      ),
    );
  return {
    profile_complete: missing.length === 0,
    missing_fields: missing.map((field) => ({ field, label: PROFILE_REQUIRED_FIELDS[field] })),
    enrollments_by_state: byState(states),
    unpaid_orders: Number(unpaid?.n ?? 0),
    unpaid_amount_fen: Number(unpaid?.total ?? 0),
    approved_awaiting_payment: Number(awaitingOrder?.n ?? 0),
    next_exam: next
      ? {
          plan_id: next.planId,
          plan_title: next.planTitle,
          enrollment_id: next.enrollmentId,
          session_name: next.sessionName,
          kind: next.kind,
          starts_at: next.startsAt.toISOString(),
          ends_at: next.endsAt.toISOString(),
        }
      : null,
    unread_notifications: Number(unread?.n ?? 0),
  };
}
