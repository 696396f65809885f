// /manage/trainingManage/financial/fix: fees per exam plan. A change needs a reason and is kept in the
// plan's fee history (a timeline); orders created before the change keep their amount. An archived plan's
// fee no longer changes.
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchFees, type PlanFee } from '../api.ts';
import { FeeEditModal } from '../components/FeeEditModal.tsx';
import { FeeHistoryDrawer } from '../components/FeeHistoryDrawer.tsx';

export default function PricingPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchFees({ page, limit, keyword: filters.keyword || undefined }),
  });
  const [editing, setEditing] = useState<PlanFee | null>(null);
  const [historyOf, setHistoryOf] = useState<PlanFee | null>(null);

  const columns: ListPageColumn<PlanFee>[] = [
    {
      accessor: 'title',
      title: t('plans.plan.title'),
      render: (row) => (
        <div>
          <Text size="sm" fw={500}>
            {row.title}
          </Text>
          <Text size="xs" c="dimmed">
            {row.code}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'occupation_name',
      title: t('plans.plan.occupationLevel'),
      render: (row) => (
        <Text size="sm">
          {row.occupation_name} · {t(`plans.level.${row.level}`)}
        </Text>
      ),
    },
    { accessor: 'organization_name', title: t('plans.plan.college') },
    {
      accessor: 'state',
      title: t('plans.plan.state'),
      render: (row) => (
        <Badge variant="light" color={row.state === 'archived' ? 'dark' : 'gray'}>
          {t(`plans.planState.${row.state}`)}
        </Badge>
      ),
    },
    {
      accessor: 'fee_fen',
      title: t('plans.plan.fee'),
      textAlign: 'right',
      render: (row) => (
        <Text size="sm" fw={600} data-testid={`fee-value-${row.plan_id}`}>
          {formatFen(row.fee_fen)}
        </Text>
      ),
    },
    {
      accessor: 'last_changed_at',
      title: t('payments.finance.lastChanged'),
      render: (row) => <Text size="xs">{isoDateTime(row.last_changed_at) || '—'}</Text>,
    },
    {
      accessor: 'actions',
      title: t('plans.common.actions'),
      render: (row) => (
        <RowActions
          justify="flex-start"
          actions={[
            {
              key: 'edit',
              label:
                row.state === 'archived'
                  ? t('payments.finance.archivedNoChange')
                  : t('payments.finance.editFee'),
              icon: <IconEdit size={16} />,
              disabled: row.state === 'archived',
              onClick: () => setEditing(row),
              testId: `fee-edit-${row.plan_id}`,
            },
            {
              key: 'history',
              label: t('payments.finance.history'),
              icon: <IconHistory size={16} />,
              onClick: () => setHistoryOf(row),
              testId: `fee-history-${row.plan_id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="pricing-page">
      <Title order={2} fz="h3">
        {t('payments.finance.fixTitle')}
      </Title>
      <FilterBar list={list} framed>
        <FilterText
          name="keyword"
          w={300}
          label={t('plans.filters.keyword')}
          placeholder={t('plans.filters.keywordPlaceholder')}
          data-testid="fee-keyword"
        />
      </FilterBar>
      <ListPageTable list={list} columns={columns} rowKey={(row) => row.plan_id} data-testid="fee-table" />
      <FeeEditModal
        plan={editing}
        onClose={() => setEditing(null)}
        onSaved={(plan) => {
          setEditing(null);
          list.reload();
          // The change just made, at the top of the plan's history.
          setHistoryOf(plan);
        }}
      />
      <FeeHistoryDrawer plan={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
