// Header route search (spec §2 layout extras): fuse.js over the back-office pages the administrator may
// open, threshold 0.4, title weight 0.7, path weight 0.3. Pinyin search needs no dictionary in the
// browser: the server sends each menu title's pinyin (meta.pinyin.full / .initials) with the menu tree.
import Fuse from 'fuse.js/basic';
import { ROUTE_SEARCH } from '../../../../shared/api/constants.ts';
import type { MenuItem } from '../../../../shared/menus/schema.ts';

export interface SearchableRoute {
  /** Where a pick navigates: the path plus the menu's query (meta.index). Unique per entry. */
  link: string;
  path: string;
  /** Header system (0..5) the page belongs to. */
  system: number;
  title: string;
  /** Titles of the parents and the entry itself, shown as "考务管理 > 题库". */
  trail: string[];
  pinyinFull: string;
  pinyinInitials: string;
}

function isHidden(item: MenuItem): boolean {
  return item.hidden || item.meta.hidden;
}

function normalisePinyin(value: string): string {
  return value.replace(/[\s'-]+/g, '').toLowerCase();
}

/**
 * Flattens the menu tree into the pages a search may offer: visible entries that open a page (no
 * visible children); hidden entries and everything under them are left out.
 */
export function searchableRoutes(
  tree: readonly MenuItem[],
  titleOf: (item: MenuItem) => string = (item) => item.meta.title,
): SearchableRoute[] {
  const out: SearchableRoute[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly MenuItem[], trail: string[]) => {
    for (const item of items) {
      if (isHidden(item)) continue;
      const title = titleOf(item);
      const nextTrail = title ? [...trail, title] : trail;
      const visibleChildren = item.children.filter((child) => !isHidden(child));
      if (visibleChildren.length > 0) {
        walk(visibleChildren, nextTrail);
        continue;
      }
      const link = item.meta.index || item.path;
      if (!title || seen.has(link)) continue;
      seen.add(link);
      out.push({
        link,
        path: item.path,
        system: item.system,
        title,
        trail: nextTrail,
        pinyinFull: normalisePinyin(item.meta.pinyin.full),
        pinyinInitials: normalisePinyin(item.meta.pinyin.initials),
      });
    }
  };
  walk(tree, []);
  return out;
}

export interface RouteSearchOptions {
  /** settings.supportPinyinSearch and the language is zh. */
  pinyin: boolean;
}

export type RouteSearch = (query: string) => SearchableRoute[];

export function createRouteSearch(
  routes: readonly SearchableRoute[],
  options: RouteSearchOptions,
): RouteSearch {
  const keys: { name: keyof SearchableRoute; weight: number }[] = [
    { name: 'title', weight: ROUTE_SEARCH.titleWeight },
    { name: 'path', weight: ROUTE_SEARCH.pathWeight },
  ];
  // Pinyin spells the title, so it weighs as much as the title does.
  if (options.pinyin) {
    keys.push(
      { name: 'pinyinFull', weight: ROUTE_SEARCH.titleWeight },
      { name: 'pinyinInitials', weight: ROUTE_SEARCH.titleWeight },
    );
  }
  const fuse = new Fuse([...routes], {
    shouldSort: true,
    threshold: ROUTE_SEARCH.threshold,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys,
  });
  return (query) => {
    const trimmed = query.trim();
    if (!trimmed) return [];
    return fuse.search(trimmed).map((result) => result.item);
  };
}
