// Enrolment endpoints: the learner's own applications, the staff's view of one enrolment and the college
// administrator's exam-registration step (its own college only). The review's endpoints are in server/reviews.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  collegeEnrollmentListAnswer,
  collegeEnrollmentQuery,
  collegeEnrollmentSchema,
  enrollmentCreateSchema,
  enrollmentDetailAnswer,
  enrollmentListAnswer,
  enrollmentListQuery,
  enrollmentUpdateSchema,
} from '../../shared/enrollments/schema.ts';
import { reviewDetailAnswer } from '../../shared/reviews/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import {
  applyForPlan,
  cancelEnrollment,
  enrollOnBehalf,
  getEnrollmentForStaff,
  getMyEnrollment,
  listCollegeEnrollments,
  listMyEnrollments,
  updateEnrollment,
} from './service.ts';

const enrollmentRoutes: FastifyPluginAsync = async (app) => {
  // ---- learner
  app.post('/v1/enrollments', { preHandler: learner() }, async (request, reply) => {
    const me = requireLearner(request);
    const body = parseInput(enrollmentCreateSchema, request.body);
    const row = await applyForPlan(app.db, {
      learnerId: me.id,
      planId: body.plan_id,
      form: body.form,
      materials: body.materials,
    });
    return reply
      .status(201)
      .send(answer(enrollmentDetailAnswer, await getMyEnrollment(app.db, me.id, row.id)));
  });

  app.get('/v1/enrollments', { preHandler: learner() }, async (request) =>
    answer(
      enrollmentListAnswer,
      await listMyEnrollments(
        app.db,
        requireLearner(request).id,
        parseInput(enrollmentListQuery, request.query, 'query'),
      ),
    ),
  );

  app.get('/v1/enrollments/:id', { preHandler: learner() }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(enrollmentDetailAnswer, await getMyEnrollment(app.db, requireLearner(request).id, id));
  });

  app.put('/v1/enrollments/:id', { preHandler: learner() }, async (request) => {
    const me = requireLearner(request);
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(enrollmentUpdateSchema, request.body);
    await updateEnrollment(app.db, me.id, id, body);
    return answer(enrollmentDetailAnswer, await getMyEnrollment(app.db, me.id, id));
  });

  app.delete('/v1/enrollments/:id', { preHandler: learner() }, async (request) => {
    const me = requireLearner(request);
    const { id } = parseInput(idParams, request.params, 'id');
    await cancelEnrollment(app.db, me.id, id);
    return answer(enrollmentDetailAnswer, await getMyEnrollment(app.db, me.id, id));
  });

  // ---- staff
  // Read by reviewers and by a college administrator for its own candidates (checked in the service).
  app.get(
    '/v1/admin/enrollments/:id',
    {
      preHandler: adminPage(
        'ExamMaterialReview',
        'ExamPlanManage',
        'ExamPlanStepExam',
        'ExamPlanStepTicket',
        'ExamPlanStepScoring',
      ),
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      return answer(reviewDetailAnswer, await getEnrollmentForStaff(app.db, requireAdmin(request), id));
    },
  );

  // ---- college: exam registration step (plan/index?step=exam)
  app.get('/v1/college/enrollments', { preHandler: adminPage('ExamPlanStepExam') }, async (request) =>
    answer(
      collegeEnrollmentListAnswer,
      await listCollegeEnrollments(
        app.db,
        requireAdmin(request),
        parseInput(collegeEnrollmentQuery, request.query, 'query'),
      ),
    ),
  );

  app.post(
    '/v1/college/enrollments',
    { preHandler: adminPage('ExamPlanStepExam') },
    async (request, reply) => {
      const actor = requireAdmin(request);
      const body = parseInput(collegeEnrollmentSchema, request.body);
      const row = await enrollOnBehalf(app.db, actor, request, body);
      return reply
        .status(201)
        .send(answer(reviewDetailAnswer, await getEnrollmentForStaff(app.db, actor, row.id)));
    },
  );
};

export default enrollmentRoutes;
