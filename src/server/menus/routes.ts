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
import { cachedJson, sendCachedJson } from '../http/cacheable.ts';
import { parseInput } from '../http/validate.ts';
import { admin, adminPage, requireAdmin } from '../plugins/auth.ts';
import { listModules, menusFor, setModuleEnabled, sidebarFor } from './service.ts';

/** Per-user answers: the client revalidates on every navigation (spec §4) and usually gets a 304. */
const PRIVATE_REVALIDATE = 'private, no-cache';

const menuRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/user/menus', { preHandler: admin() }, async (request, reply) => {
    const data = await menusFor(app.db, requireAdmin(request));
    return sendCachedJson(
      request,
      reply,
      cachedJson(answer(menusResponseSchema, { data })),
      PRIVATE_REVALIDATE,
    );
  });

  app.get('/v1/administrator/sidebars', { preHandler: admin() }, async (request, reply) => {
    const { system } = parseInput(sidebarsQuery, request.query, 'query');
    const body = await sidebarFor(app.db, requireAdmin(request), system);
    return sendCachedJson(
      request,
      reply,
      cachedJson(answer(sidebarsResponseSchema, body)),
      PRIVATE_REVALIDATE,
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
