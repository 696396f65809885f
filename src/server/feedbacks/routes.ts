// Work orders (工单反馈): learners file and follow their own from the user centre; back-office staff with
// the 'Feedbacks' page list, assign, reply and move them along; any administrator may file its own.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from '../../shared/api/answers.ts';
import {
  feedbackAssignSchema,
  feedbackCreateSchema,
  feedbackDetailAnswer,
  feedbackListAnswer,
  feedbackListQuery,
  feedbackReplySchema,
  feedbackStateSchema,
  myFeedbackListQuery,
} from '../../shared/feedbacks/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import type { Tx } from '../db/client.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { admin, adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { sealAnswer } from '../plugins/idempotency.ts';
import {
  adminAuthor,
  assignFeedback,
  changeFeedbackState,
  closeAsSubmitter,
  createFeedback,
  getFeedback,
  learnerAuthor,
  listFeedbacks,
  listOwnFeedbacks,
  openOwnFeedback,
  replyAsStaff,
  replyAsSubmitter,
} from './service.ts';

const learnerOnly = { preHandler: learner() };
const feedbackPage = { preHandler: adminPage('Feedbacks') };
/** Any administrator files and follows its own work orders from the header's user menu. */
const anyAdmin = { preHandler: admin() };

const feedbackRoutes: FastifyPluginAsync = async (app) => {
  /**
   * A work order or a reply, written in one transaction and answered 201 with the order's detail. A work order
   * has no unique rule of its own, so the answer is sealed under the request's Idempotency-Key in that same
   * transaction (plugins/idempotency.ts): a replay after a crash finds the answer instead of filing it again.
   */
  const answerCreated = async (
    request: FastifyRequest,
    reply: FastifyReply,
    write: (tx: Tx) => Promise<Answer<typeof feedbackDetailAnswer>>,
  ) => {
    const detail = await app.db.transaction(async (tx) =>
      sealAnswer(tx, request, 201, answer(feedbackDetailAnswer, await write(tx))),
    );
    return reply.status(201).send(detail);
  };

  // ------------------------------------------------------------ learner (user centre)
  app.get('/v1/learner/feedbacks', learnerOnly, async (request) => {
    const query = parseInput(myFeedbackListQuery, request.query, 'query');
    const me = requireLearner(request);
    return answer(feedbackListAnswer, await listOwnFeedbacks(app.db, { type: 'learners', id: me.id }, query));
  });

  app.post('/v1/learner/feedbacks', learnerOnly, async (request, reply) => {
    const body = parseInput(feedbackCreateSchema, request.body);
    const me = requireLearner(request);
    return answerCreated(request, reply, async (tx) =>
      createFeedback(tx, await learnerAuthor(tx, me.id), body, null),
    );
  });

  app.get('/v1/learner/feedbacks/:id', learnerOnly, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const me = requireLearner(request);
    return answer(
      feedbackDetailAnswer,
      await app.db.transaction((tx) => openOwnFeedback(tx, { type: 'learners', id: me.id }, id)),
    );
  });

  app.post('/v1/learner/feedbacks/:id/replies', learnerOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(feedbackReplySchema, request.body);
    const me = requireLearner(request);
    return answerCreated(request, reply, async (tx) =>
      replyAsSubmitter(tx, await learnerAuthor(tx, me.id), id, body, null),
    );
  });

  app.post('/v1/learner/feedbacks/:id/close', learnerOnly, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const me = requireLearner(request);
    return answer(
      feedbackDetailAnswer,
      await app.db.transaction((tx) => closeAsSubmitter(tx, { type: 'learners', id: me.id }, id, null)),
    );
  });

  // ------------------------------------------------------------ an administrator's own (header user menu)
  // Static `/mine` segments: fastify matches them before the `/v1/admin/feedbacks/:id` routes below.
  app.get('/v1/admin/feedbacks/mine', anyAdmin, async (request) => {
    const query = parseInput(myFeedbackListQuery, request.query, 'query');
    const me = requireAdmin(request);
    return answer(feedbackListAnswer, await listOwnFeedbacks(app.db, adminAuthor(me), query));
  });

  app.post('/v1/admin/feedbacks/mine', anyAdmin, async (request, reply) => {
    const body = parseInput(feedbackCreateSchema, request.body);
    const me = requireAdmin(request);
    return answerCreated(request, reply, (tx) =>
      createFeedback(tx, adminAuthor(me), body, { admin: me, request }),
    );
  });

  app.get('/v1/admin/feedbacks/mine/:id', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const me = requireAdmin(request);
    return answer(
      feedbackDetailAnswer,
      await app.db.transaction((tx) => openOwnFeedback(tx, adminAuthor(me), id)),
    );
  });

  app.post('/v1/admin/feedbacks/mine/:id/replies', anyAdmin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(feedbackReplySchema, request.body);
    const me = requireAdmin(request);
    return answerCreated(request, reply, (tx) =>
      replyAsSubmitter(tx, adminAuthor(me), id, body, { admin: me, request }),
    );
  });

  app.post('/v1/admin/feedbacks/mine/:id/close', anyAdmin, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const me = requireAdmin(request);
    return answer(
      feedbackDetailAnswer,
      await app.db.transaction((tx) => closeAsSubmitter(tx, adminAuthor(me), id, { admin: me, request })),
    );
  });

  // ------------------------------------------------------------ back office
  app.get('/v1/admin/feedbacks', feedbackPage, async (request) =>
    answer(
      feedbackListAnswer,
      await listFeedbacks(app.db, parseInput(feedbackListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/admin/feedbacks/:id', feedbackPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(feedbackDetailAnswer, await getFeedback(app.db, id));
  });

  app.post('/v1/admin/feedbacks/:id/assign', feedbackPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(feedbackAssignSchema, request.body);
    return answer(
      feedbackDetailAnswer,
      await app.db.transaction((tx) =>
        assignFeedback(tx, requireAdmin(request), request, id, body.assignee_id),
      ),
    );
  });

  app.post('/v1/admin/feedbacks/:id/state', feedbackPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(feedbackStateSchema, request.body);
    return answer(
      feedbackDetailAnswer,
      await app.db.transaction((tx) =>
        changeFeedbackState(tx, requireAdmin(request), request, id, body.state),
      ),
    );
  });

  app.post('/v1/admin/feedbacks/:id/replies', feedbackPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(feedbackReplySchema, request.body);
    return answerCreated(request, reply, (tx) => replyAsStaff(tx, requireAdmin(request), request, id, body));
  });
};

export default feedbackRoutes;
