// Performs the guard's decision (spec §4): with a token, the user info is fetched on every navigation;
// for the admin area the menus are fetched too and the current system index is stored. A menu failure
// never blocks the navigation. When the network is down the cached user info is used, so the installed
// app keeps opening pages offline.
import { userInfoSchema, type UserInfo } from '../../../shared/auth/schema.ts';
import { LEARNER_INFO_GET } from '../../../shared/pwa/first-answers.ts';
import { AnswerShapeError, ApiError, NetworkError, TimeoutError } from '../../lib/api/errors.ts';
import { api, firstAnswer } from '../../lib/api/client.ts';
import { t } from '../../lib/i18n/index.ts';
import { addErrorLog, errorLogEnabled } from '../../lib/state/error-log.ts';
import { setCurrentSystem } from '../../lib/state/preferences.ts';
import {
  isLoggedIn,
  resetAllSessions,
  resetSession,
  sessionSignal,
  setUserInfo,
} from '../../lib/state/session.ts';
import { accessibleRoutes, loadMenus, type ManageRoute } from '../menus/state.ts';
import { decideNavigation, resolveStaticRedirect, type Area } from './navigation.ts';

export type GuardResult = { type: 'pass' } | { type: 'redirect'; to: string };

export class GuardError extends Error {}

/** Checks a /v1/user/info answer: empty -> verification failed; roles not a non-empty array -> the roles message. */
export function validateUserInfo(answer: unknown): UserInfo {
  let info = answer;
  if (info && typeof info === 'object' && 'data' in info && !('real_name' in info))
    info = (info as { data: unknown }).data;
  if (!info || typeof info !== 'object' || Object.keys(info).length === 0)
    throw new GuardError(t('common.verificationFailed'));
  const roles = (info as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0) throw new GuardError(t('common.rolesMustBeArray'));
  return info as UserInfo;
}

export const loginPathOf = (area: Area) => (area === 'admin' ? '/manage/login' : '/login');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `path` matches a route pattern with `:param` segments. */
export function matchesPattern(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${source}/?$`).test(path);
}

/** The flattened menu route a path opens, if any. */
export function findManageRoute(
  path: string,
  routes: readonly ManageRoute[] = accessibleRoutes.value,
): ManageRoute | undefined {
  const exact = routes.find((route) => route.path === path);
  if (exact) return exact;
  return routes.find((route) => route.path.includes(':') && matchesPattern(route.path, path));
}

export interface GuardDeps {
  userAgent: () => string;
  fetchUserInfo: (area: Area) => Promise<unknown>;
  loadMenus: () => Promise<unknown>;
  systemOf: (path: string) => number | undefined;
  toast: (message: string) => void;
}

export const defaultGuardDeps: GuardDeps = {
  userAgent: () => (typeof navigator !== 'undefined' ? navigator.userAgent : ''),
  fetchUserInfo: (area) => {
    const apiType = area === 'admin' ? 'administrators' : 'learners';
    return api.get('/v1/user/info', userInfoSchema, { params: { apiType }, apiType });
  },
  loadMenus,
  systemOf: (path) => (path === '/manage/index' ? 0 : findManageRoute(path)?.system),
  toast: () => {},
};

/**
 * Before the first render: the learner's user info the server wrote into the page (its answer for this
 * session's cookie, shared/pwa/first-answers.ts) becomes the session's when the device knows none yet. The
 * first page then renders at once, as on a repeat visit, over what the server painted, instead of a
 * spinner; the guard still runs and takes that same answer.
 */
export function adoptPageUserInfo(): void {
  if (!isLoggedIn('learner') || sessionSignal('learner').peek().userInfo) return;
  try {
    const answer = firstAnswer(LEARNER_INFO_GET.url, userInfoSchema, LEARNER_INFO_GET.params);
    if (answer === undefined) return;
    setUserInfo('learner', validateUserInfo(answer));
  } catch {
    // Not a usable answer: the guard decides, as without one.
  }
}

export async function runGuard(rawPath: string, deps: GuardDeps = defaultGuardDeps): Promise<GuardResult> {
  const redirected = resolveStaticRedirect(rawPath);
  if (redirected) return { type: 'redirect', to: redirected };
  const path = rawPath;
  const decision = decideNavigation({
    path,
    hasLearnerToken: isLoggedIn('learner'),
    hasAdminToken: isLoggedIn('admin'),
    userAgent: deps.userAgent(),
  });
  if (decision.type === 'pass') return decision;
  if (decision.type === 'redirect') {
    if (decision.clearTokens) resetAllSessions();
    return { type: 'redirect', to: decision.to };
  }

  const kind = decision.area;
  const token = sessionSignal(kind).peek().token;
  try {
    const info = validateUserInfo(await deps.fetchUserInfo(kind));
    // The session ended or changed hands while the answer was on its way (a logout, another login): the
    // answer is not the current session's, and is neither shown nor kept on the device.
    if (sessionSignal(kind).peek().token !== token)
      return isLoggedIn(kind) ? { type: 'pass' } : { type: 'redirect', to: loginPathOf(kind) };
    setUserInfo(kind, info);
  } catch (error) {
    if (error instanceof NetworkError || error instanceof TimeoutError) {
      // Offline: keep going with what the device knows (cached info, persisted menus).
      return { type: 'pass' };
    }
    if (error instanceof ApiError && error.status === 401) {
      // The client has already reset both sessions and is reloading the page.
      return { type: 'redirect', to: loginPathOf(kind) };
    }
    const message = error instanceof Error ? error.message : t('common.verificationFailed');
    // A drifted answer (development and tests only) is said too, rather than ending the session silently.
    if (error instanceof GuardError || error instanceof AnswerShapeError) deps.toast(message);
    resetSession(kind);
    return { type: 'redirect', to: loginPathOf(kind) };
  }

  if (kind === 'admin') {
    try {
      await deps.loadMenus();
    } catch (error) {
      // spec §4: if menu generation fails, navigation continues anyway.
      if (error instanceof GuardError || (error instanceof Error && !(error instanceof ApiError)))
        deps.toast(error.message);
      if (errorLogEnabled())
        addErrorLog({
          message: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? (error.stack ?? '') : '',
        });
    }
    const system = deps.systemOf(path);
    if (system !== undefined) setCurrentSystem(system);
  }
  return { type: 'pass' };
}
