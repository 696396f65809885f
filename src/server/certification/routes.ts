// The certification chain's route modules (issue 6), registered as one entry of src/server/routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import admissionTicketRoutes from '../tickets/routes.ts';
import candidateFileRoutes from '../candidate-files/routes.ts';
import certificateRoutes from '../certificates/routes.ts';
import examRoomRoutes from '../rooms/routes.ts';
import examStaffRoutes from '../staff/routes.ts';
import notificationRoutes from '../notifications/routes.ts';
import scoreRoutes from '../scores/routes.ts';

const certificationRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [
    notificationRoutes,
    examRoomRoutes,
    examStaffRoutes,
    admissionTicketRoutes,
    scoreRoutes,
    certificateRoutes,
    candidateFileRoutes,
  ]) {
    await app.register(routes);
  }
};

export default certificationRoutes;
