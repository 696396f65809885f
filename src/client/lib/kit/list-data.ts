// The kit's one way to load a page of a `{data, meta}` list endpoint, through the one read hook
// (lib/data/use-read.ts): an answer overtaken by a newer query is dropped there, the rows on screen stay
// while the next page or filter loads, and `invalidate(name)` after a write elsewhere loads the list again.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { failureText } from '../data/failure-text.ts';
import { readKey, useRead } from '../data/use-read.ts';

export interface ListData<T> {
  rows: T[];
  total: number;
  loading: boolean;
  /** Why the last load failed (the API client has already toasted it); null after a success. */
  error: string | null;
  reload: () => void;
}

// One empty list while nothing has come: rows compared by identity (a selection belongs to its rows) stay
// the same from render to render.
const NO_ROWS: never[] = [];

/**
 * Loads `fetchPage(query)` and loads again whenever the query changes by value (or on `reload`). `name` is
 * the read key's first part, so a write can invalidate the list by it.
 */
export function useListData<T, Q>(
  fetchPage: (query: Q) => Promise<ListResponse<T>>,
  query: Q,
  name = 'list',
): ListData<T> {
  const read = useRead(
    { key: readKey(name, JSON.stringify(query)), fetch: () => fetchPage(query) },
    { keepPrevious: true },
  );
  return {
    rows: read.data?.data ?? NO_ROWS,
    total: read.data?.meta.total ?? 0,
    loading: read.refreshing,
    // A load asked again (retry, next page) clears the failure shown until it answers.
    error: read.error === null || read.refreshing ? null : failureText(read.error),
    reload: read.refresh,
  };
}
