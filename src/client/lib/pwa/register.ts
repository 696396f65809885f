// Service-worker registration and the update cycle (issue 4, spec §4 version check, STACK.md trap 5).
//
// - Registered with workbox-window, `updateViaCache: 'none'` (the browser always asks the server for
//   /sw.js), after the page has loaded and the browser is idle, so it never competes with the first page.
// - Update checks: at registration (the browser does one), every UPDATE_INTERVAL_MS, when the tab becomes
//   visible again and when the network returns (`registration.update()`).
// - When a new worker is WAITING (never on the first visit: the first worker activates at once and there
//   is nothing to compare), version.json is fetched (no-store) and compared with the stored version:
//   different -> store it and offer "new version, reload". Administrators (/manage/*) and anyone with a
//   form on screen get a prompt and decide when; a learner outside a form is reloaded at once. The fetch
//   failing stores the default V1.0.0 and nothing reloads.
// - Reload happens once, on `controllerchange` after THIS page asked the waiting worker to take over
//   (not on workbox-window's `isUpdate`, which is false for the first update: vite-plugin-pwa #789), with
//   a timed fallback; a per-tab guard stops an automatic reload from repeating for the same version.
// - Waiting workers are detected from the registration itself (`updatefound` -> `installed`), not only
//   from workbox-window's `waiting` event, which ignores later updates once one was "external".
import { notifications } from '@mantine/notifications';
import { signal, type Signal } from '@preact/signals-react';
import { Workbox } from 'workbox-window';
import { createElement } from 'react';
import { afterLoadAndIdle } from '../dom/after-load.ts';
import { t } from '../i18n/index.ts';
import { onReconnect } from '../offline/network.ts';
import { captureInstallPrompt } from './install.ts';
import { UpdatePromptMessage, type UpdateReason } from './UpdatePrompt.tsx';
import {
  APP_VERSION,
  decideAtStart,
  decideOnWaiting,
  fetchVersionFile,
  getStoredVersion,
  storeVersion,
} from './version.ts';

export const SW_URL = '/sw.js';
export const UPDATE_INTERVAL_MS = 30 * 60 * 1000;
const UPDATE_CHECK_MIN_GAP_MS = 5_000;
const RELOAD_FALLBACK_MS = 4_000;
const AUTO_RELOAD_GUARD_KEY = 'pwa:auto-reloaded-for';
export const UPDATE_NOTIFICATION_ID = 'pwa-update';

export interface UpdateOffer {
  version: string;
  reason: UpdateReason;
}

/** The update on offer (the prompt is showing), or null. */
export const updateOffer: Signal<UpdateOffer | null> = signal(null);
/** State of this page's service worker: 'unsupported' | 'none' | 'installing' | 'activated' ... */
export const workerState: Signal<string> = signal('none');

/** Side effects, replaceable in tests. */
export const pwaEffects = {
  reload: (): void => location.reload(),
  now: (): number => Date.now(),
};

let wb: Workbox | null = null;
let registration: ServiceWorkerRegistration | undefined;
let acceptedUpdate = false;
let reloading = false;
let checkingWaiting = false;
let lastCheck = 0;

/** Paths containing /manage/ are the admin area (spec §4): never reloaded without asking. */
export function isAdminArea(pathname: string = location.pathname): boolean {
  return pathname === '/manage' || pathname.includes('/manage/');
}

/** True when the user may be typing: a focused field, a form on screen, or a page asking to be kept. */
export function isEditing(doc: Document = document): boolean {
  const active = doc.activeElement;
  if (active && active.matches('input, textarea, select, [contenteditable=""], [contenteditable="true"]'))
    return true;
  return doc.querySelector('form, [data-keep-on-update]') !== null;
}

function readGuard(): string | null {
  try {
    return sessionStorage.getItem(AUTO_RELOAD_GUARD_KEY);
  } catch {
    return null;
  }
}

function writeGuard(version: string): void {
  try {
    sessionStorage.setItem(AUTO_RELOAD_GUARD_KEY, version);
  } catch {
    /* private mode: no guard, the prompt still works */
  }
}

function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  pwaEffects.reload();
}

/** Lets the waiting worker take over and reloads this page once it controls it. */
export function applyUpdate(): void {
  if (reloading) return;
  const offer = updateOffer.peek();
  if (offer) writeGuard(offer.version);
  notifications.hide(UPDATE_NOTIFICATION_ID);
  const waiting = registration?.waiting;
  if (!waiting) {
    reloadOnce();
    return;
  }
  acceptedUpdate = true;
  if (wb) wb.messageSkipWaiting();
  else waiting.postMessage({ type: 'SKIP_WAITING' });
  // controllerchange normally reloads; if it never comes (worker stuck), reload anyway.
  setTimeout(reloadOnce, RELOAD_FALLBACK_MS);
}

export function dismissUpdate(): void {
  notifications.hide(UPDATE_NOTIFICATION_ID);
}

/** Offers the reload: at once for a learner outside a form, otherwise as a prompt. */
export function offerUpdate(version: string, reason: UpdateReason): void {
  updateOffer.value = { version, reason };
  const autoReloadAllowed = !isAdminArea() && !isEditing() && readGuard() !== version;
  if (autoReloadAllowed) {
    applyUpdate();
    return;
  }
  notifications.show({
    id: UPDATE_NOTIFICATION_ID,
    title: t('pwa.updateTitle'),
    message: createElement(UpdatePromptMessage, {
      version,
      reason,
      onReload: applyUpdate,
      onLater: dismissUpdate,
    }),
    color: 'brand',
    autoClose: false,
    withCloseButton: true,
    position: 'bottom-right',
  });
}

/** A new worker is waiting: the spec §4 comparison decides whether to offer it. */
async function onWaiting(): Promise<void> {
  if (!navigator.serviceWorker.controller || !registration?.waiting) return;
  if (checkingWaiting || acceptedUpdate) return;
  checkingWaiting = true;
  try {
    const decision = decideOnWaiting(getStoredVersion(), await fetchVersionFile());
    if (decision.store) storeVersion(decision.store);
    if (decision.offer) offerUpdate(decision.offer, 'waiting');
  } finally {
    checkingWaiting = false;
  }
}

function watchInstalling(worker: ServiceWorker | null): void {
  if (!worker) return;
  workerState.value = worker.state;
  worker.addEventListener('statechange', () => {
    workerState.value = worker.state;
    if (worker.state === 'installed') void onWaiting();
  });
}

/** Asks the server for a newer /sw.js (rate limited; quiet when offline). */
export async function checkForUpdate(): Promise<void> {
  if (!registration || reloading) return;
  const now = pwaEffects.now();
  if (now - lastCheck < UPDATE_CHECK_MIN_GAP_MS) return;
  lastCheck = now;
  try {
    await registration.update();
  } catch {
    return; // offline or server down: try again later
  }
  if (registration.waiting) void onWaiting();
}

async function startWithoutWorker(): Promise<void> {
  const decision = decideAtStart(getStoredVersion(), await fetchVersionFile(), APP_VERSION, false);
  if (decision.store) storeVersion(decision.store);
  if (decision.offer) offerUpdate(decision.offer, 'waiting');
}

async function register(): Promise<void> {
  wb = new Workbox(SW_URL, { scope: '/', updateViaCache: 'none' });
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (!previous) return; // the first worker took control (first visit): nothing to reload
    if (acceptedUpdate) {
      reloadOnce();
      return;
    }
    // Another tab accepted the update: this page runs older code than its worker now.
    const offer = updateOffer.peek();
    offerUpdate(offer?.version ?? getStoredVersion() ?? '', 'activeElsewhere');
  });

  registration = await wb.register({ immediate: true });
  if (!registration) return;
  workerState.value = registration.active?.state ?? registration.installing?.state ?? 'none';
  registration.active?.addEventListener(
    'statechange',
    (event) => (workerState.value = (event.target as ServiceWorker).state),
  );
  registration.addEventListener('updatefound', () => watchInstalling(registration?.installing ?? null));
  watchInstalling(registration.installing);

  // The stored version at start (first visit: stored without any prompt).
  const decision = decideAtStart(getStoredVersion(), await fetchVersionFile(), APP_VERSION, true);
  if (decision.store) storeVersion(decision.store);
  if (registration.waiting) void onWaiting();

  setInterval(() => void checkForUpdate(), UPDATE_INTERVAL_MS);
  onReconnect(() => void checkForUpdate(), UPDATE_CHECK_MIN_GAP_MS);
}

/** A lazy chunk of this (older) build is gone from the server: the page needs the new version. */
function watchMissingChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    if (reloading) return;
    void fetchVersionFile().then((fetched) => {
      if (fetched && fetched.version !== APP_VERSION) offerUpdate(fetched.version, 'chunkMissing');
    });
  });
}

let started = false;
/** Call once at app start (src/client/start.tsx). */
export function startPwa(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  document.documentElement.dataset.appVersion = APP_VERSION;
  captureInstallPrompt();
  watchMissingChunks();
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) {
    workerState.value = 'unsupported';
    void startWithoutWorker();
    return;
  }
  const begin = () => {
    register().catch(() => {
      workerState.value = 'unsupported';
      void startWithoutWorker();
    });
  };
  // After the load event, when the browser is next idle (the first page has rendered): the worker's
  // precache download never competes with the first page's own requests and render.
  afterLoadAndIdle(begin);
}
