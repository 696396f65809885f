// The page and page size of a learner list, starting where the spec starts every list (§9: page 1,
// limit 20). Kept in the page's state, not the URL: the user centre's lists open at their first page.
import { useCallback, useState } from 'react';
import { PAGINATION } from '../../../../shared/api/constants.ts';

export interface ListPaging {
  page: number;
  limit: number;
}

export const FIRST_PAGE: ListPaging = { page: PAGINATION.page, limit: PAGINATION.limit };

export function useListPaging() {
  const [paging, setPaging] = useState<ListPaging>(FIRST_PAGE);
  const onPageChange = useCallback((page: number, limit: number) => setPaging({ page, limit }), []);
  /** Back to the first page at the same size (a filter changed what the list holds). */
  const toFirstPage = useCallback(() => setPaging((p) => ({ ...p, page: PAGINATION.page })), []);
  return { paging, onPageChange, toFirstPage };
}
