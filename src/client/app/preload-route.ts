// The route preloader start.tsx runs before the app itself is evaluated: it names the same chunks as the
// lazy components of routes.tsx (the same loaders, so one request each) and starts a learner
// page's own GETs. Kept apart from routes.tsx so it needs neither React DOM nor Mantine.
import { loadMessageGroup } from '../lib/i18n/index.ts';
import { isLoggedIn } from '../lib/state/session.ts';
import { findManageRoute } from './guards/run-guard.ts';
import { publicPages, userCenterPages, type UserCenterPage } from './learner-pages.ts';
import { accessibleRoutes } from './menus/state.ts';
import { chromeLoaders } from './chrome-loaders.ts';
import { loadModule } from './page-registry.ts';

/**
 * Starts downloading the chunks `path` renders (chrome and page), so they arrive while the guard waits for
 * the user info instead of after it. The same loaders as the lazy components (chrome-loaders.ts and the
 * page registries), through loadModule: one request each, and once loaded they render without suspending.
 * A learner-side page's own GETs start as soon as its module is there (`preloadData`, lib/api/client.ts
 * getEarly); the user centre's only with a learner session, which the guard then checks.
 * Resolves when every chunk is there or failed.
 */
export function preloadRoute(path: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (path === '/login' || path === '/manage/login') {
    loads.push(loadModule(chromeLoaders.login));
  } else if (path === '/userCenter' || path.startsWith('/userCenter/')) {
    loads.push(loadModule(chromeLoaders.userCenter));
    const page = userCenterPages[(path.split('/')[2] ?? '') as UserCenterPage | ''];
    if (page) loads.push(loadModule(page).then((module) => isLoggedIn('learner') && module.preloadData?.()));
  } else if (path.startsWith('/manage/')) {
    // The back office's texts too: its chrome waits for them (routes.tsx ManageTexts).
    loads.push(loadModule(chromeLoaders.manage), loadMessageGroup('manage'));
    // The page registry beside the chrome (it is in the back office's chunk, not in every first load), then
    // the page: its request starts once the small registry is there, not after the chrome.
    const route = findManageRoute(path, accessibleRoutes.peek());
    if (route && !route.isGroup) {
      loads.push(
        import('./manage-pages.ts').then(({ managePageLoader }) => {
          const page = managePageLoader(route.component);
          return page && loadModule(page);
        }),
      );
    }
  } else {
    const page = publicPages[path];
    if (page) loads.push(loadModule(page).then((module) => module.preloadData?.()));
  }
  // A failed download is retried (and reported) when the page itself renders.
  return Promise.allSettled(loads).then(() => undefined);
}
