// /manage/examineManage/exam/plan: exam material review (manager only, spec §6). The queue of one plan
// (or all), oldest first, filtered by review state and searched by name, username, phone or ID number;
// a row opens the application beside its materials. Submitted rows can be selected and approved together.
import { Alert, Badge, Button, Group, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { useRowSelection } from '../../../lib/kit/use-row-selection.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import {
  batchApprove,
  fetchReviewPlans,
  fetchReviewQueue,
  type BatchApproveAnswer,
  type ReviewPlan,
  type ReviewRow,
} from '../api.ts';
import { ReviewDetailDrawer } from '../components/ReviewDetailDrawer.tsx';
import { REVIEW_STATE_COLORS, reviewLabel } from '../labels.ts';

const QUEUE_STATES = ['submitted', 'approved', 'rejected'] as const satisfies readonly EnrollmentState[];
type QueueState = (typeof QUEUE_STATES)[number];
const isQueueState = (value: string): value is QueueState =>
  (QUEUE_STATES as readonly string[]).includes(value);

export default function ReviewPage() {
  const t = useT();
  const [plans, setPlans] = useState<ReviewPlan[]>([]);
  // The queue tab is the page's view, not a filter: a reload opens the queue awaiting review again.
  const [state, setState] = useState<QueueState>('submitted');
  const list = useListPage({
    filters: { plan_id: '', keyword: '' },
    deps: [state],
    fetch: ({ page, limit, filters }) =>
      fetchReviewQueue({
        page,
        limit,
        plan_id: filters.plan_id ? Number(filters.plan_id) : null,
        state,
        keyword: filters.keyword || undefined,
      }),
  });
  const selectable = state === 'submitted';
  const selection = useRowSelection(list.rows, {
    allLabel: t('reviews.selectPage'),
    allTestId: 'review-select-all',
    rowLabel: (row: ReviewRow) => t('reviews.selectRow', { name: row.learner.real_name }),
    rowTestId: (row: ReviewRow) => `review-select-${row.id}`,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [batchResult, setBatchResult] = useState<BatchApproveAnswer | null>(null);
  const confirm = useConfirmAction();

  useEffect(() => {
    fetchReviewPlans().then(setPlans, () => undefined);
  }, []);

  const askBatchApprove = () => {
    const ids = selection.selected.map((row) => row.id);
    confirm.ask({
      title: t('reviews.batchTitle'),
      message: t('reviews.batchConfirm', { n: ids.length }),
      color: 'green',
      confirmLabel: t('reviews.approve'),
      testId: 'batch-confirm',
      run: async () => {
        const answer = await batchApprove(ids);
        setBatchResult(answer);
        toastSuccess(
          t('reviews.batchDone', {
            approved: answer.approved.length,
            skipped: answer.skipped.length,
          }),
        );
        list.reload();
      },
    });
  };

  const index = viewing === null ? -1 : list.rows.findIndex((row) => row.id === viewing);
  const prevRow = index > 0 ? list.rows[index - 1] : undefined;
  const nextRow = index >= 0 ? list.rows[index + 1] : undefined;

  const columns: ListPageColumn<ReviewRow>[] = [
    {
      accessor: 'candidate',
      title: t('plans.college.candidate'),
      render: (row) => (
        <div>
          <Text size="sm" fw={500} data-testid={`review-row-name-${row.id}`}>
            {row.learner.real_name || row.learner.username}
          </Text>
          <Text size="xs" c="dimmed">
            {row.learner.username}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'id_card',
      title: t('plans.college.idCard'),
      render: (row) => <Text size="xs">{row.learner.id_card}</Text>,
    },
    {
      accessor: 'phone',
      title: t('plans.college.phone'),
      render: (row) => <Text size="xs">{row.learner.phone}</Text>,
    },
    {
      accessor: 'plan',
      title: t('plans.college.plan'),
      render: (row) => (
        <div>
          <Text size="sm">{row.plan.title}</Text>
          <Text size="xs" c="dimmed">
            {row.plan.organization_name}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'submitted',
      title: t('plans.college.submittedAt'),
      render: (row) => <Text size="xs">{isoDateTime(row.submitted_at)}</Text>,
    },
    {
      accessor: 'state',
      title: t('plans.college.reviewStatus'),
      render: (row) => (
        <Stack gap={2}>
          <Badge color={REVIEW_STATE_COLORS[row.state] ?? 'gray'} variant="light">
            {reviewLabel.state(t, row.state)}
          </Badge>
          {row.state === 'rejected' && row.review_reason && (
            <Text size="xs" c="red" lineClamp={2}>
              {row.review_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('plans.common.actions'),
      render: (row) => (
        <RowAction
          label={t('reviews.open')}
          icon={<IconEye size={16} />}
          onClick={() => setViewing(row.id)}
          testId={`review-open-${row.id}`}
        />
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="review-page">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('reviews.pageTitle')}
        </Title>
        {selectable && (
          <Button
            color="green"
            leftSection={<IconChecks size={16} />}
            disabled={selection.selected.length === 0}
            onClick={askBatchApprove}
            data-testid="review-batch-approve"
          >
            {t('reviews.batchApprove', { n: selection.selected.length })}
          </Button>
        )}
      </Group>

      <FilterBar list={list} framed>
        <FilterSelect
          name="plan_id"
          w={340}
          label={t('plans.college.plan')}
          placeholder={t('reviews.allPlans')}
          searchable
          nothingFoundMessage={t('common.empty')}
          data={plans.map((plan) => ({
            value: String(plan.id),
            label: `${plan.title} · ${plan.organization.name}`,
          }))}
          data-testid="review-plan"
        />
        <FilterText
          name="keyword"
          w={260}
          label={t('plans.filters.keyword')}
          placeholder={t('plans.college.keywordPlaceholder')}
          data-testid="review-keyword"
        />
        <SegmentedControl
          value={state}
          onChange={(value) => {
            if (!isQueueState(value)) return;
            setState(value);
            list.setPage(1);
          }}
          data={QUEUE_STATES.map((item) => ({ value: item, label: t(`reviews.queue.${item}`) }))}
          data-testid="review-state"
        />
      </FilterBar>

      {batchResult && batchResult.skipped.length > 0 && (
        <Alert
          color="orange"
          title={t('reviews.batchSkipped', { n: batchResult.skipped.length })}
          withCloseButton
          onClose={() => setBatchResult(null)}
          data-testid="review-batch-skipped"
        >
          <List size="xs">
            {batchResult.skipped.map((item) => (
              <List.Item key={item.id}>
                #{item.id}: {item.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      <ListPageTable
        list={list}
        columns={columns}
        selection={selectable ? selection : undefined}
        onRowClick={(row) => setViewing(row.id)}
        empty={<Text c="dimmed">{t(state === 'submitted' ? 'reviews.emptyQueue' : 'common.empty')}</Text>}
        data-testid="review-table"
      />

      <ReviewDetailDrawer
        enrollmentId={viewing}
        onClose={() => setViewing(null)}
        onDecided={() => {
          // The decided row leaves the "awaiting review" queue: move on to the next one, if any.
          if (state === 'submitted') setViewing(nextRow?.id ?? prevRow?.id ?? null);
          list.reload();
        }}
        onPrev={prevRow ? () => setViewing(prevRow.id) : undefined}
        onNext={nextRow ? () => setViewing(nextRow.id) : undefined}
      />
      {confirm.dialog}
    </Stack>
  );
}
