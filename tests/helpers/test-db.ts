import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';

export const TEMPLATE_DUMP = path.resolve('.tmp/api-template.tar.gz');

export const templateDatabaseName = () => `skills_test_template_${process.env.TEST_RUN_ID ?? 'local'}`;

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database holding the reference and demo data, private to the calling test file. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = fs.readFileSync(TEMPLATE_DUMP);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `skills_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${templateDatabaseName()}`);
      break;
    } catch (error) {
      // Two files cloning the template at the same instant collide; try again shortly.
      if (attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = await openPostgres(withDatabase(url, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      // Not `with (force)`: terminating a pool connection that is still closing surfaces as an
      // unhandled error. The pool has ended, so its connections go away within moments.
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if (attempt > 50) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await cleanup.end();
    },
  };
}
