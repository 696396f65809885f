// A question's images reach the candidate the paper was drawn for (the exam page keeps the whole paper,
// images included, so it can be finished offline), and nobody else: not before the attempt starts, not
// another learner.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExamOn } from '../../scripts/bench/exam-fixture.ts';
import {
  administrators,
  admissionTickets,
  enrollments,
  learners,
  questions,
  testPaperQuestions,
  testPapers,
  onlineExams,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';
import { DEMO_DATA_DIR, multipart, png } from '../helpers/enrollments.ts';

let ctx: TestContext;
let learner: string;
let learner2: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: DEMO_DATA_DIR });
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  manager = await login(ctx.app, 'manager', 'administrators');
});
afterAll(() => ctx.close());

describe('question images in a drawn paper', () => {
  it('are served to the candidate once their attempt holds the paper, never to another learner', async () => {
    const db = ctx.database.db;
    const uploaded = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: manager,
      ...multipart(
        'other',
        'circuit.png',
        png(40, 30, () => [200, 80, 20]),
      ),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = String((uploaded.json() as { id: string }).id);

    // The demo learner's ticketed enrolment, and an open exam on its plan whose first question shows the image.
    const [ticket] = await db
      .select({ ticketNo: admissionTickets.ticketNo, planId: enrollments.planId, idCard: learners.idCard })
      .from(admissionTickets)
      .innerJoin(enrollments, eq(enrollments.id, admissionTickets.enrollmentId))
      .innerJoin(learners, eq(learners.id, enrollments.learnerId))
      .where(and(eq(learners.username, 'learner'), eq(enrollments.state, 'ticket_issued')))
      .limit(1);
    expect(ticket).toBeDefined();
    const [managerRow] = await db
      .select({ id: administrators.id })
      .from(administrators)
      .where(eq(administrators.username, 'manager'));
    const examId = await openExamOn(db, ticket!.planId, managerRow!.id, ' 图片');
    const [first] = await db
      .select({ questionId: testPaperQuestions.questionId })
      .from(onlineExams)
      .innerJoin(testPapers, eq(testPapers.id, onlineExams.paperId))
      .innerJoin(testPaperQuestions, eq(testPaperQuestions.paperId, testPapers.id))
      .where(eq(onlineExams.id, examId))
      .orderBy(testPaperQuestions.sort)
      .limit(1);
    await db
      .update(questions)
      .set({ stem: `<p>看图作答</p><p><img src="/api/v1/uploads/${imageId}" alt="电路图"></p>` })
      .where(eq(questions.id, first!.questionId));

    const image = (token: string) =>
      request(ctx.app, { method: 'GET', url: `/api/v1/uploads/${imageId}`, token });
    expect((await image(learner)).statusCode).toBe(404); // no attempt yet

    const started = await request(ctx.app, {
      method: 'POST',
      url: `/api/v1/learner/exams/${examId}/start`,
      token: learner,
      payload: { ticket_no: ticket!.ticketNo, id_number: ticket!.idCard },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.body).toContain(`/api/v1/uploads/${imageId}`);

    const served = await image(learner);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await image(learner2)).statusCode).toBe(404);
  });
});
