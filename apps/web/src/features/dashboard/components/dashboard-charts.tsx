import { Center, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { type Dashboard, DASHBOARD_CHART_FLOCKS, dashboardChartWords as w, type DashboardFlockLine, dashboardMessages as m, dayText, formatCount, formatKes, NUMBER_LOCALE, shortDayText, shortMonthName, shortMonthText } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { ArcElement, PieController, type ChartData, type ChartOptions, type TooltipItem } from 'chart.js';
import type { ReactNode } from 'react';
import { Chart } from '../../../ui/charts/chart';
import { flockLines, type FlockLine } from '../../../ui/charts/flock-lines';
import { Chart as ChartJS, pieColors, useChartColors, useLinePalette, type ChartColors } from '../../../ui/charts/chart-js';
import { ChartTable } from '../../../ui/charts/chart-table';
import { dashboardQuery } from '../api';
import { dashboardCharts, DashboardChartPanel, DashboardChartsGrid, DashboardChartsHeading, DashboardChartsSkeleton, chartClasses } from './dashboard-chart-frames';

// The revenue-versus-expenses pie's pieces; the line and bar pieces come with ui/charts/chart-js.
ChartJS.register(PieController, ArcElement);

export type FlockSeries = FlockLine;

/** A line (or bars) a flock, in the server's order; past `limit` the flocks with the most keep theirs (ui/charts/flock-lines). */
export function flockSeries(flocks: DashboardFlockLine[], buckets: number, limit = DASHBOARD_CHART_FLOCKS): FlockSeries[] {
  return flockLines(flocks, (f) => ({ id: f.flock_id, name: f.flock_name, values: f.values }), buckets, limit, m.otherFlocks);
}

let compactFormat: Intl.NumberFormat | undefined;
/** An axis tick: 12,500 → '12.5K'. */
function compact(value: number): string {
  compactFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
  return compactFormat.format(value);
}

/** Cents as the plot's shillings: only a point's height, never a figure shown (those are formatKes). */
const plotted = (cents: number) => cents / 100;
const eggsText = (count: number) => w.eggCount(count, formatCount(count));

function EmptyChart({ children }: { children: ReactNode }) {
  return (
    <Center h="100%" ta="center" px="md">
      <Text c="dimmed" fz="sm">
        {children}
      </Text>
    </Center>
  );
}

interface FlockChartProps {
  type: 'line' | 'bar';
  frame: { title: string; note: string };
  flocks: DashboardFlockLine[];
  /** The buckets' axis labels and their long names (table, tooltips). */
  labels: string[];
  longLabels: string[];
  bucketHeader: string;
  /** What the buckets span, in words, for the chart's accessible name. */
  span: string;
  /** Eggs are counts; sales are cents. */
  money: boolean;
  empty: string;
  colors: ChartColors;
  /** Each flock's place in the palette, the same on every chart. */
  colorSlots: Map<number, number>;
}

/** Eggs or sales per flock: a line or a group of bars a flock, named, with a table for screen readers. */
function FlockChart({ type, frame, flocks, labels, longLabels, bucketHeader, span, money, empty, colors, colorSlots }: FlockChartProps) {
  const palette = useLinePalette(colors);
  const { title, note } = frame;
  const series = flockSeries(flocks, labels.length);
  if (labels.length === 0 || series.length === 0 || series.every((s) => s.values.every((n) => n === 0))) {
    return (
      <DashboardChartPanel title={title} note={note}>
        <EmptyChart>{empty}</EmptyChart>
      </DashboardChartPanel>
    );
  }
  const show = (value: number) => (money ? formatKes(value) : eggsText(value));
  const other = series.find((s) => s.other);
  const shown = series.length - (other ? 1 : 0);
  const names = series.filter((s) => !s.other).map((s) => s.label);
  const summary = w.flockSummary(span, type === 'line', shown, names.join(', '), other ? flocks.length - shown : null);
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    // A cheap phone redraws nothing it need not; the theme toggle repaints at once.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12, boxHeight: type === 'line' ? 2 : 12, padding: 8 } },
      tooltip: {
        callbacks: {
          title: (items: TooltipItem<'line' | 'bar'>[]) => longLabels[items[0]?.dataIndex ?? 0] ?? '',
          label: (item: TooltipItem<'line' | 'bar'>) => {
            const line = series[item.datasetIndex];
            return line ? `${line.label}: ${show(line.values[item.dataIndex] ?? 0)}` : '';
          },
        },
      },
    },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: {
        ...axis,
        beginAtZero: true,
        ticks: { ...axis.ticks, precision: 0, callback: (value: string | number) => compact(Number(value)) },
      },
    },
  };
  // A flock keeps its colour on every chart (its place among all the dashboard's flocks).
  const color = (s: FlockSeries, i: number) =>
    s.other ? colors.muted : (palette[(s.flockId === null ? i : (colorSlots.get(s.flockId) ?? i)) % palette.length] ?? colors.primary);
  const points = (s: FlockSeries) => (money ? s.values.map(plotted) : s.values);
  // The other flocks' sum would dwarf the named ones and flatten them to the axis: it is said
  // under the chart and kept in its table, not drawn.
  const drawn = series.filter((s) => !s.other);
  const apart = other ? (
    <Text fz="xs" c="dimmed" mt={4}>{m.otherFlocksApart(other.label, show(other.values.reduce((sum, n) => sum + n, 0)))}</Text>
  ) : null;
  const label = `${title}: ${summary}`;
  const table = (
    <ChartTable
      caption={title}
      headers={[bucketHeader, ...series.map((s) => s.label)]}
      rows={longLabels.map((bucket, b) => [bucket, ...series.map((s) => show(s.values[b] ?? 0))])}
    />
  );
  if (type === 'bar') {
    const data: ChartData<'bar'> = {
      labels,
      datasets: drawn.map((s, i) => ({ label: s.label, data: points(s), backgroundColor: color(s, i), borderRadius: 2, maxBarThickness: 18 })),
    };
    return (
      <DashboardChartPanel title={title} note={note}>
        <Chart type="bar" data={data} options={options as ChartOptions<'bar'>} role="img" aria-label={label} />
        {apart}
        {table}
      </DashboardChartPanel>
    );
  }
  const data: ChartData<'line'> = {
    labels,
    datasets: drawn.map((s, i) => ({
      label: s.label,
      data: points(s),
      borderColor: color(s, i),
      backgroundColor: color(s, i),
      borderWidth: 2,
      pointRadius: 3,
      pointHitRadius: 8,
      // Straight segments: a smoothed curve would overshoot between days.
      tension: 0,
    })),
  };
  return (
    <DashboardChartPanel title={title} note={note}>
      <Chart type="line" data={data} options={options as ChartOptions<'line'>} role="img" aria-label={label} />
      {apart}
      {table}
    </DashboardChartPanel>
  );
}

/** docs/product.md §2: this month's revenue against its expenses, in docs/product.md §9's two pie colours. */
function MoneyPie({ dashboard, colors }: { dashboard: Dashboard; colors: ChartColors }) {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const { title, note } = dashboardCharts().revenueVsExpenses;
  const { revenue_cents: revenue, expenses_cents: expenses } = dashboard.revenue_vs_expenses;
  if (revenue <= 0 && expenses <= 0) {
    return (
      <DashboardChartPanel title={title} note={note}>
        <EmptyChart>{m.noMoney}</EmptyChart>
      </DashboardChartPanel>
    );
  }
  const slices = [
    { label: m.revenue, cents: Math.max(0, revenue) },
    { label: m.expenses, cents: Math.max(0, expenses) },
  ];
  const whole = slices[0]!.cents + slices[1]!.cents;
  // A share in words, from the server's two sums (the pie's angles are chart.js's).
  const share = (cents: number) => `${Math.round((cents / whole) * 1000) / 10}%`;
  const data: ChartData<'pie'> = {
    labels: slices.map((s) => s.label),
    datasets: [
      {
        label: title,
        data: slices.map((s) => plotted(s.cents)),
        backgroundColor: pieColors(colors),
        // The card's own colour between the slices.
        borderColor: dark ? theme.colors.dark[6] : theme.white,
        borderWidth: 2,
      },
    ],
  };
  const options: ChartOptions<'pie'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12, boxHeight: 12, padding: 8 } },
      tooltip: {
        callbacks: {
          label: (item) => {
            const slice = slices[item.dataIndex];
            return slice ? `${slice.label}: ${formatKes(slice.cents)} (${share(slice.cents)})` : '';
          },
        },
      },
    },
  };
  const summary = slices.map((s) => `${s.label} ${formatKes(s.cents)} (${share(s.cents)})`).join(', ');
  return (
    <DashboardChartPanel title={title} note={note}>
      <Chart type="pie" data={data} options={options} role="img" aria-label={w.pieSummary(title, summary)} />
      <ChartTable
        caption={title}
        headers={['', m.amountColumn, m.shareColumn]}
        rows={slices.map((s) => [s.label, formatKes(s.cents), share(s.cents)])}
      />
    </DashboardChartPanel>
  );
}

/**
 * docs/product.md §2's four charts, read from the dashboard's one answer (summed by the server). Loaded
 * lazily once the first screen has settled or the charts near the viewport: chart.js comes
 * with this chunk only (docs/design.md §9).
 */
export function DashboardCharts() {
  const { data, isError } = useQuery(dashboardQuery());
  const colors = useChartColors();

  if (!data) {
    if (!isError) return <DashboardChartsSkeleton />;
    return (
      <section aria-labelledby="dashboard-charts-title">
        <DashboardChartsHeading id="dashboard-charts-title" />
        <p className={chartClasses.failed}>{m.chartsFailed}</p>
      </section>
    );
  }

  const days = data.eggs_last_7_days.days;
  const weeks = data.eggs_by_week.weeks;
  const months = data.sales_by_month.months;
  const flockIds = [...data.eggs_last_7_days.flocks, ...data.eggs_by_week.flocks, ...data.sales_by_month.flocks].map((f) => f.flock_id);
  const colorSlots = new Map([...new Set(flockIds)].sort((a, b) => a - b).map((id, slot) => [id, slot]));
  const frames = dashboardCharts();
  const first = (list: string[]) => list[0] ?? '';
  const last = (list: string[]) => list[list.length - 1] ?? '';
  return (
    <section aria-labelledby="dashboard-charts-title">
      <DashboardChartsHeading id="dashboard-charts-title" />
      <DashboardChartsGrid>
        <FlockChart
          type="line"
          frame={frames.eggsLast7Days}
          flocks={data.eggs_last_7_days.flocks}
          labels={days.map((day) => shortDayText(day))}
          longLabels={days.map((day) => dayText(day))}
          bucketHeader={m.dayColumn}
          span={w.eggsDaySpan(dayText(first(days)), dayText(last(days)))}
          money={false}
          empty={m.noEggs}
          colors={colors}
          colorSlots={colorSlots}
        />
        <FlockChart
          type="bar"
          frame={frames.eggsByWeek}
          flocks={data.eggs_by_week.flocks}
          labels={weeks.map((w) => m.weekLabel(w.week))}
          longLabels={weeks.map((w) => `${m.weekLabel(w.week)}, ${shortDayText(w.start)} – ${shortDayText(w.end)}`)}
          bucketHeader={m.weekColumn}
          span={w.eggsWeekSpan}
          money={false}
          empty={m.noEggs}
          colors={colors}
          colorSlots={colorSlots}
        />
        <FlockChart
          type="line"
          frame={frames.salesByMonth}
          flocks={data.sales_by_month.flocks}
          labels={months.map((month) => shortMonthName(Number(month.slice(5, 7))) ?? month)}
          longLabels={months.map((month) => shortMonthText(month))}
          bucketHeader={m.monthColumn}
          span={w.salesSpan(shortMonthText(first(months)), shortMonthText(last(months)))}
          money
          empty={m.noSales}
          colors={colors}
          colorSlots={colorSlots}
        />
        <MoneyPie dashboard={data} colors={colors} />
      </DashboardChartsGrid>
    </section>
  );
}

export default DashboardCharts;
