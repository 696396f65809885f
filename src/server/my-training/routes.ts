// The learner's training (spec §7 GET /v1/user/classes; /userCenter/myProject, myProjectInfo, myProgram):
// their classes, joining one by code or link, a class as its members see it, the class fee order, and the
// programs they follow.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  joinClassSchema,
  myClassAnswer,
  myClassDetailAnswer,
  myClassListAnswer,
  myClassListQuery,
  myProgramAnswer,
  myProgramListAnswer,
  programListAnswer,
  programListQuery,
} from '../../shared/my-training/schema.ts';
import { orderAnswer } from '../../shared/payments/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { learner, requireLearner } from '../plugins/auth.ts';
import { orderForClass, orderInfos } from '../payments/service.ts';
import {
  availablePrograms,
  classDetail,
  followProgram,
  joinClass,
  myClasses,
  myPrograms,
} from './service.ts';

const learnerOnly = { preHandler: learner() };

const myTrainingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/user/classes', learnerOnly, async (request, reply) =>
    answer(
      myClassListAnswer,
      await myClasses(
        app.db,
        requireLearner(request).id,
        parseInput(myClassListQuery, request.query, 'query'),
        requestLanguage(request, reply),
      ),
    ),
  );

  app.post('/v1/learner/classes/join', learnerOnly, async (request, reply) => {
    const body = parseInput(joinClassSchema, request.body);
    return answer(
      myClassAnswer,
      await joinClass(app.db, requireLearner(request).id, body, requestLanguage(request, reply)),
    );
  });

  app.get('/v1/learner/classes/:id', learnerOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      myClassDetailAnswer,
      await classDetail(app.db, requireLearner(request).id, id, requestLanguage(request, reply)),
    );
  });

  app.post('/v1/learner/classes/:id/order', learnerOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { order, created } = await orderForClass(app.db, requireLearner(request).id, id);
    const [info] = await orderInfos(app.db, [order], requestLanguage(request, reply));
    return reply.status(created ? 201 : 200).send(answer(orderAnswer, info!));
  });

  app.get('/v1/learner/programs', learnerOnly, async (request, reply) =>
    answer(
      myProgramListAnswer,
      await myPrograms(app.db, requireLearner(request).id, requestLanguage(request, reply)),
    ),
  );

  app.get('/v1/learner/programs/available', learnerOnly, async (request, reply) =>
    answer(
      programListAnswer,
      await availablePrograms(
        app.db,
        requireLearner(request).id,
        parseInput(programListQuery, request.query, 'query'),
        requestLanguage(request, reply),
      ),
    ),
  );

  app.post('/v1/learner/programs/:id/follow', learnerOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      myProgramAnswer,
      await followProgram(app.db, requireLearner(request).id, id, requestLanguage(request, reply)),
    );
  });
};

export default myTrainingRoutes;
