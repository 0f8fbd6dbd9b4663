import { Center, Text, Title, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import {
  expenseAxis,
  expenseCategoryLabel,
  expenseMessages as m,
  formatCompact,
  dayText,
  formatKes,
  monthText,
  shortDayText,
  shortMonthName,
  WEEKDAY_SHORT,
  type ExpenseSeries,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { ArcElement, PieController, type ChartData, type ChartOptions, type TooltipItem } from 'chart.js';
import type { ReactNode } from 'react';
import { Chart } from '../../../ui/charts/chart';
import { Chart as ChartJS, useChartColors, type ChartColors } from '../../../ui/charts/chart-js';
import { ChartPanel, ChartPanelSkeleton } from '../../../ui/charts/chart-panel';
import { ChartTable } from '../../../ui/charts/chart-table';
import { expenseSeriesQuery } from '../api';
import classes from './expenses-charts.module.css';

// The category pie's pieces; the bar and line pieces come with ui/charts/chart-js.
ChartJS.register(PieController, ArcElement);

/**
 * The four charts' titles and notes (docs/product.md §2 Expenses), each one line on a 390 px phone:
 * skeletons and charts share them. A function: words are read in render (decision 068).
 */
export const expenseCharts = () => ({
  week: { title: m.chartWeek, note: m.chartWeekNote },
  month: { title: m.chartMonth, note: m.chartMonthNote },
  year: { title: m.chartYear, note: m.chartYearNote },
  categories: { title: m.chartCategories, note: m.chartCategoriesNote },
});


/** Cents as the plot's shillings: only a bar's or a point's height, never a figure shown (those are formatKes). */
const plotted = (cents: number) => cents / 100;

/** A chart's points: its axis label, its long name (table and tooltip) and what was spent. */
interface Point {
  label: string;
  long: string;
  cents: number;
  /** Not begun yet: on the axis, not drawn, not in the table. */
  later?: boolean;
}

/** Bars and the line: a y-axis of 5 steps reaching the largest value, each a round number (expenseAxis). */
function axisOptions<T extends 'bar' | 'line'>(colors: ChartColors, points: Point[]): ChartOptions<T> {
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  const { max, step } = expenseAxis(Math.max(0, ...points.map((p) => plotted(p.cents))));
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
          title: (items: TooltipItem<T>[]) => points[items[0]?.dataIndex ?? 0]?.long ?? '',
          label: (item: TooltipItem<T>) => formatKes(points[item.dataIndex]?.cents ?? 0),
        },
      },
    },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: {
        ...axis,
        min: 0,
        max,
        ticks: { ...axis.ticks, stepSize: step, callback: (value: string | number) => formatCompact(Number(value)) },
      },
    },
  } as unknown as ChartOptions<T>;
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

interface AxisChartProps {
  type: 'bar' | 'line';
  frame: { title: string; note: string };
  points: Point[];
  /** The table's first column. */
  header: string;
  colors: ChartColors;
}

/** A bar or line chart of what was spent per day, week or month, named and with its table for screen readers. */
function AxisChart({ type, frame, points, header, colors }: AxisChartProps) {
  const { title, note } = frame;
  if (points.every((p) => p.cents === 0)) {
    return (
      <ChartPanel title={title} note={note}>
        <EmptyChart>{m.chartEmpty}</EmptyChart>
      </ChartPanel>
    );
  }
  const shown = points.filter((p) => !p.later);
  const summary = shown.map((p) => `${p.long} ${formatKes(p.cents)}`).join(', ');
  const values = points.map((p) => (p.later ? null : plotted(p.cents)));
  const labels = points.map((p) => p.label);
  const table = <ChartTable caption={title} headers={[header, m.spentColumn]} rows={shown.map((p) => [p.long, formatKes(p.cents)])} />;
  if (type === 'line') {
    const data: ChartData<'line'> = {
      labels,
      datasets: [
        {
          label: m.spentColumn,
          data: values,
          borderColor: colors.primary,
          backgroundColor: colors.primary,
          borderWidth: 2,
          pointRadius: 3,
          pointHitRadius: 8,
          // Straight segments: a smoothed curve would overshoot between months.
          tension: 0,
        },
      ],
    };
    return (
      <ChartPanel title={title} note={note}>
        <Chart type="line" data={data} options={axisOptions<'line'>(colors, points)} role="img" aria-label={`${title}: ${summary}.`} />
        {table}
      </ChartPanel>
    );
  }
  const data: ChartData<'bar'> = {
    labels,
    datasets: [{ label: m.spentColumn, data: values, backgroundColor: colors.primary, borderRadius: 3, maxBarThickness: 40 }],
  };
  return (
    <ChartPanel title={title} note={note}>
      <Chart type="bar" data={data} options={axisOptions<'bar'>(colors, points)} role="img" aria-label={`${title}: ${summary}.`} />
      {table}
    </ChartPanel>
  );
}

/** The pie's colours, one a category: the theme's hues at the shades that read on the card in either scheme. */
function usePiePalette(colors: ChartColors): string[] {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const shade = dark ? 4 : 7;
  const hue = (name: string) => theme.colors[name]?.[shade] ?? colors.muted;
  return [colors.primary, hue('blue'), colors.warning, hue('grape'), hue('cyan')];
}

/** docs/product.md §2: this year's spending by category, as a pie with its legend and its table. */
function CategoryChart({ series, colors }: { series: ExpenseSeries; colors: ChartColors }) {
  const palette = usePiePalette(colors);
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const theme = useMantineTheme();
  const { title, note } = expenseCharts().categories;
  const rows = series.categories.filter((c) => c.amount_cents > 0);
  if (rows.length === 0) {
    return (
      <ChartPanel title={title} note={note}>
        <EmptyChart>{m.chartEmpty}</EmptyChart>
      </ChartPanel>
    );
  }
  const total = rows.reduce((sum, c) => sum + c.amount_cents, 0);
  // A share shown in words, from the server's sums (the pie's angles are chart.js's).
  const share = (cents: number) => `${Math.round((cents / total) * 1000) / 10}%`;
  const data: ChartData<'pie'> = {
    labels: rows.map((c) => expenseCategoryLabel(c.category)),
    datasets: [
      {
        label: m.spentColumn,
        data: rows.map((c) => plotted(c.amount_cents)),
        backgroundColor: rows.map((_, i) => palette[i % palette.length] ?? colors.primary),
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
      legend: { display: true, position: 'right', labels: { color: colors.text, boxWidth: 12, boxHeight: 12, padding: 8 } },
      tooltip: {
        callbacks: {
          label: (item) => {
            const row = rows[item.dataIndex];
            return row ? `${expenseCategoryLabel(row.category)}: ${formatKes(row.amount_cents)} (${share(row.amount_cents)})` : '';
          },
        },
      },
    },
  };
  const summary = rows.map((c) => `${expenseCategoryLabel(c.category)} ${formatKes(c.amount_cents)} (${share(c.amount_cents)})`).join(', ');
  return (
    <ChartPanel title={title} note={note}>
      <Chart type="pie" data={data} options={options} role="img" aria-label={`${title}: ${summary}.`} />
      <ChartTable
        caption={title}
        headers={[m.categoryLabel, m.spentColumn, m.shareColumn]}
        rows={rows.map((c) => [expenseCategoryLabel(c.category), formatKes(c.amount_cents), share(c.amount_cents)])}
      />
    </ChartPanel>
  );
}

/** The four panels' places: two a row from md. */
function ChartsGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}

/** The charts while their data loads: the same panels, the same heights. */
export function ExpensesChartsSkeleton() {
  return (
    <section aria-label={m.chartsLoading} aria-busy>
      <Title order={2} fz="lg" mb="sm">
        {m.chartsTitle}
      </Title>
      <ChartsGrid>
        {Object.values(expenseCharts()).map((frame) => (
          <ChartPanelSkeleton key={frame.title} {...frame} />
        ))}
      </ChartsGrid>
    </section>
  );
}

/**
 * The expense screen's four charts (docs/product.md §2: this week Monday to Sunday, this month's weeks 1-4,
 * this year January to December, the categories), read from GET /api/expenses/series, summed
 * by the server. Loaded lazily after the screen's first data: chart.js comes with this chunk only.
 */
export function ExpensesCharts() {
  const { data, isError } = useQuery(expenseSeriesQuery());
  const colors = useChartColors();

  if (!data) {
    if (!isError) return <ExpensesChartsSkeleton />;
    return (
      <section aria-labelledby="expense-charts-title">
        <Title order={2} fz="lg" mb="sm" id="expense-charts-title">
          {m.chartsTitle}
        </Title>
        <Text c="dimmed">{m.chartsFailed}</Text>
      </section>
    );
  }

  const week: Point[] = data.week.map((d, i) => ({
    label: WEEKDAY_SHORT[i] ?? shortDayText(d.day),
    long: `${WEEKDAY_SHORT[i] ?? ''} ${dayText(d.day)}`.trim(),
    cents: d.amount_cents,
  }));
  const month: Point[] = data.month_weeks.map((w) => ({
    label: m.weekLabel(w.week),
    long: `${m.weekLabel(w.week)}, ${shortDayText(w.start)} – ${shortDayText(w.end)}`,
    cents: w.amount_cents,
  }));
  // Months not begun yet would draw the line falling to 0: it stops at this month (the month chart's).
  const thisMonth = data.month_weeks[0]?.start.slice(0, 7) ?? '9999-12';
  const year: Point[] = data.year_months.map((mo) => {
    const index = Number(mo.month.slice(5, 7)) - 1;
    const later = mo.month > thisMonth;
    return { label: shortMonthName(index + 1) ?? mo.month, long: monthText(mo.month), cents: mo.amount_cents, later };
  });

  const charts = expenseCharts();
  return (
    <section aria-labelledby="expense-charts-title">
      <Title order={2} fz="lg" mb="sm" id="expense-charts-title">
        {m.chartsTitle}
      </Title>
      <ChartsGrid>
        <AxisChart type="bar" frame={charts.week} points={week} header={m.dayColumn} colors={colors} />
        <AxisChart type="bar" frame={charts.month} points={month} header={m.weekColumn} colors={colors} />
        <AxisChart type="line" frame={charts.year} points={year} header={m.monthColumn} colors={colors} />
        <CategoryChart series={data} colors={colors} />
      </ChartsGrid>
    </section>
  );
}

export default ExpensesCharts;
