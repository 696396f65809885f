// The portal home (content management's 首页编辑): the layout's draft and publish, the banners, and the
// public layout the portal reads.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  bannerAdminAnswer,
  bannerAdminListAnswer,
  bannerInputSchema,
  bannerOrderSchema,
  portalHomeAdminAnswer,
  portalHomeAnswer,
  portalHomeLayoutSchema,
} from '../../shared/portal-home/schema.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  adminHome,
  createAdminBanner,
  deleteAdminBanner,
  listAdminBanners,
  orderBanners,
  publishHome,
  publishedHome,
  saveDraft,
  updateAdminBanner,
} from './service.ts';

const editors = { preHandler: adminPage('PortalHomeEdit') };

const portalHomeRoutes: FastifyPluginAsync = async (app) => {
  // ---- public: the same for every visitor, answered from the hot-read cache.
  app.get('/v1/portal/home', async (request, reply) =>
    sendHotRead(request, reply, async () => answer(portalHomeAnswer, await publishedHome(app.db)), {
      shared: true,
    }),
  );

  // ---- layout
  app.get('/v1/admin/portal-home', editors, async () =>
    answer(portalHomeAdminAnswer, await adminHome(app.db)),
  );

  app.put('/v1/admin/portal-home/draft', editors, async (request) => {
    const layout = parseInput(portalHomeLayoutSchema, request.body);
    await app.db.transaction((tx) => saveDraft(tx, requireAdmin(request), request, layout));
    return answer(portalHomeAdminAnswer, await adminHome(app.db));
  });

  app.post('/v1/admin/portal-home/publish', editors, async (request) => {
    await app.db.transaction((tx) => publishHome(tx, requireAdmin(request), request));
    return answer(portalHomeAdminAnswer, await adminHome(app.db));
  });

  // ---- banners
  app.get('/v1/admin/banners', editors, async () =>
    answer(bannerAdminListAnswer, await listAdminBanners(app.db)),
  );

  app.post('/v1/admin/banners', editors, async (request, reply) => {
    const input = parseInput(bannerInputSchema, request.body);
    const created = await app.db.transaction((tx) =>
      createAdminBanner(tx, requireAdmin(request), request, input),
    );
    return reply.status(201).send(answer(bannerAdminAnswer, created));
  });

  app.put('/v1/admin/banners/order', editors, async (request) => {
    const { ids } = parseInput(bannerOrderSchema, request.body);
    await app.db.transaction((tx) => orderBanners(tx, requireAdmin(request), request, ids));
    return answer(bannerAdminListAnswer, await listAdminBanners(app.db));
  });

  app.put('/v1/admin/banners/:id', editors, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const input = parseInput(bannerInputSchema, request.body);
    return answer(
      bannerAdminAnswer,
      await app.db.transaction((tx) => updateAdminBanner(tx, requireAdmin(request), request, id, input)),
    );
  });

  app.delete('/v1/admin/banners/:id', editors, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteAdminBanner(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });
};

export default portalHomeRoutes;
