import { todayIsSilent } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { RecentNotifications } from '../features/notifications/components/recent-notifications';
import { todayQuery } from '../features/today/api';
import { TodaySkeleton } from '../features/today/components/today-skeleton';
import { Deferred } from '../first-screen/deferred';
import { lazyWithPreload } from '../first-screen/lazy';

// The Today block's code comes right after the first screen is painted, beside its data, which
// the route's loader has asked for (the first-screen budget of e2e/first-screen-budget.spec.ts; decision 056).
const TodayPart = lazyWithPreload(() => import('./today-part'), (m) => m.TodayPart);

/** Keeps the block's place while its code loads; none on a farm it has nothing to tell. */
function TodayPlace() {
  const { data } = useQuery(todayQuery());
  return data && todayIsSilent(data) ? null : <TodaySkeleton />;
}

/** The dashboard with the Today block and the notifications block composed in. */
export function DashboardRoute() {
  return (
    <DashboardPage
      today={
        <Deferred soon fallback={<TodayPlace />}>
          <TodayPart />
        </Deferred>
      }
      notifications={<RecentNotifications />}
    />
  );
}
