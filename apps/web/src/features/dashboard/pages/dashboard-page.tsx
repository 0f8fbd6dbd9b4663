import { notificationMessages } from '@kuku/domain';
import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { useCan } from '../../../lib/use-can';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { dashboardQuery } from '../api';
import { DashboardChartsSkeleton } from '../components/dashboard-chart-frames';
import { DashboardGreeting } from '../components/dashboard-greeting';
import { FlockOverview } from '../components/flock-overview';
import { KeyStatistics } from '../components/key-statistics';
import { QuickActions } from '../components/quick-actions';
import { TrialWelcome } from '../components/trial-welcome';
import { WelcomeCards } from '../components/welcome-cards';
import classes from '../components/dashboard.module.css';

// chart.js comes with the charts' own chunk, once the screen has settled or the charts near the viewport (docs/design.md §9).
const DashboardCharts = lazyWithPreload(() => import('../components/dashboard-charts'), (mod) => mod.DashboardCharts);
// The feed and cost card with its words comes right after the first screen (decision 074: the first-screen budget).
const FeedCostCard = lazyWithPreload(() => import('../components/feed-cost-card'), (mod) => mod.FeedCostCard);

interface DashboardPageProps {
  /** What needs doing today (decision 056), composed in by the app (features stay apart). */
  today?: ReactNode;
  /** The recent-notifications list, composed in by the app. */
  notifications: ReactNode;
}

/**
 * The dashboard, in its order: the welcome area (with the Today block, decision 056), the trial welcome, Key Statistics, Quick
 * Actions, the four charts, then the Flock Overview and the Notifications block. One request
 * (GET /api/stats/dashboard, started by the route's loader) feeds the tiles, charts and overview.
 */
export function DashboardPage({ today, notifications }: DashboardPageProps) {
  const user = useCurrentUser();
  // The figures are money among others (docs/design.md §6): a worker's dashboard is the welcome, the
  // quick actions and the notifications, and asks the server for no figures.
  const figures = useCan('dashboard.read');
  // The trial is the owner's business, who pays after it (docs/design.md §6).
  const pays = useCan('billing');
  const dashboard = useQuery({ ...dashboardQuery(), enabled: figures });
  const data = dashboard.data;
  const failed = dashboard.isError && !data;
  return (
    <Stack gap="xl">
      <DashboardGreeting username={user?.username} timeZone={user?.farm.time_zone} />
      {today}
      <WelcomeCards />
      {pays ? <TrialWelcome /> : null}
      {figures ? (
        <KeyStatistics data={data} failed={failed} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : null}
      <Deferred soon fallback={<div className={figures ? classes.feedCostPlace : classes.feedDaysPlace} />}>
        <FeedCostCard money={figures} />
      </Deferred>
      <QuickActions />
      {figures ? (
        <>
          <Deferred fallback={<DashboardChartsSkeleton />} ahead="0px">
            <DashboardCharts />
          </Deferred>
          <FlockOverview flocks={data?.flocks} total={data?.total_flocks} failed={failed} />
        </>
      ) : null}
      <Paper component="section" aria-labelledby="dashboard-notifications" withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title id="dashboard-notifications" order={2} fz="lg" mb="sm">
          {notificationMessages.title}
        </Title>
        {notifications}
      </Paper>
    </Stack>
  );
}
