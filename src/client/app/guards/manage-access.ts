// What a back-office path shows. The server's menu tree holds only the routes this administrator may open
// (spec §6), so a path missing from it is either a page of the platform their role is not granted (the 401
// page) or no page at all (404). The platform's pages are the ones the client has built (manage-pages.ts,
// keyed by the path after /manage/); a page not built yet is a 404 for everyone.
import { managePages } from '../manage-pages.ts';
import type { ManageRoute } from '../menus/state.ts';
import { findManageRoute, matchesPattern } from './run-guard.ts';

export type ManageAccess =
  { type: 'route'; route: ManageRoute } | { type: 'forbidden' } | { type: 'notFound' };

/** True when `path` is one of the back-office pages the platform has (whoever may open it). */
export function isKnownManagePage(
  path: string,
  components: readonly string[] = Object.keys(managePages),
): boolean {
  return components.some((component) => matchesPattern(`/manage/${component}`, path));
}

export function manageAccess(
  path: string,
  routes: readonly ManageRoute[],
  components: readonly string[] = Object.keys(managePages),
): ManageAccess {
  const route = findManageRoute(path, routes);
  if (route) return { type: 'route', route };
  // Without any menu (not loaded yet, offline on a first visit) nothing says what this administrator may
  // open: "no permission" would be a guess.
  if (routes.length > 0 && isKnownManagePage(path, components)) return { type: 'forbidden' };
  return { type: 'notFound' };
}
