// The /api route modules, one per area; app.ts registers them in this order.
import type { FastifyPluginAsync } from 'fastify';
import systemRoutes from './system/routes.ts';

export const apiRoutes: FastifyPluginAsync[] = [systemRoutes];
