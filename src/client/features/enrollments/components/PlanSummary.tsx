import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';

export interface PlanSummaryData {
  title: string;
  occupation: string;
  levelName: string;
  organization: string;
  feeFen: number;
  registrationEndsAt: string;
  examStartsAt: string | null;
}

/** The plan an application belongs to, at the top of the application page. */
export function PlanSummary({ plan, badge }: { plan: PlanSummaryData; badge?: ReactNode }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" data-testid="plan-summary">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} data-testid="plan-title">
            {plan.title}
          </Text>
          {badge}
        </Group>
        <Group gap="xs">
          <Badge variant="light">{plan.occupation}</Badge>
          <Badge variant="light" color="grape">
            {plan.levelName}
          </Badge>
          <Badge variant="light" color="gray">
            {plan.organization}
          </Badge>
        </Group>
        <Text fz="sm">
          {t('portal.fee')}:{' '}
          <Text span fw={600} c="brand.7">
            {formatFen(plan.feeFen)}
          </Text>
          {' · '}
          {t('enrollments.apply.deadline')}: {dateTimeText(plan.registrationEndsAt)}
        </Text>
        {plan.examStartsAt && (
          <Text fz="sm" c="dimmed">
            {t('portal.examDate')}: {dateTimeText(plan.examStartsAt)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
