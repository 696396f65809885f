// Payment security: production refuses to start without a strong PAYMENT_SECRET and serves no sandbox
// unless it is enabled; the sandbox pay page acts only for the order's own learner; notifies that fail
// verification are rate limited and kept only in a bounded form.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { enrollments, orders, paymentEvents } from '../../src/server/db/schema/index.ts';
const NOTIFY_RATE_LIMIT = { max: 30 };
import { signPayload } from '../../src/server/payments/sandbox.ts';
const REJECTED_NOTIFY_KEPT_CHARS = 2048;
import { STORAGE_KEYS } from '../../src/shared/api/constants.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import {
  collegeIds,
  createLearners,
  occupationId,
  openPlan,
  planBody,
  type TestLearner,
} from '../helpers/enrollments.ts';

const STRONG_SECRET = 'k3J9x0QvL2mN8pR4sT6uW1yZ5aB7cD9e';
/** The key every copy of the code knows: what a forger would sign with. */
const WELL_KNOWN_SECRET = 'sandbox-gateway-secret';

let ctx: TestContext;
let manager: string;
let planId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await login(ctx.app, 'manager', 'administrators');
  const colleges = await collegeIds(ctx.app.db);
  planId = await openPlan(
    ctx.app,
    manager,
    planBody(await occupationId(ctx.app, manager), colleges.jiangnan, { fee_fen: 12_000 }),
  );
});
afterAll(() => ctx.close());

const post = (url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method: 'POST', url, token, payload });

/** A learner with a pending order and its sandbox transaction. */
async function pendingPayment(): Promise<{
  who: TestLearner;
  enrollmentId: number;
  orderNo: string;
  payUrl: string;
}> {
  const [who] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
  const applied = await post('/api/v1/enrollments', who!.token, { plan_id: planId, form: {} });
  const enrollmentId = (applied.json() as { id: number }).id;
  expect((await post(`/api/v1/admin/enrollments/${enrollmentId}/approve`, manager)).statusCode).toBe(200);
  const order = (await post(`/api/v1/enrollments/${enrollmentId}/order`, who!.token)).json() as {
    order_no: string;
  };
  const pay = (await post(`/api/v1/orders/${order.order_no}/pay`, who!.token)).json() as { pay_url: string };
  return { who: who!, enrollmentId, orderNo: order.order_no, payUrl: pay.pay_url };
}

async function stateOf(orderNo: string, enrollmentId: number) {
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [enrollment] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
  return { order: order!.state, enrollment: enrollment!.state };
}

const confirmAs = (payUrl: string, auth: { token?: string; cookie?: string } = {}) =>
  request(ctx.app, {
    method: 'POST',
    url: `${payUrl}/confirm`,
    token: auth.token,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth.cookie ? { cookie: `${STORAGE_KEYS.learnerToken}=${auth.cookie}` } : {}),
    },
    payload: '',
  });

describe('production configuration', () => {
  const production = { NODE_ENV: 'production', DATA_DIR: '.tmp/config-test' };

  it('refuses to start without a PAYMENT_SECRET, or with a short one', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENT_SECRET/);
    expect(() => loadConfig({ ...production, PAYMENT_SECRET: '' })).toThrow(/PAYMENT_SECRET/);
    expect(() => loadConfig({ ...production, PAYMENT_SECRET: WELL_KNOWN_SECRET })).toThrow(/at least 32/);
    expect(() => loadConfig({ ...production, PAYMENT_SECRET: 'x'.repeat(31) })).toThrow(/PAYMENT_SECRET/);
    expect(loadConfig({ ...production, PAYMENT_SECRET: STRONG_SECRET }).paymentSecret).toBe(STRONG_SECRET);
  });

  it('serves the sandbox gateway in production only when PAYMENT_SANDBOX enables it', () => {
    expect(loadConfig({ ...production, PAYMENT_SECRET: STRONG_SECRET }).paymentSandbox).toBe(false);
    expect(
      loadConfig({ ...production, PAYMENT_SECRET: STRONG_SECRET, PAYMENT_SANDBOX: 'on' }).paymentSandbox,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: '.tmp/config-test' }).paymentSandbox).toBe(true);
    expect(loadConfig({ DATA_DIR: '.tmp/config-test', PAYMENT_SANDBOX: 'off' }).paymentSandbox).toBe(false);
  });

  it('a production server has no sandbox pay page or notify, and a notify signed with the well-known key pays nothing', async () => {
    const { orderNo, payUrl } = await pendingPayment();
    const prod = await createTestApp({
      NODE_ENV: 'production',
      CAPTCHA: 'on',
      PAYMENT_SECRET: STRONG_SECRET,
    });
    try {
      const payload = {
        event_id: 'EVT-forged',
        trade_no: payUrl.split('/').pop()!,
        order_no: orderNo,
        amount_fen: 12_000,
        status: 'SUCCESS',
        paid_at: new Date().toISOString(),
      };
      const forged = { ...payload, sign: signPayload(WELL_KNOWN_SECRET, payload) };
      const notify = await request(prod.app, {
        method: 'POST',
        url: '/api/v1/payments/sandbox/notify',
        payload: forged,
      });
      expect(notify.statusCode).toBe(404);
      expect((await request(prod.app, { method: 'GET', url: payUrl })).statusCode).toBe(404);
      expect((await request(prod.app, { method: 'POST', url: `${payUrl}/confirm` })).statusCode).toBe(404);

      // Enabled on purpose (a staging server): the configured secret is what counts, not the well-known one.
      const staging = await createTestApp({
        NODE_ENV: 'production',
        CAPTCHA: 'on',
        PAYMENT_SECRET: STRONG_SECRET,
        PAYMENT_SANDBOX: 'on',
      });
      try {
        const refused = await request(staging.app, {
          method: 'POST',
          url: '/api/v1/payments/sandbox/notify',
          payload: forged,
        });
        expect(refused.statusCode).toBe(400);
      } finally {
        await staging.close();
      }
    } finally {
      await prod.close();
    }
  });
});

describe('sandbox pay page', () => {
  it('shows and confirms nothing without the learner session, or for another learner or an administrator', async () => {
    const { enrollmentId, orderNo, payUrl } = await pendingPayment();
    const [other] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);

    const anonymousPage = await request(ctx.app, { method: 'GET', url: payUrl });
    expect(anonymousPage.statusCode).toBe(401);
    expect(anonymousPage.body).not.toContain(orderNo);
    expect((await request(ctx.app, { method: 'GET', url: payUrl, token: other!.token })).statusCode).toBe(
      403,
    );

    expect((await confirmAs(payUrl)).statusCode).toBe(401);
    expect((await confirmAs(payUrl, { token: 'not-a-live-session-token-at-all' })).statusCode).toBe(401);
    expect((await confirmAs(payUrl, { token: other!.token })).statusCode).toBe(403);
    expect((await confirmAs(payUrl, { cookie: other!.token })).statusCode).toBe(403);
    expect((await confirmAs(payUrl, { token: manager })).statusCode).toBe(403);
    const cancel = await request(ctx.app, {
      method: 'POST',
      url: `${payUrl}/cancel`,
      token: other!.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(403);
    expect(await stateOf(orderNo, enrollmentId)).toEqual({ order: 'pending', enrollment: 'approved' });
  });

  it('confirms for the order’s own learner, whose browser carries the session cookie', async () => {
    const { who, enrollmentId, orderNo, payUrl } = await pendingPayment();
    const page = await request(ctx.app, {
      method: 'GET',
      url: payUrl,
      headers: { cookie: `${STORAGE_KEYS.learnerToken}=${who.token}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('确认支付');
    const confirmed = await confirmAs(payUrl, { cookie: who.token });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/userCenter/myOrder?order_no=${orderNo}`);
    expect(await stateOf(orderNo, enrollmentId)).toEqual({ order: 'paid', enrollment: 'paid' });
  });
});

describe('rejected notifies', () => {
  const notify = (payload: unknown, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/notify',
      payload: payload as Json,
      remoteAddress,
    });

  it('limits a sender of malformed notifies and keeps none of their junk', async () => {
    const before = await ctx.app.db.select({ id: paymentEvents.id }).from(paymentEvents);
    const junk = { event_id: 'junk', order_no: 'junk', filler: 'x'.repeat(40_000) };
    const statuses: number[] = [];
    for (let i = 0; i < NOTIFY_RATE_LIMIT.max + 5; i++)
      statuses.push((await notify(junk, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, NOTIFY_RATE_LIMIT.max).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(NOTIFY_RATE_LIMIT.max)).toEqual(Array(5).fill(429));
    // Another sender is not held back by the first one.
    expect((await notify(junk, '203.0.113.8')).statusCode).toBe(400);
    const after = await ctx.app.db.select({ id: paymentEvents.id }).from(paymentEvents);
    expect(after.length).toBe(before.length);
    // A body far beyond any notify is refused before it is read in full.
    const huge = await notify({ filler: 'x'.repeat(200_000) }, '203.0.113.9');
    expect(huge.statusCode).toBe(422);
  });

  it('keeps a wrongly signed notify in a bounded form', async () => {
    const { orderNo } = await pendingPayment();
    const payload = {
      event_id: 'EVT-bounded',
      trade_no: 'SBX-bounded',
      order_no: orderNo,
      amount_fen: 12_000,
      status: 'SUCCESS',
      paid_at: new Date().toISOString(),
      memo: 'y'.repeat(50_000),
    };
    const res = await notify({ ...payload, sign: signPayload('guess', payload) }, '203.0.113.20');
    expect(res.statusCode).toBe(400);
    const [kept] = await ctx.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'EVT-bounded'));
    expect(kept).toMatchObject({ signatureOk: false, outcome: 'bad_signature', orderNo });
    expect(JSON.stringify(kept!.payload).length).toBeLessThan(REJECTED_NOTIFY_KEPT_CHARS + 200);
  });

  it('never holds back correctly signed notifies from a busy sender', async () => {
    const secret = ctx.app.config.paymentSecret;
    const address = '203.0.113.30';
    for (let i = 0; i < NOTIFY_RATE_LIMIT.max; i++) {
      expect((await notify({ event_id: `junk-${i}` }, address)).statusCode).toBe(400);
    }
    expect((await notify({ event_id: 'junk-over' }, address)).statusCode).toBe(429);
    const payload = {
      event_id: 'EVT-unknown-order',
      trade_no: 'SBX-unknown',
      order_no: '00000000000000000000',
      amount_fen: 1,
      status: 'SUCCESS',
      paid_at: new Date().toISOString(),
    };
    const signed = await notify({ ...payload, sign: signPayload(secret, payload) }, address);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ code: 'SUCCESS', outcome: 'unknown_order' });
  });
});
