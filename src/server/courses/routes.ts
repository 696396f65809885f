// Courses in the back office (system 2, for managers): the course list (CourseList), a course's chapters
// (CourseChapter) and lessons (CourseLesson). The chapter and lesson pages also read the course itself.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  chapterAnswer,
  chapterInputSchema,
  chapterListAnswer,
  courseAnswer,
  courseCategoriesAnswer,
  courseInputSchema,
  courseListAnswer,
  courseListQuery,
  lessonAnswer,
  lessonInputSchema,
  lessonListAnswer,
  lessonPreviewAnswer,
  orderInputSchema,
} from '../../shared/courses/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import { createMediaGrant } from '../videos/service.ts';
import {
  createChapter,
  createCourse,
  createLesson,
  deleteChapter,
  deleteCourse,
  deleteLesson,
  getCourse,
  lessonMedia,
  listCategories,
  listChapters,
  listCourses,
  listLessons,
  orderChapters,
  orderLessons,
  publishCourse,
  renameChapter,
  unpublishCourse,
  updateCourse,
  updateLesson,
} from './service.ts';

const listPage = { preHandler: adminPage('CourseList') };
const anyCoursePage = { preHandler: adminPage('CourseList', 'CourseChapter', 'CourseLesson') };
const chapterPage = { preHandler: adminPage('CourseChapter') };
const chapterOrLessonPage = { preHandler: adminPage('CourseChapter', 'CourseLesson') };
const lessonPage = { preHandler: adminPage('CourseLesson') };
/** How long an administrator's preview link lives. */
const PREVIEW_SECONDS = 60 * 60;

const courseRoutes: FastifyPluginAsync = async (app) => {
  // ---------------------------------------------------------------- courses
  app.get('/v1/admin/courses', listPage, async (request) =>
    answer(courseListAnswer, await listCourses(app.db, parseInput(courseListQuery, request.query, 'query'))),
  );

  app.get('/v1/admin/courses/categories', listPage, async () =>
    answer(courseCategoriesAnswer, await listCategories(app.db)),
  );

  app.get('/v1/admin/courses/:id', anyCoursePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(courseAnswer, await getCourse(app.db, id));
  });

  app.post('/v1/admin/courses', listPage, async (request, reply) => {
    const body = parseInput(courseInputSchema, request.body);
    const course = await app.db.transaction((tx) => createCourse(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(courseAnswer, course));
  });

  app.put('/v1/admin/courses/:id', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(courseInputSchema, request.body);
    return answer(
      courseAnswer,
      await app.db.transaction((tx) => updateCourse(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.post('/v1/admin/courses/:id/publish', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      courseAnswer,
      await app.db.transaction((tx) => publishCourse(tx, requireAdmin(request), request, id)),
    );
  });

  app.post('/v1/admin/courses/:id/unpublish', listPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      courseAnswer,
      await app.db.transaction((tx) => unpublishCourse(tx, requireAdmin(request), request, id)),
    );
  });

  app.delete('/v1/admin/courses/:id', listPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteCourse(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // ---------------------------------------------------------------- chapters
  app.get('/v1/admin/courses/:id/chapters', chapterOrLessonPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(chapterListAnswer, await listChapters(app.db, id));
  });

  app.post('/v1/admin/courses/:id/chapters', chapterPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(chapterInputSchema, request.body);
    const chapter = await app.db.transaction((tx) =>
      createChapter(tx, requireAdmin(request), request, id, body),
    );
    return reply.status(201).send(answer(chapterAnswer, chapter));
  });

  app.put('/v1/admin/courses/:id/chapters/order', chapterPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { ids } = parseInput(orderInputSchema, request.body);
    return answer(
      chapterListAnswer,
      await app.db.transaction((tx) => orderChapters(tx, requireAdmin(request), request, id, ids)),
    );
  });

  app.put('/v1/admin/chapters/:id', chapterPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(chapterInputSchema, request.body);
    return answer(
      chapterAnswer,
      await app.db.transaction((tx) => renameChapter(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/chapters/:id', chapterPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteChapter(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // ---------------------------------------------------------------- lessons
  app.get('/v1/admin/courses/:id/lessons', lessonPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(lessonListAnswer, await listLessons(app.db, id));
  });

  app.post('/v1/admin/courses/:id/lessons', lessonPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(lessonInputSchema, request.body);
    const lesson = await app.db.transaction((tx) =>
      createLesson(tx, requireAdmin(request), request, id, body),
    );
    return reply.status(201).send(answer(lessonAnswer, lesson));
  });

  app.put('/v1/admin/chapters/:id/lessons/order', lessonPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { ids } = parseInput(orderInputSchema, request.body);
    return answer(
      lessonListAnswer,
      await app.db.transaction((tx) => orderLessons(tx, requireAdmin(request), request, id, ids)),
    );
  });

  app.put('/v1/admin/lessons/:id', lessonPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(lessonInputSchema, request.body);
    return answer(
      lessonAnswer,
      await app.db.transaction((tx) => updateLesson(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/lessons/:id', lessonPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteLesson(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // A preview only grants a short-lived stream link: a read, not a change worth a log row.
  app.post(
    '/v1/admin/lessons/:id/preview',
    { ...lessonPage, config: { noSystemLog: true } },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const media = await lessonMedia(app.db, id);
      const grant = await createMediaGrant(
        app.db,
        media.target,
        { adminId: requireAdmin(request).id },
        PREVIEW_SECONDS,
      );
      return answer(lessonPreviewAnswer, {
        kind: media.kind,
        url: grant.url,
        expires_at: grant.expiresAt.toISOString(),
      });
    },
  );
};

export default courseRoutes;
