// A whole list the server answers at once (a class's members) shown in the kit's table: one page, no pager.
import type { TableSource } from '../../lib/kit/ListPageTable.tsx';
import { failureText } from '../../lib/data/failure-text.ts';
import type { ReadState } from '../../lib/data/use-read.ts';

export function staticSource<T>(
  read: Pick<ReadState<unknown>, 'loading' | 'error' | 'refreshing' | 'refresh'>,
  rows: T[],
): TableSource<T> {
  return {
    rows,
    total: rows.length,
    loading: read.loading,
    error: read.error === null || read.refreshing ? null : failureText(read.error),
    reload: read.refresh,
    query: { page: 1, limit: Math.max(rows.length, 1), sort: null },
    setPage: () => undefined,
  };
}
