// Enrolments of one plan by state as a bar chart. Loaded lazily by the detail view, so recharts is only
// downloaded when a plan's detail is opened.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ENROLLMENT_STATES, type EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { enrollmentStateLabel } from '../../../lib/plan-labels.ts';

export default function EnrollmentCountsChart({
  counts,
}: {
  counts: Partial<Record<EnrollmentState, number>>;
}) {
  const t = useT();
  const data = ENROLLMENT_STATES.map((state) => ({
    state: enrollmentStateLabel(t, state),
    count: counts[state] ?? 0,
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="state"
      series={[{ name: 'count', label: t('plans.detail.candidates'), color: 'brand.6' }]}
      tickLine="y"
      gridAxis="y"
      withTooltip
      barProps={{ radius: 4 }}
      xAxisProps={{ interval: 0, angle: -30, textAnchor: 'end', height: 60, fontSize: 11 }}
      yAxisProps={{ allowDecimals: false }}
      data-testid="enrollment-counts-chart"
    />
  );
}
