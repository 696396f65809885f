// Lookup lists are read on every profile and enrolment form, so each list is kept serialised in
// process (with its ETag), per language, and rebuilt after a change or at most LOOKUP_CACHE_TTL_MS later
// (other processes). The standard entries are answered in the request's language (src/server/i18n/lookups.ts).
import { asc, count } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import { lookupListAnswer, type LookupKind } from '../../shared/lookups/schema.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  educationalBackgrounds,
  ethnicGroups,
  politicalAffiliations,
  userSources,
} from '../db/schema/index.ts';
import { answer } from '../http/answer.ts';
import { cachedJson, type CachedJson } from '../http/cacheable.ts';
import { lookupName } from '../i18n/lookups.ts';
import { LOOKUP_SEEDS } from './reference.ts';

export const LOOKUP_TABLES = {
  userSources,
  politicalAffiliations,
  ethnicGroups,
  educationalBackgrounds,
} as const satisfies Record<LookupKind, unknown>;

const LOOKUP_CACHE_TTL_MS = 60_000;
/** Per database handle (tests run several apps in one process); a bumped generation drops every entry. */
const caches = new WeakMap<
  object,
  Map<`${LookupKind}:${Language}`, { value: CachedJson; loadedAt: number; generation: number }>
>();
let generation = 0;

export async function listLookup(db: DbOrTx, kind: LookupKind, lang: Language) {
  const table = LOOKUP_TABLES[kind];
  const rows = await db
    .select({ id: table.id, name: table.name, enabled: table.enabled })
    .from(table)
    .orderBy(asc(table.sort), asc(table.id));
  return rows
    .filter((row) => row.enabled)
    .map(({ id, name }) => ({ id, name: lookupName(lang, kind, name) }));
}

/** The `{ data: [{id, name}] }` answer of one list in one language, serialised with its ETag. */
export async function cachedLookup(db: DbOrTx, kind: LookupKind, lang: Language): Promise<CachedJson> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = `${kind}:${lang}` as const;
  const hit = cache.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.loadedAt < LOOKUP_CACHE_TTL_MS)
    return hit.value;
  const value = cachedJson(answer(lookupListAnswer, { data: await listLookup(db, kind, lang) }));
  cache.set(key, { value, loadedAt: Date.now(), generation });
  return value;
}

/** Call after any write to a lookup table (the settings pages); other processes catch up within the TTL. */
export function invalidateLookups() {
  generation += 1;
}

/**
 * Reference-data step: fills each list with the standard entries while it is empty, so entries an
 * administrator renamed, disabled or removed are not brought back at the next start.
 */
export async function ensureLookups(db: Db) {
  for (const kind of Object.keys(LOOKUP_SEEDS) as LookupKind[]) {
    const table = LOOKUP_TABLES[kind];
    const [existing] = await db.select({ n: count() }).from(table);
    if ((existing?.n ?? 0) > 0) continue;
    await db.insert(table).values(LOOKUP_SEEDS[kind]).onConflictDoNothing({ target: table.name });
  }
  invalidateLookups();
}
