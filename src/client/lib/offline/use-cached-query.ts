// useCachedQuery(key, fetcher): the learner's stored copy at once (so a weak network still shows
// something), then the network answer; refreshes when the network returns or the tab becomes visible.
// Pair it with <StaleBadge> to mark stored data with the time it was fetched.
// A page whose answer the server wrote into the page it sent (lib/api/client.ts firstAnswer) passes it as
// `pageAnswer`: the first render shows it, with no loader in between (the server painted the same data),
// and the first request hands over that very answer and keeps it for offline use without rendering again.
import { useSignals } from '@preact/signals-react/runtime';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { language } from '../state/preferences.ts';
import { cachedQuery, currentLearnerKey, readCached } from './learner-cache.ts';
import { onReconnect } from './network.ts';

export interface CachedQueryState<T> {
  data: T | undefined;
  fetchedAt: number | null;
  /** Showing a stored copy (before the network answered, or because it did not). */
  stale: boolean;
  /** The network gave no answer (offline or timed out). */
  offline: boolean;
  /** A network request is running. */
  refreshing: boolean;
  /** The last failure when there was nothing stored to show. */
  error: unknown;
  refresh: () => void;
}

/** Before anything came: nothing to show, the first request running. */
export const INITIAL_STATE = {
  data: undefined,
  fetchedAt: null,
  stale: false,
  offline: false,
  refreshing: true,
  error: null,
} as const;

/** One shared object, so an untouched state is recognised and not reset again. */
function initialState<T>(): Omit<CachedQueryState<T>, 'refresh'> {
  return INITIAL_STATE;
}

export function useCachedQuery<T>(
  key: string,
  fetcher: () => Promise<T>,
  pageAnswer?: () => T | undefined,
): CachedQueryState<T> {
  useSignals();
  const owner = currentLearnerKey();
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  // What the state shows: the key and learner it was made for, and the page's answer (read once).
  const [shown] = useState(() => ({ query: `${owner}\n${key}`, pageData: pageAnswer?.() }));
  const [state, setState] = useState<Omit<CachedQueryState<T>, 'refresh'>>(() =>
    shown.pageData === undefined
      ? initialState<T>()
      : {
          data: shown.pageData,
          fetchedAt: Date.now(),
          stale: false,
          offline: false,
          refreshing: false,
          error: null,
        },
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  // A stable counter: an answer from an earlier key, learner or unmounted view is dropped.
  const [generation] = useState(() => ({ run: 0 }));

  const load = useCallback(
    async (withStoredFirst: boolean) => {
      const run = ++generation.run;
      // The page's answer on screen: this request is answered with it (once), nothing changes.
      const quiet =
        withStoredFirst && shown.pageData !== undefined && stateRef.current.data === shown.pageData;
      if (!quiet && !stateRef.current.refreshing) setState((s) => ({ ...s, refreshing: true }));
      // The request starts at once; the stored copy shows while it runs, never after its answer.
      let answered = false;
      const fresh = cachedQuery(key, () => fetcherRef.current()).finally(() => {
        answered = true;
      });
      // The network's answer renders as a transition: a long list is built in slices instead of one long
      // task. The stored copy does not: a transition that has not committed when the answer comes is
      // rendered together with it, and on a weak network the stored copy is what shows at once.
      if (withStoredFirst && !quiet) {
        // An answer already there (written into the page, lib/api/client.ts) does not wait for the device.
        const stored = await Promise.race([
          readCached<T>(key, owner),
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
    [key, owner, generation, shown],
  );

  useEffect(() => {
    // Another key or learner starts over; mounting does not render twice.
    const query = `${owner}\n${key}`;
    if (shown.query !== query) {
      shown.query = query;
      shown.pageData = undefined;
      if (stateRef.current !== INITIAL_STATE) setState(initialState);
    }
    void load(true);
    const stop = onReconnect(() => void load(false));
    return () => {
      generation.run++;
      stop();
    };
  }, [load, generation, key, owner, shown]);

  // The server writes its own texts (notifications, order items, ticket rules) in the interface language:
  // a switch asks again, keeping what is shown until the answer in the new language comes.
  const lang = language.value;
  const [askedIn] = useState(() => ({ lang }));
  useEffect(() => {
    if (askedIn.lang === lang) return;
    askedIn.lang = lang;
    void load(false);
  }, [lang, load, askedIn]);

  const refresh = useCallback(() => void load(false), [load]);
  return { ...state, refresh };
}
