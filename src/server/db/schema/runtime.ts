// State that several app processes on one PostgreSQL server must share (issue 21): the versions the
// hot-read cache compares, the request counters of the rate limits, and background jobs.
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One row per table the hot reads depend on, bumped by a statement trigger in the writing transaction, so
 * a process that reads the row after the write committed knows its cached answers from before are stale.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: varchar('name', { length: 64 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Fixed-window request counters of the rate limits, keyed by route and client. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/** Work done after the answer (a retried payment notify, ...), claimed by one process at a time. */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Set while a process runs the job; a job whose lock lapsed (its process died) is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('background_jobs_due_idx').on(t.doneAt, t.runAt)],
);
