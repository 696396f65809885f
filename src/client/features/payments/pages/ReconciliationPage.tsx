// /manage/trainingManage/financial/check: enrolment payment reconciliation. For one day (China time) the
// orders paid through a gateway are compared with the gateway's statement, fetched from the gateway or
// uploaded as a CSV file: matched, missing on either side, and amount mismatches, each in its own tab.
import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chinaToday } from '../../../../shared/api/china-time.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { ListTable, type ListColumn } from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import {
  GATEWAYS,
  fetchReconciliation,
  fetchStatementCsv,
  uploadReconciliation,
  type Reconciliation,
  type ReconciliationItem,
} from '../api.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';

const TABS = ['matched', 'missing_in_statement', 'missing_in_orders', 'amount_mismatch'] as const;
type TabKey = (typeof TABS)[number];
const TAB_COLORS: Record<TabKey, string> = {
  matched: 'green',
  missing_in_statement: 'orange',
  missing_in_orders: 'orange',
  amount_mismatch: 'red',
};

/** The statement's paid_at may be ISO or already a local text; show ISO in local time, anything else as sent. */
const paidAtText = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}T/.test(value) ? isoDateTime(value, '{y}-{m}-{d} {h}:{i}:{s}') : (value ?? '');

function ItemsTable({ items, tab }: { items: ReconciliationItem[]; tab: TabKey }) {
  const t = useT();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  useEffect(() => setPage((current) => ({ ...current, page: 1 })), [items]);
  const columns: ListColumn<ReconciliationItem>[] = [
    {
      key: 'order_no',
      title: t('examAffairs.finance.orderNo'),
      render: (item) => (
        <Text size="xs" ff="monospace">
          {item.order_no || '—'}
        </Text>
      ),
    },
    {
      key: 'trade_no',
      title: t('examAffairs.finance.tradeNo'),
      render: (item) => (
        <Text size="xs" ff="monospace">
          {item.trade_no || '—'}
        </Text>
      ),
    },
    ...(tab !== 'missing_in_statement'
      ? [
          {
            key: 'statement',
            title: t('examAffairs.finance.statementAmount'),
            align: 'right' as const,
            render: (item: ReconciliationItem) =>
              item.statement_amount_fen === undefined ? '—' : formatFen(item.statement_amount_fen),
          },
        ]
      : []),
    ...(tab !== 'missing_in_orders'
      ? [
          {
            key: 'order',
            title: t('examAffairs.finance.orderAmount'),
            align: 'right' as const,
            render: (item: ReconciliationItem) =>
              item.order_amount_fen === undefined ? '—' : formatFen(item.order_amount_fen),
          },
        ]
      : []),
    ...(tab === 'amount_mismatch'
      ? [
          {
            key: 'difference',
            title: t('examAffairs.finance.difference'),
            align: 'right' as const,
            render: (item: ReconciliationItem) => (
              <Text size="sm" c="red" fw={500}>
                {formatFen((item.statement_amount_fen ?? 0) - (item.order_amount_fen ?? 0))}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'paid_at',
      title: t('examAffairs.finance.paidAt'),
      render: (item) => <Text size="xs">{paidAtText(item.paid_at) || '—'}</Text>,
    },
    ...(tab === 'missing_in_orders'
      ? [
          {
            key: 'reason',
            title: t('examAffairs.finance.reason'),
            render: (item: ReconciliationItem) => <Text size="xs">{item.reason ?? ''}</Text>,
          },
        ]
      : []),
  ];
  const rows = items.slice((page.page - 1) * page.limit, page.page * page.limit);
  return (
    <ListTable
      columns={columns}
      rows={rows}
      rowKey={(item, index) => `${item.order_no}-${item.trade_no ?? ''}-${index}`}
      total={items.length}
      page={page.page}
      limit={page.limit}
      onPageChange={(next, limit) => setPage({ page: next, limit })}
      empty={<Text c="dimmed">{t(`examAffairs.finance.empty.${tab}`)}</Text>}
      data-testid={`reconciliation-${tab}`}
    />
  );
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export default function ReconciliationPage() {
  const t = useT();
  const [date, setDate] = useState<string>(chinaToday());
  const [gateway, setGateway] = useState<string>(GATEWAYS[0]);
  const [result, setResult] = useState<Reconciliation | null>(null);
  const [busy, setBusy] = useState<'fetch' | 'upload' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>('matched');

  const reconcile = useCallback(async (run: () => Promise<Reconciliation>, kind: 'fetch' | 'upload') => {
    setBusy(kind);
    setError(null);
    try {
      const answer = await run();
      setResult(answer);
      setTab(
        answer.summary.balanced
          ? 'matched'
          : (TABS.find((key) => key !== 'matched' && answer[key].length > 0) ?? 'matched'),
      );
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors.csv?.[0] ?? failure.message)
          : failure instanceof Error
            ? failure.message
            : String(failure),
      );
    } finally {
      setBusy(null);
    }
  }, []);

  useEffect(() => {
    void reconcile(() => fetchReconciliation(chinaToday(), GATEWAYS[0]), 'fetch');
  }, [reconcile]);

  // Cleared after each pick, so choosing the same (corrected) file again uploads it again.
  const resetFile = useRef<() => void>(null);
  const upload = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    void reconcile(async () => uploadReconciliation(date, gateway, await file.text()), 'upload');
  };

  const download = async () => {
    setBusy('download');
    try {
      const blob = await fetchStatementCsv(date, gateway);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `statement-${gateway}-${date}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // The API client has shown the toast.
    } finally {
      setBusy(null);
    }
  };

  const summary = result?.summary;

  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="reconciliation-page">
        <Title order={2} fz="h3">
          {t('examAffairs.finance.checkTitle')}
        </Title>
        <Paper withBorder p="md" radius="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DatePickerInput
              w={180}
              label={t('examAffairs.finance.date')}
              valueFormat="YYYY-MM-DD"
              maxDate={chinaToday()}
              value={date}
              onChange={(value) => value && setDate(value)}
              data-testid="reconciliation-date"
            />
            <Select
              w={160}
              label={t('examAffairs.finance.gateway')}
              allowDeselect={false}
              data={GATEWAYS.map((value) => ({ value, label: t(`examAffairs.finance.gateways.${value}`) }))}
              value={gateway}
              onChange={(value) => value && setGateway(value)}
            />
            <Button
              leftSection={<IconRefresh size={16} />}
              loading={busy === 'fetch'}
              disabled={busy !== null && busy !== 'fetch'}
              onClick={() => void reconcile(() => fetchReconciliation(date, gateway), 'fetch')}
              data-testid="reconciliation-fetch"
            >
              {t('examAffairs.finance.fetchStatement')}
            </Button>
            <FileButton resetRef={resetFile} onChange={upload} accept=".csv,text/csv">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} />}
                  loading={busy === 'upload'}
                  disabled={busy !== null && busy !== 'upload'}
                  data-testid="reconciliation-upload"
                >
                  {t('examAffairs.finance.uploadCsv')}
                </Button>
              )}
            </FileButton>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={busy === 'download'}
              disabled={busy !== null && busy !== 'download'}
              onClick={() => void download()}
              data-testid="reconciliation-download"
            >
              {t('examAffairs.finance.downloadStatement')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {t('examAffairs.finance.csvHint')}
          </Text>
        </Paper>

        {error && (
          <Alert color="red" title={t('examAffairs.finance.failed')} data-testid="reconciliation-error">
            {error}
          </Alert>
        )}

        {result && summary && (
          <>
            <Group gap="sm">
              <Badge
                variant="light"
                color={result.source === 'upload' ? 'grape' : 'brand'}
                data-testid="reconciliation-source"
              >
                {t(`examAffairs.finance.source.${result.source}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {result.date} · {t(`examAffairs.finance.gateways.${result.gateway}`)}
              </Text>
              {summary.balanced ? (
                <Badge
                  color="green"
                  leftSection={<IconCircleCheck size={14} />}
                  data-testid="reconciliation-balanced"
                >
                  {t('examAffairs.finance.balanced')}
                </Badge>
              ) : (
                <Badge
                  color="red"
                  leftSection={<IconAlertTriangle size={14} />}
                  data-testid="reconciliation-unbalanced"
                >
                  {t('examAffairs.finance.unbalanced')}
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              <Figure
                label={t('examAffairs.finance.ordersTotal')}
                value={formatFen(summary.orders_total_fen)}
                hint={t('examAffairs.finance.count', { n: summary.orders_count })}
                testId="reconciliation-orders"
              />
              <Figure
                label={t('examAffairs.finance.statementTotal')}
                value={formatFen(summary.statement_total_fen)}
                hint={t('examAffairs.finance.count', { n: summary.statement_count })}
                testId="reconciliation-statement"
              />
              <Figure
                label={t('examAffairs.finance.matchedCount')}
                value={String(summary.matched)}
                testId="reconciliation-matched-count"
              />
              <Figure
                label={t('examAffairs.finance.problems')}
                value={String(
                  summary.amount_mismatch + summary.missing_in_orders + summary.missing_in_statement,
                )}
                testId="reconciliation-problem-count"
              />
            </SimpleGrid>
            <Tabs value={tab} onChange={(value) => value && setTab(value as TabKey)}>
              <Tabs.List>
                {TABS.map((key) => (
                  <Tabs.Tab
                    key={key}
                    value={key}
                    rightSection={
                      <Badge
                        size="sm"
                        variant={result[key].length ? 'filled' : 'light'}
                        color={result[key].length ? TAB_COLORS[key] : 'gray'}
                        data-testid={`reconciliation-tab-count-${key}`}
                      >
                        {result[key].length}
                      </Badge>
                    }
                    data-testid={`reconciliation-tab-${key}`}
                  >
                    {t(`examAffairs.finance.tabs.${key}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map((key) => (
                <Tabs.Panel key={key} value={key} pt="md">
                  <ItemsTable items={result[key]} tab={key} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        )}
      </Stack>
    </LocalizedDatesProvider>
  );
}
