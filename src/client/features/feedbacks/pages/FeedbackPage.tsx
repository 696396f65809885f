// /manage/settingManage/feedbacks: work orders from learners and administrators, filtered by state,
// category, submitter type and text; a row opens the order with its thread, assignee and state moves (so does
// `?open=<id>`, the link of the staff notice a new work order or a submitter's reply sends).
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATES,
  FEEDBACK_SUBMITTER_TYPES,
  type FeedbackCategory,
  type FeedbackState,
  type FeedbackSubmitterType,
  type FeedbackView,
} from '../../../../shared/feedbacks/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchFeedbacks } from '../api.ts';
import { FeedbackDrawer } from '../components/FeedbackDrawer.tsx';

export default function FeedbackPage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', state: '', category: '', submitter_type: '' },
    fetch: ({ page, limit, filters }) =>
      fetchFeedbacks({
        page,
        limit,
        keyword: filters.keyword,
        state: (filters.state || null) as FeedbackState | null,
        category: (filters.category || null) as FeedbackCategory | null,
        submitter_type: (filters.submitter_type || null) as FeedbackSubmitterType | null,
      }),
  });
  const [picked, setPicked] = useState<number | null>(null);
  const [search, setSearch] = useSearchParams();
  const open = picked ?? (Number(search.get('open')) || null);
  const close = () => {
    setPicked(null);
    if (search.has('open'))
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('open');
          return next;
        },
        { replace: true },
      );
  };

  const columns: ListPageColumn<FeedbackView>[] = [
    {
      accessor: 'content',
      title: t('feedbacks.content'),
      render: (f) => (
        <Text fz="sm" lineClamp={2} maw={360} data-testid={`feedback-row-${f.id}`}>
          #{f.id} {f.content}
        </Text>
      ),
    },
    {
      accessor: 'category',
      title: t('feedbacks.category'),
      render: (f) => <Badge variant="light">{t(`feedbacks.categories.${f.category}`)}</Badge>,
    },
    {
      accessor: 'submitter_name',
      title: t('feedbackManage.submitter'),
      render: (f) => (
        <div>
          <Text fz="sm">{f.submitter_name}</Text>
          <Text fz="xs" c="dimmed">
            {f.submitter_type === 'learners'
              ? t('feedbackManage.learners')
              : t('feedbackManage.administrators')}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'state',
      title: t('feedbackManage.state'),
      render: (f) => (
        <Badge color={f.state === 'closed' ? 'gray' : f.state === 'open' ? 'orange' : 'blue'}>
          {t(`feedbacks.states.${f.state}`)}
        </Badge>
      ),
    },
    {
      accessor: 'assignee_name',
      title: t('feedbackManage.assignee'),
      render: (f) => f.assignee_name ?? '—',
    },
    {
      accessor: 'updated_at',
      title: t('feedbackManage.updatedAt'),
      render: (f) => (
        <Group gap={4}>
          <Text fz="sm">{isoDateTime(f.updated_at)}</Text>
          <Text fz="xs" c="dimmed">
            ({f.reply_count})
          </Text>
        </Group>
      ),
    },
    actionsColumn((f) => [
      {
        key: 'view',
        label: t('feedbackManage.view'),
        icon: <IconMessage size={16} />,
        onClick: () => setPicked(f.id),
        testId: `feedback-view-${f.id}`,
      },
    ]),
  ];

  return (
    <Stack gap="md" data-testid="feedbacks-page">
      <Title order={1} fz="lg">
        {t('feedbackManage.title')}
      </Title>
      <FilterBar list={list}>
        <FilterSelect
          name="state"
          placeholder={t('feedbackManage.allStates')}
          aria-label={t('feedbackManage.state')}
          data={FEEDBACK_STATES.map((s) => ({ value: s, label: t(`feedbacks.states.${s}`) }))}
          w={140}
          data-testid="feedback-state-filter"
        />
        <FilterSelect
          name="category"
          placeholder={t('feedbackManage.allCategories')}
          aria-label={t('feedbacks.category')}
          data={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedbacks.categories.${c}`) }))}
          w={160}
          data-testid="feedback-category-filter"
        />
        <FilterSelect
          name="submitter_type"
          placeholder={t('feedbackManage.allSubmitters')}
          aria-label={t('feedbackManage.submitterType')}
          data={FEEDBACK_SUBMITTER_TYPES.map((s) => ({
            value: s,
            label: s === 'learners' ? t('feedbackManage.learners') : t('feedbackManage.administrators'),
          }))}
          w={140}
        />
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('feedbackManage.search')}
          aria-label={t('feedbackManage.search')}
          w={240}
          data-testid="feedback-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={
          <Text c="dimmed">{list.filtered ? t('feedbackManage.noMatch') : t('feedbackManage.empty')}</Text>
        }
        data-testid="feedback-table"
      />
      <FeedbackDrawer id={open} onClose={close} onChanged={list.reload} />
    </Stack>
  );
}
