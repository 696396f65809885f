// The plan list's columns: title and code, occupation and level, college, registration window, exam day,
// fee, seats taken, state, and the row's actions (view, edit while the state allows it, the state menu).
import { Text } from '@mantine/core';
import { IconEdit, IconEye } from '@tabler/icons-react';
import type { PlanAction } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { levelLabel } from '../../../lib/plan-labels.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import type { ExamPlanSummary } from '../api.ts';
import { PLAN_EDITABLE_STATES } from '../plan-form.ts';
import { PlanActionsMenu } from './PlanActionsMenu.tsx';
import { PlanSeats, PlanStateBadge } from './PlanBadges.tsx';
import { TwoLineCell } from './TwoLineCell.tsx';

export interface PlanRowHandlers {
  onView: (plan: ExamPlanSummary) => void;
  onEdit: (plan: ExamPlanSummary) => void;
  onAction: (plan: ExamPlanSummary, action: PlanAction) => void;
  onOpenStep: (plan: ExamPlanSummary, step: 'ticket' | 'scoring') => void;
}

function PlanRowActions({ plan, handlers }: { plan: ExamPlanSummary; handlers: PlanRowHandlers }) {
  const t = useT();
  const editable = PLAN_EDITABLE_STATES.includes(plan.state);
  return (
    <RowActions
      justify="flex-start"
      actions={[
        {
          key: 'view',
          label: t('plans.plan.view'),
          icon: <IconEye size={16} />,
          onClick: () => handlers.onView(plan),
          testId: `plan-view-${plan.id}`,
        },
        {
          key: 'edit',
          label: editable ? t('plans.plan.edit') : t('plans.plan.notEditable'),
          icon: <IconEdit size={16} />,
          disabled: !editable,
          onClick: () => handlers.onEdit(plan),
          testId: `plan-edit-${plan.id}`,
        },
      ]}
    >
      <PlanActionsMenu
        plan={plan}
        onAction={(action) => handlers.onAction(plan, action)}
        onOpenStep={(step) => handlers.onOpenStep(plan, step)}
      />
    </RowActions>
  );
}

export function usePlanColumns(handlers: PlanRowHandlers): ListPageColumn<ExamPlanSummary>[] {
  const t = useT();
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return [
    {
      accessor: 'title',
      title: t('plans.plan.title'),
      render: (plan) => (
        <TwoLineCell main={plan.title} detail={plan.code} strong testId={`plan-row-title-${plan.id}`} />
      ),
    },
    {
      accessor: 'occupation',
      title: t('plans.plan.occupationLevel'),
      render: (plan) => <TwoLineCell main={plan.occupation.name} detail={levelLabel(t, plan.level)} />,
    },
    { accessor: 'college', title: t('plans.plan.college'), render: (plan) => plan.organization.name },
    {
      accessor: 'window',
      title: t('plans.plan.window'),
      render: (plan) => (
        <Text size="xs" style={nowrap}>
          {isoDateTime(plan.registration_starts_at)}
          <br />~ {isoDateTime(plan.registration_ends_at)}
        </Text>
      ),
    },
    {
      accessor: 'exam',
      title: t('plans.plan.examDate'),
      render: (plan) => (
        <Text size="xs" style={nowrap}>
          {isoDateTime(plan.exam_starts_at, '{y}-{m}-{d}') || '—'}
        </Text>
      ),
    },
    {
      accessor: 'fee',
      title: t('plans.plan.fee'),
      textAlign: 'right',
      render: (plan) => formatFen(plan.fee_fen),
    },
    {
      accessor: 'seats',
      title: t('plans.plan.seats'),
      width: 120,
      render: (plan) => <PlanSeats plan={plan} />,
    },
    {
      accessor: 'state',
      title: t('plans.plan.state'),
      width: 110,
      render: (plan) => (
        <PlanStateBadge
          state={plan.state}
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          data-testid={`plan-row-state-${plan.id}`}
        />
      ),
    },
    {
      accessor: 'actions',
      title: t('plans.common.actions'),
      render: (plan) => <PlanRowActions plan={plan} handlers={handlers} />,
    },
  ];
}
