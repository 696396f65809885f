// Learning (spec §7 courses): the public catalogue and course pages, joining a free course and ordering a
// paid one, the lesson player, heartbeats and the learner's courses and recent lessons.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  courseDetailAnswer,
  courseFiltersAnswer,
  courseListAnswer,
  courseListQuery,
  heartbeatAnswer,
  heartbeatSchema,
  homeCoursesAnswer,
  homeCoursesQuery,
  joinCourseAnswer,
  learnerListQuery,
  myCourseListAnswer,
  playAnswer,
  recentLessonListAnswer,
} from '../../shared/learning/schema.ts';
import { orderAnswer } from '../../shared/payments/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { learner, optionalPrincipal, requireLearner } from '../plugins/auth.ts';
import { orderForCourse, orderInfos } from '../payments/service.ts';
import {
  courseDetail,
  courseFilters,
  homeCourses,
  joinCourse,
  listCourses,
  myCourses,
  playLesson,
  recentLessons,
  recordHeartbeat,
} from './service.ts';

const learnerOnly = { preHandler: learner() };

const learningRoutes: FastifyPluginAsync = async (app) => {
  // ---- public
  app.get('/v1/courses/home/list', async (request, reply) => {
    const { limit } = parseInput(homeCoursesQuery, request.query, 'query');
    return answer(homeCoursesAnswer, await homeCourses(app.db, limit, requestLanguage(request, reply)));
  });

  app.get('/v1/courses/filters', async (request, reply) =>
    answer(courseFiltersAnswer, await courseFilters(app.db, requestLanguage(request, reply))),
  );

  app.get('/v1/courses', async (request, reply) =>
    answer(
      courseListAnswer,
      await listCourses(
        app.db,
        parseInput(courseListQuery, request.query, 'query'),
        requestLanguage(request, reply),
      ),
    ),
  );

  app.get('/v1/courses/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const principal = await optionalPrincipal(request).catch(() => null);
    return answer(
      courseDetailAnswer,
      await courseDetail(app.db, id, principal, requestLanguage(request, reply)),
    );
  });

  app.post('/v1/lessons/:id/play', async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const principal = await optionalPrincipal(request).catch(() => null);
    return answer(playAnswer, await playLesson(app.db, id, principal));
  });

  // ---- learner
  app.post('/v1/courses/:id/join', learnerOnly, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(joinCourseAnswer, await joinCourse(app.db, id, requireLearner(request).id));
  });

  app.post('/v1/courses/:id/order', learnerOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { order, created } = await orderForCourse(app.db, requireLearner(request).id, id);
    const [info] = await orderInfos(app.db, [order], requestLanguage(request, reply));
    return reply.status(created ? 201 : 200).send(answer(orderAnswer, info!));
  });

  // Idempotent by (session, seq): a replay credits nothing, so the outbox's key needs no rows of its own.
  app.post(
    '/v1/learner/lessons/:id/heartbeats',
    { ...learnerOnly, config: { idempotentItself: true } },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      const body = parseInput(heartbeatSchema, request.body);
      return answer(heartbeatAnswer, await recordHeartbeat(app.db, requireLearner(request).id, id, body));
    },
  );

  app.get('/v1/learner/courses', learnerOnly, async (request, reply) =>
    answer(
      myCourseListAnswer,
      await myCourses(
        app.db,
        requireLearner(request).id,
        parseInput(learnerListQuery, request.query, 'query'),
        requestLanguage(request, reply),
      ),
    ),
  );

  app.get('/v1/learner/lessons/recent', learnerOnly, async (request) =>
    answer(
      recentLessonListAnswer,
      await recentLessons(
        app.db,
        requireLearner(request).id,
        parseInput(learnerListQuery, request.query, 'query'),
      ),
    ),
  );
};

export default learningRoutes;
