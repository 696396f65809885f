import type { FastifyPluginAsync } from 'fastify';
import pkg from '../../../package.json' with { type: 'json' };
import { healthAnswer } from '../../shared/system/schema.ts';
import { answer } from '../http/answer.ts';

const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () =>
    answer(healthAnswer, { status: 'ok', database: app.database.kind, version: pkg.version }),
  );
};

export default systemRoutes;
