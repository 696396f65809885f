// Demo learning: the demo `learner` has the free course (joined) with its first lesson completed and the
// second half watched, and one paid course bought through a paid sandbox order with a little of its first
// lesson watched; `learner2` has nothing. Seeded after the course demo (courses found by title).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courseChapters, courseLessons, courses, learners, lessonProgress } from '../db/schema/index.ts';
import { joinCourse } from '../learning/service.ts';
import { SandboxGateway } from '../payments/sandbox.ts';
import { orderForCourse } from '../payments/service.ts';
import { DEMO_COURSES } from './courses.ts';
import { payInSandbox } from './exam-chain.ts';

const MINUTE = 60_000;

/** The course's lessons in the order the course shows them. */
async function lessonsOf(db: Db, courseId: number) {
  return db
    .select({ id: courseLessons.id, durationSeconds: courseLessons.durationSeconds })
    .from(courseLessons)
    .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(
      asc(courseChapters.sort),
      asc(courseChapters.id),
      asc(courseLessons.sort),
      asc(courseLessons.id),
    );
}

/** Progress as honest heartbeats would have left it: the first `share` of the lesson watched. */
async function watched(
  db: Db,
  learnerId: number,
  courseId: number,
  lesson: { id: number; durationSeconds: number },
  share: number,
  minutesAgo: number,
) {
  const seconds = Math.round(lesson.durationSeconds * share * 10) / 10;
  const at = new Date(Date.now() - minutesAgo * MINUTE);
  await db.insert(lessonProgress).values({
    learnerId,
    lessonId: lesson.id,
    courseId,
    positionSeconds: seconds,
    furthestSeconds: seconds,
    watchedRanges: seconds > 0 ? [[0, seconds]] : [],
    creditedSeconds: seconds,
    completedAt: share >= 0.95 ? at : null,
    lastWatchedAt: at,
    createdAt: at,
    updatedAt: at,
  });
}

export async function seedLearningDemo(db: Db, options: { paymentSecret: string }): Promise<void> {
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.username, 'learner'))
    .limit(1);
  const found = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      and(inArray(courses.title, [DEMO_COURSES.free, DEMO_COURSES.tea]), eq(courses.state, 'published')),
    );
  const free = found.find((c) => c.title === DEMO_COURSES.free);
  const paid = found.find((c) => c.title === DEMO_COURSES.tea);
  if (!learner || !free || !paid) throw new Error('the learning demo needs the demo learner and courses');

  await joinCourse(db, free.id, learner.id);
  const freeLessons = await lessonsOf(db, free.id);
  if (freeLessons[0]) await watched(db, learner.id, free.id, freeLessons[0], 1, 60 * 24);
  if (freeLessons[1]) await watched(db, learner.id, free.id, freeLessons[1], 0.5, 30);

  const sandbox = new SandboxGateway(options.paymentSecret);
  const { order } = await orderForCourse(db, learner.id, paid.id);
  await payInSandbox(db, sandbox, learner.id, order.orderNo);
  const paidLessons = await lessonsOf(db, paid.id);
  if (paidLessons[0]) await watched(db, learner.id, paid.id, paidLessons[0], 0.3, 60 * 3);
}
