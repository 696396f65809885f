import { startTransition } from 'react';
import { installGlobalErrorLogging } from './lib/state/error-log.ts';
import { hydratePreferences, language } from './lib/state/preferences.ts';
import { loadLanguage } from './lib/i18n/index.ts';
import { hydrateSessions } from './lib/state/session.ts';
import { hydrateMenus } from './app/menus/state.ts';
import { preloadRoute } from './app/preload-route.ts';
import { adoptPageUserInfo } from './app/guards/run-guard.ts';
import { startOffline } from './lib/offline/start.ts';
import { afterLoadAndIdle } from './lib/dom/after-load.ts';
import { applyDeferredStylesheets } from './lib/dom/deferred-stylesheets.ts';
import { yieldToBrowser } from './lib/dom/yield.ts';

// The app's start, imported by the entry (main.tsx) once React is evaluated. Saved preferences, the last
// user info and the admin's menus are read before the first render, so the page never flashes the default
// theme, a logged-out header or an empty sidebar.
// React DOM and the app itself (Mantine, routes, layouts) are evaluated after this module, each in a task
// of its own: a slow phone runs several medium tasks instead of one long one (issue 4). The build names
// their chunks in index.html (scripts/web/route-preloads.ts), so they download beside the entry's.
/** How long the first render waits for the first page's chunks before it shows a spinner instead. */
const FIRST_PAGE_WAIT_MS = 3000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function start() {
  installGlobalErrorLogging();
  const reactDom = import('react-dom/client');
  // The saved language's table is its own chunk unless it is Chinese (lib/i18n/index.ts).
  await Promise.all([
    hydratePreferences(),
    hydrateSessions(),
    hydrateMenus(),
    loadLanguage(language.peek()).catch(() => undefined),
    // The entry stylesheet does not block the app shell's paint; the first render waits for it.
    applyDeferredStylesheets(),
  ]);
  // A learner's user info that came with the page counts as known: the first page renders without waiting.
  adoptPageUserInfo();
  // The first page's chunks download, and its own GETs start, while the guard asks for the user info.
  const firstPage = preloadRoute(window.location.pathname);
  // Offline caches and outbox; service worker, update prompt and install offer, loaded as their own
  // chunk so they stay out of the first render's bundle (issue 4).
  startOffline();
  void import('./lib/pwa/register.ts').then(({ startPwa }) => startPwa());
  // The learner's lists for offline use, fetched in idle time after a sign-in (its own chunk as well).
  afterLoadAndIdle(() => void import('./app/learner-prefetch.ts').then((m) => m.startLearnerPrefetch()));
  const { createRoot } = await reactDom;
  await yieldToBrowser();
  const { App } = await import('./app/App.tsx');
  // The first render waits (a little) for the first page's chunks, so it draws the page, not a spinner
  // that React would then keep for a moment before revealing the page (index.html's shell shows meanwhile).
  await Promise.race([firstPage, delay(FIRST_PAGE_WAIT_MS)]);
  // A transition: React renders the first page in slices and yields to the browser between them, so a
  // slow phone stays responsive while the page builds (no long task blocks input).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App />));
}

void start();
