// The learner pages' light list table: a Mantine table plus the spec's pagination (§9: page 1, limit 20; the
// pager itself is Pager.tsx), with loading, empty and error states, and no data-table library on a learner's
// first load. `usePagedList` drives it from a `{data, meta}` list endpoint. Back-office lists use the kit
// (lib/kit/ListPageTable.tsx).
import { Alert, Box, Button, Center, LoadingOverlay, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/index.ts';
import { Pager } from './Pager.tsx';

// The hook lives in its own module so a page that lists without the table (the portal) does not
// download the table, its pager and inputs.
import type { PagedList } from './use-paged-list.ts';

export { usePagedList, type PagedList } from './use-paged-list.ts';
export { Pager, type PagerProps } from './Pager.tsx';

export interface ListColumn<T> {
  key: string;
  title: ReactNode;
  render?: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface ListTableProps<T> {
  columns: ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  total: number;
  page: number;
  limit: number;
  onPageChange: (page: number, limit: number) => void;
  loading?: boolean;
  /** A message when loading failed; shows the error state with a retry button. */
  error?: string | null;
  onRetry?: () => void;
  empty?: ReactNode;
  hidePagination?: boolean;
  pageSizes?: readonly number[];
  onRowClick?: (row: T) => void;
  /** A data-testid per row (end-to-end tests address a row by its record id). */
  rowTestId?: (row: T, index: number) => string;
  'data-testid'?: string;
}

/** The list's rows, paging, loading and error props of a ListTable fed by usePagedList. */
export function pagedListProps<T>(
  list: PagedList<T>,
): Pick<
  ListTableProps<T>,
  'rows' | 'total' | 'page' | 'limit' | 'onPageChange' | 'loading' | 'error' | 'onRetry'
> {
  return {
    rows: list.rows,
    total: list.total,
    page: list.page,
    limit: list.limit,
    onPageChange: list.setPage,
    loading: list.loading,
    error: list.error,
    onRetry: list.reload,
  };
}

export function ListTable<T>(props: ListTableProps<T>) {
  const {
    columns,
    rows,
    rowKey,
    total,
    page,
    limit,
    onPageChange,
    loading = false,
    error,
    onRetry,
    empty,
    hidePagination,
    pageSizes,
    onRowClick,
    rowTestId,
  } = props;
  const t = useT();
  return (
    <Box data-testid={props['data-testid'] ?? 'list-table'}>
      {error ? (
        <Alert color="red" title={t('common.loadFailed')} data-testid="list-error">
          <Text fz="sm">{error}</Text>
          {onRetry && (
            <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      ) : (
        <Box pos="relative">
          <LoadingOverlay
            visible={loading}
            zIndex={5}
            overlayProps={{ blur: 1 }}
            loaderProps={{ size: 'sm' }}
          />
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover withTableBorder aria-busy={loading}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key} w={column.width} ta={column.align}>
                      {column.title}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr
                    key={rowKey(row, index)}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    style={onRowClick ? { cursor: 'pointer' } : undefined}
                    data-testid={rowTestId?.(row, index)}
                  >
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align}>
                        {column.render
                          ? column.render(row, index)
                          : String((row as Record<string, unknown>)[column.key] ?? '')}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {!loading && rows.length === 0 && (
            <Center py="xl" data-testid="list-empty">
              {empty ?? <Text c="dimmed">{t('common.empty')}</Text>}
            </Center>
          )}
        </Box>
      )}
      {!hidePagination && total > 0 && (
        <Box mt="md">
          <Pager
            total={total}
            page={page}
            limit={limit}
            onChange={onPageChange}
            pageSizes={pageSizes}
            disabled={loading}
          />
        </Box>
      )}
    </Box>
  );
}
