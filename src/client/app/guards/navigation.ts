// The navigation guard of spec §4, split into a pure decision (unit-tested case by case) and a runner
// that performs the decision's effects (fetch user info, menus, store the current system).
//
// Deliberate difference from the original: a learner page under /userCenter opened without a learner
// token goes to /login, not /manage/login. Learners complained about landing on the administrators'
// login; every other non-public page keeps the spec's behaviour (/manage/login in a normal browser).
import { isPublicPath } from './public-paths.ts';

export type Area = 'learner' | 'admin';

export interface GuardInput {
  /** The pathname being opened (no query). */
  path: string;
  hasLearnerToken: boolean;
  hasAdminToken: boolean;
  userAgent: string;
}

export type GuardDecision =
  /** Go elsewhere instead; `clearTokens` resets both sessions first. */
  | { type: 'redirect'; to: string; clearTokens?: boolean }
  /** A token exists: fetch the user info (and for the admin area the menus), then let it through. */
  | { type: 'load'; area: Area }
  /** Let it through as it is. */
  | { type: 'pass' };

/** Paths containing /manage/ are the admin area; all others the learner area (spec §4). */
export function areaOf(path: string): Area {
  return path.includes('/manage/') ? 'admin' : 'learner';
}

/** The workplace app (WeChat Work) or a messenger's in-app browser (WeChat, DingTalk). */
export function isInAppBrowser(userAgent: string): boolean {
  return /wxwork|MicroMessenger|DingTalk/i.test(userAgent);
}

/** Route-level redirects that apply before the guard (as router redirects do): /manage -> /manage/index. */
export function resolveStaticRedirect(path: string): string | null {
  if (path === '/manage' || path === '/manage/') return '/manage/index';
  return null;
}

/** Pages whose job is to end a session: no user info is fetched before them. */
const SESSION_END_PATHS = new Set(['/logout', '/manage/logout']);

export function decideNavigation({
  path,
  hasLearnerToken,
  hasAdminToken,
  userAgent,
}: GuardInput): GuardDecision {
  const area = areaOf(path);
  const hasToken = area === 'admin' ? hasAdminToken : hasLearnerToken;

  if (hasToken) {
    if (path === '/login') return { type: 'redirect', to: '/userCenter' };
    if (path === '/manage/login') return { type: 'redirect', to: '/manage' };
    if (SESSION_END_PATHS.has(path)) return { type: 'pass' };
    return { type: 'load', area };
  }
  if (isPublicPath(path)) return { type: 'pass' };
  if (isInAppBrowser(userAgent)) return { type: 'redirect', to: '/login', clearTokens: true };
  if (path === '/userCenter' || path.startsWith('/userCenter/')) return { type: 'redirect', to: '/login' };
  return { type: 'redirect', to: '/manage/login' };
}
