// The candidate's online exam (issue 22): start with the identity check, one attempt per candidate (also
// under 20 concurrent starts), the window, resume, another learner's attempt, grading (single choice,
// multiple choice all-or-nothing and partial credit, true/false; essays wait for the examiner), submit,
// the close job grading an abandoned attempt on what it holds, and no answer key before publication.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, examAttempts, onlineExams, scores } from '../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../src/server/jobs/service.ts';
import { ERROR_CODES } from '../../src/shared/api/errors.ts';
import {
  ATTEMPT_CLOSED_MESSAGE,
  attemptAnswer,
  heartbeatAnswer,
  learnerExamsAnswer,
  saveAnswersAnswer,
} from '../../src/shared/exams/schema.ts';
import { answerOf } from '../helpers/answers.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { ensureCertificationDemo } from '../helpers/certificates.ts';
import {
  expireAttempt,
  idCardOf,
  item,
  openExam,
  saveCall,
  startAs,
  ticketOf,
  type ExamFixture,
} from '../helpers/exams.ts';

let ctx: TestContext;
let fx: ExamFixture;
let partial: ExamFixture;
const tokens: Record<string, string> = {};
const USERS = ['learner', 'learner2', 'candidate01', 'candidate02', 'candidate03'];

/** Fields and texts that must never reach a candidate before publication. */
const SECRETS = [
  'answer_key',
  'reference_answer',
  'analysis',
  'ANALYSIS-SECRET',
  'REFERENCE-SECRET',
  'signing_key":"',
];

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { runJobs: false });
  await ensureCertificationDemo(ctx);
  for (const u of [...USERS, 'candidate04']) tokens[u] = await login(ctx.app, u, 'learners');
  fx = await openExam(ctx, USERS);
  partial = await openExam(ctx, ['candidate04'], { partialCredit: true });
}, 120_000);
afterAll(() => ctx.close());

const get = (url: string, token: string) => request(ctx.app, { method: 'GET', url, token });
const post = (url: string, token: string, payload: object = {}) =>
  request(ctx.app, { method: 'POST', url, token, payload });

function expectNoSecrets(body: string, what: string) {
  for (const secret of SECRETS) {
    if (secret === 'signing_key":"') continue;
    expect(body.includes(secret), `${what} leaks ${secret}`).toBe(false);
  }
}

describe('the candidate’s exams and start', () => {
  it('lists the learner’s online exam with its ticket number and no attempt yet', async () => {
    const res = await get('/api/v1/learner/exams', tokens.learner!);
    const list = answerOf(learnerExamsAnswer, res);
    const exam = list.data.find((e) => e.exam_id === fx.examId);
    expect(exam).toMatchObject({ state: 'open', plan_id: fx.planId, attempt: null, duration_minutes: 60 });
    expect(exam!.ticket_no).toMatch(/\S/);
    expectNoSecrets(res.body, 'exam list');
  });

  it('refuses a wrong ticket number or ID number with field messages and starts nothing', async () => {
    const ticket = await ticketOf(ctx, tokens.learner2!, fx.examId);
    const wrong = await post(`/api/v1/learner/exams/${fx.examId}/start`, tokens.learner2!, {
      ticket_no: `${ticket}X`,
      id_number: '110101199001011234',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys((wrong.json() as { errors: object }).errors).sort()).toEqual([
      'id_number',
      'ticket_no',
    ]);
    const empty = await post(`/api/v1/learner/exams/${fx.examId}/start`, tokens.learner2!, {});
    expect(empty.statusCode).toBe(422);
    const [n] = await ctx.app.db
      .select({ n: count() })
      .from(examAttempts)
      .where(eq(examAttempts.onlineExamId, fx.examId));
    expect(n!.n).toBe(0);
  });

  it('does not let a learner without a ticket on the plan see or start the exam', async () => {
    const other = await login(ctx.app, 'candidate05', 'learners');
    const list = answerOf(learnerExamsAnswer, await get('/api/v1/learner/exams', other));
    expect(list.data.some((e) => e.exam_id === fx.examId)).toBe(false);
    const res = await post(`/api/v1/learner/exams/${fx.examId}/start`, other, {
      ticket_no: 'X',
      id_number: 'Y',
    });
    expect(res.statusCode).toBe(404);
  });

  it('starts once, answers the drawn paper without any key, and resumes the same attempt', async () => {
    const attempt = await startAs(ctx, 'learner', tokens.learner!, fx.examId);
    expect(attempt.state).toBe('open');
    expect(attempt.signing_key).toMatch(/^[0-9a-f]{64}$/);
    expect(attempt.result).toBeNull();
    expect(attempt.paper.questions.map((q) => q.question_id)).toEqual([
      fx.q.single,
      fx.q.single2,
      fx.q.choice,
      fx.q.determine,
      fx.q.essay,
      fx.q.material,
    ]);
    const deadline = Date.parse(attempt.deadline_at) - Date.parse(attempt.started_at);
    expect(deadline).toBe(60 * 60_000);
    const again = await startAs(ctx, 'learner', tokens.learner!, fx.examId);
    expect(again.id).toBe(attempt.id);
    expect(again.started_at).toBe(attempt.started_at);
    const read = await get(`/api/v1/learner/attempts/${attempt.id}`, tokens.learner!);
    expect(answerOf(attemptAnswer, read).id).toBe(attempt.id);
    expectNoSecrets(read.body, 'attempt');
  });

  it('makes exactly one attempt of 20 concurrent starts', async () => {
    const ticket = await ticketOf(ctx, tokens.candidate01!, fx.examId);
    const idNumber = await idCardOf(ctx, 'candidate01');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`/api/v1/learner/exams/${fx.examId}/start`, tokens.candidate01!, {
          ticket_no: ticket,
          id_number: idNumber.toLowerCase(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => (r.json() as { id: number }).id)).size).toBe(1);
    const [n] = await ctx.app.db
      .select({ n: count() })
      .from(examAttempts)
      .where(eq(examAttempts.onlineExamId, fx.examId));
    expect(n!.n).toBe(2);
  });

  it('refuses a start outside the window or before the exam is opened with 403003', async () => {
    await ctx.app.db.update(onlineExams).set({ state: 'scheduled' }).where(eq(onlineExams.id, fx.examId));
    const ticket = await ticketOf(ctx, tokens.candidate02!, fx.examId);
    const body = { ticket_no: ticket, id_number: await idCardOf(ctx, 'candidate02') };
    const scheduled = await post(`/api/v1/learner/exams/${fx.examId}/start`, tokens.candidate02!, body);
    expect(scheduled.statusCode).toBe(403);
    expect((scheduled.json() as { code: number }).code).toBe(ERROR_CODES.outsideWindow);
    const [exam] = await ctx.app.db.select().from(onlineExams).where(eq(onlineExams.id, fx.examId));
    await ctx.app.db
      .update(onlineExams)
      .set({
        state: 'open',
        opensAt: new Date(Date.now() + 3600_000),
        closesAt: new Date(Date.now() + 7200_000),
      })
      .where(eq(onlineExams.id, fx.examId));
    const early = await post(`/api/v1/learner/exams/${fx.examId}/start`, tokens.candidate02!, body);
    expect(early.statusCode).toBe(403);
    expect((early.json() as { code: number }).code).toBe(ERROR_CODES.outsideWindow);
    // A started attempt still resumes while its exam is outside the window.
    const resumed = await startAs(ctx, 'learner', tokens.learner!, fx.examId);
    expect(resumed.state).toBe('open');
    await ctx.app.db
      .update(onlineExams)
      .set({ state: 'open', opensAt: exam!.opensAt, closesAt: exam!.closesAt })
      .where(eq(onlineExams.id, fx.examId));
  });
});

describe('another learner’s attempt', () => {
  it('can neither be read, saved to, beaten, nor submitted', async () => {
    const mine = await startAs(ctx, 'learner', tokens.learner!, fx.examId);
    const thief = tokens.learner2!;
    expect((await get(`/api/v1/learner/attempts/${mine.id}`, thief)).statusCode).toBe(404);
    const save = await request(
      ctx.app,
      saveCall(mine.id, thief, [item(fx.q.single, 99, { choices: ['A'] })]),
    );
    expect(save.statusCode).toBe(404);
    expect((await post(`/api/v1/learner/attempts/${mine.id}/heartbeat`, thief)).statusCode).toBe(404);
    expect(
      (await post(`/api/v1/learner/attempts/${mine.id}/submit`, thief, { answers: [] })).statusCode,
    ).toBe(404);
    const manager = await login(ctx.app, 'manager', 'administrators');
    expect((await get(`/api/v1/learner/attempts/${mine.id}`, manager)).statusCode).toBe(403);
    const [held] = await ctx.app.db
      .select({ n: count() })
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, mine.id), eq(attemptAnswers.version, 99)));
    expect(held!.n).toBe(0);
  });
});

describe('grading, submit and the close job', () => {
  it('grades objective questions at submit and leaves essays and material sub-questions to the examiner', async () => {
    const attempt = await startAs(ctx, 'learner2', tokens.learner2!, fx.examId);
    const save = await request(
      ctx.app,
      saveCall(attempt.id, tokens.learner2!, [
        item(fx.q.single, 1, { choices: ['B'] }), // right: 2
        item(fx.q.single2, 1, { choices: ['A'] }), // wrong: 0
        item(fx.q.choice, 1, { choices: ['A'] }), // subset, all-or-nothing: 0
        item(fx.q.determine, 1, { choices: ['F'] }), // right: 1
        item(fx.q.essay, 1, { text: '停电、验电、挂接地线' }),
        item(fx.q.materialSub2, 1, { choices: ['A'] }), // a material sub-question: the examiner's
      ]),
    );
    expect(answerOf(saveAnswersAnswer, save).results.map((r) => r.status)).toEqual(Array(6).fill('applied'));
    const beat = answerOf(
      heartbeatAnswer,
      await post(`/api/v1/learner/attempts/${attempt.id}/heartbeat`, tokens.learner2!),
    );
    expect(beat.state).toBe('open');
    const submitted = await post(`/api/v1/learner/attempts/${attempt.id}/submit`, tokens.learner2!, {
      device_now: new Date().toISOString(),
      answers: [item(fx.q.single2, 2, { choices: ['D'] })], // corrected in the last batch: 2
    });
    const view = answerOf(attemptAnswer, submitted);
    expect(view.state).toBe('submitted');
    expect(view.signing_key).toBeNull();
    expect(view.result).toBeNull();
    expectNoSecrets(submitted.body, 'submitted attempt');
    const [row] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row).toMatchObject({
      state: 'submitted',
      closedBy: 'candidate',
      objectiveScore: 5,
      score: null,
      scoredAt: null,
    });
    expect(row!.lastSeenAt).not.toBeNull();
    // Submitting again answers the same; a save after submit is kept as late.
    const again = await post(`/api/v1/learner/attempts/${attempt.id}/submit`, tokens.learner2!);
    expect(answerOf(attemptAnswer, again).state).toBe('submitted');
    const restart = await startAs2(attempt.exam_id);
    expect(restart.statusCode).toBe(409);
    expect((restart.json() as { message: string }).message).toBe(ATTEMPT_CLOSED_MESSAGE);

    // The examiner's marks complete the score.
    await ctx.app.db
      .update(attemptAnswers)
      .set({ examinerScore: 7 })
      .where(eq(attemptAnswers.attemptId, attempt.id));
    const { gradeAttempt } = await import('../../src/server/exams/service.ts');
    await ctx.app.db.transaction((tx) => gradeAttempt(tx, attempt.id));
    const [graded] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(graded).toMatchObject({ objectiveScore: 5, subjectiveScore: 14, score: 19 });
    expect(graded!.scoredAt).not.toBeNull();

    // After the plan's scores are published the candidate sees the key and the marks.
    await ctx.app.db
      .insert(scores)
      .values({ enrollmentId: row!.enrollmentId, planId: fx.planId, theory: 70, publishedAt: new Date() })
      .onConflictDoUpdate({ target: scores.enrollmentId, set: { publishedAt: new Date() } });
    const result = answerOf(
      attemptAnswer,
      await get(`/api/v1/learner/attempts/${attempt.id}`, tokens.learner2!),
    ).result;
    expect(result).toMatchObject({ score: 19, objective_score: 5, total_score: 27 });
    const byId = new Map(result!.questions.map((q) => [q.question_id, q]));
    expect(byId.get(fx.q.single)).toMatchObject({ correct: true, score: 2, answer: ['B'] });
    expect(byId.get(fx.q.choice)).toMatchObject({ correct: false, score: 0, answer: ['A', 'C'] });
    expect(byId.get(fx.q.essay)).toMatchObject({
      correct: null,
      score: 7,
      reference_answer: 'REFERENCE-SECRET-essay',
    });
    expect(byId.get(fx.q.materialSub1)).toMatchObject({ score: 0 });
  });

  it('gives half the score of a multiple choice for a right subset when the paper allows partial credit', async () => {
    const attempt = await startAs(ctx, 'candidate04', tokens.candidate04!, partial.examId);
    await request(
      ctx.app,
      saveCall(attempt.id, tokens.candidate04!, [
        item(partial.q.choice, 1, { choices: ['C'] }), // right subset: 2
        item(partial.q.single, 1, { choices: ['B'] }), // 2
        item(partial.q.determine, 1, { choices: ['T'] }), // 0
      ]),
    );
    await post(`/api/v1/learner/attempts/${attempt.id}/submit`, tokens.candidate04!);
    const [row] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row!.objectiveScore).toBe(4);
    // No examiner item was answered: the score is complete at once.
    expect(row!.score).toBe(4);
    const held = await ctx.app.db
      .select({ q: attemptAnswers.questionId, s: attemptAnswers.autoScore })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id));
    expect(new Map(held.map((h) => [h.q, h.s]))).toEqual(
      new Map([
        [partial.q.choice, 2],
        [partial.q.single, 2],
        [partial.q.determine, 0],
      ]),
    );
  });

  it('closes an abandoned attempt at deadline + grace with the close job and grades what it holds', async () => {
    const attempt = await startAs(ctx, 'candidate03', tokens.candidate03!, fx.examId);
    await request(
      ctx.app,
      saveCall(attempt.id, tokens.candidate03!, [
        item(fx.q.single, 1, { choices: ['B'] }),
        item(fx.q.choice, 3, { choices: ['C', 'A'] }),
      ]),
    );
    // Not due yet: the job leaves it open.
    expect(await runDueJobs(ctx.app)).toBe(0);
    await expireAttempt(ctx, attempt.id, new Date(Date.now() - 301_000));
    expect(await runDueJobs(ctx.app)).toBeGreaterThan(0);
    const [row] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row).toMatchObject({ state: 'closed', closedBy: 'deadline', objectiveScore: 6, score: 6 });
    const view = answerOf(
      attemptAnswer,
      await get(`/api/v1/learner/attempts/${attempt.id}`, tokens.candidate03!),
    );
    expect(view.state).toBe('closed');
    expect(view.answers).toHaveLength(2);
    expect(view.signing_key).toBeNull();
  });

  it('closes an overdue attempt whose job was lost when it is read again', async () => {
    const attempt = await startAs(ctx, 'candidate01', tokens.candidate01!, fx.examId);
    await ctx.app.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(Date.now() - 400_000) })
      .where(eq(examAttempts.id, attempt.id));
    const list = answerOf(learnerExamsAnswer, await get('/api/v1/learner/exams', tokens.candidate01!));
    expect(list.data.find((e) => e.exam_id === fx.examId)!.attempt!.state).toBe('closed');
    const view = answerOf(
      attemptAnswer,
      await get(`/api/v1/learner/attempts/${attempt.id}`, tokens.candidate01!),
    );
    expect(view.state).toBe('closed');
    const [row] = await ctx.app.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row).toMatchObject({ state: 'closed', closedBy: 'deadline', objectiveScore: 0 });
  });
});

async function startAs2(examId: number) {
  return post(`/api/v1/learner/exams/${examId}/start`, tokens.learner2!, {
    ticket_no: await ticketOf(ctx, tokens.learner2!, examId),
    id_number: await idCardOf(ctx, 'learner2'),
  });
}
