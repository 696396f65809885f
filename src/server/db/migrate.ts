// Applies drizzle-kit's generated SQL (one set of migrations for both engines) in one transaction,
// recorded in app_migrations, and serialised by an advisory lock so that several processes starting
// against one PostgreSQL server apply each migration exactly once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { ensureVersionTriggers } from '../cache/versions.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 7_316_2026;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists app_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const done = (await tx.execute(sql`select tag from app_migrations`)) as unknown as {
      rows: { tag: string }[];
    };
    const applied = new Set(done.rows.map((r) => r.tag));
    const ran: string[] = [];
    for (const entry of entries) {
      if (applied.has(entry.tag)) continue;
      const text = fs.readFileSync(path.join(dir, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into app_migrations (tag) values (${entry.tag})`);
      ran.push(entry.tag);
    }
    await ensureVersionTriggers(tx);
    return ran;
  });
}
