// A paper's questions and scores per type as a small bar chart. Loaded lazily by the check page, so
// recharts is only downloaded when a paper is checked.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { QUESTION_TYPES } from '../../../../shared/exams/question-count.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { PaperCheck } from '../api.ts';

export default function TypeCountsChart({ check }: { check: PaperCheck }) {
  const t = useT();
  const data = QUESTION_TYPES.map((type) => ({
    type: t(`papers.types.${type}`),
    count: check.counts[type],
    score: check.scores_by_type[type],
  }));
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="type"
      series={[
        { name: 'count', label: t('papers.check.count'), color: 'brand.6' },
        { name: 'score', label: t('papers.check.score'), color: 'teal.6' },
      ]}
      tickLine="y"
      gridAxis="y"
      withTooltip
      withLegend
      barProps={{ radius: 4 }}
      data-testid="paper-type-chart"
    />
  );
}
