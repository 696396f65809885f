import type { FastifyPluginAsync } from 'fastify';
import { menusResponseSchema, sidebarsQuery, sidebarsResponseSchema } from '../../shared/menus/schema.ts';
import { answer } from '../http/answer.ts';
import { cachedJson, sendCachedJson } from '../http/cacheable.ts';
import { parseInput } from '../http/validate.ts';
import { admin, requireAdmin } from '../plugins/auth.ts';
import { menusFor, sidebarFor } from './service.ts';

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
};

export default menuRoutes;
