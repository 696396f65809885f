import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PAGINATION } from '../../../../shared/api/constants.ts';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { useCachedQuery } from '../../../lib/offline/use-cached-query.ts';
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
          {t('registration.apply.submittedAt', { time: dateTimeText(enrollment.submitted_at) })} ·{' '}
          {formatFen(enrollment.plan.fee_fen)}
        </Text>
        {enrollment.state === 'rejected' && enrollment.review_reason && (
          <Text fz="sm" c="red">
            {t('registration.apply.reason')}: {enrollment.review_reason}
          </Text>
        )}
        <Group justify="space-between" align="center" mt={4} gap="xs">
          <Text fz="sm" c="dimmed" data-testid="enrollment-next-step">
            {t(`registration.nextStep.${enrollment.next_step}`)}
          </Text>
          <Group gap="xs">
            <Button
              component={Link}
              href={`/userCenter/myEnrollInfo?id=${enrollment.id}`}
              variant="default"
              size="xs"
              data-testid="enrollment-open"
            >
              {t('registration.lists.details')}
            </Button>
            {next && (
              <Button
                component={Link}
                href={next}
                size="xs"
                color={STEP_COLORS[enrollment.next_step]}
                data-testid="enrollment-next"
              >
                {t(`registration.nextStepAction.${enrollment.next_step}`)}
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
  const [page, setPage] = useState<{ page: number; limit: number }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
  });
  const enrollments = myEnrollmentsQuery(page);
  const query = useCachedQuery(enrollments.key, enrollments.fetch);
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;

  return (
    <Stack gap="md" data-testid="my-enroll-lists-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('learner.nav.myEnrollLists')}
        </Title>
        <StaleBadge
          fetchedAt={query.fetchedAt}
          stale={query.stale}
          offline={query.offline}
          refreshing={query.refreshing}
        />
      </Group>
      {!query.data && query.refreshing ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : !query.data ? (
        <Alert color="red" title={t('common.loadFailed')} data-testid="my-enroll-lists-error">
          <Button size="xs" variant="light" color="red" onClick={query.refresh}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <Center py="xl" data-testid="my-enroll-lists-empty">
          <Stack align="center" gap="xs">
            <IconClipboardList size={36} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed">{t('registration.lists.empty')}</Text>
            <Button component={Link} href="/userCenter/myEnroll" size="xs">
              {t('registration.lists.findPlans')}
            </Button>
          </Stack>
        </Center>
      ) : (
        <Stack gap="sm">
          {rows.map((enrollment) => (
            <EnrollmentCard key={enrollment.id} enrollment={enrollment} />
          ))}
        </Stack>
      )}
      {total > page.limit && (
        <LazyPager
          total={total}
          page={page.page}
          limit={page.limit}
          onChange={(p, limit) => setPage({ page: p, limit })}
        />
      )}
    </Stack>
  );
}
