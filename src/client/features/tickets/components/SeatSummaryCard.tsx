// The ticket step's counts (`seat-summary`): paid candidates still without a ticket, how many of them
// have a seat in every session, how many do not, and how many hold a ticket.
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.ts';
import type { SeatSummary } from '../api.ts';
import { summaryCounts } from './seating.ts';

export function SeatSummaryCard({ summary }: { summary: SeatSummary }) {
  const t = useT();
  const counts = summaryCounts(summary);
  const items = [
    { key: 'paid', value: counts.paid, color: undefined },
    { key: 'seated', value: counts.seated, color: 'teal' },
    { key: 'unseated', value: counts.unseated, color: counts.unseated > 0 ? 'orange' : undefined },
    { key: 'ticketed', value: counts.ticketed, color: 'cyan' },
  ] as const;
  const done = counts.total ? ((counts.ticketed + counts.seated) / counts.total) * 100 : 0;
  return (
    <Paper withBorder p="md" radius="md" data-testid="seat-summary">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {items.map((item) => (
            <div key={item.key} data-testid={`seat-summary-${item.key}`}>
              <Text size="xs" c="dimmed">
                {t(`tickets.summary.${item.key}`)}
              </Text>
              <Text fz="xl" fw={700} c={item.color}>
                {item.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group gap="xs" wrap="nowrap">
          <Progress.Root size="md" style={{ flex: 1 }} aria-label={t('tickets.summary.progress')}>
            <Progress.Section
              value={counts.total ? (counts.ticketed / counts.total) * 100 : 0}
              color="cyan"
            />
            <Progress.Section value={counts.total ? (counts.seated / counts.total) * 100 : 0} color="teal" />
          </Progress.Root>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('tickets.summary.total', { n: counts.total, percent: Math.round(done) })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
