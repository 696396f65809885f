// An open online exam for the answer-save benchmark (bench:exam) and the kill tests: a bank of 60
// questions, an approved fixed paper of 43 answerable ones (single choice, multiple choice, true/false,
// essay) and the online exam on a plan's theory session, written straight to the tables. Candidates still
// need an admission ticket on the plan to start it (the benchmark issues them through the services;
// `ticketsFor` writes them directly for tests whose enrolments skipped payment).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import {
  admissionTickets,
  examPlans,
  examSessions,
  onlineExams,
  questionBanks,
  questions,
  testPaperQuestions,
  testPapers,
} from '../../src/server/db/schema/index.ts';

const TYPE_COUNTS = { single_choice: 25, choice: 15, determine: 15, essay: 5 } as const;
const PAPER_PICKS = { single_choice: 20, choice: 10, determine: 10, essay: 3 } as const;

/** A bank of 60 questions and an approved fixed paper of 43 answerable ones, bound to a new theory
 * session of the plan as an online exam that is open now (window: 10 minutes ago to 6 hours from now). */
export async function openExamOn(db: Db, planId: number, managerId: number, label = ''): Promise<number> {
  const [plan] = await db
    .select({ occupationId: examPlans.occupationId, level: examPlans.level })
    .from(examPlans)
    .where(eq(examPlans.id, planId));
  return db.transaction(async (tx) => {
    const [bank] = await tx
      .insert(questionBanks)
      .values({
        name: `压测题库${label}`,
        occupationId: plan!.occupationId,
        level: plan!.level,
        createdBy: managerId,
      })
      .returning();
    const picked: number[] = [];
    for (const [type, count] of Object.entries(TYPE_COUNTS)) {
      for (let i = 0; i < count; i++) {
        const objective = type !== 'essay';
        const options =
          type === 'determine'
            ? [
                { key: 'T', text: '正确' },
                { key: 'F', text: '错误' },
              ]
            : objective
              ? ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项 ${key}` }))
              : [];
        const answer = type === 'determine' ? ['T'] : type === 'choice' ? ['A', 'C'] : objective ? ['B'] : [];
        const [row] = await tx
          .insert(questions)
          .values({
            bankId: bank!.id,
            type,
            stem: `<p>压测${type}题 ${i + 1}：电工作业前必须做好哪些安全措施？</p>`,
            options,
            answer,
            referenceAnswer: objective ? '' : '停电、验电、装设接地线、悬挂标示牌和装设遮栏。',
            analysis: '依据《电业安全工作规程》。',
            score: type === 'essay' ? 10 : 1,
            createdBy: managerId,
          })
          .returning({ id: questions.id });
        if (i < PAPER_PICKS[type as keyof typeof PAPER_PICKS]) picked.push(row!.id);
      }
    }
    const [paper] = await tx
      .insert(testPapers)
      .values({
        bankId: bank!.id,
        name: `压测试卷${label}`,
        mode: 'fixed',
        counts: PAPER_PICKS,
        typeScores: { single_choice: 1, choice: 2, determine: 1, essay: 10 },
        durationMinutes: 120,
        totalScore: 20 + 20 + 10 + 30,
        passScore: 48,
        state: 'approved',
        approvedBy: managerId,
        approvedAt: new Date(),
        createdBy: managerId,
      })
      .returning();
    await tx
      .insert(testPaperQuestions)
      .values(picked.map((questionId, sort) => ({ paperId: paper!.id, questionId, sort })));
    const now = Date.now();
    // A theory session of its own (one online exam per session), so a plan can hold several of these exams.
    const [session] = await tx
      .insert(examSessions)
      .values({
        planId,
        kind: 'theory',
        name: `线上理论考试${label}`,
        startsAt: new Date(now - 10 * 60_000),
        endsAt: new Date(now + 6 * 3600_000),
      })
      .returning();
    const [exam] = await tx
      .insert(onlineExams)
      .values({
        planId,
        sessionId: session!.id,
        paperId: paper!.id,
        opensAt: new Date(now - 10 * 60_000),
        closesAt: new Date(now + 6 * 3600_000),
        durationMinutes: 120,
        state: 'open',
        openedAt: new Date(now),
        createdBy: managerId,
      })
      .returning();
    return exam!.id;
  });
}

/** Admission tickets for enrolments that have none (numbers `KT<enrolment id>`). */
export async function ticketsFor(db: Db, enrollmentIds: number[]): Promise<Map<number, string>> {
  const numbers = new Map(enrollmentIds.map((id) => [id, `KT${String(id).padStart(8, '0')}`]));
  await db
    .insert(admissionTickets)
    .values(
      enrollmentIds.map((enrollmentId) => ({
        enrollmentId,
        ticketNo: numbers.get(enrollmentId)!,
        verifyToken: randomBytes(16).toString('hex'),
      })),
    )
    .onConflictDoNothing();
  return numbers;
}
