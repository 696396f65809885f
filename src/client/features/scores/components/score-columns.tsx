// The columns of the scoring step's candidate list: ticket number, candidate, the two marks and their total,
// the result, the certificate number, and the row's actions (enter or correct the score, the candidate file).
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconEdit, IconFileDescription } from '@tabler/icons-react';
import { Link } from 'wouter';
import { maskIdNumber } from '../../../../shared/api/masking.ts';
import type { ScoreView } from '../../../../shared/scores/schema.ts';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';
import type { Translate } from '../../../lib/i18n/index.ts';
import type { ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import type { PlanScoreRow, ScorePlanInfo } from '../api.ts';

function resultBadge(t: Translate, score: ScoreView | null) {
  if (!score) return { label: t('scores.result.missing'), color: 'gray', variant: 'outline' as const };
  if (score.absent) return { label: t('scores.result.absent'), color: 'gray', variant: 'light' as const };
  if (score.cheating)
    return { label: t('scores.result.cheating'), color: 'orange', variant: 'light' as const };
  return score.passed
    ? { label: t('scores.result.passed'), color: 'teal', variant: 'light' as const }
    : { label: t('scores.result.failed'), color: 'red', variant: 'light' as const };
}

const mark = (value: number | null | undefined) => (value == null ? '—' : String(value));

export interface ScoreColumnsInput {
  t: Translate;
  plan: ScorePlanInfo;
  /** Why entering a score is closed, null while it is open. */
  editBlocked: string | null;
  onEdit: (row: PlanScoreRow) => void;
}

function ScoreRowActions({ t, plan, editBlocked, onEdit, row }: ScoreColumnsInput & { row: PlanScoreRow }) {
  return (
    <RowActions actions={[]} justify="flex-start">
      <GuardedButton
        size="xs"
        variant="light"
        leftSection={<IconEdit size={14} />}
        blockedBy={editBlocked}
        onClick={() => onEdit(row)}
        data-testid={`score-edit-${row.enrollment_id}`}
      >
        {plan.published ? t('scores.actions.correct') : t('scores.actions.enter')}
      </GuardedButton>
      <Anchor
        component={Link}
        href={`/manage/studentFilesInfo?learnerId=${row.learner_id}&planId=${plan.id}`}
        size="xs"
        data-testid={`candidate-file-${row.enrollment_id}`}
      >
        <Group gap={2} wrap="nowrap">
          <IconFileDescription size={14} />
          {t('scores.actions.file')}
        </Group>
      </Anchor>
    </RowActions>
  );
}

function ResultBadge({ t, row }: { t: Translate; row: PlanScoreRow }) {
  const badge = resultBadge(t, row.score);
  return (
    <Badge color={badge.color} variant={badge.variant} data-testid={`score-result-${row.enrollment_id}`}>
      {badge.label}
    </Badge>
  );
}

export function scoreColumns(input: ScoreColumnsInput): ListPageColumn<PlanScoreRow>[] {
  const { t } = input;
  return [
    {
      accessor: 'ticket_no',
      title: t('scores.columns.ticketNo'),
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.ticket_no}
        </Text>
      ),
    },
    {
      accessor: 'name',
      title: t('scores.columns.name'),
      render: (row) => (
        <div>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {maskIdNumber(row.id_number)}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'theory',
      title: t('scores.columns.theory'),
      textAlign: 'right',
      render: (row) => mark(row.score?.theory),
    },
    {
      accessor: 'practical',
      title: t('scores.columns.practical'),
      textAlign: 'right',
      render: (row) => mark(row.score?.practical),
    },
    {
      accessor: 'total',
      title: t('scores.columns.total'),
      textAlign: 'right',
      render: (row) => (
        <Text size="sm" fw={600}>
          {mark(row.score?.total)}
        </Text>
      ),
    },
    {
      accessor: 'result',
      title: t('scores.columns.result'),
      render: (row) => <ResultBadge t={t} row={row} />,
    },
    {
      accessor: 'certificate',
      title: t('scores.columns.certificate'),
      render: (row) => (
        <Text size="xs" ff="monospace" data-testid={`score-certificate-${row.enrollment_id}`}>
          {row.certificate?.number ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: t('scores.columns.actions'),
      render: (row) => <ScoreRowActions {...input} row={row} />,
    },
  ];
}
