// Where each user-centre page sits: a detail page belongs to its list, every other sub-page to the
// overview (/userCenter), and the overview to the portal. The web side nav highlights by it; the phone's
// back arrow goes up by it when there is nothing of the app to step back to.
import type { BackTargets } from './MobileHeader.tsx';
import { LIST_OF_DETAIL, USER_CENTER_PAGES, type UserCenterPage } from '../../learner-pages.ts';

export const userCenterHref = (page: UserCenterPage | '') => (page ? `/userCenter/${page}` : '/userCenter');

/** The parent of the sub-page `sub` ('' = /userCenter itself; an unknown name is under the overview). */
export function userCenterParentHref(sub: string): string {
  if (sub === '') return '/';
  const known = (USER_CENTER_PAGES as readonly string[]).includes(sub);
  const list = known ? LIST_OF_DETAIL[sub as UserCenterPage] : undefined;
  return userCenterHref(list ?? '');
}

/** The phone back arrow's targets at a user-centre path: the overview goes to the portal (spec §2). */
export function userCenterBackTargets(path: string): BackTargets {
  const sub = path.split('/')[2] ?? '';
  return { backUrl: sub === '' ? '/' : undefined, parentUrl: userCenterParentHref(sub) };
}
