// `score-summary`: the plan's counts (candidates, entered, passed, absent, misconduct), its pass lines,
// whether the scores are published, and the results as a small chart.
import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import type { ScorePlanInfo, ScoreSummaryCounts } from '../api.ts';
import { resultBreakdown } from './score-logic.ts';

const ScoreResultChart = lazy(() => import('./ScoreResultChart.tsx'));

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value}
      </Text>
    </Stack>
  );
}

export function ScoreSummaryCard({ plan, summary }: { plan: ScorePlanInfo; summary: ScoreSummaryCounts }) {
  const t = useT();
  const parts = Object.fromEntries(resultBreakdown(summary).map((part) => [part.key, part.count]));
  return (
    <Paper withBorder p="md" radius="md" data-testid="score-summary">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Stack gap="sm" style={{ flex: 1, minWidth: 280 }}>
          <Group gap="sm">
            <Title order={3} fz="h4">
              {t('scores.summary.title')}
            </Title>
            <Badge
              variant="light"
              color={plan.published ? 'violet' : 'gray'}
              data-testid="score-summary-published"
            >
              {plan.published ? t('scores.summary.published') : t('scores.summary.unpublished')}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="sm">
            <Count label={t('scores.summary.candidates')} value={summary.candidates} />
            <Count label={t('scores.summary.entered')} value={summary.entered} />
            <Count label={t('scores.summary.passed')} value={summary.passed} color="teal" />
            <Count label={t('scores.summary.failed')} value={parts.failed ?? 0} color="red" />
            <Count label={t('scores.summary.absent')} value={summary.absent} />
            <Count label={t('scores.summary.cheating')} value={summary.cheating} color="orange" />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('scores.summary.passLines', { theory: plan.pass_theory, practical: plan.pass_practical })}
            {' · '}
            {t('scores.summary.missing')} {parts.missing ?? 0}
          </Text>
        </Stack>
        <Suspense fallback={<Loader size="sm" />}>
          <ScoreResultChart summary={summary} />
        </Suspense>
      </Group>
    </Paper>
  );
}
