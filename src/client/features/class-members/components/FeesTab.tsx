// The class fee: how many students paid and how many have not, what was collected and what is owed, and
// the students by fee state with their order.
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchFees, fetchMembers, type MemberView } from '../api.ts';
import { LoadState } from './LoadState.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export function FeesTab({ classId }: { classId: number }) {
  const t = useT();
  const fees = useRead({ key: `class-fees:${classId}`, fetch: () => fetchFees(classId) });
  const list = useListPage({
    urlKey: 'fees',
    filters: { fee_state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchMembers(classId, {
        page,
        limit,
        fee_state: filters.fee_state === 'paid' || filters.fee_state === 'unpaid' ? filters.fee_state : null,
      }),
    deps: [classId],
  });
  const summary = fees.data;
  if (!summary)
    return (
      <LoadState
        loading={fees.loading}
        error={fees.error}
        empty={false}
        emptyText=""
        retry={fees.refresh}
        testId="class-fees"
      />
    );
  const people = (count: number) => t('classMembers.fees.people', { count });
  const columns: ListPageColumn<MemberView>[] = [
    { accessor: 'name', title: t('classMembers.members.name') },
    { accessor: 'phone', title: t('classMembers.members.phone') },
    {
      accessor: 'fee_state',
      title: t('classMembers.members.fee'),
      render: (m) => t(`classMembers.feeStates.${m.fee_state}`),
    },
    { accessor: 'order_no', title: t('classMembers.fees.orderNo'), render: (m) => m.order_no ?? '—' },
    {
      accessor: 'paid_at',
      title: t('classMembers.fees.paidAt'),
      render: (m) => parseTime(m.paid_at, '{y}-{m}-{d} {h}:{i}') ?? '—',
    },
  ];
  return (
    <Stack gap="sm" data-testid="class-fees">
      {summary.fee_fen === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="class-fees-free">
          {t('classMembers.fees.freeClass')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
          <Figure label={t('classMembers.fees.fee')} value={formatFen(summary.fee_fen)} testId="fees-fee" />
          <Figure label={t('classMembers.fees.paid')} value={people(summary.paid)} testId="fees-paid" />
          <Figure label={t('classMembers.fees.unpaid')} value={people(summary.unpaid)} testId="fees-unpaid" />
          <Figure
            label={t('classMembers.fees.paidTotal')}
            value={formatFen(summary.paid_total_fen)}
            testId="fees-paid-total"
          />
          <Figure
            label={t('classMembers.fees.unpaidTotal')}
            value={formatFen(summary.unpaid_total_fen)}
            testId="fees-unpaid-total"
          />
        </SimpleGrid>
      )}
      <Group>
        <FilterBar list={list}>
          <FilterSelect
            name="fee_state"
            placeholder={t('classMembers.fees.all')}
            aria-label={t('classMembers.members.fee')}
            data={[
              { value: 'paid', label: t('classMembers.fees.paid') },
              { value: 'unpaid', label: t('classMembers.fees.unpaid') },
            ]}
            w={160}
            data-testid="fees-filter"
          />
        </FilterBar>
      </Group>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('classMembers.members.empty')}</Text>}
        data-testid="class-fees-table"
      />
    </Stack>
  );
}
