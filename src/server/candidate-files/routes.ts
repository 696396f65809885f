// GET /v1/learner/{id}/assessmentFile/{id2} (spec §7): the candidate file for administrators.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { admin, requireAdmin } from '../plugins/auth.ts';
import { candidateFile } from './service.ts';

const params = z.object({
  id: z.coerce.number().int().positive('考生编号无效'),
  planId: z.coerce.number().int().positive('考试计划编号无效'),
});

const candidateFileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/learner/:id/assessmentFile/:planId', { preHandler: admin() }, async (request, reply) => {
    const { id, planId } = parseInput(params, request.params, 'id');
    return candidateFile(app.db, requireAdmin(request), id, planId, requestLanguage(request, reply));
  });
};

export default candidateFileRoutes;
