// The learner's classes and programs: joining by code under the capacity guard (200 concurrent joins, double
// joins), the class's enrolment state and window, a class as only its members see it (never another class,
// never the roster), the class fee through the sandbox gateway (paid once, courses given, a replayed notify
// changing nothing), programs followed with their progress and next step, and 422s for bad input.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classMembers,
  classNotices,
  courseLearners,
  occupations,
  orders,
  programCourses,
  programs,
  trainingClasses,
  trainingProjects,
} from '../../src/server/db/schema/index.ts';
import { SandboxGateway } from '../../src/server/payments/sandbox.ts';
import {
  myClassAnswer,
  myClassDetailAnswer,
  myClassListAnswer,
  myProgramAnswer,
  myProgramListAnswer,
  programListAnswer,
} from '../../src/shared/my-training/schema.ts';
import { orderAnswer, orderReceiptAnswer } from '../../src/shared/payments/schema.ts';
import { JOIN_CODE_ALPHABET } from '../../src/shared/training/schema.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { answerOf } from '../helpers/answers.ts';
import { insertClass, learnerId, organizationIds } from '../helpers/class-records.ts';
import { createLearners } from '../helpers/enrollments.ts';
import { insertCourse, type TestCourse } from '../helpers/learning.ts';

let ctx: TestContext;
let learner: string;
let learner2: string;
let manager: string;
let org: number;
let course: TestCourse;
const tag = `MT${process.pid % 10000}`;
const HOUR = 3600_000;

const post = (url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method: 'POST', url, token, payload });
const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url, token });

let codeSerial = 0;
/** A join code no other test class has: 8 characters of the join alphabet. */
function freshCode() {
  let n = (process.pid % 5000) * 10_000 + (Date.now() % 10_000) + ++codeSerial * 7919;
  let code = '';
  for (let i = 0; i < 8; i++) {
    code += JOIN_CODE_ALPHABET[n % JOIN_CODE_ALPHABET.length];
    n = Math.floor(n / JOIN_CODE_ALPHABET.length) + i * 31 + codeSerial;
  }
  return code;
}

/** A class of the demo college with three sessions (one running now) whose join code is returned. */
async function joinableClass(
  values: Partial<typeof trainingClasses.$inferInsert> = {},
  courseIds: number[] = [],
) {
  const klass = await insertClass(ctx.app.db, org, { courseIds });
  const code = freshCode();
  await ctx.app.db
    .update(trainingClasses)
    .set({ joinCode: code, state: 'open', ...values })
    .where(eq(trainingClasses.id, klass.id));
  return { ...klass, code };
}

const join = (token: string, code: string, source: 'code' | 'link' = 'code') =>
  post('/api/v1/learner/classes/join', token, { code, source });

async function enrolled(classId: number) {
  const [klass] = await ctx.app.db.select().from(trainingClasses).where(eq(trainingClasses.id, classId));
  const [members] = await ctx.app.db
    .select({ n: count() })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.state, 'active')));
  return { counter: klass!.enrolledCount, members: members!.n };
}

beforeAll(async () => {
  ctx = await createTestApp();
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  manager = await login(ctx.app, 'manager', 'administrators');
  org = (await organizationIds(ctx.app.db)).own;
  course = await insertCourse(ctx.app.db, { title: `${tag} 班级课程` });
});
afterAll(() => ctx.close());

describe('joining a class', () => {
  it('never passes the capacity under 200 concurrent joins', async () => {
    const klass = await joinableClass({ capacity: 50 });
    const people = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 200, { complete: false });
    const answers = await Promise.all(people.map((who) => join(who.token, klass.code)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ message: '班级名额已满' });
    expect(await enrolled(klass.id)).toEqual({ counter: 50, members: 50 });
  });

  it('keeps one membership per learner when each joins twice at once', async () => {
    const klass = await joinableClass({ capacity: 100 });
    const people = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 20, { complete: false });
    const answers = await Promise.all(
      people.flatMap((who) => [join(who.token, klass.code), join(who.token, klass.code, 'link')]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await enrolled(klass.id)).toEqual({ counter: 20, members: 20 });
    const [rows] = await ctx.app.db
      .select({ n: count() })
      .from(classMembers)
      .where(eq(classMembers.classId, klass.id));
    expect(rows!.n).toBe(20);
  });

  it('answers the class card, free courses given, and the same membership on a second join', async () => {
    const klass = await joinableClass({ capacity: 10 }, [course.id]);
    const first = answerOf(myClassAnswer, await join(learner2, ` ${klass.code.toLowerCase()} `, 'link'));
    expect(first).toMatchObject({
      id: klass.id,
      name: klass.name,
      state: 'open',
      state_name: '报名中',
      fee_fen: 0,
      fee_state: 'none',
      order: null,
      completed_at: null,
    });
    expect(first.next_session).toMatchObject({ id: klass.nowSession });
    const again = answerOf(myClassAnswer, await join(learner2, klass.code));
    expect(again.id).toBe(klass.id);
    expect(await enrolled(klass.id)).toEqual({ counter: 1, members: 1 });
    const id2 = await learnerId(ctx.app.db, 'learner2');
    const [member] = await ctx.app.db
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, id2)));
    expect(member).toMatchObject({ source: 'link', feeState: 'none', state: 'active' });
    const granted = await ctx.app.db
      .select()
      .from(courseLearners)
      .where(and(eq(courseLearners.courseId, course.id), eq(courseLearners.learnerId, id2)));
    expect(granted).toHaveLength(1);

    const list = answerOf(myClassListAnswer, await get('/api/v1/user/classes', learner2));
    expect(list.data.map((c) => c.id)).toContain(klass.id);
    const open = answerOf(myClassListAnswer, await get('/api/v1/user/classes?state=finished', learner2));
    expect(open.data.map((c) => c.id)).not.toContain(klass.id);
  });

  it('refuses a class outside its enrolment (state or window) with 403003, an unknown code with 404', async () => {
    const planned = await joinableClass({ state: 'planned' });
    const finished = await joinableClass({ state: 'finished' });
    const closed = await joinableClass({ enrolClosesAt: new Date(Date.now() - HOUR) });
    const later = await joinableClass({ enrolOpensAt: new Date(Date.now() + HOUR) });
    for (const klass of [planned, finished, closed, later]) {
      const refused = await join(learner2, klass.code);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403003, message: '不在报名时间内' });
      expect(await enrolled(klass.id)).toEqual({ counter: 0, members: 0 });
    }
    const running = await joinableClass({ state: 'in_progress', enrolOpensAt: new Date(Date.now() - HOUR) });
    expect((await join(learner2, running.code)).statusCode).toBe(200);
    // A member keeps their membership when the class has moved on.
    await ctx.app.db
      .update(trainingClasses)
      .set({ state: 'finished' })
      .where(eq(trainingClasses.id, running.id));
    expect((await join(learner2, running.code)).statusCode).toBe(200);

    const unknown = await join(learner2, 'ZZZZ2222');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: '班级邀请码无效' });
  });

  it('answers 422 with field messages for a bad code, and 401/403 for a visitor or an administrator', async () => {
    for (const payload of [
      {},
      { code: '' },
      { code: 'abc' },
      { code: 'X'.repeat(1_000_000) },
      { code: 12 },
    ]) {
      const res = await post('/api/v1/learner/classes/join', learner2, payload);
      expect(res.statusCode).toBe(422);
      expect((res.json() as { errors: Json }).errors).toHaveProperty('code');
    }
    const badSource = await post('/api/v1/learner/classes/join', learner2, { code: 'ABCDEFGH', source: 'x' });
    expect(badSource.statusCode).toBe(422);
    expect((await get('/api/v1/user/classes?state=nope', learner2)).statusCode).toBe(422);
    expect((await get('/api/v1/user/classes?limit=100000', learner2)).statusCode).toBe(422);
    expect((await get('/api/v1/learner/classes/abc', learner2)).statusCode).toBe(422);
    expect((await get('/api/v1/learner/classes/99999999999', learner2)).statusCode).toBe(422);
    expect((await get('/api/v1/user/classes')).statusCode).toBe(401);
    expect((await get('/api/v1/user/classes', manager)).statusCode).toBe(403);
  });
});

describe('a class as its members see it', () => {
  it('shows the member the schedule, courses, notices and standing, never the roster', async () => {
    const klass = await joinableClass({ capacity: 10 }, [course.id]);
    const other = await joinableClass({ capacity: 10 });
    const [classmate] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1, { complete: false });
    expect((await join(classmate!.token, klass.code)).statusCode).toBe(200);
    expect((await join(learner2, klass.code)).statusCode).toBe(200);
    await ctx.app.db
      .insert(classNotices)
      .values({ classId: klass.id, title: `${tag} 开课通知`, body: '请带笔记本' });

    const detail = answerOf(myClassDetailAnswer, await get(`/api/v1/learner/classes/${klass.id}`, learner2));
    expect(detail.sessions.map((s) => s.id)).toEqual([
      klass.pastSession,
      klass.nowSession,
      klass.futureSession,
    ]);
    expect(detail.sessions.map((s) => s.check_in_open)).toEqual([false, true, false]);
    expect(detail.sessions.every((s) => s.attendance === null)).toBe(true);
    expect(detail.courses).toEqual([
      {
        id: course.id,
        title: course.title,
        percent: 0,
        continue_lesson_id: course.lessons[0]!.id,
        owned: true,
      },
    ]);
    expect(detail.notices).toMatchObject([{ title: `${tag} 开课通知`, body: '请带笔记本' }]);
    expect(detail.standing).toMatchObject({ sessions_held: 2, attended: 0, meets_rule: false });
    expect(detail.standing.missing).toContain('progress');
    const body = JSON.stringify((await get(`/api/v1/learner/classes/${klass.id}`, learner2)).json());
    expect(body).not.toContain(classmate!.username);
    expect(body).not.toContain(String(classmate!.id));
    expect(body).not.toMatch(/members|roster|learner_id/);

    // Another class: 403 for a learner who is not in it, 404 for none.
    const refused = await get(`/api/v1/learner/classes/${other.id}`, learner2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: '只有本班学员可以查看该班级' });
    expect((await get(`/api/v1/learner/classes/${klass.id}`, learner)).statusCode).toBe(403);
    expect((await get('/api/v1/learner/classes/2147483647', learner2)).statusCode).toBe(404);
    // A removed member no longer sees it.
    await ctx.app.db
      .update(classMembers)
      .set({ state: 'removed' })
      .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, classmate!.id)));
    expect((await get(`/api/v1/learner/classes/${klass.id}`, classmate!.token)).statusCode).toBe(403);
  });
});

describe('the class fee', () => {
  it('orders the fee once, pays through the sandbox gateway, gives the courses; a replayed notify changes nothing', async () => {
    const paidCourse = await insertCourse(ctx.app.db, { title: `${tag} 付费班课程` });
    const klass = await joinableClass({ capacity: 10, feeFen: 20_000 }, [paidCourse.id]);
    const [payer] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1, { complete: false });
    const token = payer!.token;
    const card = answerOf(myClassAnswer, await join(token, klass.code));
    expect(card).toMatchObject({ fee_fen: 20_000, fee_state: 'unpaid', order: null });
    const owns = async () =>
      (
        await ctx.app.db
          .select()
          .from(courseLearners)
          .where(and(eq(courseLearners.courseId, paidCourse.id), eq(courseLearners.learnerId, payer!.id)))
      ).length;
    expect(await owns()).toBe(0);

    const made = await Promise.all(
      [1, 2, 3].map(() => post(`/api/v1/learner/classes/${klass.id}/order`, token)),
    );
    const infos = made.map((res) => answerOf(orderAnswer, res));
    expect(new Set(infos.map((o) => o.order_no)).size).toBe(1);
    expect(made.filter((res) => res.statusCode === 201)).toHaveLength(1);
    const order = infos[0]!;
    expect(order).toMatchObject({
      item_type: 'class',
      item_id: klass.id,
      amount_fen: 20_000,
      state: 'pending',
    });
    expect(order.subject).toContain(klass.name);
    const listed = answerOf(myClassListAnswer, await get('/api/v1/user/classes', token));
    expect(listed.data[0]!.order).toEqual({ order_no: order.order_no, state: 'pending' });

    const { trade_no } = (await post(`/api/v1/orders/${order.order_no}/pay`, token)).json() as {
      trade_no: string;
    };
    const notify = (await new SandboxGateway(ctx.app.config.paymentSecret).confirm(ctx.app.db, trade_no))!;
    const first = await post('/api/v1/payments/sandbox/notify', undefined, notify);
    expect(first.json()).toEqual({ code: 'SUCCESS', outcome: 'applied' });
    const [member] = await ctx.app.db
      .select()
      .from(classMembers)
      .where(and(eq(classMembers.classId, klass.id), eq(classMembers.learnerId, payer!.id)));
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    expect(member).toMatchObject({ feeState: 'paid', orderId: row!.id });
    expect(row!.state).toBe('paid');
    expect(await owns()).toBe(1);

    for (let i = 0; i < 3; i++) {
      const replay = await post('/api/v1/payments/sandbox/notify', undefined, notify);
      expect(replay.json()).toEqual({ code: 'SUCCESS', outcome: 'duplicate' });
    }
    const [after] = await ctx.app.db.select().from(classMembers).where(eq(classMembers.id, member!.id));
    expect(after).toEqual(member);
    expect(await owns()).toBe(1);

    const receipt = answerOf(orderReceiptAnswer, await get(`/api/v1/orders/${order.order_no}`, token));
    expect(receipt.subject).toContain(klass.name);
    const paid = answerOf(myClassAnswer, await join(token, klass.code));
    expect(paid).toMatchObject({ fee_state: 'paid', order: { order_no: order.order_no, state: 'paid' } });
    const again = await post(`/api/v1/learner/classes/${klass.id}/order`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: '已缴纳班级费用' });
  });

  it('refuses an order for a free class (409) or a class the learner is not in (404)', async () => {
    const free = await joinableClass({ capacity: 10 });
    expect((await join(learner2, free.code)).statusCode).toBe(200);
    expect((await post(`/api/v1/learner/classes/${free.id}/order`, learner2)).statusCode).toBe(409);
    const paid = await joinableClass({ capacity: 10, feeFen: 100 });
    expect((await post(`/api/v1/learner/classes/${paid.id}/order`, learner2)).statusCode).toBe(404);
    expect((await post('/api/v1/learner/classes/2147483647/order', learner2)).statusCode).toBe(404);
    expect((await post('/api/v1/learner/classes/0/order', learner2)).statusCode).toBe(422);
  });
});

describe('programs', () => {
  it('follows a program (once) and shows its progress toward the certificate with the next step', async () => {
    const [occupation] = await ctx.app.db.select({ id: occupations.id }).from(occupations).limit(1);
    const [program] = await ctx.app.db
      .insert(programs)
      .values({ name: `${tag} 测试方向`, occupationId: occupation!.id, level: 4 })
      .returning();
    await ctx.app.db.insert(programCourses).values({ programId: program!.id, courseId: course.id });
    const [who] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1, { complete: false });

    const available = answerOf(
      programListAnswer,
      await get('/api/v1/learner/programs/available?limit=100', who!.token),
    );
    expect(available.data.find((p) => p.id === program!.id)).toMatchObject({
      following: false,
      course_count: 1,
    });

    const followed = await Promise.all(
      [1, 2].map(() => post(`/api/v1/learner/programs/${program!.id}/follow`, who!.token)),
    );
    const mine = followed.map((res) => answerOf(myProgramAnswer, res));
    expect(mine[0]).toMatchObject({
      id: program!.id,
      following: true,
      level_name: '四级/中级工',
      courses: [{ id: course.id, percent: 0, done: false, owned: false }],
      courses_done: 0,
      class_completed: false,
      certificate: null,
      next_step: { kind: 'course', target_id: course.id, title: course.title },
    });
    const list = answerOf(myProgramListAnswer, await get('/api/v1/learner/programs', who!.token));
    expect(list.data.filter((p) => p.id === program!.id)).toHaveLength(1);

    // A class of a project on the program: joining it makes the learner follow the program too.
    const [project] = await ctx.app.db
      .insert(trainingProjects)
      .values({ name: `${tag} 方向项目`, organizationId: org, programId: program!.id })
      .returning();
    const klass = await joinableClass({ capacity: 10, projectId: project!.id });
    const [joiner] = await createLearners(ctx.app.db, ctx.app.config.uploadDir, 1, { complete: false });
    expect((await join(joiner!.token, klass.code)).statusCode).toBe(200);
    const theirs = answerOf(myProgramListAnswer, await get('/api/v1/learner/programs', joiner!.token));
    expect(theirs.data[0]).toMatchObject({
      id: program!.id,
      classes: [{ id: klass.id, completed_at: null }],
    });

    expect((await post('/api/v1/learner/programs/2147483647/follow', who!.token)).statusCode).toBe(404);
    expect((await post('/api/v1/learner/programs/x/follow', who!.token)).statusCode).toBe(422);
  });
});
