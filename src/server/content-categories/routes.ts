// Content categories: managed from the information page and the download centre, listed on the portal.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  contentCategoryAnswer,
  contentCategoryCreateSchema,
  contentCategoryListAnswer,
  contentCategoryListQuery,
  contentCategoryUpdateSchema,
  publicContentCategoryListAnswer,
} from '../../shared/content-categories/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  listPublicCategories,
  updateCategory,
} from './service.ts';

const contentPages = { preHandler: adminPage('InformationRelease', 'DownloadCenter') };

const contentCategoryRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/content-categories', async (request) => {
    const { kind } = parseInput(contentCategoryListQuery, request.query, 'query');
    return answer(publicContentCategoryListAnswer, await listPublicCategories(app.db, kind));
  });

  app.get('/v1/admin/content-categories', contentPages, async (request) => {
    const { kind } = parseInput(contentCategoryListQuery, request.query, 'query');
    return answer(contentCategoryListAnswer, await listCategories(app.db, kind));
  });

  app.post('/v1/admin/content-categories', contentPages, async (request, reply) => {
    const body = parseInput(contentCategoryCreateSchema, request.body);
    const created = await app.db.transaction((tx) =>
      createCategory(tx, requireAdmin(request), request, body),
    );
    return reply.status(201).send(answer(contentCategoryAnswer, created));
  });

  app.put('/v1/admin/content-categories/:id', contentPages, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(contentCategoryUpdateSchema, request.body);
    return answer(
      contentCategoryAnswer,
      await app.db.transaction((tx) => updateCategory(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/content-categories/:id', contentPages, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteCategory(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });
};

export default contentCategoryRoutes;
