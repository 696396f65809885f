// Wires the hot-read cache into the app: one answer cache and one sign-in cache per process, and the
// table versions read at most once per request (a PostgreSQL query, or PGlite's in-memory counters).
import fp from 'fastify-plugin';
import { HotReadCache } from './hot-read.ts';
import { PrincipalCache } from './principals.ts';
import type { Versions } from './versions.ts';
import type { Principal } from '../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hotReads: HotReadCache;
    principals: PrincipalCache<Principal>;
  }
  interface FastifyRequest {
    versionsRead: Promise<Versions> | null;
    /** The table versions as of this request, read once. */
    versions(): Promise<Versions>;
  }
}

export default fp(async (app) => {
  const source = app.database.versions;
  await source.start();
  app.decorate('hotReads', new HotReadCache());
  app.decorate('principals', new PrincipalCache<Principal>());
  app.decorateRequest('versionsRead', null);
  app.decorateRequest('versions', function versions(this: { versionsRead: Promise<Versions> | null }) {
    return (this.versionsRead ??= Promise.resolve(source.read()));
  });
});
