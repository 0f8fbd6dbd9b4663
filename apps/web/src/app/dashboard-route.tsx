import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { RecentNotifications } from '../features/notifications/components/recent-notifications';

/** The dashboard with the notifications block composed in (features do not import each other). */
export function DashboardRoute() {
  return <DashboardPage notifications={<RecentNotifications />} />;
}
