import { createRoot } from 'react-dom/client';
import { installGlobalErrorLogging } from './lib/state/error-log.ts';
import { hydratePreferences } from './lib/state/preferences.ts';
import { hydrateSessions } from './lib/state/session.ts';
import { hydrateMenus } from './app/menus/state.ts';
import { App } from './app/App.tsx';
import { startOffline } from './lib/offline/start.ts';

// Saved preferences, the last user info and the admin's menus are read before the first render, so the
// page never flashes the default theme, a logged-out header or an empty sidebar.
async function start() {
  installGlobalErrorLogging();
  await Promise.all([hydratePreferences(), hydrateSessions(), hydrateMenus()]);
  // Offline caches and outbox; service worker, update prompt and install offer, loaded as their own
  // chunk so they stay out of the first render's bundle (issue 4).
  startOffline();
  void import('./lib/pwa/register.ts').then(({ startPwa }) => startPwa());
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
