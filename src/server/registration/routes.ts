// The registration chain's route modules (PRODUCT.md §2: plans, portal, profile, uploads, enrolment,
// review, orders and payment, dashboards), registered as one entry of src/server/routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import dashboardRoutes from '../dashboard/routes.ts';
import enrollmentRoutes from '../enrollments/routes.ts';
import examPlanRoutes from '../plans/routes.ts';
import learnerProfileRoutes from '../profile/routes.ts';
import paymentRoutes from '../payments/routes.ts';
import uploadRoutes from '../uploads/routes.ts';

const registrationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(examPlanRoutes);
  await app.register(learnerProfileRoutes);
  await app.register(uploadRoutes);
  await app.register(enrollmentRoutes);
  await app.register(paymentRoutes);
  await app.register(dashboardRoutes);
};

export default registrationRoutes;
