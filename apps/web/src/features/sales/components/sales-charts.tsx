import { Center, Text, Title } from '@mantine/core';
import { dayText, formatCompact, formatCount, formatKes, saleChartWords as w, saleMessages, type SaleSeries, shortDayText, shortMonthName, shortMonthText } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import type { ChartData, ChartOptions, ChartType, TooltipItem } from 'chart.js';
import type { ReactNode } from 'react';
import { Chart } from '../../../ui/charts/chart';
import { useChartColors, useLinePalette, type ChartColors } from '../../../ui/charts/chart-js';
import { flockLines } from '../../../ui/charts/flock-lines';
import { ChartTable } from '../../../ui/charts/chart-table';
import { saleSeriesQuery } from '../api';
import { ChartPanel, salesCharts, SalesChartsGrid, SalesChartsSkeleton, TallPanel } from './sales-chart-frames';
import { useFarmToday } from '../../../ui/farm-today';

/** The flocks drawn one line each; the rest are summed into one 'Other flocks' line. */
const MAX_FLOCK_LINES = 10;

/** Cents as the plot's shillings: only a bar's or a point's height, never a figure shown (those are formatKes). */
const plotted = (cents: number) => cents / 100;

type FlockRow = SaleSeries['flocks_by_week'][number];

/** Past MAX_FLOCK_LINES the flocks that sold most keep their line and the others are summed (ui/charts/flock-lines). */
const salesFlockLines = (flocks: FlockRow[], buckets: number) =>
  flockLines(flocks, (f) => ({ id: f.flock_id, name: f.flock_name, values: f.amounts }), buckets, MAX_FLOCK_LINES, w.otherFlocks);

function baseOptions<T extends ChartType>(colors: ChartColors): ChartOptions<T> {
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    // A cheap phone redraws nothing it need not; the theme toggle repaints at once.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<T>) => {
            const cents = Math.round((item.raw as number) * 100);
            const name = (item.dataset as { label?: string }).label;
            return name ? `${name}: ${formatKes(cents)}` : formatKes(cents);
          },
        },
      },
    },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, callback: (value: string | number) => formatCompact(Number(value)) } },
    },
  } as ChartOptions<T>;
}

function EmptyChart({ children }: { children: ReactNode }) {
  return (
    <Center h="100%" ta="center" px="md">
      <Text c="dimmed" fz="sm">
        {children}
      </Text>
    </Center>
  );
}

function DailyChart({ series, colors }: { series: SaleSeries; colors: ChartColors }) {
  const { title, note } = salesCharts().daily;
  const { days } = series;
  if (days.length === 0 || days.every((d) => d.amount_cents === 0)) {
    return (
      <ChartPanel title={title} note={note}>
        <EmptyChart>{w.noSalesThisMonth}</EmptyChart>
      </ChartPanel>
    );
  }
  const first = days[0]?.day ?? '';
  const last = days[days.length - 1]?.day ?? '';
  const best = days.reduce((top, d) => (d.amount_cents > top.amount_cents ? d : top));
  const summary = w.dailySummary(dayText(first), dayText(last), dayText(best.day), formatKes(best.amount_cents));
  const options = baseOptions<'bar'>(colors);
  options.plugins = {
    ...options.plugins,
    tooltip: { ...options.plugins?.tooltip, callbacks: { ...options.plugins?.tooltip?.callbacks, title: (items) => dayText(days[items[0]?.dataIndex ?? 0]?.day ?? '') } },
  };
  const data: ChartData<'bar'> = {
    labels: days.map((d) => shortDayText(d.day)),
    datasets: [{ label: w.sales, data: days.map((d) => plotted(d.amount_cents)), backgroundColor: colors.primary, borderRadius: 3, maxBarThickness: 28 }],
  };
  return (
    <ChartPanel title={title} note={note}>
      <Chart type="bar" data={data} options={options} role="img" aria-label={`${title}: ${summary}`} />
      <ChartTable caption={title} headers={[w.day, w.sales]} rows={days.map((d) => [dayText(d.day), formatKes(d.amount_cents)])} />
    </ChartPanel>
  );
}

function TrendChart({ series, colors }: { series: SaleSeries; colors: ChartColors }) {
  const { title, note } = salesCharts().trend;
  const { months } = series;
  if (months.length === 0 || months.every((m) => m.amount_cents === 0)) {
    return (
      <ChartPanel title={title} note={note}>
        <EmptyChart>{w.noSalesSixMonths}</EmptyChart>
      </ChartPanel>
    );
  }
  const summary = months.map((m) => `${shortMonthText(m.month)} ${formatKes(m.amount_cents)} (${saleMessages.salesCount(m.count)})`).join(', ');
  return (
    <ChartPanel title={title} note={note}>
      <Chart
        type="bar"
        data={{
          labels: months.map((m) => shortMonthName(Number(m.month.slice(5, 7))) ?? m.month),
          datasets: [{ label: w.sales, data: months.map((m) => plotted(m.amount_cents)), backgroundColor: colors.primary, borderRadius: 3, maxBarThickness: 40 }],
        }}
        options={baseOptions<'bar'>(colors)}
        role="img"
        aria-label={`${title}: ${summary}.`}
      />
      <ChartTable
        caption={title}
        headers={[w.month, w.sales, w.salesNumber]}
        rows={months.map((m) => [shortMonthText(m.month), formatKes(m.amount_cents), formatCount(m.count)])}
      />
    </ChartPanel>
  );
}

interface FlockChartProps {
  title: string;
  note: string;
  flocks: FlockRow[];
  /** The buckets' axis labels, their long names (table and tooltips), and what they span in words. */
  labels: string[];
  longLabels: string[];
  bucketHeader: string;
  span: string;
  empty: string;
  colors: ChartColors;
}

function FlockChart({ title, note, flocks, labels, longLabels, bucketHeader, span, empty, colors }: FlockChartProps) {
  const palette = useLinePalette(colors);
  const lines = salesFlockLines(flocks, labels.length);
  if (labels.length === 0 || lines.length === 0 || lines.every((l) => l.values.every((n) => n === 0))) {
    return (
      <TallPanel title={title} note={note}>
        <EmptyChart>{empty}</EmptyChart>
      </TallPanel>
    );
  }
  const other = lines.find((l) => l.other);
  const shown = lines.length - (other ? 1 : 0);
  const summary = w.flockSummary(span, shown, other ? flocks.length - shown : 0);
  const options = baseOptions<'line'>(colors);
  options.plugins = {
    ...options.plugins,
    legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12, boxHeight: 2, padding: 8 } },
    tooltip: { ...options.plugins?.tooltip, callbacks: { ...options.plugins?.tooltip?.callbacks, title: (items) => longLabels[items[0]?.dataIndex ?? 0] ?? '' } },
  };
  const data: ChartData<'line'> = {
    labels,
    datasets: lines.map((line, i) => {
      const color = line.other ? colors.muted : (palette[i % palette.length] ?? colors.primary);
      return {
        label: line.label,
        data: line.values.map(plotted),
        borderColor: color,
        backgroundColor: color,
        borderWidth: 2,
        borderDash: line.other ? [6, 4] : undefined,
        pointRadius: 3,
        pointHitRadius: 8,
        // Straight segments: a smoothed curve would overshoot between buckets.
        tension: 0,
      };
    }),
  };
  return (
    <TallPanel title={title} note={note}>
      <Chart type="line" data={data} options={options} role="img" aria-label={`${title}: ${summary}`} />
      <ChartTable
        caption={title}
        headers={[bucketHeader, ...lines.map((l) => l.label)]}
        rows={longLabels.map((label, b) => [label, ...lines.map((l) => formatKes(l.values[b] ?? 0))])}
      />
    </TallPanel>
  );
}

/**
 * The sales screen's four charts, read from GET /api/sales/series (summed by the server).
 * Loaded lazily after the screen's first data: chart.js comes with this chunk only (docs/design.md §9).
 */
export function SalesCharts() {
  const { data, isError } = useQuery(saleSeriesQuery());
  const colors = useChartColors();
  const today = useFarmToday();

  if (!data) {
    if (!isError) return <SalesChartsSkeleton />;
    return (
      <section aria-labelledby="sales-charts-title">
        <Title order={2} fz="lg" mb="sm" id="sales-charts-title">
          {saleMessages.chartsHeading}
        </Title>
        <Text c="dimmed">{w.failed}</Text>
      </section>
    );
  }

  const weekRange = (wk: SaleSeries['weeks'][number]) => `${shortDayText(wk.start)} – ${shortDayText(wk.end)}`;
  // Weeks not begun yet would draw every flock falling to 0: the chart stops at this week.
  const weeks = data.weeks.filter((wk) => wk.start <= today);
  const flocksByWeek = data.flocks_by_week.map((f) => ({ ...f, amounts: f.amounts.slice(0, weeks.length) }));
  const charts = salesCharts();
  const firstMonth = data.months[0]?.month;
  const lastMonth = data.months[data.months.length - 1]?.month;
  return (
    <section aria-labelledby="sales-charts-title">
      <Title order={2} fz="lg" mb="sm" id="sales-charts-title">
        {saleMessages.chartsHeading}
      </Title>
      <SalesChartsGrid
        daily={<DailyChart series={data} colors={colors} />}
        trend={<TrendChart series={data} colors={colors} />}
        flocksByWeek={
          <FlockChart
            {...charts.flocksByWeek}
            flocks={flocksByWeek}
            labels={weeks.map((wk) => w.weekLabel(wk.week))}
            longLabels={weeks.map((wk) => w.weekLong(wk.week, weekRange(wk)))}
            bucketHeader={w.week}
            span={w.spanWeeks}
            empty={w.noSalesThisMonth}
            colors={colors}
          />
        }
        flocksByMonth={
          <FlockChart
            {...charts.flocksByMonth}
            flocks={data.flocks_by_month}
            labels={data.months.map((m) => shortMonthName(Number(m.month.slice(5, 7))) ?? m.month)}
            longLabels={data.months.map((m) => shortMonthText(m.month))}
            bucketHeader={w.month}
            span={firstMonth && lastMonth ? w.spanMonths(shortMonthText(firstMonth), shortMonthText(lastMonth)) : w.spanEachMonth}
            empty={w.noSalesSixMonths}
            colors={colors}
          />
        }
      />
    </section>
  );
}

export default SalesCharts;
