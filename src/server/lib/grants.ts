// What an administrator's role grants: the menu items it may open. The same rows decide the menus the server
// sends and the API calls it lets through (plugins/auth.ts `adminPage`), so a page hidden from a role is also
// refused to it. Read on every request: a change to a role's grants applies on that role's next request,
// whichever process serves it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COLLEGE_HIDDEN_SYSTEMS, type AdministratorType } from '../../shared/api/constants.ts';
import type { DbOrTx } from '../db/client.ts';
import { functionalModules, menus, roleMenus } from '../db/schema/index.ts';

/** Systems a college administrator never sees, whatever its role grants (spec §2). */
export function systemHiddenFor(type: AdministratorType, system: number): boolean {
  return type === 'college' && (COLLEGE_HIDDEN_SYSTEMS as readonly number[]).includes(system);
}

/** Menu ids the role grants; none for an administrator without an enabled role. */
export async function grantedMenuIds(db: DbOrTx, roleId: number | null): Promise<Set<number>> {
  if (roleId === null) return new Set();
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId));
  return new Set(rows.map((row) => row.menuId));
}

// A menu item's own feature module and its whole system: either switched off turns the item off.
const feature = alias(functionalModules, 'f');
const system = alias(functionalModules, 's');

export type PageAccess = 'granted' | 'notGranted' | 'disabled';

/** The role's grants among the named menu items, each with whether it is switched on; one query. */
async function grantsAmong(db: DbOrTx, roleId: number, type: AdministratorType, pages: readonly string[]) {
  const granted = await db
    .select({
      name: menus.name,
      system: menus.system,
      enabled: sql<boolean>`coalesce(${feature.enabled}, true) and coalesce(${system.enabled}, true)`,
    })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .leftJoin(feature, eq(feature.key, menus.moduleKey))
    .leftJoin(system, and(eq(system.kind, 'system'), eq(system.system, menus.system)))
    .where(and(eq(roleMenus.roleId, roleId), inArray(menus.name, [...pages])));
  return granted.filter((row) => !systemHiddenFor(type, row.system));
}

/**
 * Whether the role may open any of the named menu items: `granted` when one is granted and switched on,
 * `disabled` when every granted one is switched off (its feature module or its whole system), else
 * `notGranted`. One query.
 */
export async function pageAccess(
  db: DbOrTx,
  roleId: number | null,
  type: AdministratorType,
  pages: readonly string[],
): Promise<PageAccess> {
  if (roleId === null || pages.length === 0) return 'notGranted';
  const rows = await grantsAmong(db, roleId, type, pages);
  if (rows.length === 0) return 'notGranted';
  return rows.some((row) => row.enabled) ? 'granted' : 'disabled';
}

/** Of the named menu items, the ones the role may open (granted and switched on). One query. */
export async function openablePages(
  db: DbOrTx,
  roleId: number | null,
  type: AdministratorType,
  pages: readonly string[],
): Promise<string[]> {
  if (roleId === null || pages.length === 0) return [];
  const rows = await grantsAmong(db, roleId, type, pages);
  return [...new Set(rows.filter((row) => row.enabled).map((row) => row.name))];
}
