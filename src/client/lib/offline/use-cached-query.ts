// useCachedQuery(key, fetcher, pageAnswer): the learner's offline read as the list pages make it, now
// the read hook's offline mode (lib/data/use-read.ts), which holds the behaviour and its comments.
import { useRead, type ReadState } from '../data/use-read.ts';

export { INITIAL_STATE } from '../data/use-read.ts';

export type CachedQueryState<T> = Omit<ReadState<T>, 'loading' | 'update'>;

export function useCachedQuery<T>(
  key: string,
  fetcher: () => Promise<T>,
  pageAnswer?: () => T | undefined,
): ReadState<T> {
  return useRead({ key, fetch: fetcher }, { offline: true, pageAnswer });
}
