// Answer saves of the online exam (issue 22): 20 concurrent replays of one batch (one Idempotency-Key, and
// different keys with the same versions) apply exactly once; a newer version wins and an older one is
// stale; answers recorded before the deadline count within the grace, later ones are kept as late (409
// exam_closed when the whole batch is late); bad input is refused with field paths and writes nothing; the
// signed offline answer file applies once and a tampered one is refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptAnswers,
  examAttempts,
  examLateAnswers,
  systemLogs,
} from '../../src/server/db/schema/index.ts';
import { adminPrincipal } from '../../src/server/demo/exam-chain.ts';
import { applyAnswerFile } from '../../src/server/exams/service.ts';
import { buildAnswerFile, type AnswerFile } from '../../src/shared/exams/answer-file.ts';
import {
  ANSWER_FILE_SIGNATURE_MESSAGE,
  EXAM_CLOSED_CODE,
  EXAM_CLOSED_MESSAGE,
  saveAnswersAnswer,
  type AttemptView,
} from '../../src/shared/exams/schema.ts';
import { answerOf } from '../helpers/answers.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type TestContext,
} from '../helpers/api.ts';
import { ensureCertificationDemo } from '../helpers/certificates.ts';
import { item, openExam, saveCall, startAs, type ExamFixture } from '../helpers/exams.ts';

let ctx: TestContext;
let fx: ExamFixture;
const tokens: Record<string, string> = {};
const attempts: Record<string, AttemptView> = {};
const USERS = ['learner', 'learner2', 'candidate01', 'candidate02', 'candidate03', 'candidate04'];

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { runJobs: false });
  await ensureCertificationDemo(ctx);
  for (const u of USERS) tokens[u] = await login(ctx.app, u, 'learners');
  fx = await openExam(ctx, USERS);
  for (const u of USERS) attempts[u] = await startAs(ctx, u, tokens[u]!, fx.examId);
}, 120_000);
afterAll(() => ctx.close());

const held = async (attemptId: number) =>
  ctx.app.db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .orderBy(attemptAnswers.questionId);

const lateRows = async (attemptId: number) =>
  ctx.app.db.select().from(examLateAnswers).where(eq(examLateAnswers.attemptId, attemptId));

describe('replays and versions', () => {
  it('applies a batch replayed 20 times at once under one Idempotency-Key exactly once', async () => {
    const a = attempts.learner!;
    const batch = [item(fx.q.single, 1, { choices: ['A'] }), item(fx.q.essay, 1, { text: '第一稿' })];
    // The very same request each time (a replay sends the stored body again).
    const replayed = saveCall(a.id, tokens.learner!, batch, { key: 'same-key-batch-1' });
    const results = await Promise.all(Array.from({ length: 20 }, () => request(ctx.app, replayed)));
    const statuses = results.map((r) => r.statusCode);
    // A replay that arrives while the first is running is told to retry (409); the rest get its answer.
    expect(
      statuses.every((s) => s === 200 || s === 409),
      results.map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`).join('\n'),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    const rows = await held(a.id);
    expect(rows.map((r) => [r.questionId, r.version, r.appliedCount])).toEqual([
      [fx.q.single, 1, 1],
      [fx.q.essay, 1, 1],
    ]);
  });

  it('applies the same versions sent 20 times at once under different keys exactly once', async () => {
    const a = attempts.learner2!;
    const batch = [
      item(fx.q.single, 3, { choices: ['B'] }),
      item(fx.q.choice, 2, { choices: ['A', 'C'] }),
      item(fx.q.materialSub1, 5, { text: '案例分析' }),
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(ctx.app, saveCall(a.id, tokens.learner2!, batch, { key: `different-key-${i}` })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const applied = results.flatMap((r) =>
      answerOf(saveAnswersAnswer, r).results.filter((x) => x.status === 'applied'),
    );
    expect(applied).toHaveLength(3);
    const rows = await held(a.id);
    expect(rows.map((r) => r.appliedCount)).toEqual([1, 1, 1]);
    expect(rows.map((r) => r.version).sort()).toEqual([2, 3, 5]);
  });

  it('lets a newer version win and keeps an older one out as stale, in any order', async () => {
    const a = attempts.candidate01!;
    const token = tokens.candidate01!;
    const first = answerOf(
      saveAnswersAnswer,
      await request(ctx.app, saveCall(a.id, token, [item(fx.q.single, 2, { choices: ['C'] })])),
    );
    expect(first.results[0]!.status).toBe('applied');
    const older = answerOf(
      saveAnswersAnswer,
      await request(ctx.app, saveCall(a.id, token, [item(fx.q.single, 1, { choices: ['A'] })])),
    );
    expect(older.results[0]).toEqual({ question_id: fx.q.single, version: 1, status: 'stale' });
    const newer = answerOf(
      saveAnswersAnswer,
      await request(
        ctx.app,
        saveCall(a.id, token, [
          item(fx.q.single, 4, { choices: ['D'] }),
          item(fx.q.single, 3, { choices: ['B'] }),
        ]),
      ),
    );
    expect(newer.results.map((r) => r.status)).toEqual(['applied', 'stale']);
    const [row] = await held(a.id);
    expect(row).toMatchObject({ version: 4, answer: { choices: ['D'], text: '' }, appliedCount: 2 });
    expect(newer.state).toBe('open');
    expect(Date.parse(newer.server_now)).toBeGreaterThan(0);
  });
});

describe('deadline and grace', () => {
  it('counts an answer recorded before the deadline that arrives within the grace', async () => {
    const a = attempts.candidate02!;
    const deadline = new Date(Date.now() - 60_000);
    await ctx.app.db.update(examAttempts).set({ deadlineAt: deadline }).where(eq(examAttempts.id, a.id));
    // The device's clock runs 10 minutes behind: its times are converted by the offset.
    const skew = -600_000;
    const deviceNow = new Date(Date.now() + skew);
    const recorded = new Date(deadline.getTime() - 30_000 + skew);
    const res = await request(
      ctx.app,
      saveCall(a.id, tokens.candidate02!, [item(fx.q.single, 1, { choices: ['B'] }, recorded)], {
        deviceNow,
      }),
    );
    expect(answerOf(saveAnswersAnswer, res).results[0]!.status).toBe('applied');
    const [row] = await held(a.id);
    expect(Math.abs(row!.recordedAt.getTime() - (deadline.getTime() - 30_000))).toBeLessThan(5_000);
    // Recorded after the deadline (within the grace): kept as late, never counted.
    const after = await request(
      ctx.app,
      saveCall(a.id, tokens.candidate02!, [
        item(fx.q.determine, 1, { choices: ['T'] }),
        item(fx.q.single, 2, { choices: ['C'] }, recorded),
      ]),
    );
    expect(answerOf(saveAnswersAnswer, after).results.map((r) => r.status)).toEqual(['late', 'applied']);
    expect((await lateRows(a.id)).map((r) => r.questionId)).toEqual([fx.q.determine]);
  });

  it('answers 409 exam_closed after deadline + grace and keeps the answers as late, once', async () => {
    const a = attempts.candidate03!;
    await request(ctx.app, saveCall(a.id, tokens.candidate03!, [item(fx.q.single, 1, { choices: ['B'] })]));
    await ctx.app.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(Date.now() - 301_000) })
      .where(eq(examAttempts.id, a.id));
    const batch = [item(fx.q.essay, 1, { text: '断网时写的答案' }, new Date(Date.now() - 302_000))];
    for (let i = 0; i < 2; i++) {
      const res = await request(ctx.app, saveCall(a.id, tokens.candidate03!, batch, { key: `late-${i}` }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: EXAM_CLOSED_MESSAGE, code: EXAM_CLOSED_CODE });
    }
    const late = await lateRows(a.id);
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({
      questionId: fx.q.essay,
      version: 1,
      decision: 'pending',
      source: 'online',
    });
    // A replay of an answer already counted is stale, not late.
    const replay = await request(
      ctx.app,
      saveCall(a.id, tokens.candidate03!, [
        item(fx.q.single, 1, { choices: ['B'] }, new Date(Date.now() - 400_000)),
      ]),
    );
    expect(answerOf(saveAnswersAnswer, replay).results[0]!.status).toBe('stale');
    expect(answerOf(saveAnswersAnswer, replay).state).toBe('closed');
    // The overdue attempt was closed and graded on what it held.
    const [row] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, a.id));
    expect(row).toMatchObject({ state: 'closed', closedBy: 'deadline', objectiveScore: 2 });
  });
});

describe('bad input', () => {
  it('refuses unknown questions, wrong options, text on objective questions, too long essays and malformed bodies with field paths, writing nothing', async () => {
    const a = attempts.candidate04!;
    const token = tokens.candidate04!;
    const call = (answers: object[]) => saveCall(a.id, token, answers as never);
    const huge = 'x'.repeat(1024 * 1024);
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [attemptAnswers, examLateAnswers, examAttempts],
      calls: [
        { ...call([item(999_999, 1, { choices: ['A'] })]), fields: ['answers.0.question_id'] },
        {
          ...call([item(fx.q.material, 1, { text: '材料本身不能作答' })]),
          fields: ['answers.0.question_id'],
        },
        {
          ...call([item(fx.q.single, 1, { choices: ['B'] }), item(fx.q.single2, 1, { choices: ['Z'] })]),
          fields: ['answers.1.answer.choices'],
        },
        { ...call([item(fx.q.single, 1, { choices: ['A', 'B'] })]), fields: ['answers.0.answer.choices'] },
        { ...call([item(fx.q.determine, 1, { choices: ['A'] })]), fields: ['answers.0.answer.choices'] },
        { ...call([item(fx.q.choice, 1, { choices: ['A', 'A'] })]), fields: ['answers.0.answer.choices'] },
        {
          ...call([item(fx.q.single, 1, { choices: ['B'], text: '说明' })]),
          fields: ['answers.0.answer.text'],
        },
        { ...call([item(fx.q.essay, 1, { choices: ['A'] })]), fields: ['answers.0.answer.choices'] },
        { ...call([item(fx.q.essay, 1, { text: 'x'.repeat(20_001) })]), fields: ['answers.0.answer.text'] },
        { ...call([item(fx.q.essay, 1, { text: huge })]), fields: ['answers.0.answer.text'] },
        { ...call([{ ...item(fx.q.single, 0, { choices: ['B'] }) }]), fields: ['answers.0.version'] },
        {
          ...call([{ ...item(fx.q.single, 1, { choices: ['B'] }), recorded_at: 'yesterday' }]),
          fields: ['answers.0.recorded_at'],
        },
        { ...call([]), fields: ['answers'] },
        {
          ...call(Array.from({ length: 201 }, (_, i) => item(fx.q.single, i + 1, { choices: ['B'] }))),
          fields: ['answers'],
        },
        {
          ...saveCall(a.id, token, []),
          payload: { answers: [item(fx.q.single, 1, { choices: ['B'] })] },
          fields: ['device_now'],
        },
        {
          method: 'PUT',
          url: `/api/v1/learner/attempts/${a.id}/answers`,
          token,
          headers: { 'content-type': 'application/json' },
          payload: '{"device_now": "2026-01-01T00:00:00Z", "answers": [',
          fields: ['body'],
        },
        {
          method: 'PUT',
          url: `/api/v1/learner/attempts/${a.id}/answers`,
          token,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            device_now: new Date().toISOString(),
            answers: [item(fx.q.essay, 1, { text: 'x'.repeat(5 * 1024 * 1024) })],
          }),
          fields: ['body'],
        },
        {
          ...call([item(fx.q.single, 1, { choices: ['B'] })]),
          url: '/api/v1/learner/attempts/abc/answers',
          fields: ['id'],
        },
        {
          ...call([item(fx.q.single, 1, { choices: ['B'] })]),
          url: '/api/v1/learner/attempts/999999/answers',
          status: 404,
        },
      ],
    });
  });
});

describe('the offline answer file', () => {
  let file: AnswerFile;
  let attempt: AttemptView;

  beforeAll(async () => {
    attempt = attempts.learner!;
    const deadline = new Date(Date.now() - 3600_000);
    await ctx.app.db
      .update(examAttempts)
      .set({ deadlineAt: deadline })
      .where(eq(examAttempts.id, attempt.id));
    const now = new Date().toISOString();
    file = await buildAnswerFile(attempt.signing_key!, {
      attempt_id: attempt.id,
      exam_id: attempt.exam_id,
      created_at: now,
      device_now: now,
      answers: [
        item(fx.q.single, 2, { choices: ['B'] }, new Date(deadline.getTime() - 120_000)), // newer: applies
        item(fx.q.essay, 1, { text: '第一稿' }, new Date(deadline.getTime() - 600_000)), // held already: stale
        item(fx.q.choice, 1, { choices: ['A', 'C'] }, new Date(deadline.getTime() - 60_000)), // applies
        item(fx.q.determine, 1, { choices: ['F'] }, new Date(deadline.getTime() + 60_000)), // after the deadline: late
      ],
    });
  });

  const upload = async (f: AnswerFile) => {
    const manager = await adminPrincipal(ctx.app.db, 'manager');
    return ctx.app.db.transaction((tx) => applyAnswerFile(tx, f, manager));
  };

  it('refuses a file whose payload or signature was changed, writing nothing', async () => {
    const before = await held(attempt.id);
    const edited = { ...file, payload: file.payload.replace('"B"', '"C"') };
    await expect(upload(edited)).rejects.toMatchObject({
      statusCode: 422,
      errors: { file: [ANSWER_FILE_SIGNATURE_MESSAGE] },
    });
    const forged = { ...file, signature: file.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    await expect(upload(forged)).rejects.toMatchObject({ statusCode: 422 });
    const otherAttempt = { ...file, attempt_id: attempts.learner2!.id };
    await expect(upload(otherAttempt)).rejects.toMatchObject({ statusCode: 422 });
    expect(await held(attempt.id)).toEqual(before);
    expect(await lateRows(attempt.id)).toEqual([]);
  });

  it('applies a signed file by the version rule even after deadline + grace, once', async () => {
    const first = await upload(file);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'stale', 'applied', 'late']);
    const again = await upload(file);
    expect(again.results.map((r) => r.status)).toEqual(['stale', 'stale', 'stale', 'late']);
    const rows = await held(attempt.id);
    const single = rows.find((r) => r.questionId === fx.q.single)!;
    expect(single).toMatchObject({ version: 2, source: 'file', appliedCount: 2 });
    expect(rows.find((r) => r.questionId === fx.q.choice)).toMatchObject({ appliedCount: 1, source: 'file' });
    const late = await lateRows(attempt.id);
    expect(late.map((r) => [r.questionId, r.source])).toEqual([[fx.q.determine, 'file']]);
    const [row] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row!.deliveredLate).toBe(true);
    const logs = await ctx.app.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.targetType, 'exam_attempt')));
    expect(logs).toEqual([]); // the upload route (marking) writes the log, not the service
  });

  it('reads the times of a file uploaded long after it was written as written', async () => {
    const a = attempts.candidate04!;
    const deadline = new Date(Date.now() - 2 * 3600_000);
    await ctx.app.db.update(examAttempts).set({ deadlineAt: deadline }).where(eq(examAttempts.id, a.id));
    const written = new Date(deadline.getTime() + 60_000).toISOString();
    const old = await buildAnswerFile(a.signing_key!, {
      attempt_id: a.id,
      exam_id: a.exam_id,
      created_at: written,
      device_now: written,
      answers: [item(fx.q.essay, 1, { text: '断网时写下的答案' }, new Date(deadline.getTime() - 300_000))],
    });
    expect((await upload(old)).results.map((r) => r.status)).toEqual(['applied']);
  });
});
