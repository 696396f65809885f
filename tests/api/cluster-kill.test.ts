// Nothing lost when a process dies (issue 21), on PostgreSQL: three app processes behind the cluster's
// round-robin proxy (scripts/cluster/run.ts) on a fresh database of the test server. Bursts of
// enrolments, orders with their payments and the gateway's signed notifies go through the proxy from
// many learners; one app process is killed with SIGKILL in the middle of each burst, the others keep
// serving, the dead one is restarted, and every write left without a final answer is replayed with its
// SAME Idempotency-Key, as the PWA's outbox does (the gateway re-sends its notify until it gets
// SUCCESS). The database must then hold every acknowledged write exactly once.
//
// Then an online exam on the same plan (issue 22): the candidates start their attempts, and a burst of
// answer saves (per-question versions) and heartbeats loses a process; after the replays each question
// holds the device's last answer, each version applied at most once.
//
// Runs only in the PostgreSQL stage (TEST_DATABASE_URL); tests/api/embedded-kill.test.ts covers PGlite.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Backend, type Cluster } from '../../scripts/cluster/run.ts';
import { openPostgres, type Database } from '../../src/server/db/client.ts';
import {
  enrollments,
  examPlans,
  idempotencyKeys,
  orders,
  paymentEvents,
  sandboxTransactions,
} from '../../src/server/db/schema/index.ts';
import { SandboxGateway, type SandboxNotify } from '../../src/server/payments/sandbox.ts';
import { collegeIds, createLearners, type TestLearner } from '../helpers/enrollments.ts';
import {
  burst,
  isSuccess,
  openPlanOver,
  replayUntilFinal,
  send,
  type Call,
  type Outcome,
} from '../helpers/kill.ts';
import {
  examWrites,
  expectEveryAnswerOnce,
  prepareExam,
  sendExamWrite,
  startAttempts,
} from '../helpers/exam-kill.ts';
import { templateDatabaseName, withDatabase } from '../helpers/test-db.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const LEARNERS = 30;
const WIDTH = 9;
/** The development key the test processes sign notifies with (config.ts, outside production). */
const PAYMENT_SECRET = 'sandbox-gateway-secret';

interface Candidate extends TestLearner {
  enrollmentId?: number;
  orderNo?: string;
  tradeNo?: string;
  notify?: SandboxNotify;
}

let cluster: Cluster | undefined;
let database: Database | undefined;
let databaseName = '';
let managerToken = '';
let planId = 0;
let candidates: Candidate[] = [];

const call = (c: Call) => send(cluster!.url, c);

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The writes a dead process had claimed but not answered hold their keys for CLAIM_STALE_MS (60 s) before
 * a replay may take them over (plugins/idempotency.ts). Rather than wait that minute, the test ages those
 * claims, which is what the minute would do; everything else about the replay is the real path.
 */
async function ageOrphanClaims() {
  await database!.db
    .update(idempotencyKeys)
    .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '5 minutes'` })
    .where(isNull(idempotencyKeys.completedAt));
}

/** Kills `victim` with SIGKILL mid-burst; restarts it and replays what got no final answer. */
async function killAndReplay<T>(items: readonly T[], task: (item: T) => Promise<Outcome>, victim: Backend) {
  const { outcomes, unanswered } = await burst(items, WIDTH, task, Math.floor(items.length / 3), () =>
    victim.kill('SIGKILL'),
  );
  expect(victim.alive()).toBe(false);
  await victim.restart();
  await ageOrphanClaims();
  await replayUntilFinal(unanswered, task, outcomes);
  return { outcomes, unanswered: unanswered.length };
}

describe.skipIf(!serverUrl)('a process killed with SIGKILL behind the proxy loses nothing', () => {
  beforeAll(async () => {
    databaseName = `skills_cluster_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${databaseName} template ${templateDatabaseName()}`);
    const databaseUrl = withDatabase(serverUrl!, databaseName);
    database = await openPostgres(databaseUrl, 3);
    cluster = await startCluster({
      databaseUrl,
      storage: false,
      demo: false,
      env: { NODE_ENV: 'test', CAPTCHA: 'off', CLIENT_DIR: '.tmp/no-client' },
    });

    const colleges = await collegeIds(database.db);
    ({ managerToken, planId } = await openPlanOver(cluster.url, colleges.jiangnan, {
      capacity: LEARNERS + 5,
      fee_fen: 18_800,
    }));
    candidates = await createLearners(database.db, path.join(cluster.dataDir, 'uploads'), LEARNERS);
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.close();
    if (databaseName) {
      for (let attempt = 0; ; attempt++) {
        try {
          await adminQuery(`drop database if exists ${databaseName}`);
          break;
        } catch (error) {
          if (attempt > 50) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  }, 120_000);

  it('enrolments, orders, payments, notifies and exam answer saves: every acknowledged write once, seats and payments consistent', async () => {
    const [first, second, third] = cluster!.backends;

    // ---- enrolments
    const enrol = (c: Candidate) =>
      call({
        method: 'POST',
        path: '/api/v1/enrollments',
        token: c.token,
        key: `enrol-${c.id}`,
        body: { plan_id: planId, form: {} },
      });
    const enrolled = await killAndReplay(candidates, enrol, second!);
    const acknowledged = new Map<number, number>();
    for (const c of candidates) {
      const outcome = enrolled.outcomes.get(c)!;
      // 201, or 409 "already enrolled" when the dead process had applied the write but not answered.
      expect([201, 409], JSON.stringify(outcome)).toContain(outcome.status);
      if (isSuccess(outcome)) acknowledged.set(c.id, Number(outcome.body.id));
    }
    const rows = await database!.db.select().from(enrollments).where(eq(enrollments.planId, planId));
    expect(rows).toHaveLength(LEARNERS);
    expect(new Set(rows.map((r) => r.learnerId))).toEqual(new Set(candidates.map((c) => c.id)));
    for (const [learnerId, id] of acknowledged) {
      expect(rows.find((r) => r.id === id)?.learnerId).toBe(learnerId);
    }
    for (const c of candidates) c.enrollmentId = rows.find((r) => r.learnerId === c.id)!.id;

    // ---- the college approves (staff writes, not under test here)
    for (const c of candidates) {
      const approved = await call({
        method: 'POST',
        path: `/api/v1/admin/enrollments/${c.enrollmentId}/approve`,
        token: managerToken,
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }

    // ---- order and pay: each learner's chain, continued by the replay where the kill cut it
    const orderAndPay = async (c: Candidate): Promise<Outcome> => {
      const order = await call({
        method: 'POST',
        path: `/api/v1/enrollments/${c.enrollmentId}/order`,
        token: c.token,
        key: `order-${c.id}`,
      });
      if (!isSuccess(order)) return order;
      c.orderNo = String(order.body.order_no);
      const pay = await call({
        method: 'POST',
        path: `/api/v1/orders/${c.orderNo}/pay`,
        token: c.token,
        key: `pay-${c.id}`,
      });
      if (isSuccess(pay)) c.tradeNo = String(pay.body.trade_no);
      return pay;
    };
    const paid = await killAndReplay(candidates, orderAndPay, third!);
    for (const c of candidates) {
      expect(paid.outcomes.get(c)!.status, JSON.stringify(paid.outcomes.get(c))).toBe(200);
      expect(c.tradeNo).toMatch(/^SBX/);
    }

    // ---- the payers confirm at the gateway; its notifies (each sent twice at once) hit the platform
    const gateway = new SandboxGateway(PAYMENT_SECRET);
    for (const c of candidates) c.notify = (await gateway.confirm(database!.db, c.tradeNo!))!;
    const deliveries = candidates.flatMap((c) => [c, c]);
    const notify = (c: Candidate) =>
      call({ method: 'POST', path: '/api/v1/payments/sandbox/notify', body: c.notify });
    const notified = await killAndReplay(
      deliveries.map((c, i) => ({ c, i })),
      ({ c }) => notify(c),
      first!,
    );
    for (const outcome of notified.outcomes.values()) {
      expect(outcome.status).toBe(200);
      expect(['applied', 'duplicate']).toContain(outcome.body.outcome);
    }

    // ---- the database: every write once, seats and payments consistent
    const enrollmentIds = candidates.map((c) => c.enrollmentId!);
    const orderRows = await database!.db
      .select()
      .from(orders)
      .where(and(eq(orders.itemType, 'enrollment'), inArray(orders.itemId, enrollmentIds)));
    expect(orderRows).toHaveLength(LEARNERS); // one order per enrolment, never two
    for (const c of candidates) {
      const order = orderRows.find((o) => o.orderNo === c.orderNo);
      expect(order, `order of learner ${c.id}`).toMatchObject({
        itemId: c.enrollmentId,
        learnerId: c.id,
        state: 'paid',
        amountFen: 18_800,
        gatewayTradeNo: c.tradeNo,
      });
    }
    const orderNos = candidates.map((c) => c.orderNo!);
    const transactions = await database!.db
      .select()
      .from(sandboxTransactions)
      .where(inArray(sandboxTransactions.orderNo, orderNos));
    expect(transactions).toHaveLength(LEARNERS); // one gateway transaction per order
    const applied = await database!.db
      .select()
      .from(paymentEvents)
      .where(and(inArray(paymentEvents.orderNo, orderNos), eq(paymentEvents.outcome, 'applied')));
    expect(applied.map((e) => e.orderNo).sort()).toEqual([...orderNos].sort()); // each applied once

    const finalRows = await database!.db.select().from(enrollments).where(eq(enrollments.planId, planId));
    expect(finalRows.map((r) => r.state)).toEqual(Array(LEARNERS).fill('paid'));
    const [plan] = await database!.db.select().from(examPlans).where(eq(examPlans.id, planId));
    const holding = finalRows.filter((r) => !['rejected', 'cancelled'].includes(r.state));
    expect(plan!.enrolledCount).toBe(holding.length);

    // No claim is left open: every replayed write ended with a stored answer.
    const open = await database!.db
      .select()
      .from(idempotencyKeys)
      .where(and(isNull(idempotencyKeys.completedAt), eq(idempotencyKeys.userType, 'learners')));
    expect(open).toEqual([]);

    // ---- an online exam on the plan: answer saves and heartbeats while a process dies
    const { examId, byLearner } = await prepareExam(database!.db, planId);
    const examCandidates = await startAttempts(cluster!.url, examId, candidates, byLearner);
    const saves = examWrites(examCandidates);
    const answered = await killAndReplay(saves, (w) => sendExamWrite(cluster!.url, w), second!);
    for (const outcome of answered.outcomes.values())
      expect(outcome.status, JSON.stringify(outcome)).toBe(200);
    await expectEveryAnswerOnce(database!.db, saves);

    console.log(
      `cluster kill test: writes without an answer at the kill, replayed: enrolments ${enrolled.unanswered}, orders/payments ${paid.unanswered}, notifies ${notified.unanswered}, answer saves/heartbeats ${answered.unanswered}`,
    );
  }, 300_000);
});
