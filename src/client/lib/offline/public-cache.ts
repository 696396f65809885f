// Public pages' answers as last read on this device (PRODUCT.md §4, issue 25: the last news lists and every
// article and job read stay readable offline, marked stale). Kept in the IndexedDB store `publicCache`
// through the storage module, the same for every visitor (no owner: nothing in it is anyone's own), so it
// is not wiped at logout; the oldest entries go once there are more than PUBLIC_CACHE_MAX_ENTRIES.
// Works as learner-cache.ts's cachedQuery: the network first, the stored copy when no answer came.
import { idbDel, idbGet, idbKeys, idbSet } from '../storage.ts';
import type { CachedResult } from './learner-cache.ts';
import { isNoAnswer, online } from './network.ts';
import { ApiError } from '../api/errors.ts';

const STORE = 'publicCache';
export const PUBLIC_CACHE_MAX_ENTRIES = 60;

interface StoredEntry<T> {
  data: T;
  fetchedAt: number;
}

let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Stores an answer, then drops the oldest entries beyond the cap. */
export function writePublicCached<T>(key: string, entry: StoredEntry<T>): Promise<void> {
  return serial(async () => {
    await idbSet(STORE, key, entry);
    const keys = await idbKeys(STORE);
    if (keys.length <= PUBLIC_CACHE_MAX_ENTRIES) return;
    const ages = await Promise.all(
      keys.map(async (k) => ({ k, at: (await idbGet<StoredEntry<T>>(STORE, k))?.fetchedAt ?? 0 })),
    );
    ages.sort((a, b) => a.at - b.at);
    for (const { k } of ages.slice(0, keys.length - PUBLIC_CACHE_MAX_ENTRIES)) await idbDel(STORE, k);
  });
}

/** The stored copy of a public answer, without touching the network. */
export function readPublicCached<T>(key: string): Promise<CachedResult<T> | null> {
  return serial(async () => {
    const entry = await idbGet<StoredEntry<T>>(STORE, key);
    if (!entry) return null;
    return { data: entry.data, fetchedAt: entry.fetchedAt, stale: true, offline: !online.value };
  });
}

/** Fetches and keeps the answer; with no answer (offline, timeout, 5xx) the stored copy, marked stale. */
export async function cachedPublicQuery<T>(key: string, fetcher: () => Promise<T>): Promise<CachedResult<T>> {
  try {
    const data = await fetcher();
    const fetchedAt = Date.now();
    writePublicCached(key, { data, fetchedAt }).catch(() => undefined);
    return { data, fetchedAt, stale: false, offline: false };
  } catch (error) {
    if (!(isNoAnswer(error) || (error instanceof ApiError && error.status >= 500))) throw error;
    const stored = await readPublicCached<T>(key);
    if (!stored) throw error;
    return { ...stored, stale: true, offline: isNoAnswer(error) };
  }
}
