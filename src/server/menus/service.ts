// The menus an administrator is sent: the items its role grants (lib/grants.ts; the built-in roles reproduce
// spec §6's roles lists), content and settings absent for college, switched-off modules hidden. meta.roles
// and meta.unRoles are delivered as stored; unRoles is never enforced (spec §6 quirk).
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { SYSTEMS, type AdministratorType, type SystemIndex } from '../../shared/api/constants.ts';
import type { FastifyRequest } from 'fastify';
import type { FunctionalModule, HeaderTab, MenuItem } from '../../shared/menus/schema.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { functionalModules, menus } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { grantedMenuIds, systemHiddenFor } from '../lib/grants.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import {
  GROUP_COMPONENT,
  MENU_SEEDS,
  MODULE_SEEDS,
  SYSTEM_TITLES,
  seedComponent,
  seedRoles,
  type MenuSeed,
} from './reference.ts';

/** The component of a group without a page of its own and the tab titles; other areas read them from here. */
export { GROUP_COMPONENT, SYSTEM_TITLES };

type MenuRow = typeof menus.$inferSelect;
type ModuleRow = typeof functionalModules.$inferSelect;

const pinyinCache = new Map<string, { full: string; initials: string }>();

/** Toneless pinyin of a title, e.g. 题库 → { full: 'tiku', initials: 'tk' }, so the client needs no dictionary. */
export function titlePinyin(title: string): { full: string; initials: string } {
  let hit = pinyinCache.get(title);
  if (!hit) {
    const squash = (parts: string[]) =>
      parts
        .join('')
        .replace(/[^a-z0-9]/gi, '')
        .toLowerCase();
    const options = { toneType: 'none', type: 'array', nonZh: 'consecutive' } as const;
    hit = {
      full: squash(pinyin(title, options)),
      initials: squash(pinyin(title, { ...options, pattern: 'first' })),
    };
    pinyinCache.set(title, hit);
  }
  return hit;
}

/** Who the menus are for: the administrator's type and the role whose grants apply (null: none). */
export interface MenuViewer {
  administratorType: AdministratorType;
  roleId: number | null;
}

interface MenuState {
  rows: MenuRow[];
  modules: Map<string, ModuleRow>;
  granted: Set<number>;
}

async function loadMenuState(db: DbOrTx, viewer: MenuViewer): Promise<MenuState> {
  const [rows, moduleRows, granted] = await Promise.all([
    db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)),
    db.select().from(functionalModules),
    grantedMenuIds(db, viewer.roleId),
  ]);
  return { rows, modules: new Map(moduleRows.map((m) => [m.key, m])), granted };
}

/** A tab without a switch row (home, settings) is always open. */
function systemEnabled(state: MenuState, system: number): boolean {
  for (const module of state.modules.values()) {
    if (module.kind === 'system' && module.system === system) return module.enabled;
  }
  return true;
}

/** A group without a page of its own is shown for its children; any other item needs its grant. */
function itemVisible(state: MenuState, row: MenuRow, type: AdministratorType): boolean {
  if (row.component !== GROUP_COMPONENT && !state.granted.has(row.id)) return false;
  if (systemHiddenFor(type, row.system) || !systemEnabled(state, row.system)) return false;
  const module = row.moduleKey ? state.modules.get(row.moduleKey) : undefined;
  return module?.enabled ?? true;
}

const linkOf = (row: MenuRow) => (row.query ? `${row.path}?${row.query}` : row.path);

function toItem(row: MenuRow, children: MenuItem[]): MenuItem {
  let redirect = row.redirect;
  if (children.length > 0 && (redirect || row.component === GROUP_COMPONENT)) {
    // A parent sends to its stored target when the caller may see it, else to its first visible page
    // (college: the plan group opens on the exam-registration step).
    const shown = children.filter((child) => !child.hidden).map((child) => child.meta.index);
    if (!redirect || !shown.includes(redirect)) redirect = shown[0] ?? redirect;
  }
  return {
    path: row.path,
    name: row.name,
    component: row.component,
    redirect: redirect ?? null,
    hidden: row.hidden,
    system: row.system,
    meta: {
      title: row.title,
      icon: row.icon,
      affix: row.affix,
      index: linkOf(row),
      roles: row.roles ?? null,
      unRoles: row.unRoles ?? null,
      system: row.system,
      hidden: row.hidden,
      noCache: row.noCache,
      opened: row.opened,
      query: row.query ? Object.fromEntries(new URLSearchParams(row.query)) : null,
      pinyin: titlePinyin(row.title),
    },
    children,
  };
}

/** The route tree an administrator of `type` may see (all systems), in sidebar order. */
function buildMenuTree(state: MenuState, type: AdministratorType): MenuItem[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of state.rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null): MenuItem[] =>
    (byParent.get(parentId) ?? []).flatMap((row) => {
      if (!itemVisible(state, row, type)) return [];
      const children = build(row.id);
      // A group without a page of its own disappears when none of its pages is left.
      if (row.component === GROUP_COMPONENT && children.length === 0) return [];
      return [toItem(row, children)];
    });
  return build(null);
}

export async function menusFor(db: DbOrTx, viewer: MenuViewer): Promise<MenuItem[]> {
  return buildMenuTree(await loadMenuState(db, viewer), viewer.administratorType);
}

function headerTabs(state: MenuState, type: AdministratorType): HeaderTab[] {
  return SYSTEMS.map(({ index, key, landing }) => {
    const module = [...state.modules.values()].find((m) => m.kind === 'system' && m.system === index);
    return {
      index,
      key,
      title: module?.name ?? SYSTEM_TITLES[index],
      landing,
      enabled: systemEnabled(state, index),
      visible: !systemHiddenFor(type, index),
    };
  });
}

/** GET /v1/administrator/sidebars: one system's visible tree plus the header tabs. */
export async function sidebarFor(db: DbOrTx, viewer: MenuViewer, system: SystemIndex) {
  const state = await loadMenuState(db, viewer);
  const type = viewer.administratorType;
  return {
    system,
    sidebar: buildMenuTree(state, type).filter((item) => item.system === system),
    tabs: headerTabs(state, type),
  };
}

/**
 * Reference-data step: adds the module switches and menu items that are missing (matched by key and
 * name), so settings edits to existing rows survive restarts; safe when two processes start together.
 */
export async function ensureMenus(db: Db): Promise<number[]> {
  await db
    .insert(functionalModules)
    .values(MODULE_SEEDS.map((m, i) => ({ ...m, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: functionalModules.key });

  const names: string[] = [];
  const collect = (seeds: MenuSeed[]) =>
    seeds.forEach((seed) => {
      names.push(seed.name);
      collect(seed.children ?? []);
    });
  Object.values(MENU_SEEDS).forEach(collect);
  const existing = await db
    .select({ id: menus.id, name: menus.name })
    .from(menus)
    .where(inArray(menus.name, names));
  const ids = new Map(existing.map((row) => [row.name, row.id]));
  const added: number[] = [];
  if (ids.size === names.length) return added;

  const insert = async (seed: MenuSeed, system: number, parentId: number | null, sort: number) => {
    if (!ids.has(seed.name)) {
      const [row] = await db
        .insert(menus)
        .values({
          parentId,
          path: seed.path,
          query: seed.query ?? '',
          name: seed.name,
          component: seedComponent(seed),
          redirect: seed.redirect ?? null,
          hidden: seed.hidden ?? false,
          system,
          title: seed.title,
          icon: seed.icon ?? '',
          affix: seed.affix ?? false,
          roles: seedRoles(seed),
          unRoles: seed.unRoles ?? null,
          noCache: seed.noCache ?? false,
          opened: seed.opened ?? false,
          sort,
          moduleKey: seed.module ?? null,
        })
        .onConflictDoNothing({ target: menus.name })
        .returning({ id: menus.id });
      const id =
        row?.id ?? (await db.select({ id: menus.id }).from(menus).where(eq(menus.name, seed.name)))[0]?.id;
      if (id === undefined) throw new Error(`menu ${seed.name} could not be stored`);
      if (row) added.push(id);
      ids.set(seed.name, id);
    }
    const id = ids.get(seed.name) ?? null;
    for (const [i, child] of (seed.children ?? []).entries()) await insert(child, system, id, (i + 1) * 10);
  };
  for (const [system, seeds] of Object.entries(MENU_SEEDS)) {
    for (const [i, seed] of seeds.entries())
      await insert(seed, Number(system), null, Number(system) * 1000 + (i + 1) * 10);
  }
  return added;
}

// ---------------------------------------------------------------- functional modules (settings page)

const moduleView = (row: ModuleRow): FunctionalModule => ({
  key: row.key,
  name: row.name,
  kind: row.kind === 'system' ? 'system' : 'feature',
  system: row.system,
  system_title: SYSTEM_TITLES[row.system as SystemIndex] ?? String(row.system),
  enabled: row.enabled,
  sort: row.sort,
});

/** Every module switch, by system then the systems' own switch first, then sort. */
export async function listModules(db: DbOrTx): Promise<FunctionalModule[]> {
  const rows = await db
    .select()
    .from(functionalModules)
    .orderBy(asc(functionalModules.system), desc(functionalModules.kind), asc(functionalModules.sort));
  return rows.map(moduleView);
}

/** Switches a module on or off; its menus and API calls follow on the next request (lib/grants.ts). */
export async function setModuleEnabled(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  key: string,
  enabled: boolean,
): Promise<FunctionalModule> {
  const [before] = await tx
    .select()
    .from(functionalModules)
    .where(eq(functionalModules.key, key))
    .for('update');
  if (!before) throw notFound('功能模块不存在');
  const [row] = await tx
    .update(functionalModules)
    .set({ enabled })
    .where(eq(functionalModules.key, key))
    .returning();
  await writeSystemLog(tx, actor, request, {
    action: enabled ? 'module.enable' : 'module.disable',
    targetType: 'functional_module',
    targetId: key,
    detail: { name: before.name, before: { enabled: before.enabled }, after: { enabled } },
  });
  return moduleView(row!);
}
