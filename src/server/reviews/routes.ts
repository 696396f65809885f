// Enrolment review endpoints (spec §6: review is manager only): the queue and the decisions; each decision
// answers the enrolment as the staff see it.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  batchApproveAnswer,
  batchApproveSchema,
  rejectSchema,
  reviewDetailAnswer,
  reviewQueueAnswer,
  reviewQueueQuery,
} from '../../shared/reviews/schema.ts';
import { answer } from '../http/answer.ts';
import { getEnrollmentForStaff, listReviewQueue } from '../enrollments/service.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import { approveEnrollment, batchApprove, rejectEnrollment } from './service.ts';

const reviewRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/reviews', { preHandler: adminPage('ExamMaterialReview') }, async (request) =>
    answer(
      reviewQueueAnswer,
      await listReviewQueue(app.db, parseInput(reviewQueueQuery, request.query, 'query')),
    ),
  );

  app.post(
    '/v1/admin/enrollments/:id/approve',
    { preHandler: adminPage('ExamMaterialReview') },
    async (request) => {
      const actor = requireAdmin(request);
      const { id } = parseInput(idParams, request.params, 'id');
      await app.db.transaction((tx) => approveEnrollment(tx, actor, request, id));
      return answer(reviewDetailAnswer, await getEnrollmentForStaff(app.db, actor, id));
    },
  );

  app.post(
    '/v1/admin/enrollments/:id/reject',
    { preHandler: adminPage('ExamMaterialReview') },
    async (request) => {
      const actor = requireAdmin(request);
      const { id } = parseInput(idParams, request.params, 'id');
      const { reason } = parseInput(rejectSchema, request.body);
      await app.db.transaction((tx) => rejectEnrollment(tx, actor, request, id, reason));
      return answer(reviewDetailAnswer, await getEnrollmentForStaff(app.db, actor, id));
    },
  );

  app.post(
    '/v1/admin/enrollments/batch-approve',
    { preHandler: adminPage('ExamMaterialReview') },
    async (request) => {
      const actor = requireAdmin(request);
      const { ids } = parseInput(batchApproveSchema, request.body);
      return answer(
        batchApproveAnswer,
        await app.db.transaction((tx) => batchApprove(tx, actor, request, ids)),
      );
    },
  );
};

export default reviewRoutes;
