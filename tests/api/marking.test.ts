// Marking (考试中心): papers in use, blind scoring of essay and material answers (rules, anonymity, two
// examiners at once), late answers accepted or rejected, the invigilator's answer file, and the theory
// scores written into the plan's score sheet, then published and seen by the candidate.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawnPaper, DrawnPaperKey } from '../../src/shared/exams/drawn-paper.ts';
import { buildAnswerFile } from '../../src/shared/exams/answer-file.ts';
import {
  admissionTickets,
  attemptAnswers,
  examAttempts,
  examLateAnswers,
  examPlans,
  examSessions,
  learners,
  onlineExams,
  questionBanks,
  questions,
  scores,
  testPapers,
} from '../../src/server/db/schema/index.ts';
import { gradeAttempt } from '../../src/server/exams/service.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { ensureCertificationDemo, logCount, paidPlan } from '../helpers/certificates.ts';

let ctx: TestContext;
let managerToken: string;
let founderToken: string;
let collegeToken: string;
let learnerToken: string;
let planId: number;
let enrollmentIds: number[];
let paperId: number;
let examId: number;
/** Question ids: single choice, essay, material, its essay sub-question and its choice sub-question. */
const q = { single: 0, essay: 0, material: 0, subEssay: 0, subSingle: 0 };
/** Attempts of learner, learner2 and candidate01 (candidate02 never starts). */
const attempts: { id: number; signingKey: string }[] = [];

const usernames = ['learner', 'learner2', 'candidate01', 'candidate02'];
const HOUR = 3600_000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  request(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });

async function seedExam() {
  const db = ctx.app.db;
  const [plan] = await db.select().from(examPlans).where(eq(examPlans.id, planId));
  const [session] = await db
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.planId, planId), eq(examSessions.kind, 'theory')));
  const [bank] = await db
    .insert(questionBanks)
    .values({
      name: `阅卷测试题库 ${randomBytes(3).toString('hex')}`,
      occupationId: plan!.occupationId,
      level: plan!.level,
    })
    .returning();
  const insert = async (values: Partial<typeof questions.$inferInsert> & { type: string; stem: string }) =>
    (
      await db
        .insert(questions)
        .values({ bankId: bank!.id, ...values })
        .returning()
    )[0]!.id;
  const ab = [
    { key: 'A', text: '甲' },
    { key: 'B', text: '乙' },
  ];
  q.single = await insert({
    type: 'single_choice',
    stem: '<p>单选题干</p>',
    options: ab,
    answer: ['A'],
    score: 2,
  });
  q.essay = await insert({
    type: 'essay',
    stem: '<p>论述题干</p>',
    referenceAnswer: '要点一；要点二',
    score: 10,
  });
  q.material = await insert({ type: 'material', stem: '<p>案例材料正文</p>', score: 8 });
  q.subEssay = await insert({
    type: 'essay',
    stem: '<p>案例小题一</p>',
    parentId: q.material,
    referenceAnswer: '案例要点',
    score: 5,
  });
  q.subSingle = await insert({
    type: 'single_choice',
    stem: '<p>案例小题二</p>',
    parentId: q.material,
    options: ab,
    answer: ['B'],
    score: 3,
  });
  const [paper] = await db
    .insert(testPapers)
    .values({
      bankId: bank!.id,
      name: `阅卷测试试卷 ${randomBytes(3).toString('hex')}`,
      mode: 'fixed',
      durationMinutes: 60,
      totalScore: 20,
      passScore: 12,
      state: 'approved',
      approvedAt: new Date(),
    })
    .returning();
  paperId = paper!.id;
  const [exam] = await db
    .insert(onlineExams)
    .values({
      planId,
      sessionId: session!.id,
      paperId,
      opensAt: new Date(Date.now() - 30 * HOUR),
      closesAt: new Date(Date.now() - 28 * HOUR),
      durationMinutes: 60,
      state: 'closed',
    })
    .returning();
  examId = exam!.id;

  const sub = (id: number, type: 'essay' | 'single_choice', stem: string, score: number) => ({
    question_id: id,
    type,
    stem,
    options: type === 'essay' ? [] : ab,
    score,
  });
  const paperView: DrawnPaper = {
    paper_id: paperId,
    name: paper!.name,
    total_score: 20,
    duration_minutes: 60,
    questions: [
      { ...sub(q.single, 'single_choice', '单选题干', 2), sub_questions: [] },
      { ...sub(q.essay, 'essay', '论述题干', 10), sub_questions: [] },
      {
        question_id: q.material,
        type: 'material',
        stem: '案例材料正文',
        options: [],
        score: 8,
        sub_questions: [
          sub(q.subEssay, 'essay', '案例小题一', 5),
          sub(q.subSingle, 'single_choice', '案例小题二', 3),
        ],
      },
    ],
  };
  const entry = (type: 'essay' | 'single_choice', answer: string[], score: number, reference = '') => ({
    type,
    answer,
    reference_answer: reference,
    analysis: '',
    score,
  });
  const key: DrawnPaperKey = {
    [q.single]: entry('single_choice', ['A'], 2),
    [q.essay]: entry('essay', [], 10, '要点一；要点二'),
    [q.subEssay]: entry('essay', [], 5, '案例要点'),
    [q.subSingle]: entry('single_choice', ['B'], 3),
  };
  const started = new Date(Date.now() - 29.5 * HOUR);
  const deadline = new Date(started.getTime() + HOUR);
  const answersOf: Record<number, [number, string[], string][]> = {
    0: [
      [q.single, ['A'], ''],
      [q.essay, [], '学员一的论述答案'],
      [q.subEssay, [], '学员一的案例分析'],
      [q.subSingle, ['B'], ''],
    ],
    1: [
      [q.single, ['B'], ''],
      [q.essay, [], '学员二的论述答案'],
      [q.subSingle, ['A'], ''],
    ],
    2: [[q.essay, [], '考生一的论述']],
  };
  for (const index of [0, 1, 2]) {
    const signingKey = randomBytes(32).toString('hex');
    const [attempt] = await db
      .insert(examAttempts)
      .values({
        onlineExamId: examId,
        enrollmentId: enrollmentIds[index]!,
        learnerId: (
          await db.select({ id: learners.id }).from(learners).where(eq(learners.username, usernames[index]!))
        )[0]!.id,
        paper: paperView,
        answerKey: key,
        totalScore: 20,
        startedAt: started,
        deadlineAt: deadline,
        // candidate01 is still "answering": scoring and writing scores wait for them.
        state: index === 2 ? 'open' : 'submitted',
        closedAt: index === 2 ? null : new Date(deadline.getTime() - 60_000),
        closedBy: index === 2 ? null : 'candidate',
        signingKey,
      })
      .returning();
    attempts.push({ id: attempt!.id, signingKey });
    for (const [questionId, choices, text] of answersOf[index]!) {
      await db.insert(attemptAnswers).values({
        attemptId: attempt!.id,
        questionId,
        answer: { choices, text },
        version: 1,
        recordedAt: new Date(started.getTime() + 600_000),
      });
    }
    await db.transaction((tx) => gradeAttempt(tx, attempt!.id));
  }
  // learner2: two answers after deadline + grace, kept as late.
  for (const [questionId, version, text] of [
    [q.essay, 2, '学员二迟交的论述'],
    [q.single, 2, ''],
  ] as const) {
    await db.insert(examLateAnswers).values({
      attemptId: attempts[1]!.id,
      questionId,
      answer: { choices: questionId === q.single ? ['A'] : [], text },
      version,
      recordedAt: new Date(deadline.getTime() + 60_000),
      receivedAt: new Date(deadline.getTime() + 20 * 60_000),
    });
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCertificationDemo(ctx);
  [managerToken, founderToken, collegeToken, learnerToken] = await Promise.all([
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  ({ planId, enrollmentIds } = await paidPlan(ctx, { usernames, examDay: -2, title: '阅卷测试计划' }));
  expect((await call('POST', `/api/v1/admin/plans/${planId}/seats/auto`, managerToken, {})).statusCode).toBe(
    200,
  );
  expect((await call('POST', `/api/v1/admin/plans/${planId}/tickets/issue`, managerToken)).statusCode).toBe(
    200,
  );
  await seedExam();
});
afterAll(() => ctx.close());

interface QueueItem {
  answer_id: number;
  question_id: number;
  candidate: string;
  scored: boolean;
}
const queue = async (token = managerToken) => {
  const res = await call('GET', `/api/v1/admin/marking/papers/${paperId}/queue`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as { scored: number; total: number; items: QueueItem[]; questions: Json[] };
};
const answerRow = async (id: number) =>
  (await ctx.app.db.select().from(attemptAnswers).where(eq(attemptAnswers.id, id)))[0]!;

describe('marking: papers and attempts', () => {
  it('lists the paper in use with its counts, for founder and manager only', async () => {
    const res = await call('GET', '/api/v1/admin/marking/papers?limit=50', managerToken);
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { data: Json[] }).data.find((p) => p.paper_id === paperId);
    expect(row).toMatchObject({ exams: 1, attempts: 3, submitted: 2, to_score: 5, late_pending: 2 });
    expect((await call('GET', '/api/v1/admin/marking/papers', founderToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/admin/marking/papers', collegeToken)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/v1/admin/marking/papers', learnerToken)).statusCode,
    ).toBeGreaterThanOrEqual(401);

    const detail = await call('GET', `/api/v1/admin/marking/papers/${paperId}`, managerToken);
    expect(detail.statusCode).toBe(200);
    expect((detail.json() as { exams: Json[] }).exams).toEqual([
      expect.objectContaining({
        exam_id: examId,
        candidates: 4,
        attempts: 3,
        open_attempts: 1,
        late_pending: 2,
      }),
    ]);
    const list = await call(
      'GET',
      `/api/v1/admin/marking/papers/${paperId}/attempts?exam_id=${examId}`,
      managerToken,
    );
    const rows = (list.json() as { data: Json[] }).data;
    expect(rows).toHaveLength(3);
    // learner: single choice right (2); the essay and both material sub-questions wait for the examiner.
    expect(rows.find((r) => r.attempt_id === attempts[0]!.id)).toMatchObject({
      objective_score: 2,
      score: null,
      to_score: 3,
      state: 'submitted',
    });
  });
});

describe('marking: blind scoring', () => {
  it('queues the essay and material answers of closed attempts without any name, ticket or id number', async () => {
    const { items, total } = await queue();
    expect(total).toBe(5);
    expect(new Set(items.map((i) => i.question_id))).toEqual(new Set([q.essay, q.subEssay, q.subSingle]));
    const names = await ctx.app.db
      .select({ name: learners.realName, idCard: learners.idCard, ticket: admissionTickets.ticketNo })
      .from(learners)
      .innerJoin(admissionTickets, inArray(admissionTickets.enrollmentId, enrollmentIds))
      .where(inArray(learners.username, usernames));
    for (const item of items) {
      expect(item.candidate).toMatch(/^考生 #[0-9A-F]{6}$/);
      const one = await call('GET', `/api/v1/admin/marking/answers/${item.answer_id}`, managerToken);
      expect(one.statusCode).toBe(200);
      const body = one.body;
      for (const n of names) {
        expect(body).not.toContain(n.name);
        expect(body).not.toContain(n.idCard);
        expect(body).not.toContain(n.ticket);
      }
      for (const a of attempts) expect(body).not.toContain(`"attempt_id":${a.id}`);
    }
    const essay = items.find((i) => i.question_id === q.subEssay)!;
    const view = (
      await call('GET', `/api/v1/admin/marking/answers/${essay.answer_id}`, managerToken)
    ).json() as Json;
    expect(view).toMatchObject({ max_score: 5, reference_answer: '案例要点', examiner_score: null });
    expect(view.material).toContain('案例材料正文');
  });

  it('refuses bad scores with field messages and writes nothing', async () => {
    const { items } = await queue();
    const essay = items.find((i) => i.question_id === q.essay)!;
    const url = `/api/v1/admin/marking/answers/${essay.answer_id}/score`;
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [attemptAnswers, examAttempts],
      calls: [
        { method: 'PUT', url, token: managerToken, payload: { score: 10.5 }, fields: ['score'] },
        { method: 'PUT', url, token: managerToken, payload: { score: 3.3 }, fields: ['score'] },
        { method: 'PUT', url, token: managerToken, payload: { score: -1 }, fields: ['score'] },
        { method: 'PUT', url, token: managerToken, payload: { score: '8' }, fields: ['score'] },
        {
          method: 'PUT',
          url,
          token: managerToken,
          payload: { score: 8, comment: 'x'.repeat(1_000_001) },
          fields: ['comment'],
        },
        {
          method: 'PUT',
          url,
          token: managerToken,
          payload: '{"score": 8',
          headers: { 'content-type': 'application/json' },
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/marking/answers/99999999999/score',
          token: managerToken,
          payload: { score: 1 },
        },
        { method: 'PUT', url, token: collegeToken, payload: { score: 1 }, status: 403 },
      ],
    });
    // An objective answer is not the examiner's: 404, nothing written.
    const [objective] = await ctx.app.db
      .select({ id: attemptAnswers.id })
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attempts[0]!.id), eq(attemptAnswers.questionId, q.single)));
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [attemptAnswers],
      calls: [
        {
          method: 'PUT',
          url: `/api/v1/admin/marking/answers/${objective!.id}/score`,
          token: managerToken,
          payload: { score: 1 },
          status: 404,
        },
      ],
    });
  });

  it('does not score an attempt still being answered', async () => {
    const [open] = await ctx.app.db
      .select({ id: attemptAnswers.id })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempts[2]!.id));
    const res = await call('PUT', `/api/v1/admin/marking/answers/${open!.id}/score`, managerToken, {
      score: 5,
    });
    expect(res.statusCode).toBe(409);
    expect((await answerRow(open!.id)).examinerScore).toBeNull();
  });

  it('two examiners scoring one answer at once: one score applies, the other is refused (409), nothing lost', async () => {
    const { items } = await queue();
    const essay = items.find((i) => i.question_id === q.essay && !i.scored)!;
    const url = `/api/v1/admin/marking/answers/${essay.answer_id}/score`;
    const before = await logCount(ctx, 'marking.score', essay.answer_id);
    const [a, b] = await Promise.all([
      call('PUT', url, managerToken, { score: 7.5, comment: '论述较完整', expected_scored_at: null }),
      call('PUT', url, founderToken, { score: 6, comment: '要点不全', expected_scored_at: null }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json() as { examiner_score: number; scored_at: string };
    const row = await answerRow(essay.answer_id);
    expect(Number(row.examinerScore)).toBe(winner.examiner_score);
    expect(await logCount(ctx, 'marking.score', essay.answer_id)).toBe(before + 1);
    // A re-score that names the scored_at it saw applies.
    const again = await call('PUT', url, managerToken, { score: 8, expected_scored_at: winner.scored_at });
    expect(again.statusCode).toBe(200);
    expect(Number((await answerRow(essay.answer_id)).examinerScore)).toBe(8);
  });
});

describe('marking: late answers and the answer file', () => {
  const lateRows = async () =>
    (await call('GET', `/api/v1/admin/marking/papers/${paperId}/late?limit=50`, managerToken)).json() as {
      data: { id: number; question_id: number; decision: string; candidate: string }[];
    };

  it('rejects one late answer (kept, not counted) and accepts the other (counted, re-graded)', async () => {
    const { data } = await lateRows();
    expect(data).toHaveLength(2);
    expect(data.every((l) => /^考生 #/.test(l.candidate))).toBe(true);
    const essayLate = data.find((l) => l.question_id === q.essay)!;
    const singleLate = data.find((l) => l.question_id === q.single)!;

    const rejected = await call('POST', `/api/v1/admin/marking/late/${essayLate.id}/reject`, managerToken);
    expect(rejected.statusCode).toBe(200);
    expect(await logCount(ctx, 'marking.late-reject', essayLate.id)).toBe(1);
    const [held] = await ctx.app.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attempts[1]!.id), eq(attemptAnswers.questionId, q.essay)));
    expect(held!.version).toBe(1);

    const accepted = await call('POST', `/api/v1/admin/marking/late/${singleLate.id}/accept`, managerToken);
    expect(accepted.statusCode).toBe(200);
    expect(await logCount(ctx, 'marking.late-accept', singleLate.id)).toBe(1);
    const [single] = await ctx.app.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attempts[1]!.id), eq(attemptAnswers.questionId, q.single)));
    expect(single).toMatchObject({ version: 2, answer: { choices: ['A'], text: '' } });
    const [attempt] = await ctx.app.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, attempts[1]!.id));
    expect(Number(attempt!.objectiveScore)).toBe(2);

    // Decided once: a second decision is refused and writes nothing.
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [attemptAnswers, examLateAnswers],
      calls: [
        {
          method: 'POST',
          url: `/api/v1/admin/marking/late/${singleLate.id}/reject`,
          token: managerToken,
          status: 409,
        },
        {
          method: 'POST',
          url: `/api/v1/admin/marking/late/${essayLate.id}/accept`,
          token: managerToken,
          status: 409,
        },
        { method: 'POST', url: '/api/v1/admin/marking/late/abc/accept', token: managerToken, fields: ['id'] },
      ],
    });
  });

  it('applies a signed answer file an invigilator uploads, refuses an edited one, writing nothing', async () => {
    const learner2 = attempts[1]!;
    const [attempt] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, learner2.id));
    const recorded = new Date(attempt!.deadlineAt.getTime() - 120_000).toISOString();
    const file = await buildAnswerFile(learner2.signingKey, {
      attempt_id: learner2.id,
      exam_id: examId,
      created_at: new Date().toISOString(),
      device_now: new Date().toISOString(),
      answers: [
        {
          question_id: q.subEssay,
          answer: { choices: [], text: '断网时写下的案例分析' },
          version: 1,
          recorded_at: recorded,
        },
      ],
    });
    const edited = { ...file, payload: file.payload.replace('断网时', '事后改') };
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [attemptAnswers, examAttempts, examLateAnswers],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/marking/answer-files',
          token: managerToken,
          payload: edited,
          fields: ['file'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/marking/answer-files',
          token: managerToken,
          payload: { ...file, format: 'other' },
          fields: ['format'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/marking/answer-files',
          token: collegeToken,
          payload: file,
          status: 403,
        },
      ],
    });
    const res = await call('POST', '/api/v1/admin/marking/answer-files', managerToken, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ attempt_id: learner2.id, applied: 1, stale: 0, late: 0 });
    expect(await logCount(ctx, 'marking.answer-file', learner2.id)).toBe(1);
    const { items } = await queue();
    expect(items.filter((i) => i.question_id === q.subEssay)).toHaveLength(2);
    const again = await call('POST', '/api/v1/admin/marking/answer-files', managerToken, file);
    expect(again.json()).toMatchObject({ applied: 0, stale: 1 });
  });
});

describe('marking: the score sheet', () => {
  const write = () => call('POST', `/api/v1/admin/marking/exams/${examId}/write-scores`, managerToken);

  it('refuses to write while an attempt is open or an answer unscored, then writes and publishes', async () => {
    const open = await write();
    expect(open.statusCode).toBe(409);
    expect((open.json() as { message: string }).message).toContain('未交卷');
    await ctx.app.db
      .update(examAttempts)
      .set({ state: 'closed', closedAt: new Date(), closedBy: 'deadline' })
      .where(eq(examAttempts.id, attempts[2]!.id));
    await ctx.app.db.transaction((tx) => gradeAttempt(tx, attempts[2]!.id));
    const unscored = await write();
    expect(unscored.statusCode).toBe(409);
    expect((unscored.json() as { message: string }).message).toContain('未评分');
    expect(await ctx.app.db.select().from(scores).where(eq(scores.planId, planId))).toHaveLength(0);

    // Score every remaining answer: full marks for learner's sub-essay, 4 elsewhere.
    for (const item of (await queue()).items.filter((i) => !i.scored)) {
      const view = (
        await call('GET', `/api/v1/admin/marking/answers/${item.answer_id}`, managerToken)
      ).json() as {
        max_score: number;
        scored_at: string | null;
      };
      const res = await call('PUT', `/api/v1/admin/marking/answers/${item.answer_id}/score`, managerToken, {
        score: Math.min(4, view.max_score),
        expected_scored_at: view.scored_at,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await queue()).scored).toBe((await queue()).total);

    const written = await write();
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ plan_id: planId, written: 3, absent: 1 });
    expect(await logCount(ctx, 'marking.write-scores', examId)).toBe(1);
    const sheet = await ctx.app.db.select().from(scores).where(eq(scores.planId, planId));
    const byEnrollment = new Map(sheet.map((s) => [s.enrollmentId, s]));
    const attemptRows = await ctx.app.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.onlineExamId, examId));
    for (const a of attemptRows) {
      expect(a.scoredAt).not.toBeNull();
      expect(Number(byEnrollment.get(a.enrollmentId)!.theory)).toBe(
        Math.round((Number(a.score) / 20) * 1000) / 10,
      );
    }
    const learnerTheory = Number(byEnrollment.get(enrollmentIds[0]!)!.theory);
    expect(learnerTheory).toBeGreaterThan(0);
    expect(byEnrollment.get(enrollmentIds[3]!)).toMatchObject({ absent: true, theory: null });

    const published = await call('POST', `/api/v1/admin/plans/${planId}/scores/publish`, managerToken);
    expect(published.statusCode).toBe(200);
    const mine = await call('GET', '/api/v0/user/occupational-skill-tests/examScores?limit=50', learnerToken);
    const row = (mine.json() as { data: Json[] }).data.find((s) => s.plan_id === planId);
    expect(row).toMatchObject({ theory: learnerTheory });
  });
});
