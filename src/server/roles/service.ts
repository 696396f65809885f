// Roles and their menu grants (system 5, rolePermission). The built-in roles, one per administrator type,
// are seeded with the grants spec §6 gives that type (each menu item's stored roles list); after that the
// settings page owns them, and only menu items added by a later release are granted on start-up.
import { asc, eq } from 'drizzle-orm';
import { ADMINISTRATOR_TYPES, type AdministratorType } from '../../shared/api/constants.ts';
import { rolesAllow } from '../../shared/menus/page-roles.ts';
import type { Db } from '../db/client.ts';
import { menus, roleMenus, roles } from '../db/schema/index.ts';
import { systemHiddenFor } from '../lib/grants.ts';
import { GROUP_COMPONENT } from '../menus/service.ts';

export const BUILT_IN_ROLE_NAMES: Record<AdministratorType, string> = {
  founder: '创始人',
  manager: '管理员',
  college: '院校管理员',
};

type MenuGrantRow = Pick<typeof menus.$inferSelect, 'id' | 'roles' | 'system' | 'component'>;

/** Whether a built-in role is granted a menu item when it is first seeded (spec §6). */
function grantedByDefault(type: AdministratorType, menu: MenuGrantRow): boolean {
  return (
    menu.component !== GROUP_COMPONENT && rolesAllow(menu.roles, type) && !systemHiddenFor(type, menu.system)
  );
}

/**
 * Reference-data step, after the menus: creates the built-in roles that are missing with their spec §6
 * grants, and grants the menu items this start-up added to the built-in roles whose type may see them.
 * Safe when two processes start together (only the one that created a role or a menu row grants it).
 */
export async function ensureRoles(db: Db, addedMenuIds: readonly number[]) {
  const allMenus = await db
    .select({ id: menus.id, roles: menus.roles, system: menus.system, component: menus.component })
    .from(menus)
    .orderBy(asc(menus.id));
  const added = new Set(addedMenuIds);
  for (const type of ADMINISTRATOR_TYPES) {
    const [created] = await db
      .insert(roles)
      .values({ name: BUILT_IN_ROLE_NAMES[type], code: type, description: '' })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    const role =
      created ?? (await db.select({ id: roles.id }).from(roles).where(eq(roles.code, type)).limit(1))[0];
    if (!role) continue;
    const grant = allMenus.filter((menu) => (created || added.has(menu.id)) && grantedByDefault(type, menu));
    if (grant.length === 0) continue;
    await db
      .insert(roleMenus)
      .values(grant.map((menu) => ({ roleId: role.id, menuId: menu.id })))
      .onConflictDoNothing();
  }
}
