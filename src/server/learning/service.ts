// Learning: the public course catalogue, a learner's courses, the lesson player and heartbeats.
//
// Only published courses are public; a learner who has a course (course_learners: a free course joined, a
// paid one bought) keeps it when it is unpublished. A lesson plays for anyone when it is a free preview of a
// published course, else only for a learner who has the course, who also gets a playback session that
// heartbeats name. Progress rules are in progress.ts; a heartbeat is one transaction with two writes (the
// session row, held for update, and the lesson's progress upsert).
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import {
  HEARTBEAT_SECONDS,
  POSITION_SLACK_SECONDS,
  type CourseCard,
  type CourseDetail,
  type CourseFilters,
  type CourseListQuery,
  type HeartbeatAnswer,
  type HeartbeatInput,
  type LessonKind,
  type LessonProgressView,
  type MyCourse,
  type PlayAnswer,
  type RecentLesson,
} from '../../shared/learning/schema.ts';
import type { PaginationQuery } from '../../shared/api/pagination.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  courseChapters,
  courseLearners,
  courseLessons,
  courses,
  lessonProgress,
  lessonSessions,
  occupations,
  orders,
  videos,
} from '../db/schema/index.ts';
import { AppError, fieldError, forbidden, notFound, unauthorized } from '../errors.ts';
import { skillLevelName } from '../i18n/messages.ts';
import { iso } from '../lib/dates.ts';
import { listAnswer, listTotal, offsetOf } from '../lib/pagination.ts';
import type { Principal } from '../plugins/auth.ts';
import { uploadUrl } from '../uploads/service.ts';
import { createMediaGrant } from '../videos/service.ts';
import { coursePercent, creditHeartbeat, isComplete, lessonPercent, type Range } from './progress.ts';

export { coursePercent } from './progress.ts';

type CourseRow = typeof courses.$inferSelect;
type ProgressRow = typeof lessonProgress.$inferSelect;

export const COURSE_NOT_FOUND = '课程不存在';
export const LESSON_NOT_FOUND = '课时不存在';
export const PAID_COURSE_MESSAGE = '该课程需购买后学习';
export const BUY_FIRST_MESSAGE = '购买课程后才能学习';

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const published = eq(courses.state, 'published');

// ---------------------------------------------------------------- course cards

/** What a card shows beyond the course row, each a subquery of the row's course. */
const cardColumns = {
  course: courses,
  occupationName: occupations.name,
  lessonCount: sql<number>`(select count(*)::int from ${courseLessons} where ${courseLessons.courseId} = ${courses.id})`,
  durationSeconds: sql<number>`(select coalesce(sum(${courseLessons.durationSeconds}), 0)::int from ${courseLessons} where ${courseLessons.courseId} = ${courses.id})`,
  learnerCount: sql<number>`(select count(*)::int from ${courseLearners} where ${courseLearners.courseId} = ${courses.id})`,
};

interface CardRow {
  course: CourseRow;
  occupationName: string | null;
  lessonCount: number;
  durationSeconds: number;
  learnerCount: number;
}

function courseCard(row: CardRow, lang: Language): CourseCard {
  const { course } = row;
  return {
    id: course.id,
    title: course.title,
    cover_url: course.coverUploadId ? uploadUrl(course.coverUploadId) : null,
    occupation_id: course.occupationId,
    occupation_name: row.occupationName ?? '',
    level: course.level,
    level_name: course.level === null ? '' : skillLevelName(lang, course.level),
    category: course.category,
    price_fen: course.priceFen,
    free: course.priceFen === 0,
    lesson_count: Number(row.lessonCount),
    duration_seconds: Number(row.durationSeconds),
    learner_count: Number(row.learnerCount),
    teachers: course.teachers.map((teacher) => ({ name: teacher.name, title: teacher.title })),
    published_at: iso(course.publishedAt),
  };
}

const cardQuery = (db: DbOrTx) =>
  db.select(cardColumns).from(courses).leftJoin(occupations, eq(occupations.id, courses.occupationId));

const newestFirst = [desc(courses.publishedAt), desc(courses.id)];

/** GET /v1/courses/home/list: the newest published courses. */
export async function homeCourses(db: DbOrTx, limit: number, lang: Language) {
  const rows = await cardQuery(db)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
  return { data: rows.map((row) => courseCard(row, lang)) };
}

/** GET /v1/courses: the catalogue (published courses), searched and filtered. */
export async function listCourses(db: DbOrTx, query: CourseListQuery, lang: Language) {
  const conditions: (SQL | undefined)[] = [
    published,
    query.keyword ? ilike(courses.title, escapeLike(query.keyword)) : undefined,
    query.occupation_id ? eq(courses.occupationId, query.occupation_id) : undefined,
    query.level ? eq(courses.level, query.level) : undefined,
    query.category ? eq(courses.category, query.category) : undefined,
    query.price === 'free'
      ? eq(courses.priceFen, 0)
      : query.price === 'paid'
        ? sql`${courses.priceFen} > 0`
        : undefined,
  ];
  const where = and(...conditions);
  const rows = await cardQuery(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  const total = await listTotal(rows.length, query, async () => {
    const [row] = await db.select({ n: count() }).from(courses).where(where);
    return row?.n ?? 0;
  });
  return listAnswer(
    rows.map((row) => courseCard(row, lang)),
    total,
    query.page,
    query.limit,
  );
}

/** GET /v1/courses/filters: the occupations, levels and categories the published courses offer. */
export async function courseFilters(db: DbOrTx, lang: Language): Promise<CourseFilters> {
  const pairs = await db
    .selectDistinct({ id: occupations.id, name: occupations.name, level: courses.level })
    .from(courses)
    .innerJoin(occupations, eq(occupations.id, courses.occupationId))
    .where(published)
    .orderBy(asc(occupations.name), asc(occupations.id), desc(courses.level));
  const byOccupation = new Map<number, CourseFilters['occupations'][number]>();
  for (const pair of pairs) {
    const entry = byOccupation.get(pair.id) ?? { id: pair.id, name: pair.name, levels: [] };
    byOccupation.set(pair.id, entry);
    if (pair.level !== null) entry.levels.push({ level: pair.level, name: skillLevelName(lang, pair.level) });
  }
  const categories = await db
    .selectDistinct({ category: courses.category })
    .from(courses)
    .where(and(published, sql`${courses.category} <> ''`))
    .orderBy(asc(courses.category));
  return { occupations: [...byOccupation.values()], categories: categories.map((row) => row.category) };
}

// ---------------------------------------------------------------- ownership and course progress

async function ownership(db: DbOrTx, courseId: number, learnerId: number) {
  const [row] = await db
    .select({ id: courseLearners.id, joinedAt: courseLearners.joinedAt })
    .from(courseLearners)
    .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.learnerId, learnerId)))
    .limit(1);
  return row ?? null;
}

/** A course the caller may see: published, or one the learner has. 404 otherwise. */
async function visibleCourse(db: DbOrTx, courseId: number, learnerId: number | null) {
  const [row] = await cardQuery(db).where(eq(courses.id, courseId)).limit(1);
  if (!row || row.course.state === 'draft') throw notFound(COURSE_NOT_FOUND);
  const owned = learnerId === null ? null : await ownership(db, courseId, learnerId);
  if (row.course.state !== 'published' && !owned) throw notFound(COURSE_NOT_FOUND);
  return { row, owned };
}

/**
 * Course progress: the share of the course's duration in completed lessons (0..100, rounded to 0.1), the
 * number of completed lessons and the lesson watched last.
 */
function courseProgress(
  lessons: { id: number; durationSeconds: number }[],
  progress: Pick<ProgressRow, 'lessonId' | 'completedAt' | 'lastWatchedAt'>[],
) {
  const completed = new Set(progress.filter((p) => p.completedAt).map((p) => p.lessonId));
  const last = progress.reduce<(typeof progress)[number] | null>(
    (latest, p) => (latest === null || p.lastWatchedAt > latest.lastWatchedAt ? p : latest),
    null,
  );
  return {
    percent: coursePercent(lessons, completed),
    completedLessons: lessons.filter((lesson) => completed.has(lesson.id)).length,
    last,
  };
}

const progressView = (row: ProgressRow, durationSeconds: number): LessonProgressView => ({
  position_seconds: row.positionSeconds,
  furthest_seconds: row.furthestSeconds,
  credited_seconds: row.creditedSeconds,
  percent: lessonPercent(row.creditedSeconds, durationSeconds),
  completed: row.completedAt !== null,
});

/** GET /v1/courses/:id */
export async function courseDetail(
  db: DbOrTx,
  courseId: number,
  principal: Principal | null,
  lang: Language,
): Promise<CourseDetail> {
  const learnerId = principal?.kind === 'learners' ? principal.id : null;
  const { row, owned } = await visibleCourse(db, courseId, learnerId);
  const [chapters, lessons, progress, order] = await Promise.all([
    db
      .select({ id: courseChapters.id, title: courseChapters.title })
      .from(courseChapters)
      .where(eq(courseChapters.courseId, courseId))
      .orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
    db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.courseId, courseId))
      .orderBy(asc(courseLessons.sort), asc(courseLessons.id)),
    learnerId === null
      ? []
      : db
          .select()
          .from(lessonProgress)
          .where(and(eq(lessonProgress.learnerId, learnerId), eq(lessonProgress.courseId, courseId))),
    learnerId === null || row.course.priceFen === 0
      ? []
      : db
          .select({ orderNo: orders.orderNo, state: orders.state })
          .from(orders)
          .where(
            and(
              eq(orders.learnerId, learnerId),
              eq(orders.itemType, 'course'),
              eq(orders.itemId, courseId),
              inArray(orders.state, ['pending', 'paid']),
            ),
          )
          .limit(1),
  ]);
  const progressOf = new Map(progress.map((p) => [p.lessonId, p]));
  const summary = courseProgress(lessons, progress);
  return {
    ...courseCard(row, lang),
    introduction: row.course.introduction,
    chapters: chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      lessons: lessons
        .filter((lesson) => lesson.chapterId === chapter.id)
        .map((lesson) => {
          const p = progressOf.get(lesson.id);
          return {
            id: lesson.id,
            title: lesson.title,
            kind: lesson.kind as LessonKind,
            duration_seconds: lesson.durationSeconds,
            free_preview: lesson.freePreview,
            no_seek_ahead: lesson.noSeekAhead,
            progress: p
              ? {
                  position_seconds: p.positionSeconds,
                  credited_seconds: p.creditedSeconds,
                  percent: lessonPercent(p.creditedSeconds, lesson.durationSeconds),
                  completed: p.completedAt !== null,
                }
              : null,
          };
        }),
    })),
    access: {
      owned: owned !== null,
      order: order[0] ? { order_no: order[0].orderNo, state: order[0].state } : null,
      progress_percent: summary.percent,
      completed_lessons: summary.completedLessons,
      last_lesson_id: summary.last?.lessonId ?? null,
    },
  };
}

/** POST /v1/courses/:id/join: a free published course becomes the learner's (idempotent). */
export async function joinCourse(db: DbOrTx, courseId: number, learnerId: number) {
  const [course] = await db
    .select({ state: courses.state, priceFen: courses.priceFen })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course || course.state === 'draft') throw notFound(COURSE_NOT_FOUND);
  if (await ownership(db, courseId, learnerId)) return { owned: true as const };
  if (course.state !== 'published') throw notFound(COURSE_NOT_FOUND);
  if (course.priceFen > 0) throw new AppError(409, PAID_COURSE_MESSAGE);
  await db.insert(courseLearners).values({ courseId, learnerId, source: 'free' }).onConflictDoNothing();
  return { owned: true as const };
}

// ---------------------------------------------------------------- the player

/** POST /v1/lessons/:id/play */
export async function playLesson(db: Db, lessonId: number, principal: Principal | null): Promise<PlayAnswer> {
  const [row] = await db
    .select({
      lesson: courseLessons,
      courseTitle: courses.title,
      courseState: courses.state,
      chapterTitle: courseChapters.title,
      posterUploadId: videos.posterUploadId,
    })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
    .leftJoin(videos, eq(videos.id, courseLessons.videoId))
    .where(eq(courseLessons.id, lessonId))
    .limit(1);
  if (!row || row.courseState === 'draft') throw notFound(LESSON_NOT_FOUND);
  const { lesson } = row;
  const learnerId = principal?.kind === 'learners' ? principal.id : null;
  const owned = learnerId === null ? null : await ownership(db, lesson.courseId, learnerId);
  if (row.courseState !== 'published' && !owned) throw notFound(LESSON_NOT_FOUND);
  if (!owned && !(lesson.freePreview && row.courseState === 'published')) {
    if (!principal) throw unauthorized('请登录后学习');
    throw forbidden(BUY_FIRST_MESSAGE);
  }

  const order = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
    .where(eq(courseLessons.courseId, lesson.courseId))
    .orderBy(
      asc(courseChapters.sort),
      asc(courseChapters.id),
      asc(courseLessons.sort),
      asc(courseLessons.id),
    );
  const index = order.findIndex((entry) => entry.id === lesson.id);

  return db.transaction(async (tx) => {
    const now = new Date();
    const target =
      lesson.videoId !== null
        ? { videoId: lesson.videoId }
        : lesson.documentUploadId !== null
          ? { uploadId: lesson.documentUploadId }
          : null;
    if (!target) throw notFound(LESSON_NOT_FOUND);
    const grant = await createMediaGrant(tx, target, { learnerId });
    let sessionId: string | null = null;
    let progress: LessonProgressView | null = null;
    if (owned && learnerId !== null) {
      const [current] = await tx
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.learnerId, learnerId), eq(lessonProgress.lessonId, lessonId)))
        .limit(1);
      // The session starts where the player resumes (never past the furthest point when seeking ahead is off).
      const resumeAt = current
        ? lesson.noSeekAhead
          ? Math.min(current.positionSeconds, current.furthestSeconds)
          : current.positionSeconds
        : 0;
      sessionId = randomUUID();
      await tx.insert(lessonSessions).values({
        id: sessionId,
        learnerId,
        lessonId,
        startedAt: now,
        lastRecordedAt: now,
        lastPosition: resumeAt,
      });
      progress = current
        ? progressView(current, lesson.durationSeconds)
        : { position_seconds: 0, furthest_seconds: 0, credited_seconds: 0, percent: 0, completed: false };
    }
    return {
      lesson: {
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind as LessonKind,
        duration_seconds: lesson.durationSeconds,
        no_seek_ahead: lesson.noSeekAhead,
        free_preview: lesson.freePreview,
        course_id: lesson.courseId,
        course_title: row.courseTitle,
        chapter_title: row.chapterTitle,
      },
      media_url: grant.url,
      poster_url: row.posterUploadId ? uploadUrl(row.posterUploadId) : null,
      session_id: sessionId,
      server_now: now.toISOString(),
      heartbeat_seconds: HEARTBEAT_SECONDS,
      progress,
      prev_lesson_id: index > 0 ? (order[index - 1]?.id ?? null) : null,
      next_lesson_id: index >= 0 ? (order[index + 1]?.id ?? null) : null,
    };
  });
}

// ---------------------------------------------------------------- heartbeats

const sessionNotFound = () => notFound('学习会话不存在');

/**
 * POST /v1/learner/lessons/:id/heartbeats. One transaction: the session (with the lesson's rules and the
 * learner's progress, one select) held for update, then two writes: the lesson's progress upsert and the
 * session row. The upsert only replaces the ranges it read (a playback in another tab may have added some
 * meanwhile); when they changed it reads them again under lock and merges once more. A replay writes nothing.
 */
export async function recordHeartbeat(
  db: Db,
  learnerId: number,
  lessonId: number,
  body: HeartbeatInput,
): Promise<HeartbeatAnswer> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({
        session: lessonSessions,
        durationSeconds: courseLessons.durationSeconds,
        noSeekAhead: courseLessons.noSeekAhead,
        courseId: courseLessons.courseId,
        progress: lessonProgress,
      })
      .from(lessonSessions)
      .innerJoin(courseLessons, eq(courseLessons.id, lessonSessions.lessonId))
      .leftJoin(
        lessonProgress,
        and(
          eq(lessonProgress.learnerId, lessonSessions.learnerId),
          eq(lessonProgress.lessonId, lessonSessions.lessonId),
        ),
      )
      .where(eq(lessonSessions.id, body.session_id))
      .for('update', { of: lessonSessions });
    if (!row || row.session.learnerId !== learnerId || row.session.lessonId !== lessonId)
      throw sessionNotFound();
    const duration = row.durationSeconds;
    if (body.position > duration + POSITION_SLACK_SECONDS) {
      throw fieldError('position', `播放位置不能超过课时时长（${duration} 秒）`);
    }
    const rules = { durationSeconds: duration, noSeekAhead: row.noSeekAhead };
    const facts = {
      seq: body.seq,
      position: body.position,
      recordedAt: body.recorded_at,
      deviceNow: body.device_now,
    };
    const read = (p: ProgressRow | null) => ({
      watchedRanges: (p?.watchedRanges ?? []) as Range[],
      furthestSeconds: p?.furthestSeconds ?? 0,
    });
    let outcome = creditHeartbeat(row.session, rules, read(row.progress), facts, now);
    const answer = (p: {
      positionSeconds: number;
      furthestSeconds: number;
      creditedSeconds: number;
      completed: boolean;
    }) => ({
      duplicate: outcome.duplicate,
      credited_seconds: outcome.credit,
      progress: {
        position_seconds: p.positionSeconds,
        furthest_seconds: p.furthestSeconds,
        credited_seconds: p.creditedSeconds,
        percent: lessonPercent(p.creditedSeconds, duration),
        completed: p.completed,
      },
      server_now: now.toISOString(),
    });
    if (outcome.duplicate) {
      const p = read(row.progress);
      return answer({
        positionSeconds: row.progress?.positionSeconds ?? row.session.lastPosition,
        furthestSeconds: p.furthestSeconds,
        creditedSeconds: outcome.creditedSeconds,
        completed: Boolean(row.progress?.completedAt),
      });
    }

    const values = (o: typeof outcome, completedAt: Date | null) => ({
      positionSeconds: o.session.lastPosition,
      furthestSeconds: o.furthestSeconds,
      watchedRanges: o.watchedRanges,
      creditedSeconds: o.creditedSeconds,
      completedAt: completedAt ?? (o.completed ? now : null),
      lastWatchedAt: now,
      updatedAt: now,
    });
    const readRanges = JSON.stringify(read(row.progress).watchedRanges);
    const [saved] = await tx
      .insert(lessonProgress)
      .values({ learnerId, lessonId, courseId: row.courseId, createdAt: now, ...values(outcome, null) })
      .onConflictDoUpdate({
        target: [lessonProgress.learnerId, lessonProgress.lessonId],
        set: {
          ...values(outcome, row.progress?.completedAt ?? null),
          completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`,
        },
        setWhere: sql`${lessonProgress.watchedRanges} = ${readRanges}::jsonb`,
      })
      .returning({ completedAt: lessonProgress.completedAt });
    let completedAt = saved?.completedAt ?? null;
    if (!saved) {
      // Another playback of this lesson changed the ranges since they were read: merge into what is there now.
      const [current] = await tx
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.learnerId, learnerId), eq(lessonProgress.lessonId, lessonId)))
        .for('update');
      outcome = creditHeartbeat(row.session, rules, read(current ?? null), facts, now);
      completedAt = current?.completedAt ?? (outcome.completed ? now : null);
      await tx
        .update(lessonProgress)
        .set(values(outcome, completedAt))
        .where(and(eq(lessonProgress.learnerId, learnerId), eq(lessonProgress.lessonId, lessonId)));
    }
    await tx
      .update(lessonSessions)
      .set({
        lastSeq: outcome.session.lastSeq,
        lastRecordedAt: outcome.session.lastRecordedAt,
        lastPosition: outcome.session.lastPosition,
        creditedSeconds: outcome.session.creditedSeconds,
        lastHeartbeatAt: now,
      })
      .where(eq(lessonSessions.id, body.session_id));
    return answer({
      positionSeconds: outcome.session.lastPosition,
      furthestSeconds: outcome.furthestSeconds,
      creditedSeconds: outcome.creditedSeconds,
      completed: completedAt !== null || isComplete(outcome.creditedSeconds, duration),
    });
  });
}

// ---------------------------------------------------------------- the learner's lists

const lastStudied = sql<
  Date | string | null
>`(select max(${lessonProgress.lastWatchedAt}) from ${lessonProgress} where ${lessonProgress.learnerId} = ${courseLearners.learnerId} and ${lessonProgress.courseId} = ${courseLearners.courseId})`;

/** GET /v1/learner/courses (myCourse): the learner's courses, newest studied first. */
export async function myCourses(db: DbOrTx, learnerId: number, page: PaginationQuery, lang: Language) {
  const where = eq(courseLearners.learnerId, learnerId);
  const rows = await db
    .select({ ...cardColumns, joinedAt: courseLearners.joinedAt, lastStudiedAt: lastStudied })
    .from(courseLearners)
    .innerJoin(courses, eq(courses.id, courseLearners.courseId))
    .leftJoin(occupations, eq(occupations.id, courses.occupationId))
    .where(where)
    .orderBy(sql`${lastStudied} desc nulls last`, desc(courseLearners.joinedAt), desc(courseLearners.id))
    .limit(page.limit)
    .offset(offsetOf(page.page, page.limit));
  const total = await listTotal(rows.length, page, async () => {
    const [row] = await db.select({ n: count() }).from(courseLearners).where(where);
    return row?.n ?? 0;
  });
  const courseIds = rows.map((row) => row.course.id);
  const [lessons, progress] = courseIds.length
    ? await Promise.all([
        db
          .select({
            id: courseLessons.id,
            courseId: courseLessons.courseId,
            title: courseLessons.title,
            durationSeconds: courseLessons.durationSeconds,
          })
          .from(courseLessons)
          .where(inArray(courseLessons.courseId, courseIds)),
        db
          .select({
            lessonId: lessonProgress.lessonId,
            courseId: lessonProgress.courseId,
            completedAt: lessonProgress.completedAt,
            lastWatchedAt: lessonProgress.lastWatchedAt,
          })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.learnerId, learnerId), inArray(lessonProgress.courseId, courseIds))),
      ])
    : [[], []];
  const data: MyCourse[] = rows.map((row) => {
    const ofCourse = lessons.filter((lesson) => lesson.courseId === row.course.id);
    const summary = courseProgress(
      ofCourse,
      progress.filter((p) => p.courseId === row.course.id),
    );
    const lastLesson = summary.last
      ? ofCourse.find((lesson) => lesson.id === summary.last?.lessonId)
      : undefined;
    return {
      ...courseCard(row, lang),
      progress_percent: summary.percent,
      completed_lessons: summary.completedLessons,
      last_lesson: lastLesson ? { id: lastLesson.id, title: lastLesson.title } : null,
      last_studied_at: row.lastStudiedAt === null ? null : new Date(row.lastStudiedAt).toISOString(),
      joined_at: row.joinedAt.toISOString(),
    };
  });
  return listAnswer(data, total, page.page, page.limit);
}

/** GET /v1/learner/lessons/recent (myVideo): the lessons the learner watched, last first. */
export async function recentLessons(db: DbOrTx, learnerId: number, page: PaginationQuery) {
  const where = eq(lessonProgress.learnerId, learnerId);
  const rows = await db
    .select({
      progress: lessonProgress,
      title: courseLessons.title,
      kind: courseLessons.kind,
      durationSeconds: courseLessons.durationSeconds,
      courseTitle: courses.title,
      coverUploadId: courses.coverUploadId,
    })
    .from(lessonProgress)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
    .where(where)
    .orderBy(desc(lessonProgress.lastWatchedAt), desc(lessonProgress.id))
    .limit(page.limit)
    .offset(offsetOf(page.page, page.limit));
  const total = await listTotal(rows.length, page, async () => {
    const [row] = await db.select({ n: count() }).from(lessonProgress).where(where);
    return row?.n ?? 0;
  });
  const data: RecentLesson[] = rows.map((row) => ({
    lesson_id: row.progress.lessonId,
    lesson_title: row.title,
    kind: row.kind as LessonKind,
    course_id: row.progress.courseId,
    course_title: row.courseTitle,
    cover_url: row.coverUploadId ? uploadUrl(row.coverUploadId) : null,
    position_seconds: row.progress.positionSeconds,
    duration_seconds: row.durationSeconds,
    percent: lessonPercent(row.progress.creditedSeconds, row.durationSeconds),
    completed: row.progress.completedAt !== null,
    last_watched_at: row.progress.lastWatchedAt.toISOString(),
  }));
  return listAnswer(data, total, page.page, page.limit);
}
