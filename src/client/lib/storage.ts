// The one place the client touches persistent browser storage. Two tiers, on purpose:
// - cookies hold the small keys spec §3/§9 names (tokens, token types, sidebarStatus, language, size,
//   currentSystem), because they must be readable synchronously before the first render (no flash of a
//   wrong language or a logged-out header);
// - IndexedDB (idb-keyval, one named database per store so stores never collide or need upgrades) holds
//   the larger things: menu trees, lookups, the learner's offline cache, public pages' last answers
//   (offline/public-cache.ts), the write outbox and the candidate's exam attempts (features/exam-runner).
// Everything else in the client goes through this module and never imports idb-keyval directly.
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

export type IdbStoreName =
  'prefs' | 'menus' | 'lookups' | 'learnerCache' | 'publicCache' | 'outbox' | 'examAttempts';

const DB_PREFIX = 'skills-platform';
const stores = new Map<IdbStoreName, UseStore>();

function storeFor(name: IdbStoreName): UseStore {
  let store = stores.get(name);
  if (!store) {
    store = createStore(`${DB_PREFIX}-${name}`, name);
    stores.set(name, store);
  }
  return store;
}

/** True where IndexedDB exists (not in some private modes or old in-app browsers). */
function idbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

export async function idbGet<T>(store: IdbStoreName, key: string): Promise<T | undefined> {
  if (!idbAvailable()) return undefined;
  try {
    return await get<T>(key, storeFor(store));
  } catch {
    return undefined;
  }
}

export async function idbSet(store: IdbStoreName, key: string, value: unknown): Promise<void> {
  if (!idbAvailable()) return;
  try {
    await set(key, value, storeFor(store));
  } catch {
    // Storage full or blocked: the app still works online, only without the persisted copy.
  }
}

export async function idbDel(store: IdbStoreName, key: string): Promise<void> {
  if (!idbAvailable()) return;
  try {
    await del(key, storeFor(store));
  } catch {
    /* see idbSet */
  }
}

export async function idbClear(store: IdbStoreName): Promise<void> {
  if (!idbAvailable()) return;
  try {
    await clear(storeFor(store));
  } catch {
    /* see idbSet */
  }
}

export async function idbKeys(store: IdbStoreName): Promise<string[]> {
  if (!idbAvailable()) return [];
  try {
    return (await keys(storeFor(store))).map(String);
  } catch {
    return [];
  }
}

// ---- cookies ----

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Lifetime in days; omitted = a session cookie. */
  days?: number;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (options.days !== undefined) {
    cookie += `; max-age=${Math.round(options.days * 86_400)}`;
  }
  if (typeof location !== 'undefined' && location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
}
