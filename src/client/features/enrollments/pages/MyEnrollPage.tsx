import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardOff, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { usePagedList } from '../../../lib/components/use-paged-list.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchMyEnrollments, fetchOpenPlans, type OpenPlan } from '../api.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';
import { StateBadge } from '../components/StateBadge.tsx';

type Mine = Map<number, { id: number; state: EnrollmentState }>;

function PlanCard({
  plan,
  mine,
}: {
  plan: OpenPlan;
  mine: { id: number; state: EnrollmentState } | undefined;
}) {
  const t = useT();
  const full = plan.seats_left <= 0;
  return (
    <Card withBorder radius="md" data-testid={`open-plan-${plan.id}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={2}>
            {plan.title}
          </Text>
          {mine ? (
            <StateBadge state={mine.state} />
          ) : (
            <Badge variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
              {plan.level_name}
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {plan.occupation.name} · {plan.organization.name}
        </Text>
        <Text fz="sm">
          {t('portal.window')}: {dateTimeText(plan.registration_starts_at)} ~{' '}
          {dateTimeText(plan.registration_ends_at)}
        </Text>
        <Group gap="md">
          <Text fz="sm" fw={600} c="brand.7">
            {formatFen(plan.fee_fen)}
          </Text>
          <Text fz="sm" c={full ? 'red' : undefined}>
            {full ? t('portal.full') : t('portal.seatsLeft', { n: plan.seats_left, total: plan.capacity })}
          </Text>
        </Group>
        <Group justify="flex-end" mt="auto" pt="xs">
          {mine ? (
            <Button
              component={Link}
              href={`/userCenter/myEnrollInfo?id=${mine.id}`}
              variant="light"
              size="sm"
              data-testid="open-plan-view"
            >
              {t('portal.viewMine')}
            </Button>
          ) : (
            <Button
              component={Link}
              href={`/userCenter/myEnrollInfo?plan_id=${plan.id}`}
              size="sm"
              disabled={full || !plan.registration_open}
              data-testid="open-plan-apply"
            >
              {t('portal.apply')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** `/userCenter/myEnroll`: the plans open for registration; the ones already applied to say so. */
export default function MyEnrollPage() {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 400);
  const plans = usePagedList(
    (query) => fetchOpenPlans({ ...query, keyword: debounced || undefined }),
    [debounced],
  );
  // The learner's own applications mark the plans already applied to; without them the list still works.
  const myEnrollments = useRead({
    key: 'my-enroll-applied',
    fetch: () => fetchMyEnrollments({ page: 1, limit: 100 }),
  }).data;
  const mine = useMemo<Mine>(() => {
    const map: Mine = new Map();
    for (const row of myEnrollments?.data ?? [])
      if (row.state !== 'cancelled') map.set(row.plan.id, { id: row.id, state: row.state });
    return map;
  }, [myEnrollments]);

  return (
    <Stack gap="md" data-testid="my-enroll-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz="lg">
          {t('portal.openTests')}
        </Title>
        <TextInput
          w={{ base: '100%', sm: 260 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('portal.searchPlaceholder')}
          aria-label={t('portal.searchPlaceholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          data-testid="my-enroll-search"
        />
      </Group>
      {plans.error ? (
        <Alert color="red" title={t('common.loadFailed')} data-testid="my-enroll-error">
          <Button size="xs" variant="light" color="red" onClick={plans.reload}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : plans.loading && plans.rows.length === 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} h={170} radius="md" />
          ))}
        </SimpleGrid>
      ) : plans.rows.length === 0 ? (
        <Center py="xl" data-testid="my-enroll-empty">
          <Stack align="center" gap={4}>
            <IconClipboardOff size={36} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed">{t('portal.noOpenTests')}</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ opacity: plans.loading ? 0.6 : 1 }}>
          {plans.rows.map((plan) => (
            <PlanCard key={plan.id} plan={plan} mine={mine.get(plan.id)} />
          ))}
        </SimpleGrid>
      )}
      {plans.total > plans.limit && (
        <LazyPager
          total={plans.total}
          page={plans.page}
          limit={plans.limit}
          onChange={plans.setPage}
          disabled={plans.loading}
        />
      )}
    </Stack>
  );
}
