// One tab of a reconciliation: its records in the kit's table, paged in the browser (the whole day's
// comparison comes in one answer). Which amount columns show depends on the tab: a record missing from the
// statement has no statement amount, one missing from the orders no order amount, and a mismatch shows both
// with the difference.
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { PAGINATION } from '../../../../shared/api/constants.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn, type TableSource } from '../../../lib/kit/ListPageTable.tsx';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import type { ReconciliationItem } from '../api.ts';

export const RECONCILIATION_TABS = [
  'matched',
  'missing_in_statement',
  'missing_in_orders',
  'amount_mismatch',
] as const;
export type ReconciliationTab = (typeof RECONCILIATION_TABS)[number];

/** A record and its place in the tab: the statement may list the same order or trade twice. */
type Row = ReconciliationItem & { row: number };

/** The statement's paid_at may be ISO or already a local text; show ISO in local time, anything else as sent. */
const paidAtText = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}T/.test(value) ? isoDateTime(value, '{y}-{m}-{d} {h}:{i}:{s}') : (value ?? '');

const amount = (fen: number | undefined) => (fen === undefined ? '—' : formatFen(fen));

/** The records as a table source paged in the browser; new records start again at page 1. */
function useLocalPages(items: readonly ReconciliationItem[]): TableSource<Row> {
  const rows = useMemo(() => items.map((item, row) => ({ ...item, row })), [items]);
  const [paging, setPaging] = useState<{ page: number; limit: number; of: Row[] }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
    of: rows,
  });
  const current = paging.of === rows ? paging : { ...paging, page: PAGINATION.page, of: rows };
  if (current !== paging) setPaging(current);
  return {
    rows: rows.slice((current.page - 1) * current.limit, current.page * current.limit),
    total: rows.length,
    loading: false,
    error: null,
    reload: () => undefined,
    query: { page: current.page, limit: current.limit, sort: null },
    setPage: (page, limit) => setPaging((p) => ({ ...p, page, limit: limit ?? p.limit })),
  };
}

export function ReconciliationItems({
  items,
  tab,
}: {
  items: readonly ReconciliationItem[];
  tab: ReconciliationTab;
}) {
  const t = useT();
  const list = useLocalPages(items);
  const code = (value: string | null) => (
    <Text size="xs" ff="monospace">
      {value || '—'}
    </Text>
  );
  const columns: ListPageColumn<Row>[] = [
    { accessor: 'order_no', title: t('payments.finance.orderNo'), render: (item) => code(item.order_no) },
    { accessor: 'trade_no', title: t('payments.finance.tradeNo'), render: (item) => code(item.trade_no) },
    {
      accessor: 'statement_amount_fen',
      title: t('payments.finance.statementAmount'),
      textAlign: 'right',
      hidden: tab === 'missing_in_statement',
      render: (item) => amount(item.statement_amount_fen),
    },
    {
      accessor: 'order_amount_fen',
      title: t('payments.finance.orderAmount'),
      textAlign: 'right',
      hidden: tab === 'missing_in_orders',
      render: (item) => amount(item.order_amount_fen),
    },
    {
      accessor: 'difference',
      title: t('payments.finance.difference'),
      textAlign: 'right',
      hidden: tab !== 'amount_mismatch',
      render: (item) => (
        <Text size="sm" c="red" fw={500}>
          {formatFen((item.statement_amount_fen ?? 0) - (item.order_amount_fen ?? 0))}
        </Text>
      ),
    },
    {
      accessor: 'paid_at',
      title: t('payments.finance.paidAt'),
      render: (item) => <Text size="xs">{paidAtText(item.paid_at) || '—'}</Text>,
    },
    {
      accessor: 'reason',
      title: t('payments.finance.reason'),
      hidden: tab !== 'missing_in_orders',
      render: (item) => <Text size="xs">{item.reason ?? ''}</Text>,
    },
  ];
  return (
    <ListPageTable
      list={list}
      columns={columns}
      rowKey={(item) => item.row}
      empty={<Text c="dimmed">{t(`payments.finance.empty.${tab}`)}</Text>}
      data-testid={`reconciliation-${tab}`}
    />
  );
}
