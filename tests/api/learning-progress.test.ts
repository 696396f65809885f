// Honest progress through the API: a heartbeat credits at most the wall-clock time since the previous one,
// replays (concurrent, with or without an Idempotency-Key) credit once, no seeking ahead, another learner
// can neither use a session nor read progress, bad input is refused with nothing written, a lesson
// completes at 95 %, and heartbeats queued offline credit the time they covered when they arrive together.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, lessonSessions } from '../../src/server/db/schema/index.ts';
import {
  courseDetailAnswer,
  heartbeatAnswer,
  myCourseListAnswer,
  playAnswer,
} from '../../src/shared/learning/schema.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { answerOf } from '../helpers/answers.ts';
import { learnerIdOf } from '../helpers/certificates.ts';
import { ageSession, giveCourse, heartbeatBody, insertCourse, type TestCourse } from '../helpers/learning.ts';

let ctx: TestContext;
let learner: string;
let learner2: string;
let learnerId: number;
let course: TestCourse;

beforeAll(async () => {
  ctx = await createTestApp();
  learner = await login(ctx.app, 'learner', 'learners');
  learner2 = await login(ctx.app, 'learner2', 'learners');
  learnerId = await learnerIdOf(ctx, 'learner');
  course = await insertCourse(ctx.app.db, {
    title: `进度测试 ${process.pid}`,
    priceFen: 1_000,
    chapters: [
      [{ durationSeconds: 600 }, { durationSeconds: 600 }, { durationSeconds: 600, noSeekAhead: true }],
      [{ durationSeconds: 20 }, { durationSeconds: 20 }, { durationSeconds: 600 }, { durationSeconds: 600 }],
    ],
  });
  await giveCourse(ctx.app.db, course.id, learnerId);
});
afterAll(() => ctx.close());

const post = (url: string, token?: string, payload?: Json, headers?: Record<string, string>) =>
  request(ctx.app, { method: 'POST', url, token, payload, headers });
const lesson = (index: number) => course.lessons[index]!;
const beatUrl = (lessonId: number) => `/api/v1/learner/lessons/${lessonId}/heartbeats`;

async function open(lessonId: number, token = learner) {
  const play = answerOf(playAnswer, await post(`/api/v1/lessons/${lessonId}/play`, token));
  return play.session_id!;
}

async function progressRow(lessonId: number) {
  const [row] = await ctx.app.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.learnerId, learnerId), eq(lessonProgress.lessonId, lessonId)));
  return row;
}

describe('heartbeats', () => {
  it('credits 100 concurrent replays of one heartbeat once, without and with an Idempotency-Key', async () => {
    for (const [index, keyed] of [
      [0, false],
      [1, true],
    ] as const) {
      const { id } = lesson(index);
      const sessionId = await open(id);
      await ageSession(ctx.app.db, sessionId, 10);
      const body = heartbeatBody(sessionId, 1, 10);
      const headers: Record<string, string> = keyed ? { 'idempotency-key': `hb-${sessionId}-1` } : {};
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => post(beatUrl(id), learner, body, headers)),
      );
      const ok = answers.filter((res) => res.statusCode === 200);
      for (const res of answers) expect([200, 409]).toContain(res.statusCode);
      expect(ok.length).toBeGreaterThan(0);
      const credited = ok
        .filter((res) => res.headers['idempotent-replayed'] === undefined)
        .map((res) => answerOf(heartbeatAnswer, res));
      expect(credited.filter((a) => !a.duplicate)).toHaveLength(1);
      expect(credited.reduce((sum, a) => sum + a.credited_seconds, 0)).toBeCloseTo(10, 0);
      const row = await progressRow(id);
      expect(row!.creditedSeconds).toBeGreaterThan(9);
      expect(row!.creditedSeconds).toBeLessThanOrEqual(10.5);
      const [session] = await ctx.app.db
        .select()
        .from(lessonSessions)
        .where(eq(lessonSessions.id, sessionId));
      expect(session!.lastSeq).toBe(1);
      // Replayed once more later, by the outbox: still nothing more.
      const late = answerOf(heartbeatAnswer, await post(beatUrl(id), learner, body));
      expect(late).toMatchObject({ duplicate: true, credited_seconds: 0 });
      expect(late.progress.credited_seconds).toBe(row!.creditedSeconds);
    }
  });

  it('credits at most 10.5 s for a heartbeat claiming 60 s after 10 s', async () => {
    const { id } = lesson(1);
    const sessionId = await open(id);
    const start = (await progressRow(id))!.positionSeconds;
    await ageSession(ctx.app.db, sessionId, 10);
    const claimed = answerOf(
      heartbeatAnswer,
      await post(beatUrl(id), learner, heartbeatBody(sessionId, 1, start + 60)),
    );
    expect(claimed.credited_seconds).toBeLessThanOrEqual(10.5);
    expect(claimed.credited_seconds).toBeGreaterThan(9);
    // A device clock that claims the heartbeat was recorded a minute later than it was sent changes nothing.
    const future = heartbeatBody(sessionId, 2, start + 120);
    const lied = answerOf(
      heartbeatAnswer,
      await post(beatUrl(id), learner, {
        ...future,
        recorded_at: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    expect(lied.credited_seconds).toBeLessThan(1);
  });

  it('credits heartbeats queued offline and sent together for the time they covered, once', async () => {
    const { id } = lesson(6);
    const sessionId = await open(id);
    const start = (await progressRow(id))?.positionSeconds ?? 0;
    // Watched for 40 s with the network down: four heartbeats, recorded on the server's clock as the page
    // knows it (no device_now), all sent when the network returns, then the outbox replays them again.
    await ageSession(ctx.app.db, sessionId, 41);
    const queued = [1, 2, 3, 4].map((seq) => ({
      session_id: sessionId,
      seq,
      position: start + seq * 10,
      recorded_at: new Date(Date.now() - (41 - seq * 10) * 1000).toISOString(),
      playing: true,
    }));
    let credited = 0;
    for (const body of queued)
      credited += answerOf(heartbeatAnswer, await post(beatUrl(id), learner, body)).credited_seconds;
    expect(credited).toBeGreaterThan(39);
    expect(credited).toBeLessThanOrEqual(40);
    const replays = await Promise.all(
      queued.map((body) => post(beatUrl(id), learner, body, { 'idempotency-key': `q-${body.seq}` })),
    );
    for (const res of replays) expect(answerOf(heartbeatAnswer, res).duplicate).toBe(true);
    expect((await progressRow(id))!.creditedSeconds).toBeCloseTo(credited, 3);
  });

  it('credits nothing beyond the furthest point watched when seeking ahead is off', async () => {
    const { id, noSeekAhead } = lesson(2);
    expect(noSeekAhead).toBe(true);
    const sessionId = await open(id);
    await ageSession(ctx.app.db, sessionId, 10);
    const jump = answerOf(
      heartbeatAnswer,
      await post(beatUrl(id), learner, heartbeatBody(sessionId, 1, 300)),
    );
    expect(jump.credited_seconds).toBe(0);
    expect(jump.progress.furthest_seconds).toBe(0);
    await ageSession(ctx.app.db, sessionId, 10);
    const after = answerOf(
      heartbeatAnswer,
      await post(beatUrl(id), learner, heartbeatBody(sessionId, 2, 310)),
    );
    expect(after.credited_seconds).toBe(0);
    // Watching from the start is credited.
    const again = await open(id);
    await ageSession(ctx.app.db, again, 10);
    const watched = answerOf(heartbeatAnswer, await post(beatUrl(id), learner, heartbeatBody(again, 1, 10)));
    expect(watched.credited_seconds).toBeGreaterThan(9);
    expect(watched.progress.furthest_seconds).toBe(10);
  });

  it('completes a lesson at 95 % and counts it in the course progress', async () => {
    const { id } = lesson(3);
    const sessionId = await open(id);
    await ageSession(ctx.app.db, sessionId, 10);
    const first = answerOf(
      heartbeatAnswer,
      await post(beatUrl(id), learner, heartbeatBody(sessionId, 1, 10)),
    );
    expect(first.progress.completed).toBe(false);
    await ageSession(ctx.app.db, sessionId, 10);
    const second = answerOf(
      heartbeatAnswer,
      await post(beatUrl(id), learner, heartbeatBody(sessionId, 2, 19)),
    );
    expect(second.progress.credited_seconds).toBeGreaterThanOrEqual(19);
    expect(second.progress).toMatchObject({ completed: true, percent: 95 });
    expect((await progressRow(id))!.completedAt).not.toBeNull();

    const detail = answerOf(
      courseDetailAnswer,
      await request(ctx.app, { method: 'GET', url: `/api/v1/courses/${course.id}`, token: learner }),
    );
    const total = course.lessons.reduce((sum, l) => sum + l.durationSeconds, 0);
    expect(detail.access.completed_lessons).toBe(1);
    expect(detail.access.progress_percent).toBe(Math.round((20 / total) * 1000) / 10);
    expect(detail.access.last_lesson_id).toBe(id);
    const mine = answerOf(
      myCourseListAnswer,
      await request(ctx.app, { method: 'GET', url: '/api/v1/learner/courses', token: learner }),
    );
    expect(mine.data.find((c) => c.id === course.id)).toMatchObject({
      completed_lessons: 1,
      last_lesson: { id },
    });
  });
});

describe('isolation and bad input', () => {
  it("refuses another learner's session, lesson and progress", async () => {
    const { id } = lesson(4);
    const sessionId = await open(id);
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [lessonSessions, lessonProgress],
      calls: [
        // learner2 with learner's session
        {
          method: 'POST',
          url: beatUrl(id),
          token: learner2,
          payload: heartbeatBody(sessionId, 1, 5),
          status: 404,
        },
        // learner's session named under another lesson
        {
          method: 'POST',
          url: beatUrl(lesson(5).id),
          token: learner,
          payload: heartbeatBody(sessionId, 1, 5),
          status: 404,
        },
        // learner2 cannot open a lesson of a course they do not have
        { method: 'POST', url: `/api/v1/lessons/${id}/play`, token: learner2, status: 403 },
      ],
    });
    const detail = answerOf(
      courseDetailAnswer,
      await request(ctx.app, { method: 'GET', url: `/api/v1/courses/${course.id}`, token: learner2 }),
    );
    expect(detail.access).toMatchObject({
      owned: false,
      progress_percent: 0,
      completed_lessons: 0,
      last_lesson_id: null,
    });
    expect(detail.chapters.flatMap((c) => c.lessons).every((l) => l.progress === null)).toBe(true);
  });

  it('refuses bad heartbeats with 422 or 404 and writes nothing', async () => {
    const { id } = lesson(5);
    const sessionId = await open(id);
    const good = heartbeatBody(sessionId, 1, 5);
    const beat = (payload: Json | string, fields?: string[], status?: number, url = beatUrl(id)) => ({
      method: 'POST' as const,
      url,
      token: learner,
      payload,
      headers: { 'content-type': 'application/json' },
      ...(fields ? { fields } : {}),
      ...(status ? { status } : {}),
    });
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [lessonSessions, lessonProgress],
      calls: [
        beat({ ...good, position: -1 }, ['position']),
        beat({ ...good, position: 'NaN' }, ['position']),
        beat(JSON.stringify(good).replace('"position":5', '"position":NaN'), undefined, 422),
        beat(JSON.stringify(good).replace('"position":5', '"position":1e999'), ['position']),
        beat({ ...good, position: 606 }, ['position']),
        beat({ ...good, seq: 0 }, ['seq']),
        beat({ ...good, seq: 1_000_001 }, ['seq']),
        beat({ ...good, seq: 1.5 }, ['seq']),
        beat({ ...good, session_id: 'not-a-uuid' }, ['session_id']),
        beat({ ...good, recorded_at: 'yesterday' }, ['recorded_at']),
        beat({ ...good, device_now: 'soon' }, ['device_now']),
        beat({ ...good, playing: 'yes' }, ['playing']),
        beat({ ...good, session_id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f' }, undefined, 404),
        beat(good, undefined, 404, beatUrl(2_000_000_000)),
        beat(good, undefined, 422, beatUrl(9_999_999_999)),
        beat(good, undefined, 422, '/api/v1/learner/lessons/abc/heartbeats'),
      ],
    });
  });
});
