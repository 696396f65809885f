// One database API for both engines (PostgreSQL dialect everywhere): PGlite in DATA_DIR when no
// DATABASE_URL is set, otherwise a PostgreSQL server through a pg pool.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { recordQuery } from '../cache/hot-read.ts';
import { pgliteVersions, postgresVersions, type VersionSource } from '../cache/versions.ts';

/** Every query's SQL goes past the hot-read cache, which notes the tables an answer is read from. */
const logger = { logQuery: (query: string) => recordQuery(query) };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Db | Tx` through this alias. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the embedded data directory was created by this start. */
  created: boolean;
  /** The table versions the hot-read cache compares (cache/versions.ts). */
  versions: VersionSource;
  close(): Promise<void>;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  let created = true;
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    created = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return { db, kind: 'pglite', created, versions: pgliteVersions(client), close: () => client.close() };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  return { db, kind: 'postgres', created: false, versions: postgresVersions(db), close: () => pool.end() };
}
