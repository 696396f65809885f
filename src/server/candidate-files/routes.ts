// GET /v1/learner/{id}/assessmentFile/{id2} (spec §7): the candidate file for administrators.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../shared/api/id.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { admin, requireAdmin } from '../plugins/auth.ts';
import { candidateFile } from './service.ts';

const params = z.object({
  id: idSchema(),
  planId: idSchema(),
});

const candidateFileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/learner/:id/assessmentFile/:planId', { preHandler: admin() }, async (request, reply) => {
    const { id, planId } = parseInput(params, request.params, 'id');
    return candidateFile(app.db, requireAdmin(request), id, planId, requestLanguage(request, reply));
  });
};

export default candidateFileRoutes;
