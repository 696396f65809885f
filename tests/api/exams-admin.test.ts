// Exam affairs' online exams (issue 22, page ExamPlanLists): the plans' theory sessions, binding an approved
// paper of the plan's occupation and level, editing while scheduled, opening and closing with a system-log
// row each, the live monitor, and no access for college administrators or learners.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSessions, onlineExams, testPapers } from '../../src/server/db/schema/index.ts';
import {
  examMonitorAnswer,
  onlineExamAnswer,
  onlineExamSessionListAnswer,
} from '../../src/shared/exams/schema.ts';
import { answerOf } from '../helpers/answers.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type TestContext,
} from '../helpers/api.ts';
import { ensureCertificationDemo, logCount, paidPlan } from '../helpers/certificates.ts';
import { item, planFacts, saveCall, seedPaper, startAs } from '../helpers/exams.ts';

let ctx: TestContext;
let manager: string;
let founder: string;
let college: string;
let learnerToken: string;
let planId: number;
let plan: Awaited<ReturnType<typeof planFacts>>;
let paperId: number;
let q: Awaited<ReturnType<typeof seedPaper>>['q'];
let examId: number;

const hour = 3600_000;
const body = (overrides: Record<string, unknown> = {}) => ({
  session_id: plan.sessionId,
  paper_id: paperId,
  opens_at: new Date(Date.now() - 60_000).toISOString(),
  closes_at: new Date(Date.now() + 2 * hour).toISOString(),
  duration_minutes: 90,
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { runJobs: false });
  await ensureCertificationDemo(ctx);
  [manager, founder, college, learnerToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  ({ planId } = await paidPlan(ctx, {
    usernames: ['learner', 'candidate01', 'candidate02'],
    examDay: 3,
    title: '在线考试绑定测试计划',
  }));
  for (const url of [
    `/api/v1/admin/plans/${planId}/seats/auto`,
    `/api/v1/admin/plans/${planId}/tickets/issue`,
  ]) {
    expect((await request(ctx.app, { method: 'POST', url, token: manager, payload: {} })).statusCode).toBe(
      200,
    );
  }
  plan = await planFacts(ctx, planId);
  ({ paperId, q } = await seedPaper(ctx, plan));
}, 120_000);
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

describe('binding a paper to a theory session', () => {
  it('lists the plan’s theory session without an exam', async () => {
    const res = await call(
      'GET',
      `/api/v1/admin/online-exams?keyword=${encodeURIComponent('在线考试绑定')}`,
      manager,
    );
    const list = answerOf(onlineExamSessionListAnswer, res);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ session_id: plan.sessionId, plan_id: planId, exam: null });
    const unbound = answerOf(
      onlineExamSessionListAnswer,
      await call('GET', '/api/v1/admin/online-exams?state=unbound&limit=100', manager),
    );
    expect(unbound.data.some((s) => s.session_id === plan.sessionId)).toBe(true);
  });

  it('refuses a draft paper, a paper of another level, a practical session and a bad window, writing nothing', async () => {
    const { paperId: draft } = await seedPaper(ctx, plan);
    await ctx.app.db.update(testPapers).set({ state: 'draft' }).where(eq(testPapers.id, draft));
    const { paperId: otherLevel } = await seedPaper(ctx, {
      ...plan,
      level: plan.level === 5 ? 4 : plan.level + 1,
    });
    const [practical] = await ctx.app.db
      .select({ id: examSessions.id })
      .from(examSessions)
      .where(eq(examSessions.planId, planId))
      .then((rows) => rows.filter((r) => r.id !== plan.sessionId));
    const post = (payload: object, fields: string[]) => ({
      method: 'POST' as const,
      url: '/api/v1/admin/online-exams',
      token: manager,
      payload,
      fields,
    });
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [onlineExams],
      calls: [
        post(body({ paper_id: draft }), ['paper_id']),
        post(body({ paper_id: otherLevel }), ['paper_id']),
        post(body({ paper_id: 999_999 }), ['paper_id']),
        post(body({ session_id: practical!.id }), ['session_id']),
        post(body({ session_id: 999_999 }), ['session_id']),
        post(body({ closes_at: new Date(Date.now() - hour).toISOString() }), ['closes_at']),
        post(body({ opens_at: 'soon' }), ['opens_at']),
        post(body({ duration_minutes: 0 }), ['duration_minutes']),
        post(body({ grace_seconds: 3601 }), ['grace_seconds']),
        { method: 'POST', url: '/api/v1/admin/online-exams', token: college, payload: body(), status: 403 },
        {
          method: 'POST',
          url: '/api/v1/admin/online-exams',
          token: learnerToken,
          payload: body(),
          status: 403,
        },
      ],
    });
  });

  it('binds, edits while scheduled, opens and closes, with a system-log row each', async () => {
    const created = await call('POST', '/api/v1/admin/online-exams', manager, body());
    expect(created.statusCode, created.body).toBe(201);
    const exam = answerOf(onlineExamAnswer, created);
    examId = exam.id;
    expect(exam).toMatchObject({
      state: 'scheduled',
      grace_seconds: 300,
      candidates: 3,
      started: 0,
      absent: 0,
    });
    expect(await logCount(ctx, 'online-exam.create', examId)).toBe(1);

    const again = await call('POST', '/api/v1/admin/online-exams', founder, body());
    expect(again.statusCode).toBe(422);
    expect(Object.keys((again.json() as { errors: object }).errors)).toEqual(['session_id']);

    const edited = await call('PUT', `/api/v1/admin/online-exams/${examId}`, manager, {
      ...body(),
      duration_minutes: 45,
      grace_seconds: 120,
    });
    expect(answerOf(onlineExamAnswer, edited)).toMatchObject({ duration_minutes: 45, grace_seconds: 120 });
    expect(await logCount(ctx, 'online-exam.update', examId)).toBe(1);

    const opened = await call('POST', `/api/v1/admin/online-exams/${examId}/open`, manager);
    expect(answerOf(onlineExamAnswer, opened).state).toBe('open');
    expect(await logCount(ctx, 'online-exam.open', examId)).toBe(1);
    expect((await call('POST', `/api/v1/admin/online-exams/${examId}/open`, manager)).statusCode).toBe(409);
    const late = await call('PUT', `/api/v1/admin/online-exams/${examId}`, manager, body());
    expect(late.statusCode).toBe(409);

    const list = answerOf(
      onlineExamSessionListAnswer,
      await call('GET', '/api/v1/admin/online-exams?state=open&limit=100', founder),
    );
    expect(list.data.find((s) => s.session_id === plan.sessionId)!.exam).toMatchObject({
      id: examId,
      state: 'open',
    });
  });

  it('shows every ticketed candidate live in the monitor, to exam affairs and the exam centre', async () => {
    const attempt = await startAs(ctx, 'learner', learnerToken, examId);
    await request(
      ctx.app,
      saveCall(attempt.id, learnerToken, [
        item(q.single, 1, { choices: ['A'] }),
        item(q.essay, 1, { text: '答' }),
      ]),
    );
    await call('POST', `/api/v1/learner/attempts/${attempt.id}/heartbeat`, learnerToken);
    const monitor = answerOf(
      examMonitorAnswer,
      await call('GET', `/api/v1/admin/online-exams/${examId}/attempts`, manager),
    );
    expect(monitor.exam).toMatchObject({ started: 1, submitted: 0, candidates: 3 });
    expect(monitor.data).toHaveLength(3);
    const row = monitor.data.find((r) => r.attempt_id === attempt.id)!;
    expect(row).toMatchObject({ state: 'open', answered: 2, question_count: 7, late_answers: 0 });
    expect(row.last_seen_at).not.toBeNull();
    expect(monitor.data.filter((r) => r.state === 'not_started')).toHaveLength(2);
    expect((await call('GET', `/api/v1/admin/online-exams/${examId}/attempts`, college)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/v1/admin/online-exams', college)).statusCode).toBe(403);
  });

  it('closes the exam to new starts and counts the absent', async () => {
    const closed = await call('POST', `/api/v1/admin/online-exams/${examId}/close`, manager);
    const exam = answerOf(onlineExamAnswer, closed);
    expect(exam).toMatchObject({ state: 'closed', started: 1, absent: 2 });
    expect(await logCount(ctx, 'online-exam.close', examId)).toBe(1);
    expect((await call('POST', `/api/v1/admin/online-exams/${examId}/close`, manager)).statusCode).toBe(409);
    const other = await login(ctx.app, 'candidate01', 'learners');
    const start = await call('POST', `/api/v1/learner/exams/${examId}/start`, other, {
      ticket_no: 'x',
      id_number: 'y',
    });
    // Identity first (422), then the window (403003): a wrong identity never learns the window.
    expect(start.statusCode).toBe(422);
  });
});
