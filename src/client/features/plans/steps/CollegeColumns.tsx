// The columns of the college's two lists in its exam-registration step: its plans (with the button that
// shows a plan's candidates) and its candidates with their review status.
import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.ts';
import type { ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { ENROLLMENT_STATE_COLORS, enrollmentStateLabel, levelLabel } from '../../../lib/plan-labels.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import type { CollegeEnrollment, ExamPlanSummary } from '../api.ts';
import { PlanSeats, PlanStateBadges } from '../components/PlanBadges.tsx';
import { TwoLineCell } from '../components/TwoLineCell.tsx';

/** The plans list; `chosen` is the plan whose candidates show, `choose` shows another's. */
export function useCollegePlanColumns(
  chosen: number | null,
  choose: (planId: number) => void,
): ListPageColumn<ExamPlanSummary>[] {
  const t = useT();
  const day = '{y}-{m}-{d}';
  return [
    {
      accessor: 'title',
      title: t('plans.plan.title'),
      render: (plan) => (
        <TwoLineCell
          strong
          main={plan.title}
          detail={`${plan.occupation.name} · ${levelLabel(t, plan.level)}`}
        />
      ),
    },
    {
      accessor: 'window',
      title: t('plans.plan.window'),
      render: (plan) => (
        <Text size="xs">
          {isoDateTime(plan.registration_starts_at, day)} ~ {isoDateTime(plan.registration_ends_at, day)}
        </Text>
      ),
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
      render: (plan) => (
        <Group gap={4}>
          <PlanStateBadges plan={plan} />
        </Group>
      ),
    },
    {
      accessor: 'candidates',
      title: t('plans.common.actions'),
      render: (plan) => (
        <Button
          size="xs"
          variant={chosen === plan.id ? 'filled' : 'light'}
          onClick={() => choose(plan.id)}
          data-testid={`college-plan-candidates-${plan.id}`}
        >
          {t('plans.college.showCandidates')}
        </Button>
      ),
    },
  ];
}

/** The review status: the state, "enrolled by the college" when it was, and a rejection's reason. */
function ReviewStatus({ row }: { row: CollegeEnrollment }) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Group gap={4}>
        <Badge
          color={ENROLLMENT_STATE_COLORS[row.state] ?? 'gray'}
          variant="light"
          data-testid={`college-candidate-state-${row.id}`}
        >
          {enrollmentStateLabel(t, row.state)}
        </Badge>
        {row.on_behalf && (
          <Tooltip label={t('plans.college.onBehalfHint')}>
            <Badge color="gray" variant="outline">
              {t('plans.college.onBehalf')}
            </Badge>
          </Tooltip>
        )}
      </Group>
      {row.state === 'rejected' && row.review_reason && (
        <Text size="xs" c="red">
          {t('plans.college.reason', { reason: row.review_reason })}
        </Text>
      )}
    </Stack>
  );
}

export function useCollegeCandidateColumns(): ListPageColumn<CollegeEnrollment>[] {
  const t = useT();
  return [
    {
      accessor: 'candidate',
      title: t('plans.college.candidate'),
      render: (row) => (
        <TwoLineCell
          strong
          main={row.learner.real_name || row.learner.username}
          detail={row.learner.username}
          testId={`college-candidate-name-${row.id}`}
        />
      ),
    },
    {
      accessor: 'id_card',
      title: t('plans.college.idCard'),
      render: (row) => <Text size="xs">{row.learner.id_card}</Text>,
    },
    {
      accessor: 'phone',
      title: t('plans.college.phone'),
      render: (row) => <Text size="xs">{row.learner.phone}</Text>,
    },
    {
      accessor: 'plan',
      title: t('plans.college.plan'),
      render: (row) => <TwoLineCell main={row.plan.title} detail={row.plan.organization_name} />,
    },
    {
      accessor: 'state',
      title: t('plans.college.reviewStatus'),
      render: (row) => <ReviewStatus row={row} />,
    },
    {
      accessor: 'submitted',
      title: t('plans.college.submittedAt'),
      render: (row) => <Text size="xs">{isoDateTime(row.submitted_at)}</Text>,
    },
  ];
}
