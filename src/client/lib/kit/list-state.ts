// A back-office list's query (page, page size, sort, filters) kept in the URL's search parameters, so a
// reload, a shared link, the back button and a tag switched back to (the tag keeps its query) show the same
// page of the same filtered list. Filters are strings as the URL holds them ('' is "any"); a page turns them
// into its API's parameters. Values equal to their defaults stay out of the URL, and parameters the list
// does not know (the plan page's ?step=...) are kept as they are.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { PAGINATION } from '../../../shared/api/constants.ts';

export type FilterValues<K extends string> = Record<K, string>;

export interface ListSort {
  column: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery<K extends string> {
  page: number;
  limit: number;
  sort: ListSort | null;
  filters: FilterValues<K>;
}

export interface ListStateOptions<K extends string> {
  /** The filters this list knows, with their default values (usually ''). */
  filters: FilterValues<K>;
  /** The sort before the user picks one (null: the server's order). */
  sort?: ListSort | null;
  /** Prefix of this list's parameters when one page shows two lists (tabs): `sites.page=2`. */
  urlKey?: string;
  /** false: kept in component state instead of the URL (a list inside a drawer). */
  inUrl?: boolean;
}

export interface ListState<K extends string> {
  query: ListQuery<K>;
  /** Changes some filters; the list goes back to page 1. */
  setFilters: (patch: Partial<FilterValues<K>>) => void;
  setPage: (page: number, limit?: number) => void;
  /** A new sort goes back to page 1. */
  setSort: (sort: ListSort | null) => void;
  /** Back to the default filters, sort and page. */
  reset: () => void;
  /** True when some filter differs from its default. */
  filtered: boolean;
}

const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
};

const paramName = (urlKey: string | undefined, name: string) => (urlKey ? `${urlKey}.${name}` : name);

/** The list's query read from search parameters; anything malformed reads as its default. */
export function readListQuery<K extends string>(
  params: URLSearchParams,
  options: ListStateOptions<K>,
): ListQuery<K> {
  const name = (key: string) => paramName(options.urlKey, key);
  const limit = positiveInt(params.get(name('limit')));
  const filters = { ...options.filters };
  for (const key of Object.keys(options.filters) as K[]) {
    const value = params.get(name(key));
    if (value !== null) filters[key] = value;
  }
  const [column, direction] = (params.get(name('sort')) ?? '').split(':');
  const sort =
    column && SORT_DIRECTIONS.includes(direction as ListSort['direction'])
      ? { column, direction: direction as ListSort['direction'] }
      : (options.sort ?? null);
  return {
    page: positiveInt(params.get(name('page'))) ?? PAGINATION.page,
    limit: limit !== null && limit <= PAGINATION.maxLimit ? limit : PAGINATION.limit,
    sort,
    filters,
  };
}

/** New search parameters holding `query`: the list's own replaced, defaults left out, others kept. */
export function writeListQuery<K extends string>(
  params: URLSearchParams,
  query: ListQuery<K>,
  options: ListStateOptions<K>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = (key: string) => paramName(options.urlKey, key);
  const put = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(name(key));
    else next.set(name(key), value);
  };
  const sortText = (sort: ListSort | null) => (sort ? `${sort.column}:${sort.direction}` : '');
  put('page', String(query.page), String(PAGINATION.page));
  put('limit', String(query.limit), String(PAGINATION.limit));
  put('sort', sortText(query.sort), sortText(options.sort ?? null));
  for (const key of Object.keys(options.filters) as K[]) put(key, query.filters[key], options.filters[key]);
  return next;
}

type ParamsUpdate = (update: (current: URLSearchParams) => URLSearchParams) => void;

/** The search parameters the list lives in: the URL's, or its own in component state. */
function useParamsSource(inUrl: boolean): [URLSearchParams, ParamsUpdate] {
  const [urlParams, setUrlParams] = useSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  // replace: a filter typed or a page turned is not a step the back button should walk through.
  const updateUrl = useCallback<ParamsUpdate>(
    (update) => setUrlParams((current) => update(current), { replace: true }),
    [setUrlParams],
  );
  return inUrl ? [urlParams, updateUrl] : [localParams, setLocalParams];
}

export function useListState<K extends string>(options: ListStateOptions<K>): ListState<K> {
  const [params, update] = useParamsSource(options.inUrl ?? true);
  // The options are literals written in the page: compare them by value, not by identity.
  const optionsKey = JSON.stringify(options);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useMemo(() => options, [optionsKey]);
  const paramsKey = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => readListQuery(params, stable), [paramsKey, stable]);

  const change = useCallback(
    (patch: (current: ListQuery<K>) => ListQuery<K>) =>
      update((current) => writeListQuery(current, patch(readListQuery(current, stable)), stable)),
    [update, stable],
  );
  const setFilters = useCallback(
    (patch: Partial<FilterValues<K>>) =>
      change((current) => ({ ...current, page: PAGINATION.page, filters: { ...current.filters, ...patch } })),
    [change],
  );
  const setPage = useCallback(
    (page: number, limit?: number) =>
      change((current) => ({ ...current, page, limit: limit ?? current.limit })),
    [change],
  );
  const setSort = useCallback(
    (sort: ListSort | null) => change((current) => ({ ...current, page: PAGINATION.page, sort })),
    [change],
  );
  const reset = useCallback(
    () =>
      change((current) => ({
        ...current,
        page: PAGINATION.page,
        sort: stable.sort ?? null,
        filters: { ...stable.filters },
      })),
    [change, stable],
  );
  const filtered = (Object.keys(stable.filters) as K[]).some(
    (key) => query.filters[key] !== stable.filters[key],
  );
  return { query, setFilters, setPage, setSort, reset, filtered };
}
