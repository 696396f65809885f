// A back-office list page's state in one object: its query kept in the URL (list-state.ts) and the page of
// rows loaded for it (list-data.ts). The filter bar, the table and the pager all take this object.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { useListData, type ListData } from './list-data.ts';
import { useListState, type ListQuery, type ListState, type ListStateOptions } from './list-state.ts';

export interface ListPage<T, K extends string = string> extends ListState<K>, ListData<T> {}

export interface ListPageOptions<T, K extends string> extends ListStateOptions<K> {
  /** Loads one page for the query (filters as strings: the page maps them onto its API's parameters). */
  fetch: (query: ListQuery<K>) => Promise<ListResponse<T>>;
  /** Other values the fetch depends on (a drawer's person): a change loads again. */
  deps?: readonly unknown[];
}

export function useListPage<T, K extends string = never>({
  fetch,
  deps = [],
  ...options
}: ListPageOptions<T, K>): ListPage<T, K> {
  const state = useListState(options);
  const data = useListData(({ query }: { query: ListQuery<K>; deps: readonly unknown[] }) => fetch(query), {
    query: state.query,
    deps,
  });
  return { ...state, ...data };
}
