// Orders and payment through the sandbox gateway: idempotent order creation, the pay page and its
// signed notify, replays and forged notifies changing nothing, learner isolation, the statement,
// reconciliation and pricing with history.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrollments,
  orders,
  paymentEvents,
  planFeeHistory,
  systemLogs,
} from '../../src/server/db/schema/index.ts';
import { SandboxGateway, signPayload } from '../../src/server/payments/sandbox.ts';
import { chinaToday } from '../../src/shared/api/china-time.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import {
  collegeIds,
  createLearners,
  occupationId,
  openPlan,
  planBody,
  type TestLearner,
} from '../helpers/enrollments.ts';

let ctx: TestContext;
let manager: string;
let founder: string;
let college: string;
let learner: string;
let learner2: string;
let planId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await login(ctx.app, 'manager', 'administrators');
  founder = await login(ctx.app, 'founder', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  const colleges = await collegeIds(ctx.app.db);
  planId = await openPlan(
    ctx.app,
    manager,
    planBody(await occupationId(ctx.app, manager), colleges.jiangnan, { fee_fen: 23_800 }),
  );
});
afterAll(() => ctx.close());

const post = (url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method: 'POST', url, token, payload });
const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url, token });

/** A learner with an approved enrolment in the test plan. */
async function approvedCandidate(): Promise<{ who: TestLearner; enrollmentId: number }> {
  const [who] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
  const applied = await post('/api/v1/enrollments', who!.token, { plan_id: planId, form: {} });
  const enrollmentId = (applied.json() as { id: number }).id;
  expect((await post(`/api/v1/admin/enrollments/${enrollmentId}/approve`, manager)).statusCode).toBe(200);
  return { who: who!, enrollmentId };
}

async function stateOf(orderNo: string, enrollmentId: number) {
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [enrollment] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
  return { order: order!.state, enrollment: enrollment!.state };
}

describe('orders', () => {
  it('creates one pending order for an approved enrolment, at the plan fee, idempotently', async () => {
    const { who, enrollmentId } = await approvedCandidate();
    const first = await post(`/api/v1/enrollments/${enrollmentId}/order`, who.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      state: 'pending',
      amount_fen: 23_800,
      item_type: 'enrollment',
      item_id: enrollmentId,
    });
    const again = await Promise.all(
      [1, 2, 3].map(() => post(`/api/v1/enrollments/${enrollmentId}/order`, who.token)),
    );
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect((res.json() as Json).order_no).toBe((first.json() as Json).order_no);
    }
    const list = (await get('/api/v1/finance/pay/user/list', who.token)).json() as {
      data: unknown[];
      meta: Json;
    };
    expect(list.meta.total).toBe(1);
  });

  it('refuses an order before approval', async () => {
    const [who] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const applied = await post('/api/v1/enrollments', who!.token, { plan_id: planId, form: {} });
    const res = await post(`/api/v1/enrollments/${(applied.json() as { id: number }).id}/order`, who!.token);
    expect(res.statusCode).toBe(409);
    expect((res.json() as Json).message).toBe('报名审核通过后才能缴费');
  });
});

describe('sandbox payment', () => {
  it('pays through the pay page: signed notify, order and enrolment paid together, learner notified', async () => {
    const { who, enrollmentId } = await approvedCandidate();
    const order = (await post(`/api/v1/enrollments/${enrollmentId}/order`, who.token)).json() as {
      order_no: string;
    };
    const pay = await post(`/api/v1/orders/${order.order_no}/pay`, who.token);
    expect(pay.statusCode).toBe(200);
    const { pay_url, trade_no } = pay.json() as { pay_url: string; trade_no: string };
    expect(pay_url).toBe(`/api/v1/payments/sandbox/pay/${trade_no}`);

    const page = await get(pay_url, who.token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('¥238.00');
    expect(page.body).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const confirm = await request(ctx.app, {
      method: 'POST',
      url: `${pay_url}/confirm`,
      token: who.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/userCenter/myOrder?order_no=${order.order_no}`);
    expect(await stateOf(order.order_no, enrollmentId)).toEqual({ order: 'paid', enrollment: 'paid' });

    const detail = (await get(`/api/v1/orders/${order.order_no}`, who.token)).json() as Json;
    expect(detail).toMatchObject({ state: 'paid', gateway: 'sandbox', gateway_trade_no: trade_no });
    const summary = (await get('/api/v1/learner/summary', who.token)).json() as {
      enrollments_by_state: Record<string, number>;
    };
    expect(summary.enrollments_by_state.paid).toBe(1);
    expect((await post(`/api/v1/orders/${order.order_no}/pay`, who.token)).statusCode).toBe(409);
  });

  it('changes nothing when a notify is replayed 5 times or carries a bad signature', async () => {
    const { who, enrollmentId } = await approvedCandidate();
    const order = (await post(`/api/v1/enrollments/${enrollmentId}/order`, who.token)).json() as {
      order_no: string;
    };
    const { trade_no } = (await post(`/api/v1/orders/${order.order_no}/pay`, who.token)).json() as {
      trade_no: string;
    };
    const secret = ctx.app.config.paymentSecret;
    // The payer confirms at the gateway; we hold the gateway's signed notify instead of letting it deliver.
    const genuine = (await new SandboxGateway(secret).confirm(ctx.app.db, trade_no))!;
    const { sign: _sign, ...payload } = genuine;

    // Forged: wrong secret, and a tampered amount under a valid-looking signature.
    const forged = await post('/api/v1/payments/sandbox/notify', undefined, {
      ...payload,
      sign: signPayload('guess', payload),
    });
    expect(forged.statusCode).toBe(400);
    expect((forged.json() as Json).message).toBe('签名验证失败');
    const tampered = await post('/api/v1/payments/sandbox/notify', undefined, {
      ...payload,
      amount_fen: 1,
      sign: signPayload(secret, payload),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await stateOf(order.order_no, enrollmentId)).toEqual({ order: 'pending', enrollment: 'approved' });

    // A correctly signed notify for a different amount is recorded but not applied.
    const wrongAmount = { ...payload, event_id: `${payload.event_id}-x`, amount_fen: 100 };
    const mismatch = await post('/api/v1/payments/sandbox/notify', undefined, {
      ...wrongAmount,
      sign: signPayload(secret, wrongAmount),
    });
    expect(mismatch.json()).toEqual({ code: 'SUCCESS', outcome: 'amount_mismatch' });
    expect(await stateOf(order.order_no, enrollmentId)).toEqual({ order: 'pending', enrollment: 'approved' });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/v1/payments/sandbox/notify', undefined, genuine)),
    );
    const outcomes = answers.map((r) => (r.json() as { outcome: string }).outcome).sort();
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await stateOf(order.order_no, enrollmentId)).toEqual({ order: 'paid', enrollment: 'paid' });
    const [before] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, order.order_no));

    for (let i = 0; i < 5; i++) {
      const replay = await post('/api/v1/payments/sandbox/notify', undefined, genuine);
      expect(replay.json()).toEqual({ code: 'SUCCESS', outcome: 'duplicate' });
    }
    const [after] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    expect(after).toEqual(before);
    const events = await ctx.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderNo, order.order_no));
    expect(events.filter((e) => e.signatureOk && e.outcome === 'applied')).toHaveLength(1);
    expect(events.filter((e) => !e.signatureOk)).toHaveLength(2);
  });
});

describe('learner isolation', () => {
  it('never lets learner2 read, change or pay learner’s enrolments and orders', async () => {
    const mine = (await get('/api/v1/finance/pay/user/list', learner)).json() as {
      data: { order_no: string }[];
    };
    expect(mine.data.length).toBeGreaterThan(0);
    const orderNo = mine.data[0]!.order_no;
    expect((await get(`/api/v1/orders/${orderNo}`, learner2)).statusCode).toBe(404);
    expect((await post(`/api/v1/orders/${orderNo}/pay`, learner2)).statusCode).toBe(404);
    const theirs = (await get('/api/v1/finance/pay/user/list', learner2)).json() as {
      data: { order_no: string }[];
    };
    expect(theirs.data.map((o) => o.order_no)).not.toContain(orderNo);

    const enrolments = (await get('/api/v1/enrollments', learner)).json() as {
      data: { id: number; state: string }[];
    };
    const paid = enrolments.data.find((e) => e.state === 'paid')!;
    for (const res of [
      await get(`/api/v1/enrollments/${paid.id}`, learner2),
      await post(`/api/v1/enrollments/${paid.id}/order`, learner2),
      await request(ctx.app, {
        method: 'PUT',
        url: `/api/v1/enrollments/${paid.id}`,
        token: learner2,
        payload: {},
      }),
      await request(ctx.app, { method: 'DELETE', url: `/api/v1/enrollments/${paid.id}`, token: learner2 }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    // Staff endpoints are closed to learners.
    expect((await get(`/api/v1/admin/enrollments/${paid.id}`, learner2)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/finance/fees', learner2)).statusCode).toBe(403);
  });
});

describe('finance', () => {
  it('exports the gateway statement and reconciles it against the orders', async () => {
    const today = chinaToday();
    const statement = await get(`/api/v1/admin/finance/statement?date=${today}`, founder);
    expect(statement.statusCode).toBe(200);
    const rows = (statement.json() as { data: { order_no: string; trade_no: string; amount_fen: number }[] })
      .data;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const csv = await get(`/api/v1/admin/finance/statement?date=${today}&format=csv`, founder);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('trade_no,order_no,amount_fen,status,paid_at');

    const fetched = await get(`/api/v1/admin/finance/reconciliation?date=${today}`, manager);
    expect(fetched.statusCode).toBe(200);
    const report = fetched.json() as { summary: Json & { balanced: boolean; matched: number } };
    expect(report.summary.balanced).toBe(true);
    expect(report.summary.matched).toBe(rows.length);

    // An uploaded statement with one amount changed, one row removed and one unknown trade added.
    const lines = csv.body.trim().split('\r\n');
    const [header, first, second, ...rest] = lines;
    const cells = first!.split(',');
    cells[2] = String(Number(cells[2]) + 1);
    const uploaded = [header, cells.join(','), ...rest, 'SBXUNKNOWN,20990101000000000000,500,SUCCESS,'].join(
      '\n',
    );
    const res = await post('/api/v1/admin/finance/reconciliation', manager, { date: today, csv: uploaded });
    expect(res.statusCode).toBe(200);
    const diff = res.json() as {
      summary: Json;
      amount_mismatch: { order_no: string }[];
      missing_in_statement: { order_no: string }[];
      missing_in_orders: { trade_no: string }[];
    };
    expect(diff.summary.balanced).toBe(false);
    expect(diff.amount_mismatch.map((r) => r.order_no)).toEqual([cells[1]]);
    expect(diff.missing_in_statement.map((r) => r.order_no)).toEqual([second!.split(',')[1]]);
    expect(diff.missing_in_orders.map((r) => r.trade_no)).toEqual(['SBXUNKNOWN']);

    expect((await get(`/api/v1/admin/finance/reconciliation?date=${today}`, college)).statusCode).toBe(403);
  });

  it('changes a plan fee with a reason, keeps the history and logs it', async () => {
    const list = (await get('/api/v1/admin/finance/fees?limit=100', manager)).json() as {
      data: { plan_id: number; fee_fen: number }[];
    };
    expect(list.data.find((p) => p.plan_id === planId)?.fee_fen).toBe(23_800);
    const noReason = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/finance/fees/${planId}`,
      token: manager,
      payload: { fee_fen: 25_000 },
    });
    expect(noReason.statusCode).toBe(422);
    const res = await request(ctx.app, {
      method: 'PUT',
      url: `/api/v1/admin/finance/fees/${planId}`,
      token: manager,
      payload: { fee_fen: 25_000, reason: '物价局核定新标准' },
    });
    expect(res.statusCode).toBe(200);
    const history = (
      res.json() as { data: { fee_fen: number; previous_fee_fen: number | null; reason: string }[] }
    ).data;
    expect(history[0]).toMatchObject({
      fee_fen: 25_000,
      previous_fee_fen: 23_800,
      reason: '物价局核定新标准',
    });
    expect(history.at(-1)).toMatchObject({ fee_fen: 23_800, previous_fee_fen: null });
    const rows = await ctx.app.db.select().from(planFeeHistory).where(eq(planFeeHistory.planId, planId));
    expect(rows).toHaveLength(2);
    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.action, 'finance.fee_update'));
    expect(logs.some((l) => l.targetId === String(planId))).toBe(true);

    // New orders use the new fee; existing ones keep theirs.
    const { who, enrollmentId } = await approvedCandidate();
    const order = (await post(`/api/v1/enrollments/${enrollmentId}/order`, who.token)).json() as Json;
    expect(order.amount_fen).toBe(25_000);
  });
});
