// The learner's own data as last fetched (PRODUCT.md §4: tickets, scores, orders, enrolments,
// notifications, the user-centre summary), kept in the IndexedDB store `learnerCache` through the
// storage module, keyed by the learner, and wiped at logout or when another learner signs in.
//
// cachedQuery(key, fetcher): the network first; when no answer comes back (offline, timeout) or the
// server fails (5xx), the last stored copy with `stale: true` (and `offline: true` when there was no
// answer at all). Requests made by this layer carry the X-Offline-Layer header so the service worker
// leaves them to the network: this layer, not the worker, decides what is stale and says so.
import { effect } from '@preact/signals-react';
import { ApiError } from '../api/errors.ts';
import type { Answer, AnswerSchema } from '../../../shared/api/answers.ts';
import { api, getEarly, isAnswerSlot, type Params } from '../api/client.ts';
import { learnerSession } from '../state/session.ts';
import { idbClear, idbGet, idbKeys, idbSet } from '../storage.ts';
import { OFFLINE_LAYER_HEADER, isNoAnswer, online } from './network.ts';

export interface CachedResult<T> {
  data: T;
  /** When the data was fetched from the server (ms since epoch). */
  fetchedAt: number;
  /** True when the data is a stored copy, not a fresh answer. */
  stale: boolean;
  /** True when the stored copy is shown because the network gave no answer. */
  offline: boolean;
}

interface StoredEntry<T> {
  data: T;
  fetchedAt: number;
}

const STORE = 'learnerCache';
const OWNER_KEY = '__owner';

/** The signed-in learner the cache belongs to, or null (not signed in / user info not known yet). */
export function currentLearnerKey(): string | null {
  const session = learnerSession.value;
  if (!session.token) return null;
  const info = session.userInfo;
  if (info?.id !== undefined && info.id !== null) return `id:${String(info.id)}`;
  if (info?.username) return `u:${info.username}`;
  return null;
}

// All owner checks and wipes run one after another, so a wipe never interleaves with a write.
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Makes sure the store belongs to `owner`; another learner's data is wiped first (user switch). */
async function claimStore(owner: string): Promise<void> {
  const stored = await idbGet<string>(STORE, OWNER_KEY);
  if (stored === owner) return;
  if (stored !== undefined || (await idbKeys(STORE)).length > 0) await idbClear(STORE);
  await idbSet(STORE, OWNER_KEY, owner);
}

const entryKey = (owner: string, key: string) => `${owner}|${key}`;

export function writeCached<T>(owner: string, key: string, entry: StoredEntry<T>): Promise<void> {
  return serial(async () => {
    await claimStore(owner);
    await idbSet(STORE, entryKey(owner, key), entry);
  });
}

/** The stored copy for the current learner, without touching the network. */
export function readCached<T>(
  key: string,
  owner: string | null = currentLearnerKey(),
): Promise<CachedResult<T> | null> {
  if (!owner) return Promise.resolve(null);
  return serial(async () => {
    if ((await idbGet<string>(STORE, OWNER_KEY)) !== owner) return null;
    const entry = await idbGet<StoredEntry<T>>(STORE, entryKey(owner, key));
    if (!entry) return null;
    return { data: entry.data, fetchedAt: entry.fetchedAt, stale: true, offline: !online.value };
  });
}

/** Wipes every learner's cached data (logout, user switch). */
export function clearLearnerCache(): Promise<void> {
  return serial(() => idbClear(STORE));
}

/** True when a failed fetch may fall back to the stored copy. */
function mayUseStoredCopy(error: unknown): boolean {
  return isNoAnswer(error) || (error instanceof ApiError && error.status >= 500);
}

/**
 * Fetches through `fetcher` and stores the answer for the current learner; when the network gives no
 * answer, returns the stored copy marked stale/offline. Throws when there is neither.
 */
export async function cachedQuery<T>(key: string, fetcher: () => Promise<T>): Promise<CachedResult<T>> {
  const owner = currentLearnerKey();
  try {
    const data = await fetcher();
    const fetchedAt = Date.now();
    // The learner may have logged out while the request was running: never store under a stale owner.
    // The answer shows without waiting for the device's storage (slow the first time); a later read or
    // wipe of the store runs after this write (serial).
    if (owner && owner === currentLearnerKey())
      writeCached(owner, key, { data, fetchedAt }).catch(() => undefined);
    return { data, fetchedAt, stale: false, offline: false };
  } catch (error) {
    if (!mayUseStoredCopy(error)) throw error;
    const stored = await readCached<T>(key, owner);
    if (!stored) throw error;
    return { ...stored, stale: true, offline: isNoAnswer(error) };
  }
}

/** One of the learner's queries as its page makes it: the key it is stored under and its request. */
export interface LearnerQuery<T> {
  key: string;
  fetch: () => Promise<T>;
}

/**
 * Fetches `query` and stores the answer for the current learner, as the page would, before the page is
 * opened (offline, it then finds the copy). Resolves with the answer once it is stored; rejects when the
 * request fails, and stores nothing when the learner changed meanwhile.
 */
export async function prefetchCached<T>(query: LearnerQuery<T>): Promise<T> {
  const owner = currentLearnerKey();
  const data = await query.fetch();
  if (owner && owner === currentLearnerKey())
    await writeCached(owner, query.key, { data, fetchedAt: Date.now() });
  return data;
}

/** GET for the learner's own data through the offline layer (learner token, no toast, SW bypassed). */
const learnerGetOptions = (params?: Params) => ({
  params,
  apiType: 'learners' as const,
  silent: true,
  headers: { [OFFLINE_LAYER_HEADER]: 'idb' },
});

/** GET for the learner's own data, typed and (in development and tests) checked by its answer schema. */
export function learnerGet<S extends AnswerSchema>(
  url: string,
  answer: S,
  params?: Params,
): Promise<Answer<S>>;
/** Unchecked form, for areas that do not declare their answer schemas yet: the caller's T is trusted. */
export function learnerGet<T>(url: string, params?: Params): Promise<T>;
export function learnerGet(
  url: string,
  answerOrParams?: AnswerSchema | Params,
  params?: Params,
): Promise<unknown> {
  // A schema (or null, where a production build left it out) is told from params without importing zod:
  // this module is on every page.
  if (isAnswerSlot(answerOrParams))
    return api.get(url, answerOrParams as AnswerSchema, learnerGetOptions(params));
  return api.get(url, learnerGetOptions(answerOrParams as Params | undefined));
}

/** Starts learnerGet(url, params) before the page that makes it renders (lib/api/client.ts getEarly). */
export function learnerGetEarly(url: string, params?: Params): void {
  getEarly(url, learnerGetOptions(params));
}

let watching = false;
/** Wipes the cache whenever the learner session ends or changes hands (logout, 401, another login). */
export function watchLearnerSession(): void {
  if (watching) return;
  watching = true;
  let previousToken = learnerSession.peek().token;
  effect(() => {
    const token = learnerSession.value.token;
    if (token === previousToken) return;
    const ended = previousToken !== '';
    previousToken = token;
    if (ended) void clearLearnerCache();
  });
}
