// The counters of @fastify/rate-limit in the database (rate_limit_counters), so that every app process on one
// PostgreSQL server counts the same hits: a client spreading its logins over three processes behind a load
// balancer meets the same limit as against one. One fixed window per key; each hit is one atomic upsert that
// starts a new window when the old one has lapsed, so two processes counting at once never lose a hit.
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { preparedQuery } from '../lib/db-queries.ts';

/** A key longer than this is replaced by its hash (the column holds 300 characters). */
const MAX_PLAIN_KEY = 200;
/** About one hit in this many also deletes the lapsed windows of every key. */
const PURGE_ONE_IN = 200;
/** How many lapsed rows one purge removes at most (a purge stays one cheap statement). */
const PURGE_BATCH = 1000;
/** At most one log line per this many ms while the database refuses the counters. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/** Milliseconds left in the window, by the database's clock. */
const ttlMs =
  sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000))::integer`.mapWith(
    Number,
  );

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands `child` for a route's own limit (it carries the route's method and URL). */
const routeLimitOptions = z.object({
  routeInfo: z.object({ method: z.union([z.string(), z.array(z.string())]), url: z.string() }),
});

/** The stored key: the route and the client, hashed when long (a custom key generator may be long). */
export function counterKey(route: string, client: string): string {
  const key = `${route}|${client}`;
  return key.length <= MAX_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Deletes windows that have lapsed; a lapsed row counts as no row, so this never changes a limit. */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  const lapsed = db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, sql`now()`))
    .limit(PURGE_BATCH);
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} in (${lapsed})`);
}

/**
 * The store class the plugin instantiates (`store:` in app.ts), bound to the app's database. `continueExceeding`
 * and `exponentialBackoff` are not supported: no route of the platform uses them.
 */
export function databaseRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastErrorLog = 0;
  // The clock is the database's (now()), never the process's: processes on several machines agree on it.
  const hit = () =>
    preparedQuery(db, 'rate_limit_hit', (name) =>
      db
        .insert(rateLimitCounters)
        .values({
          key: sql.placeholder('key'),
          hits: 1,
          resetAt: sql`now() + ${sql.placeholder('windowMs')}::double precision * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when rate_limit_counters.reset_at <= now() then 1
              else least(rate_limit_counters.hits + 1, 2147483647) end`,
            resetAt: sql`case when rate_limit_counters.reset_at <= now() then excluded.reset_at
              else rate_limit_counters.reset_at end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, ttl: ttlMs })
        .prepare(name),
    );
  const peek = () =>
    preparedQuery(db, 'rate_limit_peek', (name) =>
      db
        .select({ hits: rateLimitCounters.hits, ttl: ttlMs })
        .from(rateLimitCounters)
        .where(
          and(eq(rateLimitCounters.key, sql.placeholder('key')), gt(rateLimitCounters.resetAt, sql`now()`)),
        )
        .prepare(name),
    );

  /**
   * Fails open: when the counters cannot be read or written the request goes through, with a log line. The
   * counters live in the database that serves the request itself, so while it is down the request fails
   * anyway; while it only stumbles (a full pool, a lock timeout), refusing every login and certificate check
   * would turn a hiccup into an outage. The brakes that protect accounts (captcha, lockout) are written in
   * the login's own transaction and do not depend on this limiter.
   */
  const failOpen = (error: unknown, timeWindow: number, callback: Callback) => {
    const now = Date.now();
    if (now - lastErrorLog >= ERROR_LOG_INTERVAL_MS) {
      lastErrorLog = now;
      log.warn({ err: error }, 'rate limit: counters unavailable, request let through');
    }
    callback(null, { current: 0, ttl: timeWindow });
  };

  const purgeNowAndThen = () => {
    if (Math.random() * PURGE_ONE_IN >= 1) return;
    purgeExpiredCounters(db).catch((error: unknown) => log.warn({ err: error }, 'rate limit: purge failed'));
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    /** The plugin passes its options here; `child` passes the route the counters belong to. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : 'any';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      hit()
        .execute({ key: counterKey(this.route, key), windowMs: timeWindow })
        .then(([row]) => {
          purgeNowAndThen();
          callback(null, { current: row?.hits ?? 0, ttl: row?.ttl ?? timeWindow });
        })
        .catch((error: unknown) => failOpen(error, timeWindow, callback));
    }

    /** The state without counting a hit (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback, timeWindow: number): void {
      peek()
        .execute({ key: counterKey(this.route, key) })
        .then(([row]) => callback(null, { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 }))
        .catch((error: unknown) => failOpen(error, timeWindow, callback));
    }

    /** A route's own limit: its counters are keyed by its method and URL, so two routes never share one. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const parsed = routeLimitOptions.safeParse(routeOptions);
      if (!parsed.success) return new DatabaseRateLimitStore(this.route);
      const { method, url } = parsed.data.routeInfo;
      return new DatabaseRateLimitStore(`${[method].flat().join(',')} ${url}`);
    }
  }
  return DatabaseRateLimitStore;
}
