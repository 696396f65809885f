// Pure helpers that turn the server's menu tree into what the chrome shows: the sidebar of one system,
// the entry to highlight for a location (hidden pages light up their visible parent, and the college's
// step entries share one path and differ by query), header tabs and the breadcrumb trail.
import { SYSTEMS } from '../../../../shared/api/constants.ts';
import type { HeaderTab, MenuItem } from '../../../../shared/menus/schema.ts';
import type { ManageRoute } from '../../menus/state.ts';

export const HOME_PATH = '/manage/index';

export function isMenuHidden(item: MenuItem): boolean {
  return item.hidden || item.meta.hidden;
}

export function visibleChildren(item: MenuItem): MenuItem[] {
  return item.children.filter((child) => !isMenuHidden(child));
}

/** Top-level visible entries of one header system. */
export function sidebarFor(tree: readonly MenuItem[], system: number): MenuItem[] {
  return tree.filter((item) => item.system === system && !isMenuHidden(item));
}

/** Where a sidebar entry links: its path plus its query (meta.index). */
export function linkOf(item: MenuItem): string {
  return item.meta.index || item.path;
}

function queryMatches(item: MenuItem, search: URLSearchParams): boolean {
  const query = item.meta.query ?? {};
  return Object.entries(query).every(([key, value]) => search.get(key) === value);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function pathMatches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.includes(':') && !pattern.includes('{')) return false;
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') || /^\{\w+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment),
    )
    .join('/');
  return new RegExp(`^${source}/?$`).test(path);
}

/**
 * The menu route a location opens. Several entries may share a path and differ by query (the college's
 * step entries): the one whose query the location carries wins, else one without a query, else the first.
 */
export function matchRoute(
  routes: readonly ManageRoute[],
  pathname: string,
  searchString: string,
): ManageRoute | undefined {
  const search = new URLSearchParams(searchString);
  let best: { route: ManageRoute; score: number } | undefined;
  for (const route of routes) {
    if (!pathMatches(route.path, pathname)) continue;
    const query = Object.entries(route.meta.query ?? {});
    const matches = query.every(([key, value]) => search.get(key) === value);
    // An exact path beats a pattern; a matching query beats none; a query that does not match loses.
    const score =
      (route.path === pathname ? 100 : 0) + (matches ? 10 + query.length : query.length === 0 ? 5 : 0);
    if (!best || score > best.score) best = { route, score };
  }
  return best?.route;
}

/**
 * The link (meta.index) of the visible sidebar entry to highlight for a location: the entry of that page
 * whose query matches best, else the nearest visible ancestor of a hidden page (question bank for its
 * test papers). Undefined when the location is not in the tree.
 */
export function activeMenuLink(
  tree: readonly MenuItem[],
  pathname: string,
  searchString: string,
): string | undefined {
  const search = new URLSearchParams(searchString);
  let best: { link: string; score: number } | undefined;
  const walk = (items: readonly MenuItem[], visibleAncestor: MenuItem | undefined) => {
    for (const item of items) {
      const hidden = isMenuHidden(item);
      const shown = hidden ? visibleAncestor : item;
      if (pathMatches(item.path, pathname) && shown) {
        const ownEntry = shown === item;
        // A visible entry beats an ancestor; a matching query beats none; more query keys beat fewer.
        const queryKeys = Object.keys(item.meta.query ?? {}).length;
        const score = ownEntry ? (queryMatches(item, search) ? 10 + queryKeys : queryKeys === 0 ? 5 : 1) : 0;
        if (!best || score > best.score) best = { link: linkOf(shown), score };
      }
      walk(item.children, shown);
    }
  };
  walk(tree, undefined);
  return best?.link;
}

/** True when a group holds the entry with that link (its panel opens by itself). */
export function containsLink(item: MenuItem, link: string | undefined): boolean {
  if (!link) return false;
  return item.children.some((child) => linkOf(child) === link || containsLink(child, link));
}

/**
 * Header tabs when the sidebars answer is not (yet) there: every system with a page in the caller's
 * tree, home always. The server's answer replaces it (it also knows switched-off tabs).
 */
export function fallbackTabs(tree: readonly MenuItem[]): HeaderTab[] {
  return SYSTEMS.map(({ index, key, landing }) => ({
    index,
    key,
    title: key,
    landing,
    enabled: true,
    visible: index === 0 || tree.some((item) => item.system === index),
  }));
}

export interface Crumb {
  title: string;
  /** Route name for translated titles. */
  name: string;
  /** Where the crumb links; undefined for the current page. */
  link?: string;
}

/** Home, then the route's groups, then the page itself; without a route, home and the status page's title. */
export function breadcrumbFor(
  route: ManageRoute | undefined,
  routes: readonly ManageRoute[],
  statusTitle?: string,
): Crumb[] {
  const home: Crumb = { title: '首页', name: 'Home', link: HOME_PATH };
  if (!route) return statusTitle ? [home, { title: statusTitle, name: '' }] : [];
  if (route.path === HOME_PATH) return [{ ...home, link: undefined }];
  const crumbs: Crumb[] = [home];
  for (const parent of route.parents) {
    const parentRoute = routes.find((candidate) => candidate.path === parent.path);
    crumbs.push({ title: parent.title, name: parentRoute?.name ?? '', link: parent.redirect ?? parent.path });
  }
  crumbs.push({ title: route.meta.title, name: route.name });
  return crumbs;
}
