// Plan management (founder, manager): the searchable, filterable plan list with the spec's pagination,
// the create/edit drawer, the detail drawer and the state actions, each confirmed before it runs; a row's
// menu also opens the plan's ticket and scoring steps (?step=ticket|scoring&plan=<id>).
import { ActionIcon, Badge, Button, Group, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { PlanAction } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import {
  fetchPlanOptions,
  fetchPlans,
  transitionPlan,
  type ExamPlanSummary,
  type PlanOptions,
} from '../api.ts';
import { PLAN_STATE_COLORS, levelLabel, planActionLabel, planStateLabel } from '../../../lib/plan-labels.ts';
import { PLAN_EDITABLE_STATES } from '../plan-form.ts';
import { CAUTION_ACTIONS, PlanActionsMenu } from './PlanActionsMenu.tsx';
import { PlanDetailDrawer } from './PlanDetailDrawer.tsx';
import { PLAN_FILTERS, PlanFilters, planListFilters } from './PlanFilters.tsx';
import { PlanFormDrawer } from './PlanFormDrawer.tsx';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

type Editing = { planId: number | null } | null;

export function PlanManagement() {
  const t = useT();
  const [location, navigate] = useLocation();
  const [options, setOptions] = useState<PlanOptions | null>(null);
  const list = useListPage({
    filters: PLAN_FILTERS,
    fetch: ({ page, limit, filters }) => fetchPlans({ ...planListFilters(filters), page, limit }),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [detailVersion, setDetailVersion] = useState(0);
  const confirm = useConfirmAction();

  useEffect(() => {
    let cancelled = false;
    // A failure is toasted by the API client; the filters and form then offer empty choices.
    fetchPlanOptions().then(
      (answer) => !cancelled && setOptions(answer),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const refresh = () => {
    list.reload();
    setDetailVersion((v) => v + 1);
  };

  const askAction = (plan: ExamPlanSummary, action: PlanAction) => {
    confirm.ask({
      title: planActionLabel(t, action),
      message: t(`examAffairs.planActionConfirm.${action}`, { title: plan.title }),
      color: CAUTION_ACTIONS.includes(action) ? 'orange' : undefined,
      testId: 'plan-action-confirm',
      run: async () => {
        await transitionPlan(plan.id, action);
        toastSuccess(
          t('examAffairs.plan.actionDone', { action: planActionLabel(t, action), title: plan.title }),
        );
        refresh();
      },
    });
  };

  const columns: ListPageColumn<ExamPlanSummary>[] = [
    {
      accessor: 'title',
      title: t('examAffairs.plan.title'),
      render: (plan) => (
        <div>
          <Text size="sm" fw={500} data-testid={`plan-row-title-${plan.id}`}>
            {plan.title}
          </Text>
          <Text size="xs" c="dimmed">
            {plan.code}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'occupation',
      title: t('examAffairs.plan.occupationLevel'),
      render: (plan) => (
        <div>
          <Text size="sm">{plan.occupation.name}</Text>
          <Text size="xs" c="dimmed">
            {levelLabel(t, plan.level)}
          </Text>
        </div>
      ),
    },
    { accessor: 'college', title: t('examAffairs.plan.college'), render: (plan) => plan.organization.name },
    {
      accessor: 'window',
      title: t('examAffairs.plan.window'),
      render: (plan) => (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {isoDateTime(plan.registration_starts_at)}
          <br />~ {isoDateTime(plan.registration_ends_at)}
        </Text>
      ),
    },
    {
      accessor: 'exam',
      title: t('examAffairs.plan.examDate'),
      render: (plan) => (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {isoDateTime(plan.exam_starts_at, '{y}-{m}-{d}') || '—'}
        </Text>
      ),
    },
    {
      accessor: 'fee',
      title: t('examAffairs.plan.fee'),
      textAlign: 'right',
      render: (plan) => formatFen(plan.fee_fen),
    },
    {
      accessor: 'seats',
      title: t('examAffairs.plan.seats'),
      width: 120,
      render: (plan) => (
        <Stack gap={4}>
          <Text size="xs">
            {plan.enrolled_count}/{plan.capacity}
          </Text>
          <Progress size="sm" value={plan.capacity ? (plan.enrolled_count / plan.capacity) * 100 : 0} />
        </Stack>
      ),
    },
    {
      accessor: 'state',
      title: t('examAffairs.plan.state'),
      width: 110,
      render: (plan) => (
        <Badge
          color={PLAN_STATE_COLORS[plan.state] ?? 'gray'}
          variant="light"
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          data-testid={`plan-row-state-${plan.id}`}
        >
          {planStateLabel(t, plan.state)}
        </Badge>
      ),
    },
    {
      accessor: 'actions',
      title: t('examAffairs.common.actions'),
      render: (plan) => (
        <Group gap={4} wrap="nowrap">
          <RowAction
            label={t('examAffairs.plan.view')}
            icon={<IconEye size={16} />}
            onClick={() => setViewing(plan.id)}
            testId={`plan-view-${plan.id}`}
          />
          <Tooltip
            label={
              PLAN_EDITABLE_STATES.includes(plan.state)
                ? t('examAffairs.plan.edit')
                : t('examAffairs.plan.notEditable')
            }
          >
            <ActionIcon
              variant="subtle"
              aria-label={t('examAffairs.plan.edit')}
              disabled={!PLAN_EDITABLE_STATES.includes(plan.state)}
              onClick={() => setEditing({ planId: plan.id })}
              data-testid={`plan-edit-${plan.id}`}
            >
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <PlanActionsMenu
            plan={plan}
            onAction={(action) => askAction(plan, action)}
            onOpenStep={(step) => navigate(`${location}?step=${step}&plan=${plan.id}`)}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="plan-management">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('examAffairs.plan.pageTitle')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ planId: null })}
          data-testid="plan-create"
        >
          {t('examAffairs.plan.create')}
        </Button>
      </Group>
      <PlanFilters options={options} list={list} />
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('examAffairs.plan.empty')}</Text>}
        data-testid="plan-table"
      />

      <PlanFormDrawer
        opened={editing !== null}
        planId={editing?.planId ?? null}
        options={options}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          refresh();
          setViewing(saved.id);
        }}
      />
      <PlanDetailDrawer
        planId={viewing}
        version={detailVersion}
        covered={editing !== null || confirm.open}
        onClose={() => setViewing(null)}
        onEdit={(id) => setEditing({ planId: id })}
        onAction={askAction}
      />
      {confirm.dialog}
    </Stack>
  );
}
