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
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { PAGINATION } from '../../../shared/api/constants.ts';
import type { ListResponse } from '../../../shared/api/errors.ts';
import { useT } from '../i18n/index.ts';
import { scrollTo } from '../utils/scroll-to.ts';

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
  'data-testid'?: string;
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
 * filter returns to page 1). The API client has already shown the toast when a load fails.
 */
export function usePagedList<T>(
  fetchPage: (query: { page: number; limit: number }) => Promise<ListResponse<T>>,
  deps: readonly unknown[] = [],
): PagedList<T> {
  const [query, setQuery] = useState<{ page: number; limit: number }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
  });
  const [state, setState] = useState<{ rows: T[]; total: number; loading: boolean; error: string | null }>({
    rows: [],
    total: 0,
    loading: true,
    error: null,
  });
  const [version, setVersion] = useState(0);
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
    let cancelled = false;
    setState((current) => ({ ...current, loading: true, error: null }));
    fetchRef.current(query).then(
      (answer) => {
        if (!cancelled)
          setState({ rows: answer.data, total: answer.meta.total, loading: false, error: null });
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
