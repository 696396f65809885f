// The plan's results as a donut: passed, failed, absent, misconduct and not yet entered. Loaded lazily by
// the score summary, so the chart library is only downloaded when the scoring step is opened.
import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ScoreSummaryCounts } from '../api.ts';
import { resultBreakdown } from './score-logic.ts';

const COLORS = {
  passed: 'teal.6',
  failed: 'red.6',
  absent: 'gray.5',
  cheating: 'orange.6',
  missing: 'blue.2',
} as const;

export default function ScoreResultChart({ summary }: { summary: ScoreSummaryCounts }) {
  const t = useT();
  const data = resultBreakdown(summary)
    .filter((part) => part.count > 0)
    .map((part) => ({ name: t(`scores.result.${part.key}`), value: part.count, color: COLORS[part.key] }));
  if (!data.length) return null;
  return (
    <DonutChart
      size={140}
      thickness={22}
      data={data}
      withTooltip
      tooltipDataSource="segment"
      chartLabel={summary.candidates}
      data-testid="score-result-chart"
    />
  );
}
