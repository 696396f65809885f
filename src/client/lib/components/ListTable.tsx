// The one list table of the app: a Mantine table plus the spec's pagination (§9: page 1, limit 20, sizes
// 10/20/30/50, layout total/sizes/prev/pager/next/jumper, back to the top in 800 ms on a page change),
// with loading, empty and error states. `usePagedList` drives it from a `{data, meta}` list endpoint.
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  LoadingOverlay,
  NumberInput,
  Pagination,
  Select,
  Table,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { PAGINATION } from '../../../shared/api/constants.ts';
import { useT } from '../i18n/index.ts';
import { scrollTo } from '../utils/scroll-to.ts';

// The hook lives in its own module so a page that lists without the table (the portal) does not
// download the table, its pager and inputs.
import type { PagedList } from './use-paged-list.ts';

export { usePagedList, type PagedList } from './use-paged-list.ts';

export interface ListColumn<T> {
  key: string;
  title: ReactNode;
  render?: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface PagerProps {
  total: number;
  page: number;
  limit: number;
  onChange: (page: number, limit: number) => void;
  pageSizes?: readonly number[];
  /** Scroll the page back to the top after a change (spec default: yes, 800 ms). */
  autoScroll?: boolean;
  disabled?: boolean;
}

/** Pagination in the spec's layout: total, sizes, prev, pager, next, jumper. */
export function Pager({
  total,
  page,
  limit,
  onChange,
  pageSizes = PAGINATION.pageSizes,
  autoScroll = true,
  disabled,
}: PagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / limit));
  const [jump, setJump] = useState<string | number>('');
  const change = (nextPage: number, nextLimit: number) => {
    onChange(nextPage, nextLimit);
    if (autoScroll) scrollTo(0, PAGINATION.scrollToTopMs);
  };
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap" data-testid="pager">
      <Text fz="sm" c="dimmed" data-testid="pager-total">
        {t('common.pagination.total', { total })}
      </Text>
      <Select
        w={110}
        aria-label={t('common.pagination.perPage', { size: limit })}
        data={pageSizes.map((size) => ({
          value: String(size),
          label: t('common.pagination.perPage', { size }),
        }))}
        value={String(limit)}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && change(1, Number(value))}
        data-testid="pager-sizes"
      />
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(next) => change(next, limit)}
        disabled={disabled}
        siblings={1}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('common.pagination.prev') }
            : control === 'next'
              ? { 'aria-label': t('common.pagination.next') }
              : {}
        }
      />
      <Group gap={6} wrap="nowrap">
        <Text fz="sm" c="dimmed">
          {t('common.pagination.jumpTo')}
        </Text>
        <NumberInput
          w={70}
          min={1}
          max={pages}
          hideControls
          value={jump}
          disabled={disabled}
          aria-label={t('common.pagination.jumpTo')}
          onChange={setJump}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            const target = Math.min(Math.max(1, Math.trunc(Number(jump) || 1)), pages);
            setJump('');
            if (target !== page) change(target, limit);
          }}
          data-testid="pager-jumper"
        />
      </Group>
    </Group>
  );
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
