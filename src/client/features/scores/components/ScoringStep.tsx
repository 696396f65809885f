// The scoring step of the plan page (plan/index?step=scoring&plan=ID): the plan's ticketed candidates with
// their scores, entry and correction one by one, the Excel template and all-or-nothing import, publication
// and (founder/manager) certificate issuing. The server checks every rule (and a college's scope); the
// buttons only say in advance what the plan's state does not allow yet.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSignals } from '@preact/signals-react/runtime';
import { IconClipboardList, IconEdit, IconFileDescription, IconSearch, IconSend } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { maskIdNumber } from '../../../../shared/api/masking.ts';
import type { ScoreView } from '../../../../shared/scores/schema.ts';
import type { PlanState } from '../../../../shared/plans/schema.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT, type Translate } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import type { PlanStepProps, StepPlanDetail } from '../../../lib/plan-step.ts';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';
import { IssueCertificates } from './IssueCertificates.tsx';
import { ScoreEditModal } from './ScoreEditModal.tsx';
import { useScoreImport } from './ScoreImport.tsx';
import { ScoreSummaryCard } from './ScoreSummaryCard.tsx';
import { scoringAvailability } from './score-logic.ts';
import {
  SCORE_FILTERS,
  fetchPlanScores,
  publishScores,
  scoreTemplatePath,
  type PlanScoreRow,
  type ScoreFilter,
  type ScorePlanInfo,
  type ScoreSummaryCounts,
} from '../api.ts';
import { toastSuccess } from '../../../lib/toast.ts';

/** Plans whose scores can be worked on: from ticket issuing to certificates. */
const SCORING_STATES: readonly PlanState[] = [
  'tickets_issued',
  'exam_held',
  'scores_published',
  'certificates_issued',
];

/** Founder and manager issue certificates (spec §6); a college administrator does not. */
const CERTIFICATE_ISSUERS = ['founder', 'manager'];

function resultBadge(t: Translate, score: ScoreView | null) {
  if (!score) return { label: t('scoring.result.missing'), color: 'gray', variant: 'outline' as const };
  if (score.absent) return { label: t('scoring.result.absent'), color: 'gray', variant: 'light' as const };
  if (score.cheating)
    return { label: t('scoring.result.cheating'), color: 'orange', variant: 'light' as const };
  return score.passed
    ? { label: t('scoring.result.passed'), color: 'teal', variant: 'light' as const }
    : { label: t('scoring.result.failed'), color: 'red', variant: 'light' as const };
}

const mark = (value: number | null | undefined) => (value == null ? '—' : String(value));

export default function ScoringStep({ step, planPicker }: PlanStepProps) {
  const t = useT();
  return (
    <Stack gap="md" data-testid="scoring-step">
      <Group align="flex-end" gap="sm">
        {planPicker(SCORING_STATES)}
        {step.loading && <Loader size="sm" mb={8} />}
      </Group>
      {!step.planId ? (
        <Paper withBorder p="xl" radius="md" data-testid="scoring-choose-plan">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconClipboardList size={28} />
            </ThemeIcon>
            <Text fw={500}>{t('scoring.choosePlan')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('scoring.choosePlanHint')}
            </Text>
          </Stack>
        </Paper>
      ) : step.error ? (
        <Alert color="red" title={t('scoring.planLoadFailed')} data-testid="scoring-plan-error">
          <Text size="sm">{step.error}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={step.reload}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <ScoreBoard key={step.planId} planId={step.planId} detail={step.plan} onPlanChanged={step.reload} />
      )}
    </Stack>
  );
}

interface ScoreBoardProps {
  planId: number;
  /** The plan's detail (sessions, college), null while it loads. */
  detail: StepPlanDetail | null;
  onPlanChanged: () => void;
}

function ScoreBoard({ planId, detail, onPlanChanged }: ScoreBoardProps) {
  useSignals();
  const t = useT();
  const adminType = adminSession.value.userInfo?.administrator_type ?? '';
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 400);
  const [filter, setFilter] = useState<ScoreFilter | null>(null);
  const [info, setInfo] = useState<{ plan: ScorePlanInfo; summary: ScoreSummaryCounts } | null>(null);
  const [editing, setEditing] = useState<PlanScoreRow | null>(null);
  const [publishing, setPublishing] = useState(false);

  const list = usePagedList(
    (query) =>
      fetchPlanScores(planId, { ...query, keyword: debouncedKeyword || undefined, filter }).then((answer) => {
        setInfo({ plan: answer.plan, summary: answer.summary });
        return answer;
      }),
    [planId, debouncedKeyword, filter],
  );
  const { reload } = list;
  const changed = useCallback(() => {
    reload();
    onPlanChanged();
  }, [reload, onPlanChanged]);

  const importer = useScoreImport({
    planId,
    blockedKey: info
      ? scoringAvailability(info.plan.state, info.summary, detail?.sessions ?? []).import
      : 'common.loading',
    onImported: changed,
  });

  if (!info) {
    return list.error ? (
      <Alert color="red" title={t('common.loadFailed')} data-testid="scoring-load-error">
        <Text size="sm">{list.error}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={list.reload}>
          {t('common.retry')}
        </Button>
      </Alert>
    ) : (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }

  const { plan, summary } = info;
  const allowed = scoringAvailability(plan.state, summary, detail?.sessions ?? []);
  const reasonOf = (key: string | null) => (key ? t(key) : null);

  const publish = async () => {
    const answer = await publishScores(planId);
    toastSuccess(t('scoring.publish.done', { passed: answer.passed, failed: answer.failed }));
    changed();
  };

  const columns: ListColumn<PlanScoreRow>[] = [
    {
      key: 'ticket_no',
      title: t('scoring.columns.ticketNo'),
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.ticket_no}
        </Text>
      ),
    },
    {
      key: 'name',
      title: t('scoring.columns.name'),
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
      key: 'theory',
      title: t('scoring.columns.theory'),
      align: 'right',
      render: (row) => mark(row.score?.theory),
    },
    {
      key: 'practical',
      title: t('scoring.columns.practical'),
      align: 'right',
      render: (row) => mark(row.score?.practical),
    },
    {
      key: 'total',
      title: t('scoring.columns.total'),
      align: 'right',
      render: (row) => (
        <Text size="sm" fw={600}>
          {mark(row.score?.total)}
        </Text>
      ),
    },
    {
      key: 'result',
      title: t('scoring.columns.result'),
      render: (row) => {
        const badge = resultBadge(t, row.score);
        return (
          <Badge
            color={badge.color}
            variant={badge.variant}
            data-testid={`score-result-${row.enrollment_id}`}
          >
            {badge.label}
          </Badge>
        );
      },
    },
    {
      key: 'certificate',
      title: t('scoring.columns.certificate'),
      render: (row) => (
        <Text size="xs" ff="monospace" data-testid={`score-certificate-${row.enrollment_id}`}>
          {row.certificate?.number ?? '—'}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: t('scoring.columns.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <GuardedButton
            size="xs"
            variant="light"
            leftSection={<IconEdit size={14} />}
            blockedBy={reasonOf(allowed.edit)}
            onClick={() => setEditing(row)}
            data-testid={`score-edit-${row.enrollment_id}`}
          >
            {plan.published ? t('scoring.actions.correct') : t('scoring.actions.enter')}
          </GuardedButton>
          <Anchor
            component={Link}
            href={`/manage/studentFilesInfo?learnerId=${row.learner_id}&planId=${plan.id}`}
            size="xs"
            data-testid={`candidate-file-${row.enrollment_id}`}
          >
            <Group gap={2} wrap="nowrap">
              <IconFileDescription size={14} />
              {t('scoring.actions.file')}
            </Group>
          </Anchor>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(debouncedKeyword || filter);
  return (
    <Stack gap="md">
      <ScoreSummaryCard plan={plan} summary={summary} />

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="wrap">
              <ExcelDownloadButton
                path={scoreTemplatePath(planId)}
                fileName={t('scoring.template.fileName', { code: plan.code })}
                label={t('scoring.template.download')}
                failedMessage={t('scoring.template.failed')}
                data-testid="scores-template"
              />
              {importer.control}
            </Group>
            <Group gap="sm" wrap="wrap">
              <GuardedButton
                leftSection={<IconSend size={16} />}
                blockedBy={reasonOf(allowed.publish)}
                onClick={() => setPublishing(true)}
                data-testid="scores-publish"
              >
                {t('scoring.publish.button')}
              </GuardedButton>
              {CERTIFICATE_ISSUERS.includes(adminType) && (
                <IssueCertificates
                  planId={plan.id}
                  organizationId={detail?.organization.id ?? null}
                  passed={summary.passed}
                  blockedKey={allowed.certificates}
                  onIssued={changed}
                />
              )}
            </Group>
          </Group>
          {importer.report}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Group gap="sm" align="flex-end" mb="sm" wrap="wrap">
          <TextInput
            w={280}
            label={t('scoring.filters.keyword')}
            placeholder={t('scoring.filters.keywordPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            data-testid="scores-keyword"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('scoring.filters.filter')}
            </Text>
            <SegmentedControl
              value={filter ?? 'all'}
              onChange={(value) => setFilter(value === 'all' ? null : (value as ScoreFilter))}
              data={[
                { value: 'all', label: t('scoring.filters.all') },
                ...SCORE_FILTERS.map((value) => ({ value, label: t(`scoring.filters.${value}`) })),
              ]}
              data-testid="scores-filter"
            />
          </Stack>
        </Group>
        <ListTable
          columns={columns}
          {...pagedListProps(list)}
          rowKey={(row) => row.enrollment_id}
          rowTestId={(row) => `score-row-${row.enrollment_id}`}
          empty={<Text c="dimmed">{filtered ? t('scoring.noMatch') : t('scoring.empty')}</Text>}
          data-testid="scores-list"
        />
      </Paper>

      <ScoreEditModal
        row={editing}
        plan={plan}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      <ConfirmDialog
        opened={publishing}
        title={t('scoring.publish.title')}
        message={t('scoring.publish.message', { count: summary.candidates })}
        confirmLabel={t('scoring.publish.confirm')}
        onConfirm={publish}
        onClose={() => setPublishing(false)}
        testId="scores-publish-dialog"
      />
    </Stack>
  );
}
