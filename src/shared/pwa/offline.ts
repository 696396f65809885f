// What the service worker keeps for offline use (PRODUCT.md §4), shared by the worker (sw/sw.ts), the
// page (src/client/lib/pwa, src/client/lib/offline) and the tests, so they agree on names and paths.

/** Cache of API GET answers, keyed per user (a hash of the Authorization header). */
export const API_CACHE = 'api-v1';
/** Cache of public uploaded images (avatars, banners, course covers). */
export const UPLOADS_CACHE = 'uploads-v1';

/** Query parameter the worker appends to cache keys to separate users; never sent to the server. */
export const CACHE_USER_PARAM = '__sw_user';

/** Header on the page's own offline-layer requests (IndexedDB caches): the worker leaves them alone. */
export const OFFLINE_LAYER_HEADER = 'X-Offline-Layer';
/** Header the worker adds to an API answer it served from its cache. */
export const SERVED_FROM_CACHE_HEADER = 'X-SW-Cache';

/** API GETs that make sense offline: reference data, menus, user info and the learner's own lists. */
export const OFFLINE_API_PATTERNS: readonly RegExp[] = [
  /^\/api\/v1\/user\/info(?:\?|$)/,
  /^\/api\/v1\/user\/menus(?:\?|$)/,
  /^\/api\/v1\/administrator\/sidebars(?:\?|$)/,
  /^\/api\/v0\//,
  /^\/api\/v1\/skill-tests\/region\//,
  /^\/api\/v1\/learner\/summary(?:\?|$)/,
  /^\/api\/v1\/notifications(?:[/?]|$)/,
  /^\/api\/v1\/finance\/pay\/user\/list(?:\?|$)/,
  /^\/api\/v1\/enrollments(?:[/?]|$)/,
];

/** Uploaded files (images are cached when the server marks them public). */
export const UPLOADS_PATTERN = /^\/api\/v1\/uploads\/\d+(?:\?|$)/;

export function isOfflineApi(pathAndQuery: string): boolean {
  return OFFLINE_API_PATTERNS.some((pattern) => pattern.test(pathAndQuery));
}

/** Network-first timeout on weak networks before the cached copy is served. */
export const API_NETWORK_TIMEOUT_SECONDS = 3;
export const API_CACHE_MAX_ENTRIES = 400;
export const API_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const UPLOADS_MAX_ENTRIES = 150;
export const UPLOADS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Larger images are not kept offline (a size cap next to the entry cap). */
export const UPLOADS_MAX_BYTES = 1024 * 1024;

/** Messages from the page to the worker. */
export type PageToWorkerMessage =
  { type: 'SKIP_WAITING' } | { type: 'CLEAR_USER_CACHES'; user?: string } | { type: 'GET_VERSION' };

/** Anonymous requests (no Authorization header) share this user id. */
export const ANONYMOUS_USER = 'anon';

/**
 * The per-user id of an Authorization header: the first 16 hex digits of its SHA-256, so tokens are
 * never stored in cache keys. The page computes the same id to ask the worker to forget one user.
 */
export async function userCacheId(authorization: string | null | undefined): Promise<string> {
  if (!authorization) return ANONYMOUS_USER;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
