import type { FastifyPluginAsync } from 'fastify';
import pkg from '../../../package.json' with { type: 'json' };

const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => ({ status: 'ok', database: app.database.kind, version: pkg.version }));
};

export default systemRoutes;
