// How a plan's state and seats read wherever a plan is listed or shown: the state badge in its colour,
// the "registration open" dot beside it, and the seats taken as a count over a bar.
import { Badge, Progress, Stack, Text, type BadgeProps } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.ts';
import { PLAN_STATE_COLORS, planStateLabel } from '../../../lib/plan-labels.ts';
import type { ExamPlanSummary } from '../api.ts';

export interface PlanStateBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'children'> {
  state: ExamPlanSummary['state'];
  'data-testid'?: string;
}

export function PlanStateBadge({ state, ...badge }: PlanStateBadgeProps) {
  const t = useT();
  return (
    <Badge color={PLAN_STATE_COLORS[state] ?? 'gray'} variant="light" {...badge}>
      {planStateLabel(t, state)}
    </Badge>
  );
}

/** The state badge, and the green dot while registration is open. */
export function PlanStateBadges({ plan, testId }: { plan: ExamPlanSummary; testId?: string }) {
  const t = useT();
  return (
    <>
      <PlanStateBadge state={plan.state} data-testid={testId} />
      {plan.registration_open && (
        <Badge color="green" variant="dot">
          {t('plans.plan.registrationOpen')}
        </Badge>
      )}
    </>
  );
}

export function PlanSeats({ plan }: { plan: Pick<ExamPlanSummary, 'enrolled_count' | 'capacity'> }) {
  return (
    <Stack gap={4}>
      <Text size="xs">
        {plan.enrolled_count}/{plan.capacity}
      </Text>
      <Progress size="sm" value={plan.capacity ? (plan.enrolled_count / plan.capacity) * 100 : 0} />
    </Stack>
  );
}
