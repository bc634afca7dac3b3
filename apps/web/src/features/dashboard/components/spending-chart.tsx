// The chart's styles come with its lazily loaded chunk, not with the app's first load.
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Table.css';
import { formatNaira, type DashboardView } from '@kobo/core';
import { formatAxisLabel, formatPeriodLabel } from '../../../lib/format-calendar-date.ts';
import { formatCompactNaira } from './dashboard-labels.ts';

/** Where the axis stops when nothing was spent: ₦1,000, so its ticks read ₦0, ₦250 … ₦1K. */
const EMPTY_AXIS_TOP_KOBO = 100_000;

/**
 * Spending per day (week, month) or per month (year), as the server bucketed it. Loaded lazily:
 * recharts is most of the dashboard's weight. The bars are drawn for the eye; the same figures are
 * in a table that screen readers read instead.
 */
export function SpendingChart({ series, caption }: { series: DashboardView['series']; caption: string }) {
  const data = series.points.map((point) => ({ label: formatAxisLabel(point.key), full: formatPeriodLabel(point.key), amount: point.amountKobo }));
  const nothingSpent = data.every((point) => point.amount === 0);
  return (
    <figure style={{ margin: 0 }}>
      {/* Hidden from screen readers, so nothing in it may take focus either (axe's aria-hidden-focus): recharts' keyboard layer is off. */}
      <div aria-hidden>
        <BarChart
          barChartProps={{ accessibilityLayer: false }}
          h={260}
          data={data}
          dataKey="label"
          series={[{ name: 'amount', label: 'Spent', color: 'blue.6' }]}
          valueFormatter={formatNaira}
          // A period with nothing spent would otherwise scale the axis from ₦0 to ₦0, every tick ₦0.
          yAxisProps={{ tickFormatter: formatCompactNaira, width: 64, ...(nothingSpent ? { domain: [0, EMPTY_AXIS_TOP_KOBO] } : {}) }}
          gridAxis="x"
          tickLine="none"
          tooltipAnimationDuration={150}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{series.unit === 'month' ? 'Month' : 'Day'}</th>
              <th scope="col">Spent</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.full}>
                <th scope="row">{point.full}</th>
                <td>{formatNaira(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
