// Lookup lists (ethnic groups, ...): the standard entries are answered in the request's language
// (src/server/i18n/lookups.ts); the routes serve them from the hot-read cache.
import { asc, count } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import type { LookupKind } from '../../shared/lookups/schema.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  educationalBackgrounds,
  ethnicGroups,
  politicalAffiliations,
  userSources,
} from '../db/schema/index.ts';
import { lookupName } from '../i18n/lookups.ts';
import { LOOKUP_SEEDS } from './reference.ts';

export const LOOKUP_TABLES = {
  userSources,
  politicalAffiliations,
  ethnicGroups,
  educationalBackgrounds,
} as const satisfies Record<LookupKind, unknown>;

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
}
