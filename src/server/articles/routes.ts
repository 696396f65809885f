// News, notices and jobs: the back office's information page (InformationRelease), the public portal's
// lists and articles (no sign-in), and a learner's application to a job.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import { paginationQuery } from '../../shared/api/pagination.ts';
import {
  articleDetailAnswer,
  articleInputSchema,
  articleListAnswer,
  articleListQuery,
  articlePinSchema,
  articlePublishSchema,
  jobApplicationListAnswer,
  jobApplicationStatusAnswer,
  jobApplySchema,
  publicArticleDetailAnswer,
  publicArticleListAnswer,
  publicArticleListQuery,
} from '../../shared/articles/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import {
  applicationStatus,
  applyForJob,
  createArticle,
  deleteArticle,
  getArticle,
  listApplications,
  listArticles,
  listPublicArticles,
  pinArticle,
  publishArticle,
  readPublicArticle,
  updateArticle,
  withdrawArticle,
} from './service.ts';

const releasePage = { preHandler: adminPage('InformationRelease') };
const learnerOnly = { preHandler: learner() };

const articleRoutes: FastifyPluginAsync = async (app) => {
  // ---------------------------------------------------------------- public
  app.get('/v1/articles', async (request) =>
    answer(
      publicArticleListAnswer,
      await listPublicArticles(app.db, parseInput(publicArticleListQuery, request.query, 'query')),
    ),
  );

  app.get('/v1/articles/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(publicArticleDetailAnswer, await readPublicArticle(app.db, id));
  });

  // ---------------------------------------------------------------- learner
  app.get('/v1/learner/jobs/:id/application', learnerOnly, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      jobApplicationStatusAnswer,
      await applicationStatus(app.db, requireLearner(request).id, id),
    );
  });

  app.post('/v1/learner/jobs/:id/apply', learnerOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(jobApplySchema, request.body);
    const me = requireLearner(request);
    const result = await app.db.transaction((tx) => applyForJob(tx, me.id, id, body.message));
    return reply.status(result.created ? 201 : 200).send(answer(jobApplicationStatusAnswer, result.status));
  });

  // ---------------------------------------------------------------- back office
  app.get('/v1/admin/articles', releasePage, async (request) =>
    answer(
      articleListAnswer,
      await listArticles(app.db, parseInput(articleListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/articles', releasePage, async (request, reply) => {
    const body = parseInput(articleInputSchema, request.body);
    const created = await app.db.transaction((tx) => createArticle(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(articleDetailAnswer, created));
  });

  app.get('/v1/admin/articles/:id', releasePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(articleDetailAnswer, await getArticle(app.db, id));
  });

  app.put('/v1/admin/articles/:id', releasePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(articleInputSchema, request.body);
    return answer(
      articleDetailAnswer,
      await app.db.transaction((tx) => updateArticle(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/articles/:id', releasePage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteArticle(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.post('/v1/admin/articles/:id/publish', releasePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(articlePublishSchema, request.body);
    return answer(
      articleDetailAnswer,
      await app.db.transaction((tx) =>
        publishArticle(tx, requireAdmin(request), request, id, body.publish_at),
      ),
    );
  });

  app.post('/v1/admin/articles/:id/withdraw', releasePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      articleDetailAnswer,
      await app.db.transaction((tx) => withdrawArticle(tx, requireAdmin(request), request, id)),
    );
  });

  app.post('/v1/admin/articles/:id/pin', releasePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(articlePinSchema, request.body);
    return answer(
      articleDetailAnswer,
      await app.db.transaction((tx) => pinArticle(tx, requireAdmin(request), request, id, body.pinned)),
    );
  });

  app.get('/v1/admin/articles/:id/applications', releasePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const page = parseInput(paginationQuery, request.query, 'query');
    return answer(jobApplicationListAnswer, await listApplications(app.db, id, page));
  });
};

export default articleRoutes;
