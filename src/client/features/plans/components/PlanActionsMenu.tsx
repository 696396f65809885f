// The plan's state actions (publish, withdraw, close and reopen registration, confirm the exam held,
// archive). Actions the state machine does not allow from the current state are shown disabled; the
// server still decides, and a refusal (409 with the reason) is toasted and shown in the dialog. With
// `onOpenStep` the menu also leads to the plan's ticket and scoring steps (plan management's rows).
import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { PLAN_MANAGEMENT_ACTIONS, type PlanAction } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ExamPlanSummary } from '../api.ts';
import { planActionLabel } from '../../../lib/plan-labels.ts';

/** Actions that undo or end something get the warning colour in the confirmation. */
export const CAUTION_ACTIONS: readonly PlanAction[] = [
  'unpublish',
  'close_registration',
  'archive',
  'hold_exam',
];

export function PlanActionsMenu({
  plan,
  onAction,
  onOpenStep,
  size = 'xs',
}: {
  plan: ExamPlanSummary;
  onAction: (action: PlanAction) => void;
  /** Opens the plan in another step of the plan page (?step=ticket|scoring&plan=<id>). */
  onOpenStep?: (step: 'ticket' | 'scoring') => void;
  size?: 'xs' | 'sm';
}) {
  const t = useT();
  const allowed = new Set(plan.allowed_actions);
  const any = !!onOpenStep || PLAN_MANAGEMENT_ACTIONS.some((action) => allowed.has(action));
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size={size}
          variant="light"
          rightSection={<IconChevronDown size={14} />}
          disabled={!any}
          data-testid={`plan-actions-${plan.id}`}
        >
          {t('plans.plan.stateActions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {onOpenStep && (
          <>
            {(['ticket', 'scoring'] as const).map((step) => (
              <Menu.Item
                key={step}
                disabled={plan.state === 'draft'}
                onClick={() => onOpenStep(step)}
                data-testid={`plan-open-${step}`}
              >
                {t(`tickets.planMenu.${step}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        {PLAN_MANAGEMENT_ACTIONS.map((action) => (
          <Menu.Item
            key={action}
            disabled={!allowed.has(action)}
            color={CAUTION_ACTIONS.includes(action) ? 'orange' : undefined}
            onClick={() => onAction(action)}
            data-testid={`plan-action-${action}`}
          >
            {planActionLabel(t, action)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
