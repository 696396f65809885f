import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconCoinYuan, IconSchool, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import type { SkillTest } from '../api.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';
import { applyHref } from '../apply-link.ts';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text c="dimmed" lh={1} mt={2}>
        {icon}
      </Text>
      <Text fz="sm" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** One skill test open for registration: window, fee, seats left, details and apply. */
export function SkillTestCard({
  test,
  onDetails,
  loggedIn,
}: {
  test: SkillTest;
  onDetails: (id: number) => void;
  loggedIn: boolean;
}) {
  const t = useT();
  const full = test.seats_left <= 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`skill-test-${test.id}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={2} data-testid="skill-test-title">
            {test.title}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
            {test.level_name}
          </Badge>
        </Group>
        <Fact icon={<IconSchool size={14} />}>
          {test.occupation.name} · {test.organization.name}
        </Fact>
        <Fact icon={<IconCalendarEvent size={14} />}>
          {t('portal.window')}: {dateTimeText(test.registration_starts_at)} ~{' '}
          {dateTimeText(test.registration_ends_at)}
        </Fact>
        {test.exam_starts_at && (
          <Fact icon={<IconCalendarEvent size={14} />}>
            {t('portal.examDate')}: {dateTimeText(test.exam_starts_at)}
          </Fact>
        )}
        <Group gap="lg">
          <Fact icon={<IconCoinYuan size={14} />}>
            <Text span fw={600} c="brand.7" data-testid="skill-test-fee">
              {formatFen(test.fee_fen)}
            </Text>
          </Fact>
          <Fact icon={<IconUsers size={14} />}>
            <span data-testid="skill-test-seats">
              {full ? t('portal.full') : t('portal.seatsLeft', { n: test.seats_left, total: test.capacity })}
            </span>
          </Fact>
        </Group>
        <Group gap="xs" mt="auto" pt="xs" grow>
          <Button
            variant="default"
            size="sm"
            onClick={() => onDetails(test.id)}
            data-testid="skill-test-details"
          >
            {t('portal.details')}
          </Button>
          <Button
            component={Link}
            href={applyHref(test.id, loggedIn)}
            size="sm"
            disabled={full || !test.registration_open}
            data-testid="skill-test-apply"
          >
            {loggedIn ? t('portal.apply') : t('portal.loginToApply')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
