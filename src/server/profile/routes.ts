// The learner's own profile: GET /v1/learner/info, POST /v1/learner/info-up (spec §7).
import type { FastifyPluginAsync } from 'fastify';
import { learnerProfileAnswer, profileUpdateSchema } from '../../shared/profile/schema.ts';
import { answer } from '../http/answer.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { learner, requireLearner } from '../plugins/auth.ts';
import { getProfile, updateProfile } from './service.ts';

const learnerProfileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/learner/info', { preHandler: learner() }, async (request, reply) => {
    const lang = requestLanguage(request, reply);
    const me = requireLearner(request);
    return sendHotRead(
      request,
      reply,
      async () => answer(learnerProfileAnswer, await getProfile(app.db, me.id, lang)),
      { vary: lang },
    );
  });

  app.post('/v1/learner/info-up', { preHandler: learner() }, async (request, reply) => {
    const me = requireLearner(request);
    const input = parseInput(profileUpdateSchema, request.body);
    const lang = requestLanguage(request, reply);
    return answer(
      learnerProfileAnswer,
      await app.db.transaction((tx) => updateProfile(tx, me.id, input, lang)),
    );
  });
};

export default learnerProfileRoutes;
