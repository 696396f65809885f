// Custom pages and the portal's navigation (system 4, /manage/contentManage/customPortal): written by the
// page's roles; read by anyone on the portal (a published page at /pages/<slug>, the header's items).
import type { FastifyPluginAsync } from 'fastify';
import {
  customPageAnswer,
  customPageInputSchema,
  customPageListAnswer,
  customPageListQuery,
  navItemAnswer,
  navItemInputSchema,
  navItemListAnswer,
  navOrderSchema,
  publicNavAnswer,
  publicPageAnswer,
  slugParams,
} from '../../shared/custom-pages/schema.ts';
import { idParams } from '../../shared/api/id.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  createCustomPage,
  createNavItem,
  deleteCustomPage,
  deleteNavItem,
  getCustomPage,
  listCustomPages,
  listNavItems,
  openPublicPage,
  orderNavItems,
  publicNav,
  updateCustomPage,
  updateNavItem,
} from './service.ts';

const editors = { preHandler: adminPage('CustomPortal') };

const customPageRoutes: FastifyPluginAsync = async (app) => {
  // ---- pages
  app.get('/v1/admin/custom-pages', editors, async (request) =>
    answer(
      customPageListAnswer,
      await listCustomPages(app.db, parseInput(customPageListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/custom-pages', editors, async (request, reply) => {
    const body = parseInput(customPageInputSchema, request.body);
    const page = await app.db.transaction((tx) => createCustomPage(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(customPageAnswer, page));
  });

  app.get('/v1/admin/custom-pages/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(customPageAnswer, await getCustomPage(app.db, id));
  });

  app.put('/v1/admin/custom-pages/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(customPageInputSchema, request.body);
    return answer(
      customPageAnswer,
      await app.db.transaction((tx) => updateCustomPage(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/custom-pages/:id', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteCustomPage(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // ---- navigation
  app.get('/v1/admin/portal-nav', editors, async () => answer(navItemListAnswer, await listNavItems(app.db)));

  app.post('/v1/admin/portal-nav', editors, async (request, reply) => {
    const body = parseInput(navItemInputSchema, request.body);
    const item = await app.db.transaction((tx) => createNavItem(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(navItemAnswer, item));
  });

  // Before /:id so that "order" is never read as an id.
  app.put('/v1/admin/portal-nav/order', editors, async (request) => {
    const { ids } = parseInput(navOrderSchema, request.body);
    return answer(
      navItemListAnswer,
      await app.db.transaction((tx) => orderNavItems(tx, requireAdmin(request), request, ids)),
    );
  });

  app.put('/v1/admin/portal-nav/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(navItemInputSchema, request.body);
    return answer(
      navItemAnswer,
      await app.db.transaction((tx) => updateNavItem(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/portal-nav/:id', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteNavItem(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  // ---- public portal
  app.get('/v1/portal/nav', async (request, reply) =>
    sendHotRead(request, reply, async () => answer(publicNavAnswer, await publicNav(app.db)), {
      shared: true,
    }),
  );

  app.get('/v1/pages/:slug', async (request) => {
    const { slug } = parseInput(slugParams, request.params, 'slug');
    return answer(publicPageAnswer, await app.db.transaction((tx) => openPublicPage(tx, slug)));
  });
};

export default customPageRoutes;
