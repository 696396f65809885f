// useRead(query, options): the one read hook of the client. A query is `{ key, fetch }`; the key names the
// answer (reads a write invalidates are found by it, lib/data/invalidate.ts) and a changed key asks anew.
// With `offline: true` the answer is the learner's own data (PRODUCT.md §4): the stored copy shows at once
// (a weak network still shows something), the network answer replaces it and is kept on the device per
// learner (lib/offline/learner-cache.ts), a failed request falls back to the copy marked stale/offline, and
// the read asks again when the network returns, the tab is shown again or the interface language changes.
// Home-made rather than TanStack Query: the library adds about 10 KB gzip to every first-load route (the
// budget is 5 KB), and the offline copy, its stale marking and the page's own answer would still be ours.
import { useSignals } from '@preact/signals-react/runtime';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { cachedQuery, currentLearnerKey, readCached, type CachedResult } from '../offline/learner-cache.ts';
import { onReconnect } from '../offline/network.ts';
import { language } from '../state/preferences.ts';
import { watchReads } from './invalidate.ts';

/** Public pages' offline copies: loaded only by the pages that keep them (not in every first load). */
const publicCache = () => import('../offline/public-cache.ts');

/** What a read asks: `key` names the answer (segments joined by ':', see readKey), `fetch` gets it. */
export interface ReadQuery<T> {
  key: string;
  fetch: () => Promise<T>;
}

export interface ReadOptions<T> {
  /**
   * The learner's own data: kept on the device per learner, shown from there first and when offline.
   * 'public': a public page's answer (news, jobs), kept for any visitor the same way (offline/public-cache.ts).
   */
  offline?: boolean | 'public';
  /**
   * The answer the server wrote into the page (lib/api/client.ts firstAnswer): shown on the first render;
   * a plain read then asks nothing, an offline one asks once, quietly, to keep the answer on the device.
   */
  pageAnswer?: () => T | undefined;
  /**
   * Keep showing the previous key's answer while the new key's runs (a list's next page, a new filter),
   * also after a null query. The caller checks the answer is for what it shows now where that matters.
   */
  keepPrevious?: boolean;
}

export interface ReadState<T> {
  data: T | undefined;
  /** When the data shown was fetched from the server (ms since epoch). */
  fetchedAt: number | null;
  /** Showing a stored copy (before the network answered, or because it did not). */
  stale: boolean;
  /** The network gave no answer (offline or timed out). */
  offline: boolean;
  /** A request is running. */
  refreshing: boolean;
  /** Nothing to show yet and a request running: the page's loader. */
  loading: boolean;
  /** The last failure (the API client has already shown its toast). */
  error: unknown;
  /** Asks again, keeping what is shown until the answer comes. */
  refresh: () => void;
  /** Changes the data shown, e.g. with what a write answered; the next answer replaces it. */
  update: (change: (current: T | undefined) => T) => void;
}

type Shown<T> = Omit<ReadState<T>, 'refresh' | 'update' | 'loading'>;

/** Before anything came: nothing to show, the first request running. */
export const INITIAL_STATE = {
  data: undefined,
  fetchedAt: null,
  stale: false,
  offline: false,
  refreshing: true,
  error: null,
} as const;

/** No query (nothing to ask yet, e.g. no plan chosen). */
const IDLE_STATE = { ...INITIAL_STATE, refreshing: false } as const;

/** One shared object, so an untouched state is recognised and not reset again. */
function initialState<T>(): Shown<T> {
  return INITIAL_STATE;
}

/** A read key from its parts: readKey('plans', page, limit) === 'plans:1:20'; empty parts are kept. */
export function readKey(...parts: readonly (string | number | boolean | null | undefined)[]): string {
  return parts.map((part) => (part === null || part === undefined ? '' : String(part))).join(':');
}

function plainResult<T>(data: T): CachedResult<T> {
  return { data, fetchedAt: Date.now(), stale: false, offline: false };
}

export function useRead<T>(query: ReadQuery<T> | null, options: ReadOptions<T> = {}): ReadState<T> {
  useSignals();
  const { offline = false, keepPrevious = false } = options;
  const key = query?.key ?? null;
  // The learner's data belongs to the learner: another learner means other data, asked anew.
  const owner = offline === true ? currentLearnerKey() : null;
  const fetchRef = useRef(query?.fetch);
  fetchRef.current = query?.fetch;
  // Read when the key changes, not a reason to ask again.
  const keepPreviousRef = useRef(keepPrevious);
  keepPreviousRef.current = keepPrevious;
  // What the state shows: the key (and learner) it was made for, and the page's answer (read once).
  const [shown] = useState(() => ({
    identity: `${owner}\n${key}`,
    pageData: key === null ? undefined : options.pageAnswer?.(),
  }));
  const [state, setState] = useState<Shown<T>>(() =>
    shown.pageData === undefined
      ? initialState<T>()
      : { ...INITIAL_STATE, data: shown.pageData, fetchedAt: Date.now(), refreshing: false },
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  // A stable counter: an answer from an earlier key, learner or unmounted view is dropped.
  const [generation] = useState(() => ({ run: 0 }));

  const load = useCallback(
    async (withStoredFirst: boolean) => {
      const fetch = fetchRef.current;
      if (key === null || !fetch) return;
      const run = ++generation.run;
      // The page's answer on screen: this request is answered with it (once), nothing changes.
      const quiet =
        withStoredFirst && shown.pageData !== undefined && stateRef.current.data === shown.pageData;
      if (!quiet && !stateRef.current.refreshing) setState((s) => ({ ...s, refreshing: true }));
      // The request starts at once; the stored copy shows while it runs, never after its answer.
      let answered = false;
      const fresh = (
        offline === 'public'
          ? publicCache().then((m) => m.cachedPublicQuery(key, fetch))
          : offline
            ? cachedQuery(key, fetch)
            : fetch().then(plainResult)
      ).finally(() => {
        answered = true;
      });
      // The network's answer renders as a transition: a long list is built in slices instead of one long
      // task. The stored copy does not: a transition that has not committed when the answer comes is
      // rendered together with it, and on a weak network the stored copy is what shows at once.
      if (offline && withStoredFirst && !quiet) {
        // An answer already there (written into the page, lib/api/client.ts) does not wait for the device.
        const stored = await Promise.race([
          offline === 'public'
            ? publicCache().then((m) => m.readPublicCached<T>(key))
            : readCached<T>(key, owner),
          fresh.then(
            () => null,
            () => null,
          ),
        ]);
        if (run !== generation.run) return;
        if (stored && !answered)
          setState((s) => ({
            ...s,
            data: stored.data,
            fetchedAt: stored.fetchedAt,
            stale: true,
            offline: stored.offline,
          }));
      }
      try {
        const result = await fresh;
        if (run !== generation.run || (quiet && result.data === shown.pageData)) return;
        startTransition(() =>
          setState({
            data: result.data,
            fetchedAt: result.fetchedAt,
            stale: result.stale,
            offline: result.offline,
            refreshing: false,
            error: null,
          }),
        );
      } catch (error) {
        if (run !== generation.run) return;
        setState((s) => ({ ...s, refreshing: false, error }));
      }
    },
    // owner: another learner means other data; start over.
    [key, owner, offline, generation, shown],
  );

  useEffect(() => {
    // Another key or learner starts over (or keeps the previous answer on screen while it runs);
    // mounting does not render twice.
    const identity = `${owner}\n${key}`;
    if (shown.identity !== identity) {
      shown.identity = identity;
      shown.pageData = undefined;
      if (keepPreviousRef.current) {
        // Kept through a pause too (a dialog closed and opened again shows its last answer at once); an
        // earlier key's failure is not this key's.
        if (stateRef.current.error !== null) setState((s) => ({ ...s, error: null }));
      } else if (key === null) setState(IDLE_STATE);
      else if (stateRef.current !== INITIAL_STATE) setState(initialState);
    }
    if (key === null) return;
    // A plain read with the page's answer on screen asks nothing: the server has just answered it. The
    // learner's data asks anyway (quietly, above) to keep the answer on the device.
    const answeredByPage =
      !offline && shown.pageData !== undefined && stateRef.current.data === shown.pageData;
    if (!answeredByPage) void load(true);
    const stopWatching = watchReads(key, () => void load(false));
    const stopReconnect = offline ? onReconnect(() => void load(false)) : () => undefined;
    return () => {
      generation.run++;
      stopWatching();
      stopReconnect();
    };
  }, [load, generation, key, owner, offline, shown]);

  // The server writes its own texts (notifications, order items, ticket rules) in the interface language:
  // a switch asks the learner's data again, keeping what is shown until the answer in the new language.
  const lang = offline ? language.value : null;
  const [askedIn] = useState(() => ({ lang }));
  useEffect(() => {
    if (askedIn.lang === lang) return;
    askedIn.lang = lang;
    void load(false);
  }, [lang, load, askedIn]);

  const refresh = useCallback(() => void load(false), [load]);
  const update = useCallback(
    (change: (current: T | undefined) => T) => setState((s) => ({ ...s, data: change(s.data) })),
    [],
  );
  const current = key === null ? IDLE_STATE : state;
  return {
    ...current,
    loading: current.data === undefined && current.refreshing,
    refresh,
    update,
  };
}
