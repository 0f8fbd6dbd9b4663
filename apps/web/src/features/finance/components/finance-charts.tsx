import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { financeMessages as m, formatCompact, formatKes, MONTH_NAMES, SHORT_MONTH_NAMES } from '@kuku/domain';
import { ArcElement, PieController, type ChartData, type ChartOptions, type TooltipItem } from 'chart.js';
import { Chart } from '../../../ui/charts/chart';
import { Chart as ChartJS, pieColors, useChartColors, useLinePalette } from '../../../ui/charts/chart-js';
import { ChartTable } from '../../../ui/charts/chart-table';
import type { TrendLine } from './finance-lines';

// The pies' pieces; the line pieces come with ui/charts/chart-js. This chunk is loaded only
// when a chart nears the viewport or the screen has settled (docs/design.md §9: no charts in a first screen).
ChartJS.register(PieController, ArcElement);

/** Cents as the plot's shillings: only a point's height or a slice's angle, never a figure shown (those are formatKes). */
const plotted = (cents: number | null) => (cents === null ? null : cents / 100);

interface TrendPlotProps {
  /** The chart's title: the start of its accessible name and its table's caption. */
  title: string;
  /** The rest of its accessible name. */
  summary: string;
  lines: TrendLine[];
}

/** A trend chart's plot, January to December, a line a flock, with its figures in a table for screen readers. */
export function TrendPlot({ title, summary, lines }: TrendPlotProps) {
  const colors = useChartColors();
  const palette = useLinePalette(colors);
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    // A cheap phone redraws nothing it need not; the theme toggle repaints at once.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12, boxHeight: 2, padding: 8 } },
      tooltip: {
        callbacks: {
          title: (items: TooltipItem<'line'>[]) => MONTH_NAMES[items[0]?.dataIndex ?? 0] ?? '',
          label: (item: TooltipItem<'line'>) => `${item.dataset.label ?? ''}: ${formatKes(Math.round((item.raw as number) * 100))}`,
        },
      },
    },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 4 } },
      y: { ...axis, ticks: { ...axis.ticks, callback: (value: string | number) => formatCompact(Number(value)) } },
    },
  };
  const data: ChartData<'line'> = {
    labels: [...SHORT_MONTH_NAMES],
    datasets: lines.map((line) => {
      const color = line.colorIndex === null ? colors.muted : (palette[line.colorIndex % palette.length] ?? colors.primary);
      return {
        label: line.label,
        data: line.values.map(plotted),
        borderColor: color,
        backgroundColor: color,
        borderWidth: 2,
        borderDash: line.colorIndex === null ? [6, 4] : undefined,
        pointRadius: 2,
        pointHitRadius: 8,
        // Straight segments: a smoothed curve would overshoot between months.
        tension: 0,
      };
    }),
  };
  const months = lines[0]?.values.filter((v) => v !== null).length ?? 0;
  return (
    <>
      <Chart type="line" data={data} options={options} role="img" aria-label={`${title}: ${summary}`} />
      <ChartTable
        caption={title}
        headers={[m.monthColumn, ...lines.map((l) => l.label)]}
        rows={Array.from({ length: months }, (_, i) => [MONTH_NAMES[i] ?? '', ...lines.map((l) => formatKes(l.values[i] ?? 0))])}
      />
    </>
  );
}

interface RevenuePieProps {
  /** The pie's accessible name. */
  label: string;
  revenueCents: number;
  expensesCents: number;
  /** Revenue's and expenses' shares in words ('62.5%'), for the tooltip and the table. */
  shares: readonly [revenue: string, expenses: string];
  /** The caption of its table for screen readers; none where the figures are printed beside it. */
  tableCaption?: string;
}

/** A revenue-versus-expenses pie in docs/product.md §9's two fixed colours, revenue first. */
export function RevenuePie({ label, revenueCents, expensesCents, shares, tableCaption }: RevenuePieProps) {
  const colors = useChartColors();
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const data: ChartData<'pie'> = {
    labels: [m.revenue, m.expenses],
    datasets: [
      {
        data: [plotted(revenueCents) ?? 0, plotted(expensesCents) ?? 0],
        backgroundColor: pieColors(colors),
        // The card's own colour between the slices.
        borderColor: dark ? theme.colors.dark[7] : theme.white,
        // No seam drawn across a whole pie when one side is 0.
        borderWidth: revenueCents === 0 || expensesCents === 0 ? 0 : 2,
      },
    ],
  };
  const cents = [revenueCents, expensesCents];
  const options: ChartOptions<'pie'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<'pie'>) => {
            const value = cents[item.dataIndex] ?? 0;
            return `${item.label}: ${formatKes(value)} (${shares[item.dataIndex] ?? ''})`;
          },
        },
      },
    },
  };
  return (
    <>
      <Chart type="pie" data={data} options={options} role="img" aria-label={label} />
      {tableCaption ? (
        <ChartTable
          caption={tableCaption}
          headers={[m.itemColumn, m.amountColumn, m.shareColumn]}
          rows={[
            [m.revenue, formatKes(revenueCents), shares[0]],
            [m.expenses, formatKes(expensesCents), shares[1]],
          ]}
        />
      ) : null}
    </>
  );
}
