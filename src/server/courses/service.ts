// Courses, chapters and lessons in the back office (/manage/trainingManage/course/…; PRODUCT.md §2). A course
// is draft → published ⇄ unpublished; publishing needs at least one lesson, and a published course keeps at
// least one. Every write that depends on the course's other rows (publish vs deleting a lesson, reordering vs
// adding) first locks the course row, so two such writes run one after the other and the second sees the
// first. Only this area writes these tables; the learning area reads them.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, gt, ilike, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ChapterView,
  type CourseState,
  type CourseView,
  type LessonKind,
  type LessonView,
  type chapterInputSchema,
  type courseInputSchema,
  type courseListQuery,
  type lessonInputSchema,
} from '../../shared/courses/schema.ts';
import { skillLevelLabel } from '../../shared/plans/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  courseChapters,
  courseLearners,
  courseLessons,
  courses,
  occupations,
  orders,
  uploads,
  videos,
} from '../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { requireUploadOfKind, uploadUrl } from '../uploads/service.ts';

type CourseInput = z.output<typeof courseInputSchema>;
type LessonInput = z.output<typeof lessonInputSchema>;
type CourseRow = typeof courses.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- courses

const courseQuery = (db: DbOrTx) =>
  db
    .select({
      course: courses,
      occupationName: occupations.name,
      chapterCount: sql<number>`(select count(*)::int from course_chapters ch where ch.course_id = ${courses.id})`,
      lessonCount: sql<number>`(select count(*)::int from course_lessons l where l.course_id = ${courses.id})`,
      durationSeconds: sql<number>`(select coalesce(sum(l.duration_seconds), 0)::int from course_lessons l where l.course_id = ${courses.id})`,
      learnerCount: sql<number>`(select count(*)::int from course_learners cl where cl.course_id = ${courses.id})`,
    })
    .from(courses)
    .leftJoin(occupations, eq(occupations.id, courses.occupationId));

type CourseQueryRow = Awaited<ReturnType<typeof courseQuery>>[number];

const courseView = (r: CourseQueryRow): CourseView => ({
  id: r.course.id,
  title: r.course.title,
  cover_upload_id: r.course.coverUploadId,
  cover_url: r.course.coverUploadId ? uploadUrl(r.course.coverUploadId) : null,
  occupation_id: r.course.occupationId,
  occupation_name: r.occupationName,
  level: r.course.level,
  level_name: r.course.level === null ? null : skillLevelLabel(r.course.level),
  category: r.course.category,
  introduction: r.course.introduction,
  price_fen: r.course.priceFen,
  free: r.course.priceFen === 0,
  teachers: r.course.teachers,
  state: r.course.state as CourseState,
  published_at: r.course.publishedAt?.toISOString() ?? null,
  chapter_count: Number(r.chapterCount),
  lesson_count: Number(r.lessonCount),
  duration_seconds: Number(r.durationSeconds),
  learner_count: Number(r.learnerCount),
  created_at: r.course.createdAt.toISOString(),
  updated_at: r.course.updatedAt.toISOString(),
});

export async function getCourse(db: DbOrTx, id: number): Promise<CourseView> {
  const [row] = await courseQuery(db).where(eq(courses.id, id));
  if (!row) throw notFound('课程不存在');
  return courseView(row);
}

export async function listCourses(db: DbOrTx, query: z.output<typeof courseListQuery>) {
  const where = and(
    query.keyword ? ilike(courses.title, like(query.keyword)) : undefined,
    query.occupation_id ? eq(courses.occupationId, query.occupation_id) : undefined,
    query.level ? eq(courses.level, query.level) : undefined,
    query.category ? eq(courses.category, query.category) : undefined,
    query.state ? eq(courses.state, query.state) : undefined,
    query.price === 'free'
      ? eq(courses.priceFen, 0)
      : query.price === 'paid'
        ? gt(courses.priceFen, 0)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    courseQuery(db)
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return listAnswer(rows.map(courseView), total?.n ?? 0, query.page, query.limit);
}

/** The categories courses use, for the form's suggestions and the list's filter. */
export async function listCategories(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ category: courses.category })
    .from(courses)
    .where(ne(courses.category, ''))
    .orderBy(asc(courses.category));
  return { data: rows.map((r) => r.category) };
}

/** The course row, locked until the transaction ends: every write that depends on its chapters and lessons. */
async function lockCourse(tx: DbOrTx, id: number): Promise<CourseRow> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  if (!row) throw notFound('课程不存在');
  return row;
}

/** The checks against other rows: the occupation offers the level, the cover is a cover image. */
async function checkCourseInput(tx: DbOrTx, input: CourseInput) {
  if (input.occupation_id !== null) {
    const [occupation] = await tx.select().from(occupations).where(eq(occupations.id, input.occupation_id));
    if (!occupation) throw fieldError('occupation_id', '职业（工种）不存在');
    if (input.level !== null && !occupation.levels.includes(input.level))
      throw fieldError('level', `${occupation.name}没有该等级（可选 ${occupation.levels.join('、')} 级）`);
  }
  if (input.cover_upload_id !== null)
    await requireUploadOfKind(
      tx,
      input.cover_upload_id,
      'cover',
      'cover_upload_id',
      '封面图片不存在，请重新上传',
    );
}

const courseValues = (input: CourseInput) => ({
  title: input.title,
  coverUploadId: input.cover_upload_id,
  occupationId: input.occupation_id,
  level: input.occupation_id === null ? null : input.level,
  category: input.category,
  introduction: sanitizeRichText(input.introduction),
  priceFen: input.price_fen,
  teachers: input.teachers,
});

export async function createCourse(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  input: CourseInput,
): Promise<CourseView> {
  await checkCourseInput(tx, input);
  const values = courseValues(input);
  const [row] = await tx
    .insert(courses)
    .values({ ...values, state: 'draft', createdBy: actor.id })
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'course.create',
    targetType: 'course',
    targetId: row!.id,
    detail: {
      title: values.title,
      occupation_id: values.occupationId,
      level: values.level,
      category: values.category,
      price_fen: values.priceFen,
      teachers: values.teachers.length,
    },
  });
  return getCourse(tx, row!.id);
}

export async function updateCourse(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  input: CourseInput,
): Promise<CourseView> {
  const current = await lockCourse(tx, id);
  await checkCourseInput(tx, input);
  const [row] = await tx
    .update(courses)
    .set({ ...courseValues(input), updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'course.update',
    targetType: 'course',
    targetId: id,
    detail: { title: current.title, ...changedFields(current, row!) },
  });
  return getCourse(tx, id);
}

export async function publishCourse(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
): Promise<CourseView> {
  const current = await lockCourse(tx, id);
  if (current.state === 'published') throw conflict('课程已发布');
  const [lessons] = await tx.select({ n: count() }).from(courseLessons).where(eq(courseLessons.courseId, id));
  if ((lessons?.n ?? 0) === 0) throw conflict('课程还没有课时，至少添加 1 个课时后才能发布');
  await tx
    .update(courses)
    .set({ state: 'published', publishedAt: new Date(), updatedAt: new Date() })
    .where(eq(courses.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'course.publish',
    targetType: 'course',
    targetId: id,
    detail: { title: current.title, before: current.state, after: 'published' },
  });
  return getCourse(tx, id);
}

export async function unpublishCourse(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
): Promise<CourseView> {
  const current = await lockCourse(tx, id);
  if (current.state !== 'published') throw conflict('课程未发布，无需下架');
  await tx.update(courses).set({ state: 'unpublished', updatedAt: new Date() }).where(eq(courses.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'course.unpublish',
    targetType: 'course',
    targetId: id,
    detail: { title: current.title, before: 'published', after: 'unpublished' },
  });
  return getCourse(tx, id);
}

/** Only a course that is not published, that nobody has joined and nobody has ordered. */
export async function deleteCourse(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const current = await lockCourse(tx, id);
  if (current.state === 'published') throw conflict('已发布的课程不能删除，请先下架');
  const [learners] = await tx
    .select({ n: count() })
    .from(courseLearners)
    .where(eq(courseLearners.courseId, id));
  if ((learners?.n ?? 0) > 0) throw conflict(`已有 ${learners!.n} 名学员加入该课程，不能删除（可保持下架）`);
  const [ordered] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.itemType, 'course'), eq(orders.itemId, id)));
  if ((ordered?.n ?? 0) > 0) throw conflict(`该课程已有 ${ordered!.n} 笔订单，不能删除（可保持下架）`);
  await tx.delete(courses).where(eq(courses.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'course.delete',
    targetType: 'course',
    targetId: id,
    detail: { title: current.title, state: current.state },
  });
}

// ---------------------------------------------------------------- chapters

const chapterQuery = (db: DbOrTx) =>
  db
    .select({
      chapter: courseChapters,
      lessonCount: sql<number>`(select count(*)::int from course_lessons l where l.chapter_id = ${courseChapters.id})`,
      durationSeconds: sql<number>`(select coalesce(sum(l.duration_seconds), 0)::int from course_lessons l where l.chapter_id = ${courseChapters.id})`,
    })
    .from(courseChapters);

const chapterView = (r: Awaited<ReturnType<typeof chapterQuery>>[number]): ChapterView => ({
  id: r.chapter.id,
  course_id: r.chapter.courseId,
  title: r.chapter.title,
  sort: r.chapter.sort,
  lesson_count: Number(r.lessonCount),
  duration_seconds: Number(r.durationSeconds),
});

async function courseExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
  if (!row) throw notFound('课程不存在');
}

export async function listChapters(db: DbOrTx, courseId: number) {
  await courseExists(db, courseId);
  const rows = await chapterQuery(db)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  return { data: rows.map(chapterView) };
}

async function getChapter(db: DbOrTx, id: number) {
  const [row] = await chapterQuery(db).where(eq(courseChapters.id, id));
  if (!row) throw notFound('章节不存在');
  return chapterView(row);
}

async function findChapter(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courseChapters).where(eq(courseChapters.id, id));
  if (!row) throw notFound('章节不存在');
  return row;
}

export async function createChapter(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  courseId: number,
  input: z.output<typeof chapterInputSchema>,
): Promise<ChapterView> {
  await lockCourse(tx, courseId);
  const [last] = await tx
    .select({ sort: max(courseChapters.sort) })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  const [row] = await tx
    .insert(courseChapters)
    .values({ courseId, title: input.title, sort: (last?.sort ?? 0) + 1 })
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'chapter.create',
    targetType: 'course_chapter',
    targetId: row!.id,
    detail: { course_id: courseId, title: input.title },
  });
  return getChapter(tx, row!.id);
}

export async function renameChapter(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  input: z.output<typeof chapterInputSchema>,
): Promise<ChapterView> {
  const chapter = await findChapter(tx, id);
  await lockCourse(tx, chapter.courseId);
  await tx
    .update(courseChapters)
    .set({ title: input.title, updatedAt: new Date() })
    .where(eq(courseChapters.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'chapter.rename',
    targetType: 'course_chapter',
    targetId: id,
    detail: { course_id: chapter.courseId, before: { title: chapter.title }, after: { title: input.title } },
  });
  return getChapter(tx, id);
}

/** Only an empty chapter. */
export async function deleteChapter(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const chapter = await findChapter(tx, id);
  await lockCourse(tx, chapter.courseId);
  const [lessons] = await tx
    .select({ n: count() })
    .from(courseLessons)
    .where(eq(courseLessons.chapterId, id));
  if ((lessons?.n ?? 0) > 0)
    throw conflict(`章节下还有 ${lessons!.n} 个课时，请先删除课时或把课时移到其他章节`);
  await tx.delete(courseChapters).where(eq(courseChapters.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'chapter.delete',
    targetType: 'course_chapter',
    targetId: id,
    detail: { course_id: chapter.courseId, title: chapter.title },
  });
}

/**
 * Puts a parent's children (`where`) in the order of `ids`, which must be exactly those children, each once:
 * a list made before another write (a chapter added meanwhile) is refused. Answers the order before.
 */
async function writeOrder(
  tx: DbOrTx,
  table: typeof courseChapters | typeof courseLessons,
  where: SQL | undefined,
  ids: number[],
  what: string,
) {
  const rows: { id: number }[] = await tx
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(asc(table.sort), asc(table.id));
  const current = rows.map((r) => r.id);
  const known = new Set(current);
  if (ids.length !== current.length || ids.some((id) => !known.has(id)))
    throw fieldError('ids', `排序须恰好包含${what}（共 ${current.length} 个），请刷新后重试`);
  if (ids.length === 0) return current;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id} then ${index + 1}`),
    sql` `,
  );
  await tx
    .update(table)
    .set({ sort: sql`(case ${table.id} ${cases} end)::int`, updatedAt: new Date() })
    .where(inArray(table.id, ids));
  return current;
}

export async function orderChapters(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  courseId: number,
  ids: number[],
) {
  await lockCourse(tx, courseId);
  const before = await writeOrder(
    tx,
    courseChapters,
    eq(courseChapters.courseId, courseId),
    ids,
    '该课程的全部章节',
  );
  await writeSystemLog(tx, actor, request, {
    action: 'chapter.order',
    targetType: 'course',
    targetId: courseId,
    detail: { before, after: ids },
  });
  return listChapters(tx, courseId);
}

// ---------------------------------------------------------------- lessons

const lessonQuery = (db: DbOrTx) =>
  db
    .select({
      lesson: courseLessons,
      chapterTitle: courseChapters.title,
      chapterSort: courseChapters.sort,
      videoTitle: videos.title,
      posterUploadId: videos.posterUploadId,
      documentName: uploads.originalName,
    })
    .from(courseLessons)
    .innerJoin(courseChapters, eq(courseChapters.id, courseLessons.chapterId))
    .leftJoin(videos, eq(videos.id, courseLessons.videoId))
    .leftJoin(uploads, eq(uploads.id, courseLessons.documentUploadId));

const lessonView = (r: Awaited<ReturnType<typeof lessonQuery>>[number]): LessonView => ({
  id: r.lesson.id,
  course_id: r.lesson.courseId,
  chapter_id: r.lesson.chapterId,
  chapter_title: r.chapterTitle,
  title: r.lesson.title,
  kind: r.lesson.kind as LessonKind,
  video_id: r.lesson.videoId,
  video_title: r.videoTitle,
  poster_url: r.posterUploadId ? uploadUrl(r.posterUploadId) : null,
  document_upload_id: r.lesson.documentUploadId,
  document_name: r.documentName,
  duration_seconds: r.lesson.durationSeconds,
  free_preview: r.lesson.freePreview,
  no_seek_ahead: r.lesson.noSeekAhead,
  sort: r.lesson.sort,
});

/** The course's lessons, chapter by chapter, each chapter's in order. */
export async function listLessons(db: DbOrTx, courseId: number) {
  await courseExists(db, courseId);
  const rows = await lessonQuery(db)
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(
      asc(courseChapters.sort),
      asc(courseChapters.id),
      asc(courseLessons.sort),
      asc(courseLessons.id),
    );
  return { data: rows.map(lessonView) };
}

async function getLesson(db: DbOrTx, id: number) {
  const [row] = await lessonQuery(db).where(eq(courseLessons.id, id));
  if (!row) throw notFound('课时不存在');
  return lessonView(row);
}

async function findLesson(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courseLessons).where(eq(courseLessons.id, id));
  if (!row) throw notFound('课时不存在');
  return row;
}

/** The chapter (of this course), the file and the duration: a video's own, a document's reading time. */
async function lessonValues(tx: DbOrTx, courseId: number, input: LessonInput) {
  const [chapter] = await tx
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.id, input.chapter_id), eq(courseChapters.courseId, courseId)));
  if (!chapter) throw fieldError('chapter_id', '所属章节不存在或不属于该课程');
  const common = {
    title: input.title,
    chapterId: chapter.id,
    freePreview: input.free_preview,
    noSeekAhead: input.no_seek_ahead,
  };
  if (input.kind === 'video') {
    const [video] = await tx.select().from(videos).where(eq(videos.id, input.video_id!));
    if (!video) throw fieldError('video_id', '视频不存在，请重新选择');
    return {
      ...common,
      kind: 'video',
      videoId: video.id,
      documentUploadId: null,
      durationSeconds: Math.max(1, Math.round(video.durationSeconds)),
    };
  }
  const upload = await requireUploadOfKind(
    tx,
    input.document_upload_id,
    'lesson_document',
    'document_upload_id',
    'PDF 文档不存在，请重新上传',
  );
  return {
    ...common,
    kind: 'document',
    videoId: null,
    documentUploadId: upload.id,
    durationSeconds: input.reading_minutes! * 60,
  };
}

async function nextLessonSort(tx: DbOrTx, chapterId: number) {
  const [last] = await tx
    .select({ sort: max(courseLessons.sort) })
    .from(courseLessons)
    .where(eq(courseLessons.chapterId, chapterId));
  return (last?.sort ?? 0) + 1;
}

export async function createLesson(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  courseId: number,
  input: LessonInput,
): Promise<LessonView> {
  await lockCourse(tx, courseId);
  const values = await lessonValues(tx, courseId, input);
  const [row] = await tx
    .insert(courseLessons)
    .values({ ...values, courseId, sort: await nextLessonSort(tx, values.chapterId) })
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'lesson.create',
    targetType: 'course_lesson',
    targetId: row!.id,
    detail: {
      course_id: courseId,
      chapter_id: values.chapterId,
      title: values.title,
      kind: values.kind,
      video_id: values.videoId,
      document_upload_id: values.documentUploadId,
      duration_seconds: values.durationSeconds,
      free_preview: values.freePreview,
      no_seek_ahead: values.noSeekAhead,
    },
  });
  return getLesson(tx, row!.id);
}

export async function updateLesson(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  input: LessonInput,
): Promise<LessonView> {
  const lesson = await findLesson(tx, id);
  await lockCourse(tx, lesson.courseId);
  const values = await lessonValues(tx, lesson.courseId, input);
  // Moved to another chapter: it goes last there.
  const sort =
    values.chapterId === lesson.chapterId ? lesson.sort : await nextLessonSort(tx, values.chapterId);
  const [row] = await tx
    .update(courseLessons)
    .set({ ...values, sort, updatedAt: new Date() })
    .where(eq(courseLessons.id, id))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: 'lesson.update',
    targetType: 'course_lesson',
    targetId: id,
    detail: { course_id: lesson.courseId, title: lesson.title, ...changedFields(lesson, row!) },
  });
  return getLesson(tx, id);
}

/** A published course keeps at least one lesson (unpublish it first). */
export async function deleteLesson(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const lesson = await findLesson(tx, id);
  const course = await lockCourse(tx, lesson.courseId);
  if (course.state === 'published') {
    const [lessons] = await tx
      .select({ n: count() })
      .from(courseLessons)
      .where(eq(courseLessons.courseId, course.id));
    if ((lessons?.n ?? 0) <= 1) throw conflict('已发布的课程至少保留 1 个课时，请先下架课程再删除');
  }
  await tx.delete(courseLessons).where(eq(courseLessons.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'lesson.delete',
    targetType: 'course_lesson',
    targetId: id,
    detail: {
      course_id: lesson.courseId,
      chapter_id: lesson.chapterId,
      title: lesson.title,
      kind: lesson.kind,
    },
  });
}

export async function orderLessons(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  chapterId: number,
  ids: number[],
) {
  const chapter = await findChapter(tx, chapterId);
  await lockCourse(tx, chapter.courseId);
  const before = await writeOrder(
    tx,
    courseLessons,
    eq(courseLessons.chapterId, chapterId),
    ids,
    '该章节的全部课时',
  );
  await writeSystemLog(tx, actor, request, {
    action: 'lesson.order',
    targetType: 'course_chapter',
    targetId: chapterId,
    detail: { course_id: chapter.courseId, before, after: ids },
  });
  return listLessons(tx, chapter.courseId);
}

/** What an administrator's preview streams: the lesson's video or its PDF. */
export async function lessonMedia(db: DbOrTx, id: number) {
  const lesson = await findLesson(db, id);
  return lesson.kind === 'video' && lesson.videoId !== null
    ? { kind: 'video' as const, target: { videoId: lesson.videoId } }
    : { kind: 'document' as const, target: { uploadId: lesson.documentUploadId! } };
}
