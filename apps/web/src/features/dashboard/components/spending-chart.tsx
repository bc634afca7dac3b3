// The chart's styles come with its lazily loaded chunk, not with the app's first load.
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/charts/styles.css';
import { memo } from 'react';
import { BarChart } from '@mantine/charts';
import type { XAxisTickContentProps, YAxisTickContentProps } from 'recharts';
import { Table, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Table.css';
import { formatNaira, type DashboardView } from '@kobo/core';
import { formatAxisLabel, formatPeriodLabel } from '../../../lib/format-calendar-date.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { formatCompactNaira } from './dashboard-labels.ts';

/** Where the axis stops when nothing was spent: ₦1,000, so its ticks read ₦0, ₦250 … ₦1K. */
const EMPTY_AXIS_TOP_KOBO = 100_000;

/** How many day or month labels fit under the bars without touching ('22 Nov' is about 40 px at 12 px). */
const AXIS_LABELS = { phone: 4, wide: 12 } as const;

/**
 * An axis label as plain SVG text, where recharts' own label measures every word of every label
 * in the page (a forced layout each) in case it must wrap: the dearest part of drawing the chart
 * on a slow phone (issue 34's total blocking time), for labels that never wrap. Placed as recharts
 * places its own: below the tick on the day axis, centred on it on the amount axis, 10 px out.
 */
function axisTick(shift: string) {
  // recharts' own class only, as its label has: the axis's class would colour it as the axis line.
  return function AxisTick({ x, y, textAnchor, verticalAnchor, index, payload, tickFormatter }: XAxisTickContentProps | YAxisTickContentProps) {
    return (
      <text x={x} y={y} dy={verticalAnchor === 'start' ? '0.71em' : '0.355em'} transform={shift} textAnchor={textAnchor} fontSize={12} fill="currentColor" className="recharts-cartesian-axis-tick-value">
        {tickFormatter ? tickFormatter(payload.value, index) : payload.value}
      </text>
    );
  };
}
const DAY_TICK = axisTick('translate(0, 10)');
const AMOUNT_TICK = axisTick('translate(-10, 0)');

/**
 * Spending per day (week, month) or per month (year), as the server bucketed it. Loaded lazily:
 * recharts is most of the dashboard's weight. The bars are drawn for the eye; the same figures are
 * in a table that screen readers read instead. Memoised: the page draws itself again while it
 * refetches its answer (its busy sign), and an unchanged answer is the same object (react-query keeps
 * it), so recharts' costly layout of the bars is not done again for nothing (issue 34).
 */
export const SpendingChart = memo(function SpendingChart({ series, caption }: { series: DashboardView['series']; caption: string }) {
  const data = series.points.map((point) => ({ label: formatAxisLabel(point.key), full: formatPeriodLabel(point.key), amount: point.amountKobo }));
  const nothingSpent = data.every((point) => point.amount === 0);
  // Every n-th day or month labelled, so that the labels fit: counted here rather than measured
  // (recharts measures each label in the page to drop the ones that would touch).
  const labelsThatFit = useIsWideScreen() ? AXIS_LABELS.wide : AXIS_LABELS.phone;
  const dayInterval = Math.max(0, Math.ceil(data.length / labelsThatFit) - 1);
  return (
    <figure style={{ margin: 0 }}>
      {/* Hidden from screen readers, so nothing in it may take focus either (axe's aria-hidden-focus): recharts' keyboard layer is off. */}
      <div aria-hidden>
        <BarChart
          // Room above the bars for the top amount's label, which recharts no longer moves down to fit.
          barChartProps={{ accessibilityLayer: false, margin: { top: 8 } }}
          h={260}
          data={data}
          dataKey="label"
          series={[{ name: 'amount', label: 'Spent', color: 'blue.6' }]}
          valueFormatter={formatNaira}
          // A period with nothing spent would otherwise scale the axis from ₦0 to ₦0, every tick ₦0.
          xAxisProps={{ tick: DAY_TICK, interval: dayInterval }}
          // Five amounts up the side never touch: all shown, none measured.
          yAxisProps={{ tick: AMOUNT_TICK, interval: 0, tickFormatter: formatCompactNaira, width: 64, ...(nothingSpent ? { domain: [0, EMPTY_AXIS_TOP_KOBO] } : {}) }}
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
});
