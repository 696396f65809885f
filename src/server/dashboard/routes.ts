// GET /v1/dashboard/admin (back-office home) and GET /v1/learner/summary (/userCenter landing).
import type { FastifyPluginAsync } from 'fastify';
import { adminDashboardAnswer, learnerSummaryAnswer } from '../../shared/dashboard/schema.ts';
import { answer } from '../http/answer.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { adminDashboard, learnerSummary } from './service.ts';

const dashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/dashboard/admin', { preHandler: adminPage('Home') }, async (request) =>
    answer(adminDashboardAnswer, await adminDashboard(app.db, requireAdmin(request))),
  );
  app.get('/v1/learner/summary', { preHandler: learner() }, async (request) =>
    answer(learnerSummaryAnswer, await learnerSummary(app.db, requireLearner(request).id)),
  );
};

export default dashboardRoutes;
