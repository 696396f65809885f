// Answers kept after deadline + grace (or delivered by an answer file past it): the examiner accepts one
// (it counts as if it had arrived in time) or rejects it (kept, never counted); both asked first.
import { Badge, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { LATE_DECISIONS } from '../../../../shared/marking/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { decideLate, fetchLateAnswers, type MarkingLate } from '../api.ts';

const DECISION_COLORS = { pending: 'orange', accepted: 'green', rejected: 'gray' } as const;
type Decision = (typeof LATE_DECISIONS)[number];

export function LateAnswers({
  paperId,
  examId,
  onDecided,
}: {
  paperId: number;
  examId: number | null;
  onDecided: () => void;
}) {
  const t = useT();
  const confirm = useConfirmAction();
  const list = useListPage({
    urlKey: 'late',
    filters: { decision: 'pending' },
    deps: [paperId, examId],
    fetch: ({ page, limit, filters }) =>
      fetchLateAnswers(paperId, {
        page,
        limit,
        exam_id: examId,
        decision: (LATE_DECISIONS as readonly string[]).includes(filters.decision)
          ? (filters.decision as Decision)
          : null,
      }),
  });
  const decide = (late: MarkingLate, decision: 'accept' | 'reject') =>
    confirm.ask({
      title: t(`examCenter.late.${decision}`),
      message: t(`examCenter.late.confirm.${decision}`, {
        candidate: late.candidate,
        question: late.question_label,
      }),
      confirmLabel: t(`examCenter.late.${decision}`),
      color: decision === 'reject' ? 'red' : undefined,
      testId: `late-${decision}-dialog`,
      confirmTestId: `late-${decision}-confirm`,
      run: async () => {
        await decideLate(late.id, decision);
        toastSuccess(t(`examCenter.late.done.${decision}`));
        list.reload();
        onDecided();
      },
    });
  const columns: ListPageColumn<MarkingLate>[] = [
    { accessor: 'candidate', title: t('examCenter.late.candidate') },
    {
      accessor: 'question_label',
      title: t('examCenter.late.question'),
      render: (l) => (
        <Stack gap={0}>
          <Text fz="sm">{l.question_label}</Text>
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {l.choices.length ? l.choices.join('、') : l.text}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'recorded_at',
      title: t('examCenter.late.times'),
      render: (l) => (
        <Stack gap={0}>
          <Text fz="xs">
            {t('examCenter.late.recorded', { time: isoDateTime(l.recorded_at, '{h}:{i}:{s}') })}
          </Text>
          <Text fz="xs">
            {t('examCenter.late.received', { time: isoDateTime(l.received_at, '{m}-{d} {h}:{i}:{s}') })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('examCenter.late.deadline', { time: isoDateTime(l.deadline_at, '{h}:{i}:{s}') })}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'source',
      title: t('examCenter.late.source'),
      render: (l) => t(`examCenter.late.sources.${l.source === 'file' ? 'file' : 'online'}`),
    },
    {
      accessor: 'decision',
      title: t('examCenter.late.decision'),
      render: (l) => (
        <Badge color={DECISION_COLORS[l.decision]} variant="light" style={{ textTransform: 'none' }}>
          {t(`examCenter.late.decisions.${l.decision}`)}
        </Badge>
      ),
    },
    actionsColumn((l) =>
      l.decision === 'pending'
        ? [
            {
              key: 'accept',
              label: t('examCenter.late.accept'),
              icon: <IconCheck size={16} />,
              color: 'green',
              onClick: () => decide(l, 'accept'),
              testId: `late-accept-${l.id}`,
            },
            {
              key: 'reject',
              label: t('examCenter.late.reject'),
              icon: <IconX size={16} />,
              color: 'red',
              onClick: () => decide(l, 'reject'),
              testId: `late-reject-${l.id}`,
            },
          ]
        : [],
    ),
  ];
  return (
    <Stack gap="sm">
      <FilterBar list={list}>
        <FilterSelect
          name="decision"
          placeholder={t('examCenter.late.allDecisions')}
          aria-label={t('examCenter.late.decision')}
          data={LATE_DECISIONS.map((d) => ({ value: d, label: t(`examCenter.late.decisions.${d}`) }))}
          w={160}
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('examCenter.late.empty')}</Text>}
        data-testid="late-answers"
      />
      {confirm.dialog}
    </Stack>
  );
}
