import { Box, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { breedGuideWords as w, economicsWords as e, formatCount, formatQuantity, type EconomicsWeek, type EconomicsWeeks } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import { Chart } from '../../../ui/charts/chart';
import { useChartColors, type ChartColors } from '../../../ui/charts/chart-js';
import { CHART_HEIGHT } from '../../../ui/charts/chart-panel';
import { ChartTable } from '../../../ui/charts/chart-table';
import { useDayText } from '../../../ui/date';
import { flockEconomicsWeeksQuery } from '../economics-weeks-api';

/** A figure as text: '—' where its records are missing (never 0). */
const NONE = '—';
const shown = (value: number | null, format: (value: number) => string): string => (value === null ? NONE : format(value));
const percent = (value: number) => e.percent(formatQuantity(value));
const grams = (value: number) => e.grams(formatCount(value));
const kg = (value: number) => e.kilograms(formatQuantity(value));

interface Figure {
  title: string;
  note: string;
  /** The flock's figure and the guide's, for a week. */
  flock: (week: EconomicsWeek) => number | null;
  guide: (week: EconomicsWeek) => number | null;
  format: (value: number) => string;
  /** The y axis from 0, and at most this (a percentage's 100). */
  max?: number;
}

/** The two figures a kind of flock is read by against its guide (decision 073). */
function figuresOf(kind: EconomicsWeeks['kind']): [Figure, Figure] {
  if (kind === 'broilers') {
    return [
      { title: w.weightTitle, note: w.weightNote, flock: (x) => x.average_weight_kg, guide: (x) => x.guide_weight_kg, format: kg },
      { title: w.fcrTitle, note: w.fcrNote, flock: (x) => x.feed_conversion_ratio, guide: (x) => x.guide_feed_conversion_ratio, format: formatQuantity },
    ];
  }
  return [
    { title: w.henDayTitle, note: w.henDayNote, flock: (x) => x.hen_day_percent, guide: (x) => x.guide_hen_day_percent, format: percent, max: 100 },
    { title: w.feedTitle, note: w.feedNote, flock: (x) => x.feed_per_bird_day_grams, guide: (x) => x.guide_feed_per_bird_day_grams, format: grams },
  ];
}

interface GuideLineChartProps {
  figure: Figure;
  weeks: EconomicsWeek[];
  /** The week the summary reads (its figures name the chart). */
  latest: EconomicsWeek | undefined;
  guideName: string;
  colors: ChartColors;
  weekLong: (week: EconomicsWeek) => string;
}

/** One figure by week of age: the flock's line with points, the guide's dashed, and its numbers in a table for screen readers. */
function GuideLineChart({ figure, weeks, latest, guideName, colors, weekLong }: GuideLineChartProps) {
  const flockValues = weeks.map(figure.flock);
  const guideValues = weeks.map(figure.guide);
  const guideLabel = w.guideLine(guideName);
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    // A cheap phone redraws nothing it need not; the theme toggle repaints at once.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 16, boxHeight: 2, padding: 8 } },
      tooltip: {
        callbacks: {
          title: (items: TooltipItem<'line'>[]) => {
            const week = weeks[items[0]?.dataIndex ?? 0];
            return week ? weekLong(week) : '';
          },
          label: (item: TooltipItem<'line'>) => {
            const value = (item.datasetIndex === 0 ? flockValues : guideValues)[item.dataIndex] ?? null;
            return `${item.dataset.label ?? ''}: ${shown(value, figure.format)}`;
          },
        },
      },
    },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { ...axis, beginAtZero: true, ...(figure.max === undefined ? {} : { max: figure.max }) },
    },
  };
  const data: ChartData<'line', (number | null)[]> = {
    labels: weeks.map((week) => w.weekShort(week.week)),
    datasets: [
      {
        label: w.thisFlock,
        data: flockValues,
        borderColor: colors.primary,
        backgroundColor: colors.primary,
        borderWidth: 2,
        pointRadius: 3,
        pointHitRadius: 8,
        // Straight segments between weeks: a smoothed curve would show figures nobody recorded.
        tension: 0,
      },
      {
        label: w.guide,
        data: guideValues,
        borderColor: colors.muted,
        backgroundColor: colors.muted,
        // Dashed, not only another colour: the guide is told apart in any scheme and without colour.
        borderDash: [6, 4],
        borderWidth: 2,
        pointRadius: 0,
        pointHitRadius: 8,
        tension: 0,
      },
    ],
  };
  const first = weeks[0]?.week ?? 0;
  const last = weeks[weeks.length - 1]?.week ?? 0;
  const label = w.chartLabel(figure.title, first, last, latest ? shown(figure.flock(latest), figure.format) : NONE, latest ? shown(figure.guide(latest), figure.format) : NONE);
  return (
    <div>
      <Title order={4} fz="sm">
        {figure.title}
      </Title>
      <Text fz="xs" c="dimmed" mb="xs">
        {figure.note}
      </Text>
      <Box h={CHART_HEIGHT} pos="relative">
        <Chart type="line" data={data} options={options} role="img" aria-label={label} />
        <ChartTable
          caption={figure.title}
          headers={[w.weekHeader, w.thisFlock, guideLabel]}
          rows={weeks.map((week) => [weekLong(week), shown(figure.flock(week), figure.format), shown(figure.guide(week), figure.format)])}
        />
      </Box>
    </div>
  );
}

/**
 * The week the summary reads: for a laying flock the latest full week with a figure (the week
 * under way has its first days only), for a batch the latest weighed.
 */
function latestOf(data: EconomicsWeeks, figures: [Figure, Figure]): EconomicsWeek | undefined {
  const figured = data.weeks.filter((week) => figures[0].flock(week) !== null || figures[1].flock(week) !== null);
  return (data.kind === 'layers' ? figured.findLast((week) => week.days === 7) : undefined) ?? figured.at(-1);
}

/** That week's figures in words beside the guide's. */
function summaryOf(kind: EconomicsWeeks['kind'], latest: EconomicsWeek, [one, two]: [Figure, Figure]): string {
  const pair = (f: Figure) => [shown(f.flock(latest), f.format), shown(f.guide(latest), f.format)] as const;
  const [a, b, c, d] = [...pair(one), ...pair(two)];
  return kind === 'broilers' ? w.summaryBroilers(latest.week, a, b, c, d) : w.summaryLayers(latest.week, a, b, c, d);
}

/**
 * A flock's latest weeks against its breed guide (decision 073), in its 'Feed and cost' section:
 * a laying flock's hen-day production and feed a bird a day, a broiler batch's average weight and
 * FCR, each beside the guide's dashed line; the latest week in words, and every week in a table
 * for screen readers. Loaded lazily with chart.js.
 */
export function FlockGuideChart({ flockId }: { flockId: number }) {
  const query = useQuery(flockEconomicsWeeksQuery(flockId));
  const colors = useChartColors();
  const day = useDayText();
  const weekLong = (week: EconomicsWeek) => w.weekLong(week.week, day(week.start_date));

  const body = () => {
    if (query.isPending) {
      return (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={w.loading} />
        </Group>
      );
    }
    const data = query.data;
    if (!data) return <Text c="dimmed">{w.loadFailed}</Text>;
    if (data.guide === null) return <Text c="dimmed" fz="sm">{w.noGuide}</Text>;
    const figures = figuresOf(data.kind);
    const latest = latestOf(data, figures);
    const guideName = w.guideNames[data.guide];
    const rough = data.guide === 'kalro-improved-kienyeji' || data.guide === 'free-range-kienyeji';
    return (
      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          {w.note(guideName)}
          {rough ? ` ${w.rough}` : ''}
        </Text>
        {latest === undefined ? (
          <Text fz="sm" role="status">
            {w.noFigures}
          </Text>
        ) : (
          <>
            <Text fz="sm" fw={600}>
              {summaryOf(data.kind, latest, figures)}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="lg">
              {figures.map((figure) => (
                <GuideLineChart key={figure.title} figure={figure} weeks={data.weeks} latest={latest} guideName={guideName} colors={colors} weekLong={weekLong} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    );
  };

  return (
    <section aria-labelledby={`flock-guide-title-${flockId}`}>
      <Stack gap="xs" mt="lg">
        <Title order={3} fz="md" id={`flock-guide-title-${flockId}`}>
          {w.title}
        </Title>
        {body()}
      </Stack>
    </section>
  );
}

export default FlockGuideChart;
