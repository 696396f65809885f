// Roles and their menu grants (system 5, rolePermission). The built-in roles, one per administrator type,
// are seeded with the grants spec §6 gives that type (each menu item's stored roles list); after that the
// settings page owns them, and only menu items added by a later release are granted on start-up.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMINISTRATOR_TYPES, SYSTEMS, type AdministratorType } from '../../shared/api/constants.ts';
import { rolesAllow } from '../../shared/menus/page-roles.ts';
import type {
  GrantTree,
  GrantTreeNode,
  RoleView,
  roleInputSchema,
  roleListQuery,
} from '../../shared/roles/schema.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { administrators, menus, roleMenus, roles } from '../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { systemHiddenFor } from '../lib/grants.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import { GROUP_COMPONENT, SYSTEM_TITLES } from '../menus/service.ts';
import type { AdminPrincipal, RouteTableEntry } from '../plugins/auth.ts';

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

// ---------------------------------------------------------------- the roles page

type RoleInput = z.output<typeof roleInputSchema>;
type RoleRow = typeof roles.$inferSelect;

/** The menu item whose grant opens the roles page: a role that edits roles must keep it. */
export const ROLE_PAGE = 'RolePermission';

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Administrators whose grants come from the role: chosen, or their type's built-in role when none is.
 * The outer table is named in full: a bare column inside the subquery would bind to the inner tables.
 */
const administratorCount = sql<number>`(select count(*) from administrators a
  where a.role_id = "roles"."id" or (a.role_id is null and a.administrator_type = "roles"."code"))`.mapWith(
  Number,
);
const grantCount = sql<number>`(select count(*) from role_menus rm join menus m on m.id = rm.menu_id
  where rm.role_id = "roles"."id" and m.component <> ${GROUP_COMPONENT})`.mapWith(Number);

const roleView = (row: RoleRow, administratorCount: number, grantCount: number): RoleView => ({
  id: row.id,
  name: row.name,
  code: row.code,
  built_in: row.code !== null,
  description: row.description,
  enabled: row.enabled,
  administrator_count: administratorCount,
  grant_count: grantCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function roleById(db: DbOrTx, id: number): Promise<RoleView> {
  const [row] = await db
    .select({ role: roles, administrators: administratorCount, grants: grantCount })
    .from(roles)
    .where(eq(roles.id, id));
  if (!row) throw notFound('角色不存在');
  return roleView(row.role, row.administrators, row.grants);
}

export async function listRoles(db: DbOrTx, query: z.output<typeof roleListQuery>) {
  const where = query.keyword
    ? or(ilike(roles.name, like(query.keyword)), ilike(roles.description, like(query.keyword)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, administrators: administratorCount, grants: grantCount })
      .from(roles)
      .where(where)
      .orderBy(sql`${roles.code} is null`, asc(roles.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return listAnswer(
    rows.map((r) => roleView(r.role, r.administrators, r.grants)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

const nameTaken = () => fieldError('name', '角色名称已存在');

async function lockRole(tx: DbOrTx, id: number): Promise<RoleRow> {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!row) throw notFound('角色不存在');
  return row;
}

export async function createRole(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  input: RoleInput,
): Promise<RoleView> {
  try {
    const [row] = await tx
      .insert(roles)
      .values({ name: input.name, description: input.description, enabled: input.enabled })
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'role.create',
      targetType: 'role',
      targetId: row!.id,
      detail: { ...input },
    });
    return roleView(row!, 0, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateRole(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: RoleInput,
): Promise<RoleView> {
  const before = await lockRole(tx, id);
  if (!input.enabled && before.enabled) {
    if (before.code !== null) throw fieldError('enabled', '内置角色不能停用');
    if (actor.roleId === id) throw fieldError('enabled', '不能停用自己正在使用的角色');
  }
  try {
    await tx
      .update(roles)
      .set({
        name: input.name,
        description: input.description,
        enabled: input.enabled,
        updatedAt: new Date(),
      })
      .where(eq(roles.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  await writeSystemLog(tx, actor, request, {
    action: 'role.update',
    targetType: 'role',
    targetId: id,
    detail: changedFields(
      { name: before.name, description: before.description, enabled: before.enabled },
      { ...input },
    ),
  });
  return roleById(tx, id);
}

export async function deleteRole(tx: DbOrTx, actor: AdminPrincipal, request: FastifyRequest, id: number) {
  const role = await lockRole(tx, id);
  if (role.code !== null) throw conflict('内置角色不能删除');
  const [users] = await tx.select({ n: count() }).from(administrators).where(eq(administrators.roleId, id));
  if ((users?.n ?? 0) > 0)
    throw conflict(`还有 ${users!.n} 个管理员账号使用该角色，请先为他们更换角色再删除`);
  await tx.delete(roles).where(eq(roles.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'role.delete',
    targetType: 'role',
    targetId: id,
    detail: { name: role.name },
  });
}

/** Every menu item of the six systems with the API calls its grant opens (from the route table). */
export async function grantTree(db: DbOrTx, routeTable: readonly RouteTableEntry[]): Promise<GrantTree> {
  const apis = new Map<string, Set<string>>();
  for (const route of routeTable) {
    if (route.access?.kind !== 'adminPage') continue;
    for (const page of route.access.pages) {
      const list = apis.get(page) ?? new Set<string>();
      list.add(`${route.method} ${route.url}`);
      apis.set(page, list);
    }
  }
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const byParent = new Map<number | null, (typeof rows)[number][]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null): GrantTreeNode[] =>
    (byParent.get(parentId) ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      system: row.system,
      hidden: row.hidden,
      is_group: row.component === GROUP_COMPONENT,
      module_key: row.moduleKey,
      apis: [...(apis.get(row.name) ?? [])].sort(),
      children: build(row.id),
    }));
  return {
    systems: SYSTEMS.map(({ index }) => ({ index, title: SYSTEM_TITLES[index] })),
    data: build(null),
  };
}

/** The menu items a role grants (groups left out: they show for their pages). */
export async function roleGrants(db: DbOrTx, id: number) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
  if (!role) throw notFound('角色不存在');
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roleMenus.roleId, id), sql`${menus.component} <> ${GROUP_COMPONENT}`))
    .orderBy(asc(roleMenus.menuId));
  return { role_id: id, menu_ids: rows.map((row) => row.menuId) };
}

/**
 * Replaces a role's grants in one transaction (the role row locked, so two saves run one after the other).
 * A role that opens the roles page for its editor, and the founder's built-in role, keep RolePermission.
 */
export async function setRoleGrants(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  menuIds: readonly number[],
) {
  const role = await lockRole(tx, id);
  const chosen =
    menuIds.length === 0
      ? []
      : await tx
          .select({ id: menus.id, name: menus.name, title: menus.title, component: menus.component })
          .from(menus)
          .where(inArray(menus.id, [...menuIds]));
  if (chosen.length !== menuIds.length) {
    const known = new Set(chosen.map((m) => m.id));
    const unknown = menuIds.filter((menuId) => !known.has(menuId));
    throw fieldError('menu_ids', `菜单不存在：${unknown.slice(0, 10).join('、')}`);
  }
  const pages = chosen.filter((m) => m.component !== GROUP_COMPONENT);
  const keepsRolePage = pages.some((m) => m.name === ROLE_PAGE);
  if (!keepsRolePage && role.code === 'founder')
    throw fieldError('menu_ids', '创始人角色必须保留「角色权限」，否则无人能再管理角色');
  const ownRole = actor.roleId === id || (actor.roleId === null && role.code === actor.administratorType);
  if (!keepsRolePage && ownRole)
    throw fieldError('menu_ids', '不能从自己正在使用的角色中移除「角色权限」，否则将无法再管理角色');

  const before = await tx
    .select({ id: menus.id, title: menus.title })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roleMenus.roleId, id), sql`${menus.component} <> ${GROUP_COMPONENT}`));
  const had = new Set(before.map((m) => m.id));
  const now = new Set(pages.map((m) => m.id));
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
  if (pages.length > 0) await tx.insert(roleMenus).values(pages.map((m) => ({ roleId: id, menuId: m.id })));
  await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'role.grants',
    targetType: 'role',
    targetId: id,
    detail: {
      role: role.name,
      added: pages.filter((m) => !had.has(m.id)).map((m) => m.title),
      removed: before.filter((m) => !now.has(m.id)).map((m) => m.title),
    },
  });
  return roleGrants(tx, id);
}
