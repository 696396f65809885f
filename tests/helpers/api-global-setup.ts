// Builds one migrated database holding the reference and demo data, once per run; each API test file
// then starts from a copy of it (PGlite: a dumped data dir; PostgreSQL: CREATE DATABASE ... TEMPLATE).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { ensureReferenceData } from '../../src/server/db/reference-data.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { TEMPLATE_DUMP, templateDatabaseName, withDatabase } from './test-db.ts';

// Demo files of the template database: a test app started with DATA_DIR=.tmp/api-demo can serve them.
const DEMO_OPTIONS = {
  storage: { kind: 'local', dir: path.resolve('.tmp/api-demo/uploads') } as const,
  paymentSecret: 'sandbox-gateway-secret',
  videoDir: path.resolve('.tmp/api-demo/videos'),
};

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = templateDatabaseName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name), 2);
    await migrate(database.db);
    await ensureReferenceData(database.db);
    await seedDemo(database.db, DEMO_OPTIONS);
    await database.close();
    return;
  }
  const database = await openPglite();
  await migrate(database.db);
  await ensureReferenceData(database.db);
  await seedDemo(database.db, DEMO_OPTIONS);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
