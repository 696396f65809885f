// The answers of the exam chain's back-office endpoints (plans, enrolments, rooms, staff), read through
// the shared answer schemas the client is typed and checked by: a server answer that drifts from its
// schema fails here instead of on a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeEnrollmentListAnswer, enrollmentListAnswer } from '../../src/shared/enrollments/schema.ts';
import { planDetailAnswer, planListAnswer, planOptionsAnswer } from '../../src/shared/plans/schema.ts';
import {
  roomAnswer,
  roomListAnswer,
  sessionAvailabilityAnswer,
  siteAnswer,
  siteListAnswer,
} from '../../src/shared/rooms/schema.ts';
import {
  staffAnswer,
  staffDutyAnswer,
  staffDutyListAnswer,
  staffListAnswer,
} from '../../src/shared/staff/schema.ts';
import { noContentAnswer } from '../../src/shared/api/answers.ts';
import {
  batchApproveAnswer,
  reviewDetailAnswer,
  reviewQueueAnswer,
} from '../../src/shared/reviews/schema.ts';
import { answerOf } from '../helpers/answers.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { CANDIDATE_USERNAMES, ensureCertificationDemo, paidPlan } from '../helpers/certificates.ts';
import {
  feeHistoryAnswer,
  orderListAnswer,
  orderReceiptAnswer,
  planFeeListAnswer,
  reconciliationAnswer,
} from '../../src/shared/payments/schema.ts';
import {
  learnerScoreListAnswer,
  planScoreListAnswer,
  scoreAnswer,
  scoresPublishedAnswer,
} from '../../src/shared/scores/schema.ts';
import {
  admissionTicketListAnswer,
  autoSeatAnswer,
  planSeatListAnswer,
  seatsClearedAnswer,
  ticketsIssuedAnswer,
} from '../../src/shared/tickets/schema.ts';

let ctx: TestContext;
let manager: string;
let college: string;
let learner: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [manager, college, learner] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

describe('answers of the exam chain', () => {
  it('plans: options, the list, a detail with its sessions', async () => {
    const options = answerOf(planOptionsAnswer, await call('GET', '/v1/admin/plans/options', manager));
    expect(options.colleges.length).toBeGreaterThan(0);
    const plans = answerOf(planListAnswer, await call('GET', '/v1/admin/plans?page=1&limit=50', manager));
    expect(plans.data.length).toBeGreaterThan(0);
    const withSessions = plans.data.find((plan) => plan.exam_starts_at !== null) ?? plans.data[0]!;
    const detail = answerOf(
      planDetailAnswer,
      await call('GET', `/v1/admin/plans/${withSessions.id}`, manager),
    );
    expect(detail.id).toBe(withSessions.id);
  });

  it('enrolments: the learner’s own and the college’s candidates', async () => {
    answerOf(enrollmentListAnswer, await call('GET', '/v1/enrollments?page=1&limit=20', learner));
    const candidates = answerOf(
      collegeEnrollmentListAnswer,
      await call('GET', '/v1/college/enrollments?page=1&limit=20', college),
    );
    for (const candidate of candidates.data) expect(candidate.learner.id_card).not.toMatch(/^\d{18}$/);
  });

  it('sites and rooms: list, write, availability by session, delete', async () => {
    answerOf(siteListAnswer, await call('GET', '/v1/admin/sites?page=1&limit=20', manager));
    const site = answerOf(
      siteAnswer,
      await call('POST', '/v1/admin/sites', manager, { name: '答案考点', address: '南京市答案路 1 号' }),
    );
    const room = answerOf(
      roomAnswer,
      await call('POST', '/v1/admin/rooms', manager, {
        site_id: site.id,
        name: '答案考场',
        capacity: 20,
        rows: 4,
        cols: 5,
        enabled: true,
      }),
    );
    answerOf(roomAnswer, await call('GET', `/v1/admin/rooms/${room.id}`, manager));
    answerOf(
      roomListAnswer,
      await call('GET', `/v1/admin/rooms?page=1&limit=20&site_id=${site.id}`, manager),
    );

    const plans = answerOf(planListAnswer, await call('GET', '/v1/admin/plans?page=1&limit=50', manager));
    const details = await Promise.all(
      plans.data.map(async (plan) =>
        answerOf(planDetailAnswer, await call('GET', `/v1/admin/plans/${plan.id}`, manager)),
      ),
    );
    const session = details.flatMap((plan) => plan.sessions)[0];
    expect(session).toBeDefined();
    const availability = answerOf(
      sessionAvailabilityAnswer,
      await call('GET', `/v1/admin/rooms/availability?session_id=${session!.id}`, manager),
    );
    expect(availability.data.some((r) => r.id === room.id)).toBe(true);

    answerOf(noContentAnswer, await call('DELETE', `/v1/admin/rooms/${room.id}`, manager));
    answerOf(noContentAnswer, await call('DELETE', `/v1/admin/sites/${site.id}`, manager));
  });

  it('staff and their duties', async () => {
    const staff = answerOf(
      staffAnswer,
      await call('POST', '/v1/admin/staff', manager, {
        name: '答案监考',
        phone: '13900001234',
        role: 'invigilator',
      }),
    );
    answerOf(staffListAnswer, await call('GET', '/v1/admin/staff?page=1&limit=20', manager));
    const rooms = answerOf(roomListAnswer, await call('GET', '/v1/admin/rooms?page=1&limit=20', manager));
    const plans = answerOf(planListAnswer, await call('GET', '/v1/admin/plans?page=1&limit=50', manager));
    const sessions = (
      await Promise.all(
        plans.data.map(async (plan) =>
          answerOf(planDetailAnswer, await call('GET', `/v1/admin/plans/${plan.id}`, manager)),
        ),
      )
    ).flatMap((plan) => plan.sessions);
    const duty = answerOf(
      staffDutyAnswer,
      await call('POST', '/v1/admin/staff-assignments', manager, {
        staff_id: staff.id,
        room_id: rooms.data[0]!.id,
        session_id: sessions[0]!.id,
      }),
    );
    const duties = answerOf(
      staffDutyListAnswer,
      await call('GET', `/v1/admin/staff-assignments?page=1&limit=20&staff_id=${staff.id}`, manager),
    );
    expect(duties.data.map((d) => d.id)).toContain(duty.id);
    answerOf(noContentAnswer, await call('DELETE', `/v1/admin/staff-assignments/${duty.id}`, manager));
  });
});

describe('answers of the review queue', () => {
  it('the queue and one enrolment as the reviewer sees it, with the learner’s profile', async () => {
    answerOf(reviewQueueAnswer, await call('GET', '/v1/admin/reviews?page=1&limit=20', manager));
    const candidates = answerOf(
      collegeEnrollmentListAnswer,
      await call('GET', '/v1/college/enrollments?page=1&limit=20', college),
    );
    const enrollment = candidates.data[0];
    expect(enrollment).toBeDefined();
    const detail = answerOf(
      reviewDetailAnswer,
      await call('GET', `/v1/admin/enrollments/${enrollment!.id}`, manager),
    );
    expect(detail.learner_profile.id).toBe(detail.learner.id);
    // Not waiting for review: skipped, with the reason.
    const batch = answerOf(
      batchApproveAnswer,
      await call('POST', '/v1/admin/enrollments/batch-approve', manager, { ids: [enrollment!.id] }),
    );
    expect(batch.approved.length + batch.skipped.length).toBe(1);
  });
});

describe('answers of seating, tickets, scores and payments', () => {
  it('a paid plan seated, ticketed, scored and published; the learner’s lists; the finance pages', async () => {
    const { planId } = await paidPlan(ctx, { usernames: CANDIDATE_USERNAMES.slice(0, 2), examDay: -5 });
    const seats = answerOf(
      planSeatListAnswer,
      await call('GET', `/v1/admin/plans/${planId}/seats?page=1&limit=20`, manager),
    );
    const seatAll = () => call('POST', `/v1/admin/plans/${planId}/seats/auto`, manager, {});
    answerOf(autoSeatAnswer, await seatAll());
    answerOf(seatsClearedAnswer, await call('DELETE', `/v1/admin/plans/${planId}/seats`, manager));
    answerOf(autoSeatAnswer, await seatAll());
    answerOf(ticketsIssuedAnswer, await call('POST', `/v1/admin/plans/${planId}/tickets/issue`, manager, {}));
    expect(seats.summary.paid).toBe(2);

    const scores = answerOf(
      planScoreListAnswer,
      await call('GET', `/v1/admin/plans/${planId}/scores?page=1&limit=20`, manager),
    );
    for (const row of scores.data)
      answerOf(
        scoreAnswer,
        await call('PUT', `/v1/admin/enrollments/${row.enrollment_id}/score`, manager, {
          theory: 80,
          practical: 75,
          absent: false,
          cheating: false,
        }),
      );
    answerOf(
      scoresPublishedAnswer,
      await call('POST', `/v1/admin/plans/${planId}/scores/publish`, manager, {}),
    );

    const candidate = await login(ctx.app, CANDIDATE_USERNAMES[0]!, 'learners');
    answerOf(
      admissionTicketListAnswer,
      await call('GET', '/v0/user/occupational-skill-tests/admissionDownload?page=1&limit=20', candidate),
    );
    answerOf(
      learnerScoreListAnswer,
      await call('GET', '/v0/user/occupational-skill-tests/examScores?page=1&limit=20', candidate),
    );
    const orders = answerOf(
      orderListAnswer,
      await call('GET', '/v1/finance/pay/user/list?page=1&limit=20', candidate),
    );
    answerOf(orderReceiptAnswer, await call('GET', `/v1/orders/${orders.data[0]!.order_no}`, candidate));

    answerOf(orderListAnswer, await call('GET', '/v1/admin/finance/orders?page=1&limit=20', manager));
    const today = new Date().toISOString().slice(0, 10);
    answerOf(
      reconciliationAnswer,
      await call('GET', `/v1/admin/finance/reconciliation?date=${today}&gateway=sandbox`, manager),
    );
    const fees = answerOf(
      planFeeListAnswer,
      await call('GET', '/v1/admin/finance/fees?page=1&limit=20', manager),
    );
    answerOf(
      feeHistoryAnswer,
      await call('GET', `/v1/admin/finance/fees/${fees.data[0]!.plan_id}/history`, manager),
    );
  });
});
