// Loads one page of a `{data, meta}` list endpoint (used with ListTable, or alone by pages that render
// their own list, e.g. the portal's cards, which then do not download the table).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { PAGINATION } from '../../../shared/api/constants.ts';
import type { ListResponse } from '../../../shared/api/errors.ts';

export interface PagedList<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  error: string | null;
  setPage: (page: number, limit?: number) => void;
  reload: () => void;
}

/**
 * Loads one page of a list endpoint and reloads when the page, the limit or `deps` change (a changed
 * filter returns to page 1). The API client has already shown the toast when a load fails. `initial`
 * gives the first page's answer when it is already known (the server sent it with the page): the list
 * then renders it at once and does not ask.
 */
export function usePagedList<T>(
  fetchPage: (query: { page: number; limit: number }) => Promise<ListResponse<T>>,
  deps: readonly unknown[] = [],
  initial?: () => ListResponse<T> | undefined,
): PagedList<T> {
  const [query, setQuery] = useState<{ page: number; limit: number }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
  });
  const [state, setState] = useState<{ rows: T[]; total: number; loading: boolean; error: string | null }>(
    () => {
      const first = initial?.();
      return first
        ? { rows: first.data, total: first.meta.total, loading: false, error: null }
        : { rows: [], total: 0, loading: true, error: null };
    },
  );
  /** The first load is already done when the answer was given. */
  const given = useRef(!state.loading);
  const [version, setVersion] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const depsKey = JSON.stringify(deps);
  const lastDeps = useRef(depsKey);

  useEffect(() => {
    if (lastDeps.current !== depsKey) {
      lastDeps.current = depsKey;
      if (query.page !== 1) {
        setQuery((current) => ({ ...current, page: 1 }));
        return;
      }
    }
    if (given.current) {
      given.current = false;
      return;
    }
    let cancelled = false;
    // Not on the first load (it starts loading): mounting must not render the list twice.
    if (!stateRef.current.loading || stateRef.current.error !== null)
      setState((current) => ({ ...current, loading: true, error: null }));
    // The answer renders as a transition: a long list is built in slices instead of one long task.
    fetchRef.current(query).then(
      (answer) => {
        if (!cancelled)
          startTransition(() =>
            setState({ rows: answer.data, total: answer.meta.total, loading: false, error: null }),
          );
      },
      (error: unknown) => {
        if (!cancelled)
          setState((current) => ({
            ...current,
            loading: false,
            error: error instanceof Error ? error.message : String(error),
          }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [query, version, depsKey]);

  const setPage = useCallback(
    (page: number, limit?: number) => setQuery((current) => ({ page, limit: limit ?? current.limit })),
    [],
  );
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, page: query.page, limit: query.limit, setPage, reload };
}
