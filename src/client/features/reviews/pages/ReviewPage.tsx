// /manage/examineManage/exam/plan: exam material review (manager only, spec §6). The queue of one plan
// (or all), oldest first, filtered by review state and searched by name, username, phone or ID number;
// a row opens the application beside its materials. Submitted rows can be selected and approved together.
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChecks, IconEye, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import {
  batchApprove,
  fetchReviewPlans,
  fetchReviewQueue,
  type BatchApproveAnswer,
  type ReviewPlan,
  type ReviewRow,
} from '../api.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { ReviewDetailDrawer } from '../components/ReviewDetailDrawer.tsx';
import { REVIEW_STATE_COLORS, reviewLabel } from '../labels.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

const QUEUE_STATES = ['submitted', 'approved', 'rejected'] as const satisfies readonly EnrollmentState[];
type QueueState = (typeof QUEUE_STATES)[number];

export default function ReviewPage() {
  const t = useT();
  const [plans, setPlans] = useState<ReviewPlan[]>([]);
  const [planId, setPlanId] = useState<number | null>(null);
  const [state, setState] = useState<QueueState>('submitted');
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 400);
  const list = usePagedList(
    (query) => fetchReviewQueue({ ...query, plan_id: planId, state, keyword: debouncedKeyword || undefined }),
    [planId, state, debouncedKeyword],
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const [batchResult, setBatchResult] = useState<BatchApproveAnswer | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchReviewPlans().then(
      (answer) => !cancelled && setPlans(answer),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // A selection belongs to the rows on screen.
  useEffect(() => setSelected(new Set()), [list.rows]);

  const selectable = state === 'submitted';
  const pageIds = list.rows.map((row) => row.id);
  const allChecked = selectable && pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someChecked = pageIds.some((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const index = viewing === null ? -1 : list.rows.findIndex((row) => row.id === viewing);
  const prevRow = index > 0 ? list.rows[index - 1] : undefined;
  const nextRow = index >= 0 ? list.rows[index + 1] : undefined;

  const columns: ListColumn<ReviewRow>[] = [
    ...(selectable
      ? [
          {
            key: 'select',
            width: 40,
            title: (
              <Checkbox
                aria-label={t('examAffairs.review.selectPage')}
                checked={allChecked}
                indeterminate={!allChecked && someChecked}
                onChange={() => setSelected(allChecked ? new Set() : new Set(pageIds))}
                data-testid="review-select-all"
              />
            ),
            render: (row: ReviewRow) => (
              <Checkbox
                aria-label={t('examAffairs.review.selectRow', { name: row.learner.real_name })}
                checked={selected.has(row.id)}
                onClick={(event) => event.stopPropagation()}
                onChange={() => toggle(row.id)}
                data-testid={`review-select-${row.id}`}
              />
            ),
          } satisfies ListColumn<ReviewRow>,
        ]
      : []),
    {
      key: 'candidate',
      title: t('examAffairs.college.candidate'),
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
      key: 'id_card',
      title: t('examAffairs.college.idCard'),
      render: (row) => <Text size="xs">{row.learner.id_card}</Text>,
    },
    {
      key: 'phone',
      title: t('examAffairs.college.phone'),
      render: (row) => <Text size="xs">{row.learner.phone}</Text>,
    },
    {
      key: 'plan',
      title: t('examAffairs.college.plan'),
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
      key: 'submitted',
      title: t('examAffairs.college.submittedAt'),
      render: (row) => <Text size="xs">{isoDateTime(row.submitted_at)}</Text>,
    },
    {
      key: 'state',
      title: t('examAffairs.college.reviewStatus'),
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
      key: 'actions',
      title: t('examAffairs.common.actions'),
      render: (row) => (
        <RowAction
          label={t('examAffairs.review.open')}
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
          {t('examAffairs.review.pageTitle')}
        </Title>
        {selectable && (
          <Button
            color="green"
            leftSection={<IconChecks size={16} />}
            disabled={selected.size === 0}
            onClick={() => setBatchOpen(true)}
            data-testid="review-batch-approve"
          >
            {t('examAffairs.review.batchApprove', { n: selected.size })}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            w={340}
            label={t('examAffairs.college.plan')}
            placeholder={t('examAffairs.review.allPlans')}
            searchable
            clearable
            nothingFoundMessage={t('common.empty')}
            data={plans.map((plan) => ({
              value: String(plan.id),
              label: `${plan.title} · ${plan.organization.name}`,
            }))}
            value={planId ? String(planId) : null}
            onChange={(value) => setPlanId(value ? Number(value) : null)}
            data-testid="review-plan"
          />
          <TextInput
            w={260}
            label={t('examAffairs.filters.keyword')}
            placeholder={t('examAffairs.college.keywordPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            data-testid="review-keyword"
          />
          <SegmentedControl
            value={state}
            onChange={(value) => setState(value as QueueState)}
            data={QUEUE_STATES.map((value) => ({ value, label: t(`examAffairs.review.queue.${value}`) }))}
            data-testid="review-state"
          />
        </Group>
      </Paper>

      {batchResult && batchResult.skipped.length > 0 && (
        <Alert
          color="orange"
          title={t('examAffairs.review.batchSkipped', { n: batchResult.skipped.length })}
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

      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(row) => row.id}
        onRowClick={(row) => setViewing(row.id)}
        empty={
          <Text c="dimmed">
            {t(state === 'submitted' ? 'examAffairs.review.emptyQueue' : 'common.empty')}
          </Text>
        }
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
      <ConfirmDialog
        opened={batchOpen}
        title={t('examAffairs.review.batchTitle')}
        message={t('examAffairs.review.batchConfirm', { n: selected.size })}
        color="green"
        confirmLabel={t('examAffairs.review.approve')}
        onConfirm={async () => {
          const answer = await batchApprove([...selected]);
          setBatchResult(answer);
          toastSuccess(
            t('examAffairs.review.batchDone', {
              approved: answer.approved.length,
              skipped: answer.skipped.length,
            }),
          );
          list.reload();
        }}
        onClose={() => setBatchOpen(false)}
        testId="batch-confirm"
      />
    </Stack>
  );
}
