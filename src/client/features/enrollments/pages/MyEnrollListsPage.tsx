import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'wouter';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { myEnrollmentsQuery, type MyEnrollment } from '../api.ts';
import { nextStepHref } from '../enrollment-state.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';
import { StateBadge } from '../components/StateBadge.tsx';

const STEP_COLORS: Partial<Record<MyEnrollment['next_step'], string>> = { pay: 'orange', resubmit: 'red' };

function EnrollmentCard({ enrollment }: { enrollment: MyEnrollment }) {
  const t = useT();
  const next = nextStepHref(enrollment.next_step, enrollment.id);
  return (
    <Card withBorder radius="md" data-testid={`enrollment-${enrollment.id}`} data-state={enrollment.state}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text
            fw={600}
            component={Link}
            href={`/userCenter/myEnrollInfo?id=${enrollment.id}`}
            style={{ color: 'inherit' }}
          >
            {enrollment.plan.title}
          </Text>
          <StateBadge state={enrollment.state} />
        </Group>
        <Text fz="sm" c="dimmed">
          {enrollment.plan.occupation_name} · {enrollment.plan.level_name} ·{' '}
          {enrollment.plan.organization_name}
        </Text>
        <Text fz="sm">
          {t('enrollments.apply.submittedAt', { time: dateTimeText(enrollment.submitted_at) })} ·{' '}
          {formatFen(enrollment.plan.fee_fen)}
        </Text>
        {enrollment.state === 'rejected' && enrollment.review_reason && (
          <Text fz="sm" c="red">
            {t('enrollments.apply.reason')}: {enrollment.review_reason}
          </Text>
        )}
        <Group justify="space-between" align="center" mt={4} gap="xs">
          <Text fz="sm" c="dimmed" data-testid="enrollment-next-step">
            {t(`enrollments.nextStep.${enrollment.next_step}`)}
          </Text>
          <Group gap="xs">
            <Button
              component={Link}
              href={`/userCenter/myEnrollInfo?id=${enrollment.id}`}
              variant="default"
              size="xs"
              data-testid="enrollment-open"
            >
              {t('enrollments.lists.details')}
            </Button>
            {next && (
              <Button
                component={Link}
                href={next}
                size="xs"
                color={STEP_COLORS[enrollment.next_step]}
                data-testid="enrollment-next"
              >
                {t(`enrollments.nextStepAction.${enrollment.next_step}`)}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/userCenter/myEnrollLists`: the learner's applications with their state and next step (offline-cached). */
export default function MyEnrollListsPage() {
  const t = useT();
  const { paging, onPageChange } = useListPaging();
  const query = useRead(myEnrollmentsQuery(paging), { offline: true });
  return (
    <LearnerListPage
      title={t('userCenter.nav.myEnrollLists')}
      testId="my-enroll-lists-page"
      errorTestId="my-enroll-lists-error"
      query={query}
      paging={paging}
      onPageChange={onPageChange}
      empty={{
        text: t('enrollments.lists.empty'),
        testId: 'my-enroll-lists-empty',
        icon: <IconClipboardList size={36} color="var(--mantine-color-gray-5)" />,
        action: (
          <Button component={Link} href="/userCenter/myEnroll" size="xs">
            {t('enrollments.lists.findPlans')}
          </Button>
        ),
      }}
    >
      {(enrollments) => (
        <Stack gap="sm">
          {enrollments.map((enrollment) => (
            <EnrollmentCard key={enrollment.id} enrollment={enrollment} />
          ))}
        </Stack>
      )}
    </LearnerListPage>
  );
}
