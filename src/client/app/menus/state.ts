// The administrator's route tree, delivered by the server (GET /v1/user/menus, spec §2/§6), as signals.
// It is kept per administrator in the IndexedDB store `menus` (spec §9 "menu routes" stored key) so the
// back office renders its sidebar at once after a reload and keeps working offline; the guard refreshes
// it on every admin navigation. Paths in the tree may be absolute or relative to their parent, and
// `{id}` segments are accepted as well as `:id`. Several items may share a path and differ by meta.query
// (the college's step entries on the plan page).
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { menusResponseSchema, type MenuItem, type MenuMeta } from '../../../shared/menus/schema.ts';
import { api } from '../../lib/api/client.ts';
import { AnswerShapeError } from '../../lib/api/errors.ts';
import { t } from '../../lib/i18n/index.ts';
import { adminSession } from '../../lib/state/session.ts';
import { idbDel, idbGet, idbSet } from '../../lib/storage.ts';

export type { MenuItem, MenuMeta };

/** One navigable back-office route, flattened from the tree. */
export interface ManageRoute {
  /** Absolute path with wouter `:param` segments, e.g. /manage/exam/testpaper/:id */
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: boolean;
  system: number;
  meta: MenuMeta;
  /** Titles of the ancestors, outermost first (breadcrumb). */
  parents: { path: string; title: string; redirect: string | null }[];
  /** A menu group without a page of its own (component 'Layout'); it renders its redirect. */
  isGroup: boolean;
}

const LAST_ADMIN_KEY = 'lastAdmin';
/** The component name the server gives a group that only holds children. */
export const GROUP_COMPONENT = 'Layout';

export const menuTree: Signal<MenuItem[]> = signal([]);
/** The admin whose tree is loaded (user id or username); '' when none. */
export const menuOwner: Signal<string> = signal('');
export const menusLoaded: Signal<boolean> = signal(false);

export function joinPath(parent: string, child: string): string {
  const normalized = child.replace(/\{(\w+)\}/g, ':$1');
  if (normalized.startsWith('/')) return normalized;
  if (!normalized) return parent;
  return `${parent.replace(/\/+$/, '')}/${normalized}`;
}

export function flattenMenus(tree: readonly MenuItem[]): ManageRoute[] {
  const out: ManageRoute[] = [];
  const walk = (items: readonly MenuItem[], parentPath: string, parents: ManageRoute['parents']) => {
    for (const item of items) {
      const path = joinPath(parentPath, item.path);
      const children = Array.isArray(item.children) ? item.children : [];
      out.push({
        path,
        name: item.name,
        component: item.component,
        redirect: item.redirect ? joinPath(parentPath, item.redirect) : null,
        hidden: Boolean(item.hidden || item.meta?.hidden),
        system: item.system ?? item.meta?.system ?? 0,
        meta: item.meta,
        parents,
        isGroup: item.component === GROUP_COMPONENT || (!item.component && children.length > 0),
      });
      if (children.length > 0)
        walk(children, path, [
          ...parents,
          { path, title: item.meta?.title ?? item.name, redirect: item.redirect },
        ]);
    }
  };
  walk(tree, '', []);
  return out;
}

/** Every route the administrator may open (the server already filtered the tree by role). */
export const accessibleRoutes: ReadonlySignal<ManageRoute[]> = computed(() => flattenMenus(menuTree.value));

function ownerKey(): string {
  const info = adminSession.value.userInfo;
  if (info?.id !== undefined) return `admin:${info.id}`;
  if (info?.username) return `admin:${info.username}`;
  return '';
}

/** An answer without a tree at all (not `{ data: [...] }`), as opposed to a tree with a drifted item. */
const lacksTree = (error: AnswerShapeError) => error.issues.some((issue) => issue.path.length <= 1);

/** Fetches the tree for the logged-in administrator, validates it and persists it. */
export async function loadMenus(): Promise<MenuItem[]> {
  const answer = await api
    .get('/v1/user/menus', menusResponseSchema, { apiType: 'administrators' })
    .catch((error: unknown) => {
      // spec §8 names the message for an answer without a tree; development and tests check the answer
      // before it gets here, production (which does not) meets the same case below.
      if (error instanceof AnswerShapeError && lacksTree(error))
        throw new Error(t('common.rolesMustBeArray'), { cause: error });
      throw error;
    });
  // Unchecked in production: an answer without a list still gets the spec's message, not a type error.
  const items = answer?.data;
  if (!Array.isArray(items)) throw new Error(t('common.rolesMustBeArray'));
  const owner = ownerKey();
  menuTree.value = items;
  menuOwner.value = owner;
  menusLoaded.value = true;
  if (owner) {
    await idbSet('menus', owner, items);
    await idbSet('menus', LAST_ADMIN_KEY, owner);
  }
  return items;
}

/** Restores the last administrator's tree before the first render (only while an admin token exists). */
export async function hydrateMenus(): Promise<void> {
  if (!adminSession.value.token) return;
  const owner = await idbGet<string>('menus', LAST_ADMIN_KEY);
  if (!owner) return;
  const items = await idbGet<MenuItem[]>('menus', owner);
  if (Array.isArray(items) && !menusLoaded.value) {
    menuTree.value = items;
    menuOwner.value = owner;
  }
}

/** Forgets the tree (admin logout). */
export async function clearMenus(): Promise<void> {
  const owner = menuOwner.value;
  menuTree.value = [];
  menuOwner.value = '';
  menusLoaded.value = false;
  await idbDel('menus', LAST_ADMIN_KEY);
  if (owner) await idbDel('menus', owner);
}
