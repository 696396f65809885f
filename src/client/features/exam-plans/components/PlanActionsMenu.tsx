// The plan's state actions (publish, withdraw, close and reopen registration, confirm the exam held,
// archive). Actions the state machine does not allow from the current state are shown disabled; the
// server still decides, and a refusal (409 with the reason) is toasted and shown in the dialog.
import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { PLAN_MANAGEMENT_ACTIONS, type PlanAction } from '../../../../shared/registration/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ExamPlanSummary } from '../api.ts';
import { planActionLabel } from '../labels.ts';

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
  size = 'xs',
}: {
  plan: ExamPlanSummary;
  onAction: (action: PlanAction) => void;
  size?: 'xs' | 'sm';
}) {
  const t = useT();
  const allowed = new Set(plan.allowed_actions);
  const any = PLAN_MANAGEMENT_ACTIONS.some((action) => allowed.has(action));
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
          {t('examAffairs.plan.stateActions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
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
