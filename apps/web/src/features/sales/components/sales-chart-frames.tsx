import { Box, Paper, Skeleton, Text, Title } from '@mantine/core';
import { saleMessages } from '@kuku/domain';
import type { ReactNode } from 'react';
import { CHART_HEIGHT, ChartPanel, ChartPanelSkeleton } from '../../../ui/charts/chart-panel';
import { SALES_CHARTS_HEADING } from './sale-format';
import classes from './sales-charts.module.css';

/** The per-flock charts' legends (up to 11 entries) sit under their plots: those panels are taller. */
export const FLOCK_CHART_HEIGHT = CHART_HEIGHT + 100;

/** Titles and notes, shared by the skeletons so nothing moves when the data and the chart code arrive. */
export const SALES_CHARTS = {
  daily: { title: saleMessages.dailyChartTitle, note: 'Sales each day this month, in Ksh' },
  trend: { title: saleMessages.trendTitle, note: 'Sales each month, in Ksh' },
  // Titles of one line on a 390 px phone: the page's placeholder holds one line for each.
  flocksByWeek: { title: 'Sales per flock by week', note: 'This month, 7-day weeks from the 1st, in Ksh' },
  flocksByMonth: { title: 'Sales per flock by month', note: 'The last 6 months, in Ksh' },
} as const;

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
export function SalesChartsGrid({ daily, trend, flocksByWeek, flocksByMonth }: Record<keyof typeof SALES_CHARTS, ReactNode>) {
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
  return (
    <section aria-label="Loading sales charts" aria-busy>
      <Title order={2} fz="lg" mb="sm">
        {SALES_CHARTS_HEADING}
      </Title>
      <SalesChartsGrid
        daily={<ChartPanelSkeleton {...SALES_CHARTS.daily} />}
        trend={<ChartPanelSkeleton {...SALES_CHARTS.trend} />}
        flocksByWeek={
          <TallPanel {...SALES_CHARTS.flocksByWeek}>
            <Skeleton h="100%" radius="md" aria-hidden />
          </TallPanel>
        }
        flocksByMonth={
          <TallPanel {...SALES_CHARTS.flocksByMonth}>
            <Skeleton h="100%" radius="md" aria-hidden />
          </TallPanel>
        }
      />
    </section>
  );
}

export { ChartPanel, SALES_CHARTS_HEADING };
