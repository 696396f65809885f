// Courses for the learning tests, written straight into the tables (the course pages are another area's):
// a library video row (no file: these rules never stream it), a course with chapters and lessons, and a
// learner's playback sessions moved back in time so a heartbeat can claim real seconds.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import {
  courseChapters,
  courseLearners,
  courseLessons,
  courses,
  lessonSessions,
  occupations,
  videos,
} from '../../src/server/db/schema/index.ts';

let serial = 0;
const run = `${process.pid}-${Date.now()}`;

export async function insertVideo(db: Db, durationSeconds = 100) {
  const n = ++serial;
  const [video] = await db
    .insert(videos)
    .values({
      title: `测试视频 ${n}`,
      originalName: `lesson-${n}.mp4`,
      storageKey: `test/${run}-${n}.mp4`,
      size: 1024,
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      mime: 'video/mp4',
      durationSeconds,
      width: 480,
      height: 270,
      videoCodec: 'h264',
      audioCodec: 'aac',
    })
    .returning();
  return video!;
}

export interface CourseSpec {
  title: string;
  priceFen?: number;
  state?: 'draft' | 'published' | 'unpublished';
  category?: string;
  level?: number;
  /** Lessons per chapter: [durationSeconds, flags]. */
  chapters?: { durationSeconds: number; freePreview?: boolean; noSeekAhead?: boolean }[][];
}

export interface TestCourse {
  id: number;
  title: string;
  occupationId: number;
  lessons: { id: number; durationSeconds: number; freePreview: boolean; noSeekAhead: boolean }[];
}

export async function insertCourse(db: Db, spec: CourseSpec): Promise<TestCourse> {
  const [occupation] = await db.select({ id: occupations.id }).from(occupations).limit(1);
  const state = spec.state ?? 'published';
  const [course] = await db
    .insert(courses)
    .values({
      title: spec.title,
      occupationId: occupation!.id,
      level: spec.level ?? 5,
      category: spec.category ?? '测试分类',
      introduction: '<p>课程简介</p>',
      priceFen: spec.priceFen ?? 0,
      teachers: [{ name: '王老师', title: '高级技师' }],
      state,
      publishedAt: state === 'draft' ? null : new Date(),
    })
    .returning();
  const lessons: TestCourse['lessons'] = [];
  const chapters = spec.chapters ?? [[{ durationSeconds: 100, freePreview: true }, { durationSeconds: 100 }]];
  for (const [c, chapterLessons] of chapters.entries()) {
    const [chapter] = await db
      .insert(courseChapters)
      .values({ courseId: course!.id, title: `第 ${c + 1} 章`, sort: c })
      .returning();
    for (const [l, lesson] of chapterLessons.entries()) {
      const video = await insertVideo(db, lesson.durationSeconds);
      const [row] = await db
        .insert(courseLessons)
        .values({
          courseId: course!.id,
          chapterId: chapter!.id,
          title: `第 ${c + 1}.${l + 1} 课`,
          kind: 'video',
          videoId: video.id,
          durationSeconds: lesson.durationSeconds,
          freePreview: lesson.freePreview ?? false,
          noSeekAhead: lesson.noSeekAhead ?? false,
          sort: l,
        })
        .returning();
      lessons.push({
        id: row!.id,
        durationSeconds: lesson.durationSeconds,
        freePreview: row!.freePreview,
        noSeekAhead: row!.noSeekAhead,
      });
    }
  }
  return { id: course!.id, title: spec.title, occupationId: occupation!.id, lessons };
}

export async function giveCourse(db: Db, courseId: number, learnerId: number) {
  await db.insert(courseLearners).values({ courseId, learnerId, source: 'free' }).onConflictDoNothing();
}

/** Moves a session's start and last heartbeat `seconds` into the past, as if the learner had been watching. */
export async function ageSession(db: Db, sessionId: string, seconds: number) {
  const by = sql`make_interval(secs => ${seconds})`;
  await db
    .update(lessonSessions)
    .set({
      startedAt: sql`${lessonSessions.startedAt} - ${by}`,
      lastRecordedAt: sql`${lessonSessions.lastRecordedAt} - ${by}`,
    })
    .where(eq(lessonSessions.id, sessionId));
}

/** A heartbeat body recorded and sent now on the device's clock (optionally `skewSeconds` off). */
export function heartbeatBody(sessionId: string, seq: number, position: number, skewSeconds = 0) {
  const deviceNow = new Date(Date.now() + skewSeconds * 1000).toISOString();
  return {
    session_id: sessionId,
    seq,
    position,
    recorded_at: deviceNow,
    device_now: deviceNow,
    playing: true,
  };
}
