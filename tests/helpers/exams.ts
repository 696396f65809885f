// Fixtures of the online exam API tests (tests/api/exams*.test.ts): a plan with ticketed candidates, a bank
// with questions of the five types (a material question with two sub-questions), an approved fixed paper
// over them, bound to the plan's theory session and opened through exam affairs' API.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  backgroundJobs,
  examAttempts,
  examPlans,
  examSessions,
  learners,
  questionBanks,
  questions,
  testPaperQuestions,
  testPapers,
} from '../../src/server/db/schema/index.ts';
import type { AttemptView, SaveAnswerItem } from '../../src/shared/exams/schema.ts';
import { attemptAnswer } from '../../src/shared/exams/schema.ts';
import { answerOf } from './answers.ts';
import { login, request, type Json, type TestContext } from './api.ts';
import { paidPlan } from './certificates.ts';

export interface ExamFixture {
  planId: number;
  enrollmentIds: number[];
  examId: number;
  paperId: number;
  managerToken: string;
  /** Question ids by role. */
  q: {
    single: number;
    single2: number;
    choice: number;
    determine: number;
    essay: number;
    material: number;
    materialSub1: number;
    materialSub2: number;
  };
}

const options = (keys: string[]) => keys.map((key) => ({ key, text: `选项${key}的内容` }));

/** Inserts the bank and an approved fixed paper; answers the paper and the question ids. */
export async function seedPaper(
  ctx: TestContext,
  plan: { occupationId: number; level: number },
  { partialCredit = false, name = `在线考试测试题库 ${Math.random().toString(36).slice(2, 8)}` } = {},
) {
  const db = ctx.app.db;
  return db.transaction(async (tx) => {
    const [bank] = await tx
      .insert(questionBanks)
      .values({ name, occupationId: plan.occupationId, level: plan.level })
      .returning();
    const add = async (values: Partial<typeof questions.$inferInsert> & { type: string }) => {
      const [row] = await tx
        .insert(questions)
        .values({ bankId: bank!.id, stem: `<p>${values.type} 题干</p>`, ...values })
        .returning({ id: questions.id });
      return row!.id;
    };
    const single = await add({
      type: 'single_choice',
      options: options(['A', 'B', 'C', 'D']),
      answer: ['B'],
      analysis: 'ANALYSIS-SECRET-single',
      score: 2,
    });
    const single2 = await add({
      type: 'single_choice',
      options: options(['A', 'B', 'C', 'D']),
      answer: ['D'],
      analysis: 'ANALYSIS-SECRET-single2',
      score: 2,
    });
    const choice = await add({
      type: 'choice',
      options: options(['A', 'B', 'C', 'D']),
      answer: ['A', 'C'],
      analysis: 'ANALYSIS-SECRET-choice',
      score: 4,
    });
    const determine = await add({
      type: 'determine',
      options: [
        { key: 'T', text: '正确' },
        { key: 'F', text: '错误' },
      ],
      answer: ['F'],
      analysis: 'ANALYSIS-SECRET-determine',
      score: 1,
    });
    const essay = await add({
      type: 'essay',
      referenceAnswer: 'REFERENCE-SECRET-essay',
      analysis: 'ANALYSIS-SECRET-essay',
      score: 10,
    });
    const material = await add({ type: 'material', stem: '<p>案例材料</p>', score: 0 });
    const materialSub1 = await add({
      type: 'essay',
      parentId: material,
      referenceAnswer: 'REFERENCE-SECRET-sub1',
      score: 5,
    });
    const materialSub2 = await add({
      type: 'single_choice',
      parentId: material,
      options: options(['A', 'B', 'C']),
      answer: ['A'],
      analysis: 'ANALYSIS-SECRET-sub2',
      score: 3,
    });
    const [paper] = await tx
      .insert(testPapers)
      .values({
        bankId: bank!.id,
        name: `${name} 试卷`,
        mode: 'fixed',
        counts: { single_choice: 2, choice: 1, determine: 1, essay: 1, material: 1 },
        durationMinutes: 60,
        totalScore: 27,
        passScore: 16,
        partialCredit,
        state: 'approved',
        approvedAt: new Date(),
      })
      .returning();
    await tx.insert(testPaperQuestions).values(
      [single, single2, choice, determine, essay, material].map((questionId, sort) => ({
        paperId: paper!.id,
        questionId,
        sort,
      })),
    );
    return {
      paperId: paper!.id,
      bankId: bank!.id,
      q: { single, single2, choice, determine, essay, material, materialSub1, materialSub2 },
    };
  });
}

export async function planFacts(ctx: TestContext, planId: number) {
  const [plan] = await ctx.app.db
    .select({ occupationId: examPlans.occupationId, level: examPlans.level })
    .from(examPlans)
    .where(eq(examPlans.id, planId));
  const [session] = await ctx.app.db
    .select({ id: examSessions.id })
    .from(examSessions)
    .where(and(eq(examSessions.planId, planId), eq(examSessions.kind, 'theory')));
  return { ...plan!, sessionId: session!.id };
}

/** A plan whose candidates hold admission tickets, an approved paper and an open online exam. */
export async function openExam(
  ctx: TestContext,
  usernames: string[],
  { partialCredit = false, open = true, durationMinutes = 60, graceSeconds = 300 } = {},
): Promise<ExamFixture> {
  const managerToken = await login(ctx.app, 'manager', 'administrators');
  const { planId, enrollmentIds } = await paidPlan(ctx, { usernames, examDay: 2 });
  for (const url of [
    `/api/v1/admin/plans/${planId}/seats/auto`,
    `/api/v1/admin/plans/${planId}/tickets/issue`,
  ]) {
    const res = await request(ctx.app, { method: 'POST', url, token: managerToken, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  }
  const plan = await planFacts(ctx, planId);
  const { paperId, q } = await seedPaper(ctx, plan, { partialCredit });
  const now = Date.now();
  const created = await request(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/online-exams',
    token: managerToken,
    payload: {
      session_id: plan.sessionId,
      paper_id: paperId,
      opens_at: new Date(now - 60_000).toISOString(),
      closes_at: new Date(now + 3 * 3600_000).toISOString(),
      duration_minutes: durationMinutes,
      grace_seconds: graceSeconds,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const examId = (created.json() as { id: number }).id;
  if (open) {
    const opened = await request(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/online-exams/${examId}/open`,
      token: managerToken,
    });
    expect(opened.statusCode, opened.body).toBe(200);
  }
  return { planId, enrollmentIds, examId, paperId, managerToken, q };
}

export async function idCardOf(ctx: TestContext, username: string) {
  const [row] = await ctx.app.db
    .select({ idCard: learners.idCard })
    .from(learners)
    .where(eq(learners.username, username));
  return row!.idCard;
}

export async function ticketOf(ctx: TestContext, token: string, examId: number) {
  const res = await request(ctx.app, { method: 'GET', url: '/api/v1/learner/exams', token });
  const exam = (res.json() as { data: { exam_id: number; ticket_no: string }[] }).data.find(
    (e) => e.exam_id === examId,
  );
  if (!exam) throw new Error(`exam ${examId} not in the learner's list: ${res.body}`);
  return exam.ticket_no;
}

/** Starts (or resumes) the exam as the learner with their right ticket and ID number. */
export async function startAs(
  ctx: TestContext,
  username: string,
  token: string,
  examId: number,
): Promise<AttemptView> {
  const res = await request(ctx.app, {
    method: 'POST',
    url: `/api/v1/learner/exams/${examId}/start`,
    token,
    payload: { ticket_no: await ticketOf(ctx, token, examId), id_number: await idCardOf(ctx, username) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return answerOf(attemptAnswer, res);
}

export const item = (
  questionId: number,
  version: number,
  answer: { choices?: string[]; text?: string },
  recordedAt = new Date(),
): SaveAnswerItem => ({
  question_id: questionId,
  answer: { choices: answer.choices ?? [], text: answer.text ?? '' },
  version,
  recorded_at: recordedAt.toISOString(),
});

export const saveCall = (
  attemptId: number,
  token: string,
  answers: SaveAnswerItem[] | Json[],
  { key, deviceNow = new Date() }: { key?: string; deviceNow?: Date } = {},
) => ({
  method: 'PUT' as const,
  url: `/api/v1/learner/attempts/${attemptId}/answers`,
  token,
  headers: key ? { 'idempotency-key': key } : {},
  payload: { device_now: deviceNow.toISOString(), answers },
});

/** Moves an attempt's deadline (and its close job) into the past by `ms` beyond its grace. */
export async function expireAttempt(ctx: TestContext, attemptId: number, deadline: Date) {
  await ctx.app.db.update(examAttempts).set({ deadlineAt: deadline }).where(eq(examAttempts.id, attemptId));
  await ctx.app.db
    .update(backgroundJobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(backgroundJobs.kind, 'exams.close-attempt'));
}
