// The /api route modules, one per area; app.ts registers them in this order.
import type { FastifyPluginAsync } from 'fastify';
import systemRoutes from './system/routes.ts';
import lookupRoutes from './lookups/routes.ts';
import regionRoutes from './regions/routes.ts';
import menuRoutes from './menus/routes.ts';
import authRoutes from './auth/routes.ts';
import certificationRoutes from './certification/routes.ts';
import registrationRoutes from './registration/routes.ts';

export const apiRoutes: FastifyPluginAsync[] = [
  systemRoutes,
  lookupRoutes,
  regionRoutes,
  menuRoutes,
  authRoutes,
  certificationRoutes,
  registrationRoutes,
];
