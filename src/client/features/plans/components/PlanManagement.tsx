// Plan management (founder, manager): the searchable, filterable plan list with the spec's pagination,
// the create/edit drawer, the detail drawer and the state actions, each confirmed before it runs; a row's
// menu also opens the plan's ticket and scoring steps (?step=ticket|scoring&plan=<id>).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { PlanAction } from '../../../../shared/plans/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable } from '../../../lib/kit/ListPageTable.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { planActionLabel } from '../../../lib/plan-labels.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchPlanOptions, fetchPlans, transitionPlan, type ExamPlanSummary } from '../api.ts';
import { CAUTION_ACTIONS } from './PlanActionsMenu.tsx';
import { PlanDetailDrawer } from './PlanDetailDrawer.tsx';
import { PLAN_FILTERS, PlanFilters, planListFilters } from './PlanFilters.tsx';
import { PlanFormDrawer } from './PlanFormDrawer.tsx';
import { usePlanColumns } from './PlanTableColumns.tsx';

type Editing = { planId: number | null } | null;

interface Transition {
  plan: ExamPlanSummary;
  action: PlanAction;
}

/**
 * The plan state actions, each confirmed before it runs. The open plan's detail is asked again by its key
 * ('plan'); `onDone` reloads what is not read through the read hook (the kit's list).
 */
function usePlanTransitions(onDone: () => void) {
  const t = useT();
  const confirm = useConfirmAction();
  const transition = useWrite(({ plan, action }: Transition) => transitionPlan(plan.id, action), {
    invalidates: ['plan'],
    onDone: (_answer, { plan, action }) => {
      toastSuccess(t('plans.plan.actionDone', { action: planActionLabel(t, action), title: plan.title }));
      onDone();
    },
  });
  const ask = (plan: ExamPlanSummary, action: PlanAction) => {
    confirm.ask({
      title: planActionLabel(t, action),
      message: t(`plans.planActionConfirm.${action}`, { title: plan.title }),
      color: CAUTION_ACTIONS.includes(action) ? 'orange' : undefined,
      testId: 'plan-action-confirm',
      run: async () => {
        await transition.run({ plan, action });
      },
    });
  };
  return { ask, open: confirm.open, dialog: confirm.dialog };
}

export function PlanManagement() {
  const t = useT();
  const [location, navigate] = useLocation();
  // A failure is toasted by the API client; the filters and form then offer empty choices.
  const options = useRead({ key: 'plan-options', fetch: fetchPlanOptions }).data ?? null;
  const list = useListPage({
    filters: PLAN_FILTERS,
    fetch: ({ page, limit, filters }) => fetchPlans({ ...planListFilters(filters), page, limit }),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const transitions = usePlanTransitions(list.reload);
  const askAction = transitions.ask;

  const columns = usePlanColumns({
    onView: (plan) => setViewing(plan.id),
    onEdit: (plan) => setEditing({ planId: plan.id }),
    onAction: askAction,
    onOpenStep: (plan, step) => navigate(`${location}?step=${step}&plan=${plan.id}`),
  });

  return (
    <Stack gap="md" data-testid="plan-management">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('plans.plan.pageTitle')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ planId: null })}
          data-testid="plan-create"
        >
          {t('plans.plan.create')}
        </Button>
      </Group>
      <PlanFilters options={options} list={list} />
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('plans.plan.empty')}</Text>}
        data-testid="plan-table"
      />

      <PlanFormDrawer
        opened={editing !== null}
        planId={editing?.planId ?? null}
        options={options}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          list.reload();
          setViewing(saved.id);
        }}
      />
      <PlanDetailDrawer
        planId={viewing}
        covered={editing !== null || transitions.open}
        onClose={() => setViewing(null)}
        onEdit={(id) => setEditing({ planId: id })}
        onAction={askAction}
      />
      {transitions.dialog}
    </Stack>
  );
}
