// The back-office list table: mantine-datatable (built for Mantine 9: sortable columns, row selection,
// loading overlay) with the spec's pager under it (§9: total, sizes, prev, pager, next, jumper, back to
// the top in 800 ms: Pager.tsx), an empty state, and an error state with a retry in place of the rows.
import { Alert, Box, Button, Center, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
// After the table's code, so its rules come after those of the Mantine components it builds on.
import 'mantine-datatable/styles.css';
import type { Key, ReactNode } from 'react';
import { PAGINATION } from '../../../shared/api/constants.ts';
import { Pager } from '../components/Pager.tsx';
import { useT } from '../i18n/index.ts';
import type { ListSort } from './list-state.ts';
import type { RowSelection } from './use-row-selection.ts';

export type ListPageColumn<T> = DataTableColumn<T>;

/** What the table needs of a list: its rows and how to page, sort and reload it (a `ListPage` fits). */
export interface TableSource<T> {
  rows: T[];
  total: number;
  loading: boolean;
  error: string | null;
  reload: () => void;
  query: { page: number; limit: number; sort: ListSort | null };
  setPage: (page: number, limit?: number) => void;
  setSort?: (sort: ListSort | null) => void;
}

export interface ListPageTableProps<T> {
  list: TableSource<T>;
  columns: ListPageColumn<T>[];
  /** The record's key; `id` when left out. */
  rowKey?: (row: T) => Key;
  empty?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Check boxes in front of the rows, for batch actions (see useRowSelection). */
  selection?: RowSelection<T>;
  pageSizes?: readonly number[];
  hidePagination?: boolean;
  /** A data-testid per row (browser tests address a row by its record id). */
  rowTestId?: (row: T, index: number) => string;
  'data-testid'?: string;
}

const EMPTY_HEIGHT = 160;

export function ListPageTable<T>({
  list,
  columns,
  rowKey,
  empty,
  onRowClick,
  selection,
  pageSizes,
  hidePagination,
  rowTestId,
  'data-testid': testId = 'list-table',
}: ListPageTableProps<T>) {
  const t = useT();
  const { rows, total, loading, error, query } = list;
  const showEmpty = !loading && rows.length === 0;
  const sortable = list.setSort !== undefined && columns.some((column) => column.sortable);
  const setSort = list.setSort;
  const sortProps =
    sortable && setSort
      ? {
          sortStatus: query.sort
            ? { columnAccessor: query.sort.column, direction: query.sort.direction }
            : // No sort yet: no column is marked.
              { columnAccessor: '', direction: 'asc' as const },
          onSortStatusChange: (status: DataTableSortStatus<T>) =>
            setSort({ column: String(status.columnAccessor), direction: status.direction }),
        }
      : {};
  const selectionProps = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.setSelected,
        isRecordSelectable: selection.isSelectable,
        getRecordSelectionCheckboxProps: (row: T) => ({
          'aria-label': selection.rowLabel?.(row),
          'data-testid': selection.rowTestId?.(row),
        }),
        allRecordsSelectionCheckboxProps: {
          'aria-label': selection.allLabel,
          'data-testid': selection.allTestId,
        },
      }
    : {};
  const paginationProps =
    !hidePagination && total > 0
      ? {
          page: query.page,
          totalRecords: total,
          recordsPerPage: query.limit,
          onPageChange: (page: number) => list.setPage(page),
          recordsPerPageOptions: [...(pageSizes ?? PAGINATION.pageSizes)],
          onRecordsPerPageChange: (limit: number) => list.setPage(1, limit),
          renderPagination: () => (
            <Box p="xs" w="100%">
              <Pager
                total={total}
                page={query.page}
                limit={query.limit}
                onChange={list.setPage}
                pageSizes={pageSizes}
                disabled={loading}
              />
            </Box>
          ),
        }
      : {};

  return (
    <Box data-testid={testId}>
      {error ? (
        <Alert color="red" title={t('common.loadFailed')} data-testid="list-error">
          <Text fz="sm">{error}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={list.reload}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <DataTable<T>
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={showEmpty ? EMPTY_HEIGHT : undefined}
          columns={columns}
          records={rows}
          idAccessor={rowKey ?? 'id'}
          fetching={loading}
          aria-busy={loading}
          onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
          customRowAttributes={
            rowTestId ? (row, index) => ({ 'data-testid': rowTestId(row, index) }) : undefined
          }
          emptyState={
            showEmpty ? (
              <Center data-testid="list-empty">{empty ?? <Text c="dimmed">{t('common.empty')}</Text>}</Center>
            ) : (
              <span />
            )
          }
          {...sortProps}
          {...selectionProps}
          {...paginationProps}
        />
      )}
    </Box>
  );
}
