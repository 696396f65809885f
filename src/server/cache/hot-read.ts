// The hot-read cache (issue 21): answers that many learners ask for again and again and that change
// rarely and all at once (scores, tickets, certificates, user info, menus, lookups, the portal's lists)
// are kept serialised, with a strong ETag, per process. An entry remembers the versions of the tables its
// answer was read from (versions.ts); it is served only while those versions are unchanged, so the write
// that changes an answer (publishing scores, issuing tickets, editing a profile, changing grants) makes
// every process read it afresh on its next request, without a list of "what to invalidate" to forget.
//
// The tables are not declared by hand: while an answer loads, every query it runs is recorded (the drizzle
// logger, db/client.ts, reports each query's SQL to `recordQuery`) and the tables named in them are its
// dependencies. An answer that read an untracked table is not cached. Personal answers are keyed by the
// signed-in account, so one learner never gets another's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedJson, sendCachedJson, type CachedJson } from '../http/cacheable.ts';
import { SCHEMA_TABLES, UNTRACKED_TABLES, versionStamp, type Versions } from './versions.ts';

/** Per-user answers: the client revalidates on every navigation (spec §4) and usually gets a 304. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/** What one process keeps at most, counted in answer bytes. */
export const HOT_READ_BUDGET_BYTES = 64 * 1024 * 1024;

const recording = new AsyncLocalStorage<Set<string>>();
const TABLE_REFERENCE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Called by the database logger for every query: notes the tables of a query run while an answer loads. */
export function recordQuery(text: string): void {
  const tables = recording.getStore();
  if (!tables) return;
  for (const match of text.matchAll(TABLE_REFERENCE)) {
    const name = match[1]!.toLowerCase();
    if (SCHEMA_TABLES.has(name) || UNTRACKED_TABLES.has(name)) tables.add(name);
  }
}

interface Entry {
  /** The versions of the answer's tables when it was read, in the order of `tables`. */
  tables: string[];
  stamp: string;
  value: CachedJson;
  /** For answers that also depend on the clock (a sign-up window opening): when to read again anyway. */
  expiresAt: number;
}

/** Runs `load` recording the tables its queries read. */
export async function loadRecorded<T>(load: () => Promise<T>): Promise<{ value: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const value = await recording.run(tables, load);
  return { value, tables };
}

export class HotReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedJson>>();
  private bytes = 0;

  constructor(private readonly budgetBytes = HOT_READ_BUDGET_BYTES) {}

  get size() {
    return this.entries.size;
  }

  /**
   * The answer under `key` if the tables it was read from are unchanged in `versions`; else `load` runs
   * (once for concurrent callers) and its answer is kept under the versions read BEFORE it ran, so a write
   * committing meanwhile leaves it stale, never a stale answer fresh.
   */
  async get(
    key: string,
    versions: Versions,
    load: () => Promise<unknown>,
    maxAgeMs = Infinity,
  ): Promise<CachedJson> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now() && hit.stamp === versionStamp(versions, hit.tables))
      return hit.value;
    const pendingKey = `${key}\u0000${[...versions.values()].join('.')}`;
    const pending = this.loading.get(pendingKey);
    if (pending) return pending;
    const promise = (async () => {
      const loadedAt = Date.now();
      const { value, tables } = await loadRecorded(load);
      const cached = cachedJson(value);
      const names = [...tables].sort();
      if (names.length > 0 && !names.some((t) => UNTRACKED_TABLES.has(t)))
        this.store(key, {
          tables: names,
          stamp: versionStamp(versions, names),
          value: cached,
          expiresAt: loadedAt + maxAgeMs,
        });
      return cached;
    })();
    this.loading.set(pendingKey, promise);
    try {
      return await promise;
    } finally {
      this.loading.delete(pendingKey);
    }
  }

  private store(key: string, entry: Entry) {
    this.drop(key);
    this.entries.set(key, entry);
    this.bytes += entry.value.bytes + key.length;
    // The oldest entries go first once the budget is spent (Map keeps insertion order).
    for (const [oldKey] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.drop(oldKey);
    }
  }

  private drop(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.value.bytes + key.length;
  }
}

export interface HotReadOptions {
  /** What besides the route and the caller the answer depends on: the parsed query, the language... */
  vary?: unknown;
  /** Public answers (lookups, the portal's lists) are shared by every caller; personal ones are not. */
  shared?: boolean;
  cacheControl?: string;
  /** Only for answers computed against the clock: the longest they are served without reading again. */
  maxAgeMs?: number;
}

/**
 * Sends a cached answer for this route (304 when the client already holds it). The key is the route, the
 * caller (unless `shared`) and `vary`; `load` must read only through the app's database handle.
 */
export async function sendHotRead(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
  { vary, shared = false, cacheControl = PRIVATE_REVALIDATE, maxAgeMs }: HotReadOptions = {},
) {
  const caller = shared ? 'public' : callerKey(request);
  const key = `${request.method} ${request.routeOptions.url ?? request.url}|${caller}|${JSON.stringify(vary ?? null)}`;
  const value = await request.server.hotReads.get(key, await request.versions(), load, maxAgeMs);
  return sendCachedJson(request, reply, value, cacheControl);
}

/**
 * The caller as far as an answer may depend on it without reading it again: an administrator's role, type
 * and organisation come from the sign-in (cache/principals.ts), so a changed role is a new key.
 */
function callerKey(request: FastifyRequest): string {
  const principal = request.principal;
  if (!principal) throw new Error('sendHotRead: a personal answer needs a signed-in caller');
  if (principal.kind === 'learners') return `learners:${principal.id}`;
  const { id, roleId, administratorType, organizationId } = principal;
  return `administrators:${id}:${roleId}:${administratorType}:${organizationId}`;
}
