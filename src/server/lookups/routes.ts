import type { FastifyPluginAsync } from 'fastify';
import { LOOKUP_KINDS, LOOKUP_PATHS } from '../../shared/lookups/schema.ts';
import { sendCachedJson } from '../http/cacheable.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { cachedLookup } from './service.ts';

/** Public lookup lists (spec §7): `{ data: [{ id, name }] }`, cacheable with ETag / 304, one per language. */
const lookupRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of LOOKUP_KINDS) {
    app.get(LOOKUP_PATHS[kind], async (request, reply) =>
      sendCachedJson(request, reply, await cachedLookup(app.db, kind, requestLanguage(request, reply))),
    );
  }
};

export default lookupRoutes;
