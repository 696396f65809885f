// Loads one page of a `{data, meta}` list endpoint (used with ListTable, or alone by pages that render
// their own list, e.g. the portal's cards, which then do not download the table). It reads through the one
// read hook (lib/data/use-read.ts), so an answer for a page or filter no longer shown is dropped there.
import { useCallback, useState } from 'react';
import { PAGINATION } from '../../../shared/api/constants.ts';
import type { ListResponse } from '../../../shared/api/errors.ts';
import { failureText } from '../data/failure-text.ts';
import { readKey, useRead } from '../data/use-read.ts';

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

interface Paging {
  page: number;
  limit: number;
}

// One empty list while nothing has come: rows compared by identity (a selection belongs to its rows) stay
// the same from render to render.
const NO_ROWS: never[] = [];

/**
 * Loads one page of a list endpoint and reloads when the page, the limit or `deps` change (a changed
 * filter returns to page 1). The API client has already shown the toast when a load fails. `initial`
 * gives the first page's answer when it is already known (the server sent it with the page): the list
 * then renders it at once and does not ask.
 */
export function usePagedList<T>(
  fetchPage: (query: Paging) => Promise<ListResponse<T>>,
  deps: readonly unknown[] = [],
  initial?: () => ListResponse<T> | undefined,
): PagedList<T> {
  const [paging, setPaging] = useState<Paging>({ page: PAGINATION.page, limit: PAGINATION.limit });
  const depsKey = JSON.stringify(deps);
  // A changed filter goes back to page 1 in the same render, so the page it left is never asked for with it.
  const [pagedFor, setPagedFor] = useState(depsKey);
  let query = paging;
  if (pagedFor !== depsKey) {
    setPagedFor(depsKey);
    if (paging.page !== PAGINATION.page) {
      query = { ...paging, page: PAGINATION.page };
      setPaging(query);
    }
  }
  // The rows on screen stay while the next page or filter loads (under the table's loading overlay).
  const read = useRead(
    { key: readKey('paged-list', query.page, query.limit, depsKey), fetch: () => fetchPage(query) },
    { keepPrevious: true, pageAnswer: initial },
  );
  const setPage = useCallback(
    (page: number, limit?: number) => setPaging((current) => ({ page, limit: limit ?? current.limit })),
    [],
  );
  return {
    rows: read.data?.data ?? NO_ROWS,
    total: read.data?.meta.total ?? 0,
    page: query.page,
    limit: query.limit,
    loading: read.refreshing,
    // A load asked again (retry, next page) clears the failure shown until it answers.
    error: read.error === null || read.refreshing ? null : failureText(read.error),
    reload: read.refresh,
    setPage,
  };
}
