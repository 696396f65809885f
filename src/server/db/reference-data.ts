// Reference data that every deployment needs (lookups, menus, module switches, ...), demo or not.
// Each area contributes an idempotent `ensure` step; they run at every start-up.
import type { Db } from './client.ts';

type EnsureStep = (db: Db) => Promise<void>;

const steps: EnsureStep[] = [];

export async function ensureReferenceData(db: Db) {
  for (const step of steps) await step(db);
}
