// Reference data that every deployment needs (lookups, menus, module switches, ...), demo or not.
// Each area contributes an idempotent `ensure` step; they run at every start-up.
import type { Db } from './client.ts';
import { ensureLookups } from '../lookups/service.ts';
import { ensureMenus } from '../menus/service.ts';
import { ensureOccupations } from '../plans/reference.ts';
import { ensureRoles } from '../roles/service.ts';

type EnsureStep = (db: Db) => Promise<void>;

/** Menus, then the built-in roles, which are granted the menu items this start-up added. */
const ensureMenusAndRoles: EnsureStep = async (db) => ensureRoles(db, await ensureMenus(db));

const steps: EnsureStep[] = [ensureLookups, ensureMenusAndRoles, ensureOccupations];

export async function ensureReferenceData(db: Db) {
  for (const step of steps) await step(db);
}
