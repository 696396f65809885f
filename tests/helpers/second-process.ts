// A second app "process" over the test file's database, for state that several app processes must share
// (rate limits, background jobs). On PostgreSQL it gets a pool of its own to the same database, as another
// process would; on PGlite it shares the one embedded database. Either way it shares nothing in memory with
// the first app: each app has its own plugins, stores and caches.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { openPostgres, type Database } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/lib/db-queries.ts';
import type { TestContext } from './api.ts';
import { withDatabase } from './test-db.ts';

export interface SecondProcess {
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function secondProcess(ctx: TestContext, { runJobs = false } = {}): Promise<SecondProcess> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database = ctx.database;
  let ownPool = false;
  if (url) {
    const [row] = rowsOf<{ name: string }>(await ctx.app.db.execute(sql`select current_database() as name`));
    database = await openPostgres(withDatabase(url, row!.name), 5);
    ownPool = true;
  }
  const app = await buildApp({ config: ctx.app.config, database, runJobs });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (ownPool) await database.close();
    },
  };
}
