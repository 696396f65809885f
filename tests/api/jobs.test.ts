// Background jobs in the database (background_jobs): a due job runs once, a failing one is retried with
// back-off and stops at max_attempts with its last error, a job whose runner died is taken over, two runners
// claiming at once never run one job twice (PostgreSQL), and the sandbox gateway's notify retry is such a job.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backgroundJobs, enrollments, orders, paymentEvents } from '../../src/server/db/schema/index.ts';
import { defineJob, enqueueJob, purgeOldJobs, runDueJobs } from '../../src/server/jobs/service.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { collegeIds, createLearners, occupationId, openPlan, planBody } from '../helpers/enrollments.ts';
import { secondProcess } from '../helpers/second-process.ts';

/** Job id → how many times its handler ran. */
const runs = new Map<number, number>();
const recorded = defineJob({
  kind: 'test.recorded',
  payload: z.object({ pause_ms: z.number().int().min(0) }),
  async run(_app, { pause_ms }, job) {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    if (pause_ms) await new Promise((resolve) => setTimeout(resolve, pause_ms));
  },
});
const failing = defineJob({
  kind: 'test.failing',
  payload: z.object({ n: z.number() }),
  maxAttempts: 3,
  retryDelaysMs: [10_000, 60_000],
  async run(_app, { n }, job) {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    throw new Error(`boom ${n} at attempt ${job.attempt}`);
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { runJobs: false });
});
afterAll(() => ctx.close());

async function jobRow(id: number) {
  const [row] = await ctx.app.db
    .select({
      attempts: backgroundJobs.attempts,
      lastError: backgroundJobs.lastError,
      done: sql<boolean>`${backgroundJobs.doneAt} is not null`,
      locked: sql<boolean>`${backgroundJobs.lockedUntil} is not null`,
      /** Seconds from now (the database's clock) until the job is due. */
      dueIn: sql<number>`extract(epoch from (${backgroundJobs.runAt} - now()))`.mapWith(Number),
    })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.id, id));
  return row!;
}

const makeDue = (id: number) =>
  ctx.app.db
    .update(backgroundJobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(backgroundJobs.id, id));

describe('background jobs', () => {
  it('runs a due job once, and a later one only when it is due', async () => {
    const now = await enqueueJob(ctx.app.db, recorded, { pause_ms: 0 });
    const later = await enqueueJob(ctx.app.db, recorded, { pause_ms: 0 }, { delayMs: 60_000 });
    expect(await runDueJobs(ctx.app)).toBe(1);
    expect(runs.get(now)).toBe(1);
    expect(await jobRow(now)).toMatchObject({ attempts: 1, done: true, locked: false, lastError: null });
    expect(await runDueJobs(ctx.app)).toBe(0);
    expect(runs.get(later)).toBeUndefined();
    expect((await jobRow(later)).dueIn).toBeGreaterThan(55);

    await makeDue(later);
    expect(await runDueJobs(ctx.app)).toBe(1);
    expect(runs.get(later)).toBe(1);
    expect(runs.get(now)).toBe(1);
  });

  it('queues a job with its transaction: rolled back, there is no job', async () => {
    const before = await ctx.app.db.select({ id: backgroundJobs.id }).from(backgroundJobs);
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await enqueueJob(tx, recorded, { pause_ms: 0 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await ctx.app.db.select({ id: backgroundJobs.id }).from(backgroundJobs)).toEqual(before);
  });

  it('retries a failing job with back-off and stops at max_attempts with the last error', async () => {
    const id = await enqueueJob(ctx.app.db, failing, { n: 7 });
    expect(await runDueJobs(ctx.app)).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 1, done: false, locked: false, lastError: 'boom 7 at attempt 1' });
    expect(row.dueIn).toBeGreaterThan(8);
    expect(row.dueIn).toBeLessThanOrEqual(10);
    expect(await runDueJobs(ctx.app)).toBe(0);

    await makeDue(id);
    expect(await runDueJobs(ctx.app)).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 2, lastError: 'boom 7 at attempt 2' });
    expect(row.dueIn).toBeGreaterThan(58);
    expect(row.dueIn).toBeLessThanOrEqual(60);

    await makeDue(id);
    expect(await runDueJobs(ctx.app)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ attempts: 3, done: false, lastError: 'boom 7 at attempt 3' });
    await makeDue(id);
    expect(await runDueJobs(ctx.app)).toBe(0);
    expect(runs.get(id)).toBe(3);
  });

  it('takes over a job whose runner died once its lease has lapsed', async () => {
    const id = await enqueueJob(ctx.app.db, recorded, { pause_ms: 0 });
    // Claimed by a runner that is still within its lease: left alone.
    await ctx.app.db
      .update(backgroundJobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(backgroundJobs.id, id));
    expect(await runDueJobs(ctx.app)).toBe(0);
    // The runner died: its lease lapses and another runner takes the job.
    await ctx.app.db
      .update(backgroundJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(backgroundJobs.id, id));
    expect(await runDueJobs(ctx.app)).toBe(1);
    expect(runs.get(id)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ attempts: 2, done: true, locked: false });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never runs one job twice when two processes claim at once (PostgreSQL)',
    async () => {
      const second = await secondProcess(ctx);
      try {
        const ids = await Promise.all(
          Array.from({ length: 30 }, () => enqueueJob(ctx.app.db, recorded, { pause_ms: 3 })),
        );
        const [first, other] = await Promise.all([
          runDueJobs(ctx.app, { limit: 100 }),
          runDueJobs(second.app, { limit: 100 }),
        ]);
        expect(first + other).toBe(ids.length);
        for (const id of ids) expect(runs.get(id), `job ${id}`).toBe(1);
        for (const id of ids) expect(await jobRow(id)).toMatchObject({ attempts: 1, done: true });
      } finally {
        await second.close();
      }
    },
  );

  it('purges jobs done a week ago and leaves the rest', async () => {
    const old = await enqueueJob(ctx.app.db, recorded, { pause_ms: 0 });
    const recent = await enqueueJob(ctx.app.db, recorded, { pause_ms: 0 }, { delayMs: 3_600_000 });
    await ctx.app.db
      .update(backgroundJobs)
      .set({ doneAt: sql`now() - interval '8 days'` })
      .where(eq(backgroundJobs.id, old));
    await purgeOldJobs(ctx.app.db);
    const left = await ctx.app.db.select({ id: backgroundJobs.id }).from(backgroundJobs);
    expect(left.map((r) => r.id)).toContain(recent);
    expect(left.map((r) => r.id)).not.toContain(old);
  });
});

describe('sandbox payment notify retry', () => {
  let manager: string;
  let planId: number;
  beforeAll(async () => {
    manager = await login(ctx.app, 'manager', 'administrators');
    const colleges = await collegeIds(ctx.app.db);
    planId = await openPlan(
      ctx.app,
      manager,
      planBody(await occupationId(ctx.app, manager), colleges.jiangnan, { fee_fen: 12_000 }),
    );
  });
  const post = (url: string, token: string, payload?: Json) =>
    request(ctx.app, { method: 'POST', url, token, payload });

  /** A learner's pending order on the sandbox pay page, with what the test looks at. */
  async function payableOrder() {
    const [who] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1);
    const token = who!.token;
    const applied = await post('/api/v1/enrollments', token, { plan_id: planId, form: {} });
    const enrollmentId = (applied.json() as { id: number }).id;
    expect((await post(`/api/v1/admin/enrollments/${enrollmentId}/approve`, manager)).statusCode).toBe(200);
    const { order_no } = (await post(`/api/v1/enrollments/${enrollmentId}/order`, token)).json() as {
      order_no: string;
    };
    const { pay_url } = (await post(`/api/v1/orders/${order_no}/pay`, token)).json() as { pay_url: string };
    return {
      confirm: () =>
        request(ctx.app, {
          method: 'POST',
          url: `${pay_url}/confirm`,
          token,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      async state() {
        const [order] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, order_no));
        const [enrollment] = await ctx.app.db
          .select()
          .from(enrollments)
          .where(eq(enrollments.id, enrollmentId));
        return { order: order!.state, enrollment: enrollment!.state };
      },
      retries: () =>
        ctx.app.db
          .select({ id: backgroundJobs.id, maxAttempts: backgroundJobs.maxAttempts })
          .from(backgroundJobs)
          .where(
            and(
              eq(backgroundJobs.kind, 'payment.sandbox-notify'),
              sql`${backgroundJobs.payload}->>'order_no' = ${order_no}`,
            ),
          ),
      async applied() {
        const events = await ctx.app.db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.orderNo, order_no));
        return events.filter((e) => e.signatureOk && e.outcome === 'applied').length;
      },
    };
  }

  it('retries an unacknowledged notify as a job: the order is paid once', async () => {
    const order = await payableOrder();
    // The platform cannot take the first delivery (its payment records are out of reach).
    await ctx.app.db.execute(sql`alter table payment_events rename to payment_events_away`);
    try {
      expect((await order.confirm()).statusCode).toBe(303);
    } finally {
      await ctx.app.db.execute(sql`alter table payment_events_away rename to payment_events`);
    }
    expect(await order.state()).toEqual({ order: 'pending', enrollment: 'approved' });
    const [retry, ...more] = await order.retries();
    expect(more).toEqual([]);
    expect(retry!.maxAttempts).toBe(3);
    const due = await jobRow(retry!.id);
    expect(due).toMatchObject({ attempts: 0, done: false });
    expect(due.dueIn).toBeGreaterThan(0);
    expect(due.dueIn).toBeLessThanOrEqual(2);

    await makeDue(retry!.id);
    expect(await runDueJobs(ctx.app)).toBe(1);
    expect(await order.state()).toEqual({ order: 'paid', enrollment: 'paid' });
    expect(await jobRow(retry!.id)).toMatchObject({ attempts: 1, done: true, lastError: null });
    expect(await runDueJobs(ctx.app)).toBe(0);
    expect(await order.applied()).toBe(1);
  });

  it('drops the queued retry when the first delivery is acknowledged', async () => {
    const order = await payableOrder();
    expect((await order.confirm()).statusCode).toBe(303);
    expect(await order.state()).toEqual({ order: 'paid', enrollment: 'paid' });
    const [retry] = await order.retries();
    expect(await jobRow(retry!.id)).toMatchObject({ attempts: 0, done: true });
    await makeDue(retry!.id);
    expect(await runDueJobs(ctx.app)).toBe(0);
    expect(await order.applied()).toBe(1);
  });
});
