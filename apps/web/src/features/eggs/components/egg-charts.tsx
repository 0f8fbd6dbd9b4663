import { Box, Center, Paper, SimpleGrid, Skeleton, Stack, Text, Title, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ADJUSTMENT_TYPE_LABELS, ADJUSTMENT_TYPES, dayText, eggChartWords as w, eggMessages, type EggSeries, formatCount, shortDayText } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import type { ChartData, ChartOptions, ChartType } from 'chart.js';
import type { ReactNode } from 'react';
import { Chart } from '../../../ui/charts/chart';
import { useChartColors, type ChartColors } from '../../../ui/charts/chart-js';
import { flockLines } from '../../../ui/charts/flock-lines';
import { CHART_HEIGHT, ChartPanel, ChartPanelSkeleton } from '../../../ui/charts/chart-panel';
import { ChartTable } from '../../../ui/charts/chart-table';
import { eggSeriesQuery } from '../api';

/** The flocks drawn one line each; the rest are summed into one 'Other flocks' line. */
const MAX_FLOCK_LINES = 10;
/** The daily chart's legend (up to 11 entries) sits under its plot: that panel is taller, at every width. */
const DAILY_CHART_HEIGHT = CHART_HEIGHT + 100;

/** Titles and notes, shared by the skeletons so nothing moves when the data and chart code arrive (read in render: words). */
const eggCharts = () => ({
  daily: { title: w.dailyTitle, note: w.dailyNote },
  weekly: { title: w.weeklyTitle, note: w.weeklyNote },
  adjustments: { title: w.adjustmentsTitle, note: w.adjustmentsNote },
});

const eggs = (n: number) => eggMessages.eggCount(n, formatCount(n));

/**
 * The flock lines' colours: the chart colours of the flock charts first (primary, warning,
 * danger), then more of Mantine's hues at the same shades (7 on light, 4 on dark), so each
 * reads on the card in either scheme. 'Other flocks' takes the muted grey.
 */
function useLinePalette(colors: ChartColors): string[] {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const shade = dark ? 4 : 7;
  const hue = (name: string) => theme.colors[name]?.[shade] ?? colors.muted;
  return [colors.primary, hue('blue'), colors.warning, hue('grape'), hue('teal'), colors.danger, hue('indigo'), hue('cyan'), hue('pink'), hue('violet')];
}

/** Past MAX_FLOCK_LINES the flocks that laid most keep their line and the others are summed day by day (ui/charts/flock-lines). */
const eggFlockLines = (series: EggSeries) =>
  flockLines(series.flocks, (f) => ({ id: f.flock_id, name: f.flock_name, values: f.eggs }), series.days.length, MAX_FLOCK_LINES, w.otherFlocks);

function baseOptions<T extends ChartType>(colors: ChartColors): ChartOptions<T> {
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    // A cheap phone redraws nothing it need not; the theme toggle repaints at once.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { display: false } },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
    },
  } as ChartOptions<T>;
}

/** The frame of the daily chart: ChartPanel's, with room under the plot for the legend. */
function TallPanel({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        {note}
      </Text>
      <Box h={DAILY_CHART_HEIGHT} pos="relative">
        {children}
      </Box>
    </Paper>
  );
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

function ChartsSkeleton() {
  return (
    <Stack gap="md" aria-busy aria-label={w.loading}>
      <TallPanel {...eggCharts().daily}>
        <Skeleton h="100%" radius="md" aria-hidden />
      </TallPanel>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartPanelSkeleton {...eggCharts().weekly} />
        <ChartPanelSkeleton {...eggCharts().adjustments} />
      </SimpleGrid>
    </Stack>
  );
}

function DailyChart({ series, colors }: { series: EggSeries; colors: ChartColors }) {
  const palette = useLinePalette(colors);
  const { title, note } = eggCharts().daily;
  const lines = eggFlockLines(series);
  if (series.days.length === 0 || lines.length === 0 || lines.every((l) => l.values.every((n) => n === 0))) {
    return (
      <TallPanel title={title} note={note}>
        <EmptyChart>{w.noDailyEggs}</EmptyChart>
      </TallPanel>
    );
  }
  const first = series.days[0] ?? '';
  const last = series.days[series.days.length - 1] ?? '';
  const other = lines.find((l) => l.other);
  const shown = lines.length - (other ? 1 : 0);
  const summary = w.dailySummary(dayText(first), dayText(last), shown, other ? series.flocks.length - shown : null);

  const options = baseOptions<'line'>(colors);
  options.plugins = {
    ...options.plugins,
    legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12, boxHeight: 2, padding: 8 } },
    tooltip: { callbacks: { title: (items) => dayText(series.days[items[0]?.dataIndex ?? 0] ?? '') } },
  };
  const data: ChartData<'line'> = {
    labels: series.days.map((day) => shortDayText(day)),
    datasets: lines.map((line, i) => {
      const color = line.other ? colors.muted : (palette[i % palette.length] ?? colors.primary);
      return {
        label: line.label,
        data: line.values,
        borderColor: color,
        backgroundColor: color,
        borderWidth: 2,
        borderDash: line.other ? [6, 4] : undefined,
        pointRadius: 0,
        pointHitRadius: 8,
        // Straight segments: a smoothed curve would overshoot between days.
        tension: 0,
      };
    }),
  };
  return (
    <TallPanel title={title} note={note}>
      <Chart type="line" data={data} options={options} role="img" aria-label={`${title}: ${summary}`} />
      <ChartTable
        caption={title}
        headers={[w.day, ...lines.map((l) => l.label)]}
        rows={series.days.map((day, d) => [dayText(day), ...lines.map((l) => formatCount(l.values[d] ?? 0))])}
      />
    </TallPanel>
  );
}

function WeeklyChart({ series, colors }: { series: EggSeries; colors: ChartColors }) {
  const { title, note } = eggCharts().weekly;
  const { weeks } = series;
  if (weeks.length === 0 || weeks.every((w) => w.eggs === 0)) {
    return (
      <ChartPanel title={title} note={note}>
        <EmptyChart>{w.noWeeklyEggs}</EmptyChart>
      </ChartPanel>
    );
  }
  const range = (wk: EggSeries['weeks'][number]) => `${shortDayText(wk.start)} – ${shortDayText(wk.end)}`;
  const options = baseOptions<'bar'>(colors);
  options.plugins = {
    ...options.plugins,
    tooltip: {
      callbacks: {
        title: (items) => {
          const week = weeks[items[0]?.dataIndex ?? 0];
          return week ? w.weekRange(week.week, range(week)) : '';
        },
      },
    },
  };
  const summary = weeks.map((wk) => w.weekSummary(wk.week, range(wk), eggs(wk.eggs))).join(', ');
  return (
    <ChartPanel title={title} note={note}>
      <Chart
        type="bar"
        data={{
          labels: weeks.map((wk) => w.week(wk.week)),
          datasets: [{ label: w.eggs, data: weeks.map((wk) => wk.eggs), backgroundColor: colors.primary, borderRadius: 3, maxBarThickness: 40 }],
        }}
        options={options}
        role="img"
        aria-label={`${title}: ${summary}.`}
      />
      <ChartTable
        caption={title}
        headers={[w.weekColumn, w.days, w.eggs]}
        rows={weeks.map((wk) => [w.week(wk.week), range(wk), formatCount(wk.eggs)])}
      />
    </ChartPanel>
  );
}

function AdjustmentChart({ series, colors }: { series: EggSeries; colors: ChartColors }) {
  const palette = useLinePalette(colors);
  const { title, note } = eggCharts().adjustments;
  const { adjustments } = series;
  if (ADJUSTMENT_TYPES.every((type) => adjustments[type] === 0)) {
    return (
      <ChartPanel title={title} note={note}>
        <EmptyChart>{w.noAdjustments}</EmptyChart>
      </ChartPanel>
    );
  }
  const typeColors: Record<(typeof ADJUSTMENT_TYPES)[number], string> = {
    giveaway: palette[1] ?? colors.primary,
    breakage: colors.danger,
    consumption: colors.warning,
  };
  const summary = ADJUSTMENT_TYPES.map((type) => `${ADJUSTMENT_TYPE_LABELS[type]} ${eggs(adjustments[type])}`).join(', ');
  return (
    <ChartPanel title={title} note={note}>
      <Chart
        type="bar"
        data={{
          labels: ADJUSTMENT_TYPES.map((type) => ADJUSTMENT_TYPE_LABELS[type]),
          datasets: [
            {
              label: w.eggs,
              data: ADJUSTMENT_TYPES.map((type) => adjustments[type]),
              backgroundColor: ADJUSTMENT_TYPES.map((type) => typeColors[type]),
              borderRadius: 3,
              maxBarThickness: 48,
            },
          ],
        }}
        options={baseOptions<'bar'>(colors)}
        role="img"
        aria-label={`${title}: ${summary}.`}
      />
      <ChartTable
        caption={title}
        headers={[w.type, w.eggs]}
        rows={ADJUSTMENT_TYPES.map((type) => [ADJUSTMENT_TYPE_LABELS[type], formatCount(adjustments[type])])}
      />
    </ChartPanel>
  );
}

/**
 * The egg screen's three charts, read from GET /egg-productions/series (summed by the server).
 * Loaded lazily after the screen's first data: chart.js comes with this chunk only (docs/design.md §9).
 */
export function EggCharts() {
  const { data, isError } = useQuery(eggSeriesQuery());
  const colors = useChartColors();

  return (
    <section aria-labelledby="egg-charts-title">
      <Title order={2} fz="lg" mb="sm" id="egg-charts-title">
        {w.title}
      </Title>
      {isError && !data ? (
        <Text c="dimmed">{w.failed}</Text>
      ) : data ? (
        <Stack gap="md">
          <DailyChart series={data} colors={colors} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <WeeklyChart series={data} colors={colors} />
            <AdjustmentChart series={data} colors={colors} />
          </SimpleGrid>
        </Stack>
      ) : (
        <ChartsSkeleton />
      )}
    </section>
  );
}

export default EggCharts;
