// /manage/trainingManage/financial/check: enrolment payment reconciliation. For one day (China time) the
// orders paid through a gateway are compared with the gateway's statement, fetched from the gateway or
// uploaded as a CSV file: matched, missing on either side, and amount mismatches, each in its own tab.
// The day and the gateway are the page's filters (kept in the URL); comparing is asked for with a button,
// since fetching a gateway's statement is not free, and the day's comparison opens with the page.
import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconCircleCheck, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { chinaToday } from '../../../../shared/api/china-time.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { FilterBar, FilterField, FilterSelect } from '../../../lib/kit/FilterBar.tsx';
import { useListState } from '../../../lib/kit/list-state.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import {
  GATEWAYS,
  fetchReconciliation,
  statementCsvPath,
  uploadReconciliation,
  type Reconciliation,
} from '../api.ts';
import {
  RECONCILIATION_TABS as TABS,
  ReconciliationItems,
  type ReconciliationTab,
} from '../components/ReconciliationItems.tsx';

const TAB_COLORS: Record<ReconciliationTab, string> = {
  matched: 'green',
  missing_in_statement: 'orange',
  missing_in_orders: 'orange',
  amount_mismatch: 'red',
};

/** A balanced day opens on the matched records, any other on its first tab with differences. */
const firstTab = (result: Reconciliation): ReconciliationTab =>
  result.summary.balanced
    ? 'matched'
    : (TABS.find((key) => key !== 'matched' && result[key].length > 0) ?? 'matched');

/** Why comparing failed: an uploaded file's own message first (its CSV refused), else the failure's. */
const failureText = (failure: unknown) =>
  failure instanceof ApiError
    ? (failure.fieldErrors.csv?.[0] ?? failure.message)
    : failure instanceof Error
      ? failure.message
      : String(failure);

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

function ReconciliationResult({ result }: { result: Reconciliation }) {
  const t = useT();
  const [tab, setTab] = useState<ReconciliationTab>(() => firstTab(result));
  // A new comparison opens on its own first tab.
  const [tabFor, setTabFor] = useState(result);
  if (tabFor !== result) {
    setTabFor(result);
    setTab(firstTab(result));
  }
  const { summary } = result;
  return (
    <>
      <Group gap="sm">
        <Badge
          variant="light"
          color={result.source === 'upload' ? 'grape' : 'brand'}
          data-testid="reconciliation-source"
        >
          {t(`payments.finance.source.${result.source}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {result.date} · {t(`payments.finance.gateways.${result.gateway}`)}
        </Text>
        {summary.balanced ? (
          <Badge
            color="green"
            leftSection={<IconCircleCheck size={14} />}
            data-testid="reconciliation-balanced"
          >
            {t('payments.finance.balanced')}
          </Badge>
        ) : (
          <Badge
            color="red"
            leftSection={<IconAlertTriangle size={14} />}
            data-testid="reconciliation-unbalanced"
          >
            {t('payments.finance.unbalanced')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Figure
          label={t('payments.finance.ordersTotal')}
          value={formatFen(summary.orders_total_fen)}
          hint={t('payments.finance.count', { n: summary.orders_count })}
          testId="reconciliation-orders"
        />
        <Figure
          label={t('payments.finance.statementTotal')}
          value={formatFen(summary.statement_total_fen)}
          hint={t('payments.finance.count', { n: summary.statement_count })}
          testId="reconciliation-statement"
        />
        <Figure
          label={t('payments.finance.matchedCount')}
          value={String(summary.matched)}
          testId="reconciliation-matched-count"
        />
        <Figure
          label={t('payments.finance.problems')}
          value={String(summary.amount_mismatch + summary.missing_in_orders + summary.missing_in_statement)}
          testId="reconciliation-problem-count"
        />
      </SimpleGrid>
      <Tabs value={tab} onChange={(value) => value && setTab(value as ReconciliationTab)}>
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
              {t(`payments.finance.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((key) => (
          <Tabs.Panel key={key} value={key} pt="md">
            <ReconciliationItems items={result[key]} tab={key} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

export default function ReconciliationPage() {
  const t = useT();
  const filters = useListState({ filters: { date: chinaToday(), gateway: GATEWAYS[0] as string } });
  const { date, gateway } = filters.query.filters;
  // The comparison asked for (the button asks again even for the same day); opening the page asks for the
  // day and gateway it shows.
  const [asked, setAsked] = useState(() => ({ date, gateway, times: 0 }));
  const comparison = useRead(
    {
      key: readKey('reconciliation', asked.date, asked.gateway, asked.times),
      fetch: () => fetchReconciliation(asked.date, asked.gateway),
    },
    { keepPrevious: true },
  );
  // An uploaded statement's comparison replaces what is shown, until the next fetch.
  const upload = useWrite(async (file: File) => uploadReconciliation(date, gateway, await file.text()), {
    onDone: (answer) => comparison.update(() => answer),
  });
  const [lastAsked, setLastAsked] = useState<'fetch' | 'upload'>('fetch');
  const failure =
    lastAsked === 'upload'
      ? upload.running
        ? null
        : upload.error
      : comparison.refreshing
        ? null
        : comparison.error;
  const fetching = comparison.refreshing;

  // Cleared after each pick, so choosing the same (corrected) file again uploads it again.
  const resetFile = useRef<() => void>(null);
  const pickFile = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setLastAsked('upload');
    upload.run(file).catch(() => undefined);
  };

  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="reconciliation-page">
        <Title order={2} fz="h3">
          {t('payments.finance.checkTitle')}
        </Title>
        <Paper withBorder p="md" radius="md">
          <FilterBar
            list={filters}
            actions={
              <>
                <Button
                  leftSection={<IconRefresh size={16} />}
                  loading={fetching}
                  disabled={upload.running}
                  onClick={() => {
                    setLastAsked('fetch');
                    setAsked((current) => ({ date, gateway, times: current.times + 1 }));
                  }}
                  data-testid="reconciliation-fetch"
                >
                  {t('payments.finance.fetchStatement')}
                </Button>
                <FileButton resetRef={resetFile} onChange={pickFile} accept=".csv,text/csv">
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconUpload size={16} />}
                      loading={upload.running}
                      disabled={fetching}
                      data-testid="reconciliation-upload"
                    >
                      {t('payments.finance.uploadCsv')}
                    </Button>
                  )}
                </FileButton>
                <ExcelDownloadButton
                  path={statementCsvPath(date, gateway)}
                  fileName={`statement-${gateway}-${date}.csv`}
                  label={t('payments.finance.downloadStatement')}
                  disabled={fetching || upload.running}
                  data-testid="reconciliation-download"
                />
              </>
            }
          >
            <FilterField name="date">
              {(value, set) => (
                <DatePickerInput
                  w={180}
                  label={t('payments.finance.date')}
                  valueFormat="YYYY-MM-DD"
                  maxDate={chinaToday()}
                  value={value}
                  onChange={(picked) => picked && set(picked)}
                  data-testid="reconciliation-date"
                />
              )}
            </FilterField>
            <FilterSelect
              name="gateway"
              w={160}
              label={t('payments.finance.gateway')}
              clearable={false}
              allowDeselect={false}
              data={GATEWAYS.map((value) => ({ value, label: t(`payments.finance.gateways.${value}`) }))}
            />
          </FilterBar>
          <Text size="xs" c="dimmed" mt="xs">
            {t('payments.finance.csvHint')}
          </Text>
        </Paper>

        {failure !== null && (
          <Alert color="red" title={t('payments.finance.failed')} data-testid="reconciliation-error">
            {failureText(failure)}
          </Alert>
        )}

        {comparison.data && <ReconciliationResult result={comparison.data} />}
      </Stack>
    </LocalizedDatesProvider>
  );
}
