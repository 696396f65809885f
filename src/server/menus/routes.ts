import type { FastifyPluginAsync } from 'fastify';
import {
  functionalModuleAnswer,
  functionalModuleInputSchema,
  functionalModuleListAnswer,
  menusResponseSchema,
  moduleKeyParams,
  sidebarsQuery,
  sidebarsResponseSchema,
} from '../../shared/menus/schema.ts';
import { answer } from '../http/answer.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { parseInput } from '../http/validate.ts';
import { admin, adminPage, requireAdmin } from '../plugins/auth.ts';
import { listModules, menusFor, setModuleEnabled, sidebarFor } from './service.ts';

const menuRoutes: FastifyPluginAsync = async (app) => {
  // Every back-office navigation asks for these (spec §4): answered from the hot-read cache.
  app.get('/v1/user/menus', { preHandler: admin() }, async (request, reply) => {
    const viewer = requireAdmin(request);
    return sendHotRead(request, reply, async () =>
      answer(menusResponseSchema, { data: await menusFor(app.db, viewer) }),
    );
  });

  app.get('/v1/administrator/sidebars', { preHandler: admin() }, async (request, reply) => {
    const { system } = parseInput(sidebarsQuery, request.query, 'query');
    const viewer = requireAdmin(request);
    return sendHotRead(
      request,
      reply,
      async () => answer(sidebarsResponseSchema, await sidebarFor(app.db, viewer, system)),
      { vary: system },
    );
  });

  const modulePage = { preHandler: adminPage('FunctionalModule') };

  app.get('/v1/admin/functional-modules', modulePage, async () =>
    answer(functionalModuleListAnswer, { data: await listModules(app.db) }),
  );

  app.put('/v1/admin/functional-modules/:key', modulePage, async (request) => {
    const { key } = parseInput(moduleKeyParams, request.params, 'key');
    const { enabled } = parseInput(functionalModuleInputSchema, request.body);
    return answer(
      functionalModuleAnswer,
      await app.db.transaction((tx) => setModuleEnabled(tx, requireAdmin(request), request, key, enabled)),
    );
  });
};

export default menuRoutes;
