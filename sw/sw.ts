/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest; built to /sw.js). PRODUCT.md §4 and issue 4:
// - precache the hashed build; any navigation outside /api/ gets the precached app shell, so deep links
//   open offline; a missing asset is never answered with HTML (only navigations get the shell);
// - API GETs that make sense offline: network first with a short timeout, then the cached copy; cache
//   keys carry a hash of the Authorization header so one user never gets another's answers, and the
//   page sends CLEAR_USER_CACHES at logout, and an answer still on its way then is not kept (clear-guard.ts);
// - public uploaded images: cache first with an entry cap, a size cap and an expiry;
// - updates wait until the page says SKIP_WAITING (the page asks the user first; see
//   src/client/lib/pwa/register.ts). The very first install takes control at once (clients.claim) so the
//   first visit already fills the runtime caches.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ANONYMOUS_USER,
  API_CACHE,
  API_CACHE_MAX_AGE_SECONDS,
  API_CACHE_MAX_ENTRIES,
  API_NETWORK_TIMEOUT_SECONDS,
  CACHE_USER_PARAM,
  OFFLINE_LAYER_HEADER,
  SERVED_FROM_CACHE_HEADER,
  UPLOADS_CACHE,
  UPLOADS_MAX_AGE_SECONDS,
  UPLOADS_MAX_BYTES,
  UPLOADS_MAX_ENTRIES,
  UPLOADS_PATTERN,
  isOfflineApi,
  userCacheId,
  type PageToWorkerMessage,
} from '../src/shared/pwa/offline.ts';
import { createClearGuard } from './clear-guard.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'dev';

// ---- precache + app shell ----

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // API calls, and URLs naming a file (/version.json, /sw.js, /x.png opened in a tab), go to the network.
    denylist: [/^\/api(?:\/|$)/, /\/[^/?]+\.[a-z0-9]+(?:\?.*)?$/i],
  }),
);

// ---- API answers, per user ----

/** Adds the caller's user id to the cache key (read and write), never to the network request. */
const perUserKeys: WorkboxPlugin = {
  async cacheKeyWillBeUsed({ request }) {
    const url = new URL(request.url);
    url.searchParams.set(CACHE_USER_PARAM, await userCacheId(request.headers.get('Authorization')));
    return url.href;
  },
};

/** Marks answers served from the cache (the network gave none in time) for the page and for debugging. */
const markCacheHits: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SERVED_FROM_CACHE_HEADER, 'hit');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const clearGuard = createClearGuard();

registerRoute(
  // The page's own offline layer (IndexedDB, src/client/lib/offline) marks its requests: it decides
  // about stale data itself, so those go to the network untouched.
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    !request.headers.has(OFFLINE_LAYER_HEADER) &&
    isOfflineApi(url.pathname + url.search),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      perUserKeys,
      markCacheHits,
      clearGuard.plugin,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: API_CACHE_MAX_ENTRIES,
        maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// ---- public uploaded images ----

/** Keeps only images the server marks public, below the size cap. */
const publicSmallImages: WorkboxPlugin = {
  async cacheWillUpdate({ request, response }) {
    if (response.status !== 200 || request.headers.has('Authorization')) return null;
    const type = response.headers.get('Content-Type') ?? '';
    const cacheControl = response.headers.get('Cache-Control') ?? '';
    const length = Number(response.headers.get('Content-Length') ?? 'NaN');
    if (!type.startsWith('image/') || !/\bpublic\b/.test(cacheControl)) return null;
    if (!Number.isFinite(length) || length > UPLOADS_MAX_BYTES) return null;
    return response;
  },
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && UPLOADS_PATTERN.test(url.pathname + url.search),
  new CacheFirst({
    cacheName: UPLOADS_CACHE,
    plugins: [
      publicSmallImages,
      new ExpirationPlugin({
        maxEntries: UPLOADS_MAX_ENTRIES,
        maxAgeSeconds: UPLOADS_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// ---- messages from the page ----

/** Forgets one user's API answers (or everybody's when no user is given); public ones stay. */
async function clearUserCaches(user?: string): Promise<number> {
  clearGuard.noteClear();
  const cache = await caches.open(API_CACHE);
  let removed = 0;
  for (const request of await cache.keys()) {
    const owner = new URL(request.url).searchParams.get(CACHE_USER_PARAM);
    if (owner === ANONYMOUS_USER) continue;
    if (user && owner !== user) continue;
    if (await cache.delete(request)) removed++;
  }
  return removed;
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as PageToWorkerMessage | undefined;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  switch (data?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'CLEAR_USER_CACHES':
      event.waitUntil(clearUserCaches(data.user).then((removed) => reply({ removed })));
      break;
    case 'GET_VERSION':
      reply({ version: APP_VERSION });
      break;
    default:
      break;
  }
});
