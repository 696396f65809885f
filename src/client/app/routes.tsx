// The route table of spec §2. Public and learner pages are listed here; back-office pages come from the
// server's menu tree (menus/state.ts) and are resolved through manage-pages.ts, in the back office's own
// chunk (layouts/manage/ManageArea.tsx); every page is a lazy chunk. The navigation guard (guards/)
// approves each location before it renders: until then the previous page stays on screen, as with a
// router's async before-each hook. The first location is the exception (issue 4, first paint): when the
// device already knows the user (cached user info, and for the back office the persisted menus) it renders
// at once while the guard re-checks in the background and redirects if the answer says so; its chunks are
// requested before the guard's user-info call returns.
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/api/constants.ts';
import { defaultGuardDeps, findManageRoute, runGuard, type GuardDeps } from './guards/run-guard.ts';
import { decideNavigation, resolveStaticRedirect } from './guards/navigation.ts';
import { PUBLIC_FEATURE_PATHS, publicPages } from './learner-pages.ts';
import { accessibleRoutes } from './menus/state.ts';
import { readKey, useRead } from '../lib/data/use-read.ts';
import { loadMessageGroup, messagesReady } from '../lib/i18n/index.ts';
import { language } from '../lib/state/preferences.ts';
import { isLoggedIn, sessionSignal } from '../lib/state/session.ts';
import { chromeLoaders } from './chrome-loaders.ts';
import { keepInAppDepth } from './in-app-history.ts';
import { LazyPage, PageLoader } from './lazy-page.tsx';
import { lazyLoaded } from './page-registry.ts';
import { NotFoundPage, UnauthorizedPage } from './pages/ErrorPage.tsx';
import { LogoutPage } from './pages/LogoutPage.tsx';
import { RedirectPage } from './pages/RedirectPage.tsx';

const LoginPage = lazyLoaded(chromeLoaders.login);
const UserCenterArea = lazyLoaded(chromeLoaders.userCenter);
const ManageArea = lazyLoaded(chromeLoaders.manage);

/**
 * The back office's texts (the manage message group, its own chunk per language) in place for the current
 * language before the chrome or a page renders, so no back-office page shows a raw key; suspends meanwhile.
 */
function ManageTexts({ children }: { children: ReactNode }) {
  useSignals();
  if (!messagesReady(language.value, 'manage')) use(loadMessageGroup('manage'));
  return children;
}

/** A back-office path: its texts, then the back office's chunk (chrome, page registry, the page). */
function ManageRoute({ path }: { path: string }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <ManageTexts>
        <ManageArea path={path} />
      </ManageTexts>
    </Suspense>
  );
}

function PublicFeature({ path }: { path: string }) {
  return <LazyPage loader={publicPages[path]} />;
}

export function RouteTable({ path }: { path: string }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch location={path}>
        <Route path="/">
          <PublicFeature path="/" />
        </Route>
        <Route path="/login">
          <LoginPage kind="learner" />
        </Route>
        <Route path="/manage/login">
          <LoginPage kind="admin" />
        </Route>
        <Route path="/404">
          <NotFoundPage />
        </Route>
        <Route path="/401">
          <UnauthorizedPage />
        </Route>
        <Route path="/redirect/*">
          <RedirectPage path={path} />
        </Route>
        <Route path="/logout">
          <LogoutPage kind="learner" />
        </Route>
        <Route path="/manage/logout">
          <LogoutPage kind="admin" />
        </Route>
        {PUBLIC_FEATURE_PATHS.map((featurePath) => (
          <Route key={featurePath} path={featurePath}>
            <PublicFeature path={featurePath} />
          </Route>
        ))}
        <Route path="/verify/completion/:token">
          {(params) => <LazyPage loader={publicPages['/verify/completion/:token']} props={{ params }} />}
        </Route>
        <Route path="/pages/:slug">
          {(params) => <LazyPage loader={publicPages['/pages/:slug']} props={{ params }} />}
        </Route>
        <Route path="/verify/:kind/:token">
          {(params) => <LazyPage loader={publicPages['/verify/:kind/:token']} props={{ params }} />}
        </Route>
        <Route path="/userCenter">
          <UserCenterArea path={path} />
        </Route>
        <Route path="/userCenter/*">
          <UserCenterArea path={path} />
        </Route>
        <Route path="/manage">
          <Redirect to="/manage/index" replace />
        </Route>
        <Route path="/manage/*">
          <ManageRoute path={path} />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

const guardDeps: GuardDeps = {
  ...defaultGuardDeps,
  toast: (message) => notifications.show({ color: 'red', message, autoClose: TOAST_DURATION_MS }),
};

/**
 * The first location may render before the guard's answer when the device already knows who is logged in
 * (the user info cached by the last visit; for the back office also its menus); the guard still runs.
 */
export function renderableBeforeGuard(path: string): boolean {
  if (resolveStaticRedirect(path)) return false;
  const decision = decideNavigation({
    path,
    hasLearnerToken: isLoggedIn('learner'),
    hasAdminToken: isLoggedIn('admin'),
    userAgent: guardDeps.userAgent(),
  });
  if (decision.type !== 'load') return false;
  const info = sessionSignal(decision.area).peek().userInfo;
  if (!info || info.roles.length === 0) return false;
  return decision.area === 'learner' || findManageRoute(path, accessibleRoutes.peek()) !== undefined;
}

/** Runs the guard on every location change and renders the last approved location. */
function GuardedRoutes() {
  const [location, navigate] = useLocation();
  const [approved, setApproved] = useState<string | null>(() =>
    renderableBeforeGuard(location) ? location : null,
  );

  // The guard's answer for the location now shown; an answer for a location already left is dropped.
  // A transition (the read hook's): React renders the approved page in slices instead of one long task,
  // and the previous page stays meanwhile.
  const guard = useRead(
    {
      key: readKey('route-guard', location),
      fetch: async () => ({ location, decision: await runGuard(location, guardDeps) }),
    },
    { keepPrevious: true },
  ).data;
  const approves = guard && guard.decision.type !== 'redirect' ? guard.location : null;
  if (approves !== null && approves !== approved) setApproved(approves);
  const redirectTo = guard?.decision.type === 'redirect' ? guard.decision.to : null;
  useEffect(() => {
    if (redirectTo !== null) navigate(loginReturning(redirectTo), { replace: true });
  }, [guard, redirectTo, navigate]);

  if (approved === null) return <PageLoader />;
  return <RouteTable path={approved} />;
}

/**
 * A user-centre page opened without a session goes to the login page and back to itself once signed in
 * (an invitation link, a check-in QR link).
 */
function loginReturning(to: string): string {
  const { pathname, search } = window.location;
  return to === '/login' && pathname.startsWith('/userCenter/')
    ? `/login?redirect=${encodeURIComponent(pathname + search)}`
    : to;
}

/** The app's pages; every navigation inside them records its in-app depth (see in-app-history.ts). */
export function AppRoutes() {
  return (
    <Router aroundNav={keepInAppDepth}>
      <GuardedRoutes />
    </Router>
  );
}
