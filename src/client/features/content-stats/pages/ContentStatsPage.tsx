// /manage/contentManage/statistics: views of news, notices, jobs and custom pages and downloads of files per
// day over a date range (the last 30 days unless another is chosen, a year at most), their totals and the
// ten most visited items of each kind. The range is kept in the URL.
import '@mantine/dates/styles.css';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar } from '../../../lib/kit/FilterBar.tsx';
import { FilterDateRange } from '../../../lib/kit/FilterDateRange.tsx';
import { useListState } from '../../../lib/kit/list-state.ts';
import { toThousands } from '../../../lib/utils/number.ts';
import { fetchContentStats, type ContentStats, type ContentStatsTopItem } from '../api.ts';

const ContentStatsChart = lazy(() => import('../components/ContentStatsChart.tsx'));

const TOTALS = ['article_views', 'page_views', 'downloads'] as const;
const TOPS = ['articles', 'pages', 'downloads'] as const;

function TopTable({ kind, items }: { kind: (typeof TOPS)[number]; items: ContentStatsTopItem[] }) {
  const t = useT();
  return (
    <Paper withBorder p="md" radius="md" data-testid={`content-stats-top-${kind}`}>
      <Text fw={600} mb="xs">
        {t(`contentStats.top.${kind}`)}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('contentStats.none')}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>{t('contentStats.title')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t(kind === 'downloads' ? 'contentStats.downloads' : 'contentStats.views')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={item.id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{item.title}</Table.Td>
                <Table.Td ta="right">{toThousands(item.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function Figures({ stats }: { stats: ContentStats }) {
  const t = useT();
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="content-stats-range">
        {stats.from} ~ {stats.to}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {TOTALS.map((key) => (
          <Paper key={key} withBorder p="md" radius="md" data-testid={`content-stats-total-${key}`}>
            <Text size="sm" c="dimmed">
              {t(`contentStats.totals.${key}`)}
            </Text>
            <Text fz={22} fw={700}>
              {toThousands(stats.totals[key])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Suspense fallback={<Skeleton h={260} />}>
          <ContentStatsChart daily={stats.daily} />
        </Suspense>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        {TOPS.map((kind) => (
          <TopTable key={kind} kind={kind} items={stats.top[kind]} />
        ))}
      </SimpleGrid>
    </>
  );
}

export default function ContentStatsPage() {
  const t = useT();
  const filters = useListState({ filters: { from: '', to: '' } });
  const { from, to } = filters.query.filters;
  const stats = useRead(
    { key: readKey('content-stats', from, to), fetch: () => fetchContentStats(from, to) },
    { keepPrevious: true },
  );
  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="content-stats-page">
        <Title order={2} fz="h3">
          {t('contentStats.pageTitle')}
        </Title>
        <Paper withBorder p="md" radius="md">
          <FilterBar list={filters}>
            <FilterDateRange
              from="from"
              to="to"
              w={260}
              label={t('contentStats.range')}
              placeholder={t('contentStats.last30')}
              data-testid="content-stats-range-picker"
            />
          </FilterBar>
        </Paper>
        {stats.data ? (
          <Figures stats={stats.data} />
        ) : stats.error ? (
          <Alert color="red">{t('common.loadFailed')}</Alert>
        ) : (
          <Skeleton h={300} />
        )}
      </Stack>
    </LocalizedDatesProvider>
  );
}
