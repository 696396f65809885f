import type { FastifyPluginAsync } from 'fastify';
import { LOOKUP_KINDS, LOOKUP_PATHS, lookupListAnswer } from '../../shared/lookups/schema.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { answer } from '../http/answer.ts';
import { PUBLIC_REFERENCE_CACHE } from '../http/cacheable.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { listLookup } from './service.ts';

/**
 * Public lookup lists (spec §7): `{ data: [{ id, name }] }`, one per language, read on every profile and
 * enrolment form: answered from the hot-read cache (a settings edit reaches every process at once), with
 * ETag / 304.
 */
const lookupRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of LOOKUP_KINDS) {
    app.get(LOOKUP_PATHS[kind], async (request, reply) => {
      const lang = requestLanguage(request, reply);
      return sendHotRead(
        request,
        reply,
        async () => answer(lookupListAnswer, { data: await listLookup(app.db, kind, lang) }),
        { shared: true, vary: lang, cacheControl: PUBLIC_REFERENCE_CACHE },
      );
    });
  }
};

export default lookupRoutes;
