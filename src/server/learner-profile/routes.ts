// The learner's own profile: GET /v1/learner/info, POST /v1/learner/info-up (spec §7).
import type { FastifyPluginAsync } from 'fastify';
import { profileUpdateSchema } from '../../shared/learner-profile/schema.ts';
import { parseInput } from '../http/validate.ts';
import { learner, requireLearner } from '../plugins/auth.ts';
import { getProfile, updateProfile } from './service.ts';

const learnerProfileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/learner/info', { preHandler: learner() }, async (request) =>
    getProfile(app.db, requireLearner(request).id),
  );

  app.post('/v1/learner/info-up', { preHandler: learner() }, async (request) => {
    const me = requireLearner(request);
    const input = parseInput(profileUpdateSchema, request.body);
    return app.db.transaction((tx) => updateProfile(tx, me.id, input));
  });
};

export default learnerProfileRoutes;
