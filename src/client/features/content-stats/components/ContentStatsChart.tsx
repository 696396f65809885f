// Daily views and downloads as an area chart. Loaded lazily by the statistics page, so recharts is only
// downloaded when the page is opened.
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ContentStats } from '../api.ts';

export default function ContentStatsChart({ daily }: { daily: ContentStats['daily'] }) {
  const t = useT();
  return (
    <AreaChart
      h={260}
      data={daily.map((d) => ({ ...d, day: d.day.slice(5) }))}
      dataKey="day"
      series={[
        { name: 'views', label: t('contentStats.views'), color: 'brand.6' },
        { name: 'downloads', label: t('contentStats.downloads'), color: 'teal.6' },
      ]}
      curveType="monotone"
      gridAxis="y"
      tickLine="y"
      withLegend
      withTooltip
      yAxisProps={{ allowDecimals: false }}
      data-testid="content-stats-chart"
    />
  );
}
