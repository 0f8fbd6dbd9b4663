import { Box, Paper, Skeleton, Text, Title } from '@mantine/core';
import { saleChartWords as w, saleMessages } from '@kuku/domain';
import type { ReactNode } from 'react';
import { CHART_HEIGHT, ChartPanel, ChartPanelSkeleton } from '../../../ui/charts/chart-panel';
import classes from './sales-charts.module.css';

/** The per-flock charts' legends (up to 11 entries) sit under their plots: those panels are taller. */
export const FLOCK_CHART_HEIGHT = CHART_HEIGHT + 100;

/**
 * Titles and notes, shared by the skeletons so nothing moves when the data and the chart code
 * arrive. A function: words are read in render, once the page's language has arrived (decision 068).
 */
export const salesCharts = () => ({
  daily: { title: saleMessages.dailyChartTitle, note: w.dailyNote },
  trend: { title: saleMessages.trendTitle, note: w.trendNote },
  flocksByWeek: { title: w.byWeekTitle, note: w.byWeekNote },
  flocksByMonth: { title: w.byMonthTitle, note: w.byMonthNote },
});

/** The frame of a per-flock chart: ChartPanel's, with room under the plot for the legend. */
export function TallPanel({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        {note}
      </Text>
      <Box h={FLOCK_CHART_HEIGHT} pos="relative">
        {children}
      </Box>
    </Paper>
  );
}

/** The four panels' places: daily and trend side by side from md, the two per-flock charts under them. */
export function SalesChartsGrid({ daily, trend, flocksByWeek, flocksByMonth }: Record<keyof ReturnType<typeof salesCharts>, ReactNode>) {
  return (
    <div className={classes.grid}>
      {daily}
      {trend}
      {flocksByWeek}
      {flocksByMonth}
    </div>
  );
}

/** The charts while their data or code loads: the same panels, the same heights. */
export function SalesChartsSkeleton() {
  const charts = salesCharts();
  return (
    <section aria-label={saleMessages.chartsLoading} aria-busy>
      <Title order={2} fz="lg" mb="sm">
        {saleMessages.chartsHeading}
      </Title>
      <SalesChartsGrid
        daily={<ChartPanelSkeleton {...charts.daily} />}
        trend={<ChartPanelSkeleton {...charts.trend} />}
        flocksByWeek={
          <TallPanel {...charts.flocksByWeek}>
            <Skeleton h="100%" radius="md" aria-hidden />
          </TallPanel>
        }
        flocksByMonth={
          <TallPanel {...charts.flocksByMonth}>
            <Skeleton h="100%" radius="md" aria-hidden />
          </TallPanel>
        }
      />
    </section>
  );
}

export { ChartPanel };
