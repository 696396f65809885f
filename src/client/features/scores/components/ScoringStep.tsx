// The scoring step of the plan page (plan/index?step=scoring&plan=ID): the plan's ticketed candidates with
// their scores, entry and correction one by one, the Excel template and all-or-nothing import, publication
// and (founder/manager) certificate issuing. The server checks every rule (and a college's scope); the
// buttons only say in advance what the plan's state does not allow yet.
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconClipboardList, IconSend } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import type { PlanState } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { FilterBar, FilterField, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable } from '../../../lib/kit/ListPageTable.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage, type ListPage } from '../../../lib/kit/use-list-page.ts';
import type { PlanStepProps, StepPlanDetail } from '../../../lib/plan-step.ts';
import { GuardedButton } from '../../../lib/components/GuardedButton.tsx';
import { IssueCertificates } from './IssueCertificates.tsx';
import { ScoreEditModal } from './ScoreEditModal.tsx';
import { useScoreImport } from './ScoreImport.tsx';
import { ScoreSummaryCard } from './ScoreSummaryCard.tsx';
import { scoreColumns } from './score-columns.tsx';
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
            <Text fw={500}>{t('scores.choosePlan')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('scores.choosePlanHint')}
            </Text>
          </Stack>
        </Paper>
      ) : step.error ? (
        <Alert color="red" title={t('scores.planLoadFailed')} data-testid="scoring-plan-error">
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

type ScoreFilterName = 'keyword' | 'filter';
type ScoreInfo = { plan: ScorePlanInfo; summary: ScoreSummaryCounts };
type ScoreList = ListPage<PlanScoreRow, ScoreFilterName>;

const isScoreFilter = (value: string): value is ScoreFilter =>
  (SCORE_FILTERS as readonly string[]).includes(value);

/** The plan's candidates page by page, and the plan and counts the answer carries. */
function usePlanScores(planId: number) {
  const [info, setInfo] = useState<ScoreInfo | null>(null);
  // Filters live with the step, not in the URL: another plan starts with a fresh list.
  const list = useListPage<PlanScoreRow, ScoreFilterName>({
    filters: { keyword: '', filter: '' },
    inUrl: false,
    deps: [planId],
    fetch: ({ page, limit, filters }) =>
      fetchPlanScores(planId, {
        page,
        limit,
        keyword: filters.keyword || undefined,
        filter: isScoreFilter(filters.filter) ? filters.filter : null,
      }).then((answer) => {
        setInfo({ plan: answer.plan, summary: answer.summary });
        return answer;
      }),
  });
  return { list, info };
}

function ScoreBoard({ planId, detail, onPlanChanged }: ScoreBoardProps) {
  const t = useT();
  const { list, info } = usePlanScores(planId);
  const { reload } = list;
  const changed = useCallback(() => {
    reload();
    onPlanChanged();
  }, [reload, onPlanChanged]);

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
  return <ScoreBoardLoaded planId={planId} detail={detail} info={info} list={list} changed={changed} />;
}

interface ScoreBoardLoadedProps {
  planId: number;
  detail: StepPlanDetail | null;
  info: ScoreInfo;
  list: ScoreList;
  /** After a write: the list and the plan read again. */
  changed: () => void;
}

function ScoreBoardLoaded({ planId, detail, info, list, changed }: ScoreBoardLoadedProps) {
  const t = useT();
  const [editing, setEditing] = useState<PlanScoreRow | null>(null);
  const { plan, summary } = info;
  const allowed = scoringAvailability(plan.state, summary, detail?.sessions ?? []);
  const columns = scoreColumns({
    t,
    plan,
    editBlocked: allowed.edit ? t(allowed.edit) : null,
    onEdit: setEditing,
  });
  return (
    <Stack gap="md">
      <ScoreSummaryCard plan={plan} summary={summary} />
      <ScoreToolbar planId={planId} detail={detail} info={info} changed={changed} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <ScoreFilters list={list} />
          <ListPageTable
            list={list}
            columns={columns}
            rowKey={(row) => row.enrollment_id}
            rowTestId={(row) => `score-row-${row.enrollment_id}`}
            empty={<Text c="dimmed">{list.filtered ? t('scores.noMatch') : t('scores.empty')}</Text>}
            data-testid="scores-list"
          />
        </Stack>
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
    </Stack>
  );
}

function ScoreFilters({ list }: { list: ScoreList }) {
  const t = useT();
  return (
    <FilterBar list={list}>
      <FilterText
        name="keyword"
        w={280}
        label={t('scores.filters.keyword')}
        placeholder={t('scores.filters.keywordPlaceholder')}
        data-testid="scores-keyword"
      />
      <FilterField name="filter">
        {(value, set) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('scores.filters.filter')}
            </Text>
            <SegmentedControl
              value={value || 'all'}
              onChange={(next) => set(next === 'all' ? '' : next)}
              data={[
                { value: 'all', label: t('scores.filters.all') },
                ...SCORE_FILTERS.map((f) => ({ value: f, label: t(`scores.filters.${f}`) })),
              ]}
              data-testid="scores-filter"
            />
          </Stack>
        )}
      </FilterField>
    </FilterBar>
  );
}

/** Template, import, publication and certificates: what is done to the plan's scores as a whole. */
function ScoreToolbar({ planId, detail, info, changed }: Omit<ScoreBoardLoadedProps, 'list'>) {
  useSignals();
  const t = useT();
  const adminType = adminSession.value.userInfo?.administrator_type ?? '';
  const confirm = useConfirmAction();
  const { plan, summary } = info;
  const allowed = scoringAvailability(plan.state, summary, detail?.sessions ?? []);
  const importer = useScoreImport({ planId, blockedKey: allowed.import, onImported: changed });
  const askPublish = () =>
    confirm.ask({
      title: t('scores.publish.title'),
      message: t('scores.publish.message', { count: summary.candidates }),
      confirmLabel: t('scores.publish.confirm'),
      testId: 'scores-publish-dialog',
      run: async () => {
        const answer = await publishScores(planId);
        toastSuccess(t('scores.publish.done', { passed: answer.passed, failed: answer.failed }));
        changed();
      },
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <ExcelDownloadButton
              path={scoreTemplatePath(planId)}
              fileName={t('scores.template.fileName', { code: plan.code })}
              label={t('scores.template.download')}
              failedMessage={t('scores.template.failed')}
              data-testid="scores-template"
            />
            {importer.control}
          </Group>
          <Group gap="sm" wrap="wrap">
            <GuardedButton
              leftSection={<IconSend size={16} />}
              blockedBy={allowed.publish ? t(allowed.publish) : null}
              onClick={askPublish}
              data-testid="scores-publish"
            >
              {t('scores.publish.button')}
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
      {confirm.dialog}
    </Paper>
  );
}
