import { Skeleton } from '@mantine/core';
import { dashboardMessages as m } from '@kuku/domain';
import type { ReactNode } from 'react';
import { CHART_HEIGHT, ChartPanel } from '../../../ui/charts/chart-panel';
import classes from './dashboard-charts.module.css';

/** Every dashboard chart has a legend under its plot (a flock a line, or revenue and expenses): one height for all four. */
export const DASHBOARD_CHART_HEIGHT = CHART_HEIGHT + 80;

/**
 * docs/product.md §2's four charts, in its order; titles and notes shared by the skeletons so nothing moves.
 * A function: words are read in render, never as the module loads (common/words.ts).
 */
export const dashboardCharts = () => ({
  eggsLast7Days: { title: m.eggsLast7Days, note: m.eggsLast7DaysNote },
  eggsByWeek: { title: m.eggsByWeek, note: m.eggsByWeekNote },
  salesByMonth: { title: m.salesByMonth, note: m.salesByMonthNote },
  revenueVsExpenses: { title: m.revenueVsExpenses, note: m.revenueVsExpensesNote },
});

/** The frame of one chart (ui/charts ChartPanel) at the dashboard's height. Holds no chart code. */
export function DashboardChartPanel(props: { title: string; note: string; children: ReactNode }) {
  return <ChartPanel {...props} height={DASHBOARD_CHART_HEIGHT} />;
}

export function DashboardChartsGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}

export function DashboardChartsHeading({ id }: { id?: string }) {
  return (
    <h2 className={classes.title} id={id}>
      {m.charts}
    </h2>
  );
}

/** The charts while their code or data loads: the same heading, panels and heights. */
export function DashboardChartsSkeleton() {
  return (
    <section aria-label={m.chartsLoading} aria-busy>
      <DashboardChartsHeading />
      <DashboardChartsGrid>
        {Object.values(dashboardCharts()).map((frame) => (
          <DashboardChartPanel key={frame.title} {...frame}>
            <Skeleton h="100%" radius="md" aria-hidden />
          </DashboardChartPanel>
        ))}
      </DashboardChartsGrid>
    </section>
  );
}

export { classes as chartClasses };
