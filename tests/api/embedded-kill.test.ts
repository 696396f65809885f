// Nothing lost when the process dies (issue 21), on the embedded database: one app process over PGlite in
// a temp DATA_DIR takes a burst of enrolments and work orders from many learners and is killed with
// SIGKILL in the middle of it. The data dir must then open cleanly and hold every write the process had
// acknowledged (checked directly, before anything is replayed); the process restarts on the same
// DATA_DIR, the writes left without an answer are replayed with their SAME Idempotency-Key (the PWA's
// outbox), and every write is there exactly once.
//
// A second burst does the same with an online exam (issue 22): the learners start their attempts, then
// answer saves (with per-question versions) and heartbeats are cut by kill -9; every acknowledged answer
// must be in the data dir, and after the replays each question holds the device's last answer, each
// version applied at most once.
//
// Runs only in the PGlite stage (no TEST_DATABASE_URL); tests/api/cluster-kill.test.ts covers PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appProcess, type ManagedProcess } from '../../scripts/cluster/run.ts';
import { freePort, waitForHealth } from '../../scripts/cluster/ports.ts';
import { openPglite, type Database } from '../../src/server/db/client.ts';
import { enrollments, examPlans, idempotencyKeys, workOrders } from '../../src/server/db/schema/index.ts';
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
  expectAcknowledgedSavesHeld,
  expectEveryAnswerOnce,
  prepareExam,
  sendExamWrite,
  startAttempts,
  type ExamWrite,
} from '../helpers/exam-kill.ts';
import { TEMPLATE_DUMP } from '../helpers/test-db.ts';

const embedded = !process.env.TEST_DATABASE_URL;
const LEARNERS = 20;
const WORK_ORDERS_EACH = 2;

type Write =
  | { kind: 'enrol'; who: TestLearner }
  | { kind: 'work-order'; who: TestLearner; content: string; key: string };

let temp = '';
let dataDir = '';
let server: ManagedProcess | undefined;
let url = '';
let learners: TestLearner[] = [];
let college = 0;

const call = (c: Call) => send(url, c);

/** Ages the claims a killed process left open instead of waiting CLAIM_STALE_MS (60 s, plugins/idempotency.ts). */
async function ageOrphanClaims(db: Database['db']) {
  await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '5 minutes'` })
    .where(isNull(idempotencyKeys.completedAt));
}

/** Opens the data dir in this process (the server must be down): PGlite's own recovery runs here. */
async function withDataDir<T>(task: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite({ dataDir });
  try {
    return await task(database);
  } finally {
    await database.close();
  }
}

describe.skipIf(!embedded)('the embedded database keeps every acknowledged write through kill -9', () => {
  beforeAll(async () => {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-embedded-kill-'));
    dataDir = path.join(temp, 'data');
    // The run's template database (reference and demo data), unpacked into the data dir, plus learners.
    const template = await openPglite({ dataDir, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_DUMP)]) });
    try {
      learners = await createLearners(template.db, path.join(dataDir, 'uploads'), LEARNERS);
      college = (await collegeIds(template.db)).jiangnan;
    } finally {
      await template.close();
    }
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = appProcess('app process', {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'off',
      CAPTCHA: 'off',
      CLIENT_DIR: '.tmp/no-client',
    });
    server.start();
    await waitForHealth(`${url}/api/health`, 120_000, () => server!.failure());
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }, 60_000);

  it('acknowledged enrolments, work orders and exam answers survive kill -9; replays apply the rest exactly once', async () => {
    const { planId } = await openPlanOver(url, college, { capacity: LEARNERS + 5 });

    const writes: Write[] = learners.flatMap((who) => [
      { kind: 'enrol' as const, who },
      ...Array.from({ length: WORK_ORDERS_EACH }, (_, n) => ({
        kind: 'work-order' as const,
        who,
        content: `进程被强制结束时提交的工单 ${who.id}-${n}`,
        key: `work-order-${who.id}-${n}`,
      })),
    ]);
    const write = (w: Write): Promise<Outcome> =>
      w.kind === 'enrol'
        ? call({
            method: 'POST',
            path: '/api/v1/enrollments',
            token: w.who.token,
            key: `enrol-${w.who.id}`,
            body: { plan_id: planId, form: {} },
          })
        : call({
            method: 'POST',
            path: '/api/v1/learner/feedbacks',
            token: w.who.token,
            key: w.key,
            body: { category: 'account', content: w.content, attachments: [] },
          });

    const { outcomes, unanswered } = await burst(writes, 6, write, Math.floor(writes.length / 3), () =>
      server!.kill('SIGKILL'),
    );
    expect(server!.alive()).toBe(false);
    const acknowledged = writes.filter((w) => isSuccess(outcomes.get(w)!));

    // The data dir as the killed process left it: it opens, and every acknowledged write is in it.
    await withDataDir(async ({ db }) => {
      for (const w of acknowledged) {
        const id = Number(outcomes.get(w)!.body.id);
        if (w.kind === 'enrol') {
          const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
          expect(row, `acknowledged enrolment ${id}`).toMatchObject({ learnerId: w.who.id, planId });
        } else {
          const [row] = await db.select().from(workOrders).where(eq(workOrders.id, id));
          expect(row, `acknowledged work order ${id}`).toMatchObject({
            submitterId: w.who.id,
            content: w.content,
          });
        }
      }
      await ageOrphanClaims(db);
    });

    server!.start();
    await waitForHealth(`${url}/api/health`, 120_000, () => server!.failure());
    await replayUntilFinal(unanswered, write, outcomes);
    for (const w of writes) {
      const outcome = outcomes.get(w)!;
      // 409 for an enrolment: the dead process had applied it without answering.
      expect(w.kind === 'enrol' ? [201, 409] : [201], JSON.stringify(outcome)).toContain(outcome.status);
    }
    await server!.stop();

    await withDataDir(async ({ db }) => {
      const enrolled = await db.select().from(enrollments).where(eq(enrollments.planId, planId));
      expect(enrolled.map((r) => r.learnerId).sort()).toEqual(learners.map((l) => l.id).sort());
      const [plan] = await db.select().from(examPlans).where(eq(examPlans.id, planId));
      expect(plan!.enrolledCount).toBe(LEARNERS);
      const orders = await db
        .select()
        .from(workOrders)
        .where(
          and(
            eq(workOrders.submitterType, 'learners'),
            inArray(
              workOrders.submitterId,
              learners.map((l) => l.id),
            ),
          ),
        );
      const expected = writes.flatMap((w) => (w.kind === 'work-order' ? [w.content] : []));
      expect(orders.map((o) => o.content).sort()).toEqual(expected.sort()); // each exactly once
      const open = await db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.completedAt));
      expect(open).toEqual([]);
    });
    console.log(
      `embedded kill test: ${acknowledged.length} of ${writes.length} writes acknowledged before and at the kill, ${unanswered.length} replayed`,
    );

    // ---- an online exam on the same plan: answer saves and heartbeats cut by kill -9
    const { examId, byLearner } = await withDataDir(({ db }) => prepareExam(db, planId));
    server!.start();
    await waitForHealth(`${url}/api/health`, 120_000, () => server!.failure());
    const candidates = await startAttempts(url, examId, learners, byLearner);
    const saves = examWrites(candidates);
    const sendSave = (w: ExamWrite) => sendExamWrite(url, w);
    const cut = await burst(saves, 6, sendSave, Math.floor(saves.length / 3), () => server!.kill('SIGKILL'));
    expect(server!.alive()).toBe(false);
    await withDataDir(async ({ db }) => {
      await expectAcknowledgedSavesHeld(db, saves, cut.outcomes);
      await ageOrphanClaims(db);
    });
    server!.start();
    await waitForHealth(`${url}/api/health`, 120_000, () => server!.failure());
    await replayUntilFinal(cut.unanswered, sendSave, cut.outcomes);
    for (const outcome of cut.outcomes.values()) expect(outcome.status, JSON.stringify(outcome)).toBe(200);
    await server!.stop();
    await withDataDir(({ db }) => expectEveryAnswerOnce(db, saves));
    console.log(
      `embedded kill test, online exam: ${saves.length - cut.unanswered.length} of ${saves.length} answer saves and heartbeats answered before and at the kill, ${cut.unanswered.length} replayed`,
    );
  }, 300_000);
});
