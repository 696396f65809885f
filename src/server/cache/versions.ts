// Table versions for the hot-read cache. Every write to a tracked table bumps that table's row in
// cache_versions inside the writing transaction, at commit: a statement trigger notes the table in a
// transaction-local setting, and a deferred constraint trigger, fired at commit, bumps the noted tables in
// name order. Bumping at commit, in one order, keeps the version rows from deadlocking writers that touch
// several tables, and holds their locks only for the commit itself.
//
// Readers compare the versions of the tables an answer was read from with the versions now:
// - PostgreSQL (several processes may share it): the versions are read once per request, one small query,
//   so an answer cached by any process is never served after a write that committed before the request;
// - PGlite (one process owns its data directory): the bump also NOTIFYs, the process listens, and PGlite
//   delivers its own notifications before the committing call returns, so the versions live in memory and a
//   cached answer costs no query at all.
import { getTableName, isTable, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../lib/db-queries.ts';
import * as schema from '../db/schema/index.ts';

export type Versions = ReadonlyMap<string, number>;

/** The versions of these tables, as one comparable value (a table never bumped counts as 0). */
export const versionStamp = (versions: Versions, tables: readonly string[]) =>
  tables.map((t) => versions.get(t) ?? 0).join('.');

export interface VersionSource {
  /** The current version of every tracked table (a table never bumped is absent: version 0). */
  read(): Versions | Promise<Versions>;
  /** Called once the schema exists (app start); reads nothing before. */
  start(): Promise<void>;
}

const NOTIFY_CHANNEL = 'cache_versions';

/**
 * Tables no cached answer is read from and whose writes are frequent (or are the versions themselves):
 * they get no triggers, so a read that touches one of them is never cached (hot-read.ts).
 */
export const UNTRACKED_TABLES: ReadonlySet<string> = new Set([
  'cache_versions',
  'app_migrations',
  'captchas',
  'sms_codes',
  'login_failures',
  'session_handoffs',
  'idempotency_keys',
  'rate_limit_counters',
  'background_jobs',
  'system_logs',
  // Every saved exam answer and heartbeat: hundreds a second on exam day, read by no cached answer.
  'exam_attempts',
  'attempt_answers',
  'exam_late_answers',
  // Every learning heartbeat (thousands a minute) and every stream grant.
  'lesson_sessions',
  'lesson_progress',
  'media_grants',
]);

/** Writes to these count only when they change or remove rows: a new sign-in token changes no answer. */
const CHANGE_ONLY_TABLES: ReadonlySet<string> = new Set(['access_tokens']);

/** Every table of the schema, by its SQL name. */
export const SCHEMA_TABLES: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => isTable(value))
    .map((table) => getTableName(table)),
);

export const trackedTables = () => [...SCHEMA_TABLES].filter((name) => !UNTRACKED_TABLES.has(name)).sort();

const FUNCTIONS = [
  `create or replace function cache_note_table() returns trigger language plpgsql as $$
declare noted text := coalesce(current_setting('app.cache_tables', true), '');
begin
  if position(',' || TG_TABLE_NAME || ',' in ',' || noted || ',') = 0 then
    perform set_config('app.cache_tables',
      case when noted = '' then TG_TABLE_NAME else noted || ',' || TG_TABLE_NAME end, true);
  end if;
  return null;
end $$`,
  `create or replace function cache_bump_versions() returns trigger language plpgsql as $$
declare noted text := coalesce(current_setting('app.cache_tables', true), '');
begin
  if TG_OP = 'TRUNCATE' then noted := TG_TABLE_NAME;
  elsif noted = '' then return null;
  else perform set_config('app.cache_tables', '', true);
  end if;
  insert into cache_versions (name, version)
    select t, 1 from unnest(string_to_array(noted, ',')) as t order by t
    on conflict (name) do update set version = cache_versions.version + 1;
  if current_setting('app.cache_notify', true) = 'on' then
    perform pg_notify('${NOTIFY_CHANNEL}', noted);
  end if;
  return null;
end $$`,
];

/**
 * Creates the version triggers on every tracked table that lacks them (tables added by later migrations
 * get theirs at the next start). Runs inside migrate()'s transaction, under its advisory lock.
 */
export async function ensureVersionTriggers(db: Pick<Db, 'execute'>): Promise<void> {
  for (const statement of FUNCTIONS) await db.execute(sql.raw(statement));
  const existing = (await db.execute(
    sql`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = 'cache_version_bump' and c.relnamespace = current_schema()::regnamespace`,
  )) as unknown as { rows: { table: string }[] };
  const done = new Set(existing.rows.map((r) => r.table));
  for (const table of trackedTables()) {
    if (done.has(table)) continue;
    const events = CHANGE_ONLY_TABLES.has(table) ? 'update or delete' : 'insert or update or delete';
    const triggers = [
      `create trigger cache_version_note after ${events} on "${table}"
         for each statement execute function cache_note_table()`,
      `create trigger cache_version_truncate after truncate on "${table}"
         for each statement execute function cache_bump_versions()`,
      `create constraint trigger cache_version_bump after ${events} on "${table}"
         deferrable initially deferred for each row execute function cache_bump_versions()`,
    ];
    for (const statement of triggers) await db.execute(sql.raw(statement));
  }
}

/**
 * PostgreSQL: the versions as of a read SENT AFTER the request arrived, so every write committed before it
 * is seen. Requests arriving while a read is on its way share the next one (at most one read in flight and
 * one waiting), so under load one small query serves a whole batch of requests.
 */
export function postgresVersions(db: Db): VersionSource {
  const query = async (): Promise<Versions> => {
    const rows = rowsOf<{ name: string; version: string | number }>(
      await db.execute(sql`select name, version from cache_versions`),
    );
    return new Map(rows.map((r) => [r.name, Number(r.version)]));
  };
  let running: Promise<Versions> | null = null;
  let waiting: Promise<Versions> | null = null;
  const launch = () => {
    const read = query().finally(() => {
      if (running === read) running = null;
    });
    running = read;
    return read;
  };
  const settled = () => undefined;
  return {
    start: () => Promise.resolve(),
    read() {
      if (!running) return launch();
      // The read on its way may have been sent before this request arrived: wait for the next one.
      waiting ??= running.then(settled, settled).then(() => {
        waiting = null;
        return launch();
      });
      return waiting;
    },
  };
}

/**
 * PGlite: versions counted in memory from the notifications. Starts listening before it reads the
 * table, so no bump falls between the two; until then (before migrations ran) it reads nothing.
 */
export function pgliteVersions(client: PGlite): VersionSource {
  const versions = new Map<string, number>();
  let started: Promise<void> | null = null;
  const bump = (payload: string) => {
    for (const name of payload.split(',')) versions.set(name, (versions.get(name) ?? 0) + 1);
  };
  const start = () =>
    (started ??= (async () => {
      await client.query(`select set_config('app.cache_notify', 'on', false)`);
      await client.listen(NOTIFY_CHANNEL, bump);
      const { rows } = await client.query<{ name: string; version: string | number }>(
        'select name, version from cache_versions',
      );
      for (const row of rows)
        versions.set(row.name, Math.max(versions.get(row.name) ?? 0, Number(row.version)));
    })());
  return {
    start,
    read() {
      return versions;
    },
  };
}
