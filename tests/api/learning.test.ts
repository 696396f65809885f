// The public course catalogue and course pages, joining a free course, buying a paid one through the
// sandbox gateway, who may play a lesson, and the learner's courses and recently watched lessons.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLearners, lessonSessions, mediaGrants, orders } from '../../src/server/db/schema/index.ts';
import {
  courseDetailAnswer,
  courseFiltersAnswer,
  courseListAnswer,
  homeCoursesAnswer,
  myCourseListAnswer,
  playAnswer,
  recentLessonListAnswer,
  heartbeatAnswer,
} from '../../src/shared/learning/schema.ts';
import { orderAnswer, orderReceiptAnswer } from '../../src/shared/payments/schema.ts';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { answerOf } from '../helpers/answers.ts';
import { learnerIdOf } from '../helpers/certificates.ts';
import { ageSession, heartbeatBody, insertCourse, type TestCourse } from '../helpers/learning.ts';

let ctx: TestContext;
let learner: string;
let learner2: string;
let manager: string;
let free: TestCourse;
let paid: TestCourse;
let draft: TestCourse;
let hidden: TestCourse;
const tag = `L${process.pid % 10000}`;

beforeAll(async () => {
  ctx = await createTestApp();
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  manager = await login(ctx.app, 'manager', 'administrators');
  const db = ctx.app.db;
  free = await insertCourse(db, { title: `${tag} 免费课程`, category: `${tag}分类甲`, level: 4 });
  paid = await insertCourse(db, {
    title: `${tag} 付费课程`,
    priceFen: 9_900,
    category: `${tag}分类乙`,
    chapters: [
      [{ durationSeconds: 60, freePreview: true }, { durationSeconds: 120 }],
      [{ durationSeconds: 90 }],
    ],
  });
  draft = await insertCourse(db, { title: `${tag} 草稿课程`, state: 'draft', category: `${tag}草稿分类` });
  hidden = await insertCourse(db, { title: `${tag} 已下架课程`, state: 'unpublished' });
});
afterAll(() => ctx.close());

const post = (url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method: 'POST', url, token, payload });
const get = (url: string, token?: string) => request(ctx.app, { method: 'GET', url, token });

describe('catalogue', () => {
  it('lists published courses only, newest first, with filters', async () => {
    const all = answerOf(courseListAnswer, await get(`/api/v1/courses?keyword=${encodeURIComponent(tag)}`));
    expect(all.data.map((c) => c.title).sort()).toEqual([free.title, paid.title].sort());
    expect(all.meta.total).toBe(2);
    const card = all.data.find((c) => c.id === paid.id)!;
    expect(card).toMatchObject({
      price_fen: 9_900,
      free: false,
      lesson_count: 3,
      duration_seconds: 270,
      learner_count: 0,
      teachers: [{ name: '王老师', title: '高级技师' }],
    });
    expect(card.level_name).toBe('五级/初级工');

    const freeOnly = answerOf(
      courseListAnswer,
      await get(`/api/v1/courses?keyword=${encodeURIComponent(tag)}&price=free`),
    );
    expect(freeOnly.data.map((c) => c.id)).toEqual([free.id]);
    const byLevel = answerOf(
      courseListAnswer,
      await get(`/api/v1/courses?keyword=${encodeURIComponent(tag)}&level=4`),
    );
    expect(byLevel.data.map((c) => c.id)).toEqual([free.id]);
    const byCategory = answerOf(
      courseListAnswer,
      await get(`/api/v1/courses?category=${encodeURIComponent(`${tag}分类乙`)}`),
    );
    expect(byCategory.data.map((c) => c.id)).toEqual([paid.id]);
    const byOccupation = answerOf(
      courseListAnswer,
      await get(`/api/v1/courses?occupation_id=${free.occupationId}&limit=50`),
    );
    expect(byOccupation.data.map((c) => c.id)).toEqual(expect.arrayContaining([free.id, paid.id]));
    expect(byOccupation.data.map((c) => c.id)).not.toContain(draft.id);

    const home = answerOf(homeCoursesAnswer, await get('/api/v1/courses/home/list?limit=20'));
    expect(home.data.map((c) => c.id)).toEqual(expect.arrayContaining([free.id, paid.id]));
    expect(home.data.map((c) => c.id)).not.toContain(hidden.id);
    expect((await get('/api/v1/courses/home/list?limit=21')).statusCode).toBe(422);
    expect((await get('/api/v1/courses?price=cheap')).statusCode).toBe(422);
    expect((await get('/api/v1/courses?level=9')).statusCode).toBe(422);
  });

  it('offers the filters of published courses only', async () => {
    const filters = answerOf(courseFiltersAnswer, await get('/api/v1/courses/filters'));
    expect(filters.categories).toEqual(expect.arrayContaining([`${tag}分类甲`, `${tag}分类乙`]));
    expect(filters.categories).not.toContain(`${tag}草稿分类`);
    const occupation = filters.occupations.find((o) => o.id === free.occupationId)!;
    expect(occupation.levels.map((l) => l.level)).toEqual(expect.arrayContaining([5, 4]));
  });

  it('shows a published course to anyone and hides drafts and unpublished courses', async () => {
    const detail = answerOf(courseDetailAnswer, await get(`/api/v1/courses/${paid.id}`));
    expect(detail.chapters.map((c) => c.lessons.length)).toEqual([2, 1]);
    expect(detail.chapters[0]!.lessons[0]).toMatchObject({ free_preview: true, progress: null });
    expect(detail.access).toEqual({
      owned: false,
      order: null,
      progress_percent: 0,
      completed_lessons: 0,
      last_lesson_id: null,
    });
    expect(detail.introduction).toBe('<p>课程简介</p>');
    for (const id of [draft.id, hidden.id, 2_000_000_000]) {
      expect((await get(`/api/v1/courses/${id}`, learner)).statusCode).toBe(404);
    }
    expect((await get('/api/v1/courses/abc')).statusCode).toBe(422);
  });
});

describe('joining and buying', () => {
  it('joins a free course once and refuses to join a paid one', async () => {
    const joins = await Promise.all([1, 2, 3].map(() => post(`/api/v1/courses/${free.id}/join`, learner)));
    for (const res of joins) expect(res.json()).toEqual({ owned: true });
    const learnerId = await learnerIdOf(ctx, 'learner');
    const rows = await ctx.app.db
      .select()
      .from(courseLearners)
      .where(and(eq(courseLearners.courseId, free.id), eq(courseLearners.learnerId, learnerId)));
    expect(rows).toHaveLength(1);
    expect(answerOf(courseDetailAnswer, await get(`/api/v1/courses/${free.id}`, learner)).access.owned).toBe(
      true,
    );
    expect(answerOf(courseDetailAnswer, await get(`/api/v1/courses/${free.id}`, learner2)).access.owned).toBe(
      false,
    );
    const refused = await post(`/api/v1/courses/${paid.id}/join`, learner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: '该课程需购买后学习' });
    expect((await post(`/api/v1/courses/${draft.id}/join`, learner)).statusCode).toBe(404);
    expect((await post(`/api/v1/courses/${free.id}/join`)).statusCode).toBe(401);
    expect((await post(`/api/v1/courses/${free.id}/join`, manager)).statusCode).toBe(403);
  });

  it('orders a paid course once, pays through the sandbox gateway and then owns it', async () => {
    const orders1 = await Promise.all([1, 2, 3].map(() => post(`/api/v1/courses/${paid.id}/order`, learner)));
    const infos = orders1.map((res) => answerOf(orderAnswer, res));
    expect(new Set(infos.map((o) => o.order_no)).size).toBe(1);
    expect(orders1.filter((res) => res.statusCode === 201)).toHaveLength(1);
    const order = infos[0]!;
    expect(order).toMatchObject({
      item_type: 'course',
      item_id: paid.id,
      amount_fen: 9_900,
      state: 'pending',
    });
    expect(order.subject).toContain(paid.title);
    expect((await post(`/api/v1/courses/${free.id}/order`, learner)).statusCode).toBe(409);

    const detail = answerOf(courseDetailAnswer, await get(`/api/v1/courses/${paid.id}`, learner));
    expect(detail.access).toMatchObject({
      owned: false,
      order: { order_no: order.order_no, state: 'pending' },
    });

    const pay = (await post(`/api/v1/orders/${order.order_no}/pay`, learner)).json() as { pay_url: string };
    const confirm = await request(ctx.app, {
      method: 'POST',
      url: `${pay.pay_url}/confirm`,
      token: learner,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(303);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row!.state).toBe('paid');
    const learnerId = await learnerIdOf(ctx, 'learner');
    const [owner] = await ctx.app.db
      .select()
      .from(courseLearners)
      .where(and(eq(courseLearners.courseId, paid.id), eq(courseLearners.learnerId, learnerId)));
    expect(owner).toMatchObject({ source: 'order', orderId: row!.id });

    const receipt = answerOf(orderReceiptAnswer, await get(`/api/v1/orders/${order.order_no}`, learner));
    expect(receipt.subject).toContain(paid.title);
    expect(receipt.item).toBeNull();
    const owned = answerOf(courseDetailAnswer, await get(`/api/v1/courses/${paid.id}`, learner));
    expect(owned.access).toMatchObject({ owned: true, order: { order_no: order.order_no, state: 'paid' } });
    expect(owned.learner_count).toBe(1);
    const again = await post(`/api/v1/courses/${paid.id}/order`, learner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: '已拥有该课程' });
  });
});

describe('playing a lesson', () => {
  it('plays a free preview for anyone, other lessons only for a learner who has the course', async () => {
    const [preview, locked] = paid.lessons;
    const anonymous = answerOf(playAnswer, await post(`/api/v1/lessons/${preview!.id}/play`));
    expect(anonymous).toMatchObject({ session_id: null, progress: null, heartbeat_seconds: 10 });
    expect(anonymous.media_url).toMatch(/^\/api\/v1\/media\/[0-9a-f]{48}$/);
    expect(anonymous.lesson).toMatchObject({
      course_id: paid.id,
      free_preview: true,
      chapter_title: '第 1 章',
    });
    expect(anonymous.prev_lesson_id).toBeNull();
    expect(anonymous.next_lesson_id).toBe(locked!.id);

    const unauthenticated = await post(`/api/v1/lessons/${locked!.id}/play`);
    expect(unauthenticated.statusCode).toBe(401);
    const stranger = await post(`/api/v1/lessons/${locked!.id}/play`, learner2);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ message: '购买课程后才能学习' });

    const owner = answerOf(playAnswer, await post(`/api/v1/lessons/${locked!.id}/play`, learner));
    expect(owner.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(owner.progress).toMatchObject({ position_seconds: 0, credited_seconds: 0, completed: false });
    expect(owner.prev_lesson_id).toBe(preview!.id);
    expect(owner.next_lesson_id).toBe(paid.lessons[2]!.id);
    const [session] = await ctx.app.db
      .select()
      .from(lessonSessions)
      .where(eq(lessonSessions.id, owner.session_id!));
    expect(session).toMatchObject({ lessonId: locked!.id, lastSeq: 0 });
    const [grant] = await ctx.app.db
      .select()
      .from(mediaGrants)
      .where(eq(mediaGrants.token, owner.media_url.split('/').pop()!));
    expect(grant!.expiresAt.getTime()).toBeGreaterThan(Date.now());

    for (const id of [draft.lessons[0]!.id, 2_000_000_000]) {
      expect((await post(`/api/v1/lessons/${id}/play`, learner)).statusCode).toBe(404);
    }
  });
});

describe("the learner's lists", () => {
  it('lists my courses with progress and my recently watched lessons, last first', async () => {
    const lesson = free.lessons[0]!;
    const play = answerOf(playAnswer, await post(`/api/v1/lessons/${lesson.id}/play`, learner));
    await ageSession(ctx.app.db, play.session_id!, 10);
    const beat = answerOf(
      heartbeatAnswer,
      await post(
        `/api/v1/learner/lessons/${lesson.id}/heartbeats`,
        learner,
        heartbeatBody(play.session_id!, 1, 10),
      ),
    );
    expect(beat.credited_seconds).toBeGreaterThan(9);

    const mine = answerOf(myCourseListAnswer, await get('/api/v1/learner/courses', learner));
    const ids = mine.data.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([free.id, paid.id]));
    expect(ids.indexOf(free.id)).toBeLessThan(ids.indexOf(paid.id));
    const course = mine.data.find((c) => c.id === free.id)!;
    expect(course.last_lesson).toEqual({ id: lesson.id, title: '第 1.1 课' });
    expect(course.last_studied_at).not.toBeNull();
    expect(course.progress_percent).toBe(0);

    const recent = answerOf(recentLessonListAnswer, await get('/api/v1/learner/lessons/recent', learner));
    expect(recent.data[0]).toMatchObject({
      lesson_id: lesson.id,
      course_id: free.id,
      course_title: free.title,
      kind: 'video',
      duration_seconds: 100,
      completed: false,
    });
    expect(recent.data[0]!.position_seconds).toBe(10);

    const theirs = answerOf(myCourseListAnswer, await get('/api/v1/learner/courses', learner2));
    expect(theirs.data.map((c) => c.id)).not.toContain(free.id);
    const theirLessons = answerOf(
      recentLessonListAnswer,
      await get('/api/v1/learner/lessons/recent', learner2),
    );
    expect(theirLessons.data.map((l) => l.lesson_id)).not.toContain(lesson.id);
    expect((await get('/api/v1/learner/courses')).statusCode).toBe(401);
    expect((await get('/api/v1/learner/courses?limit=0', learner)).statusCode).toBe(422);
  });
});
