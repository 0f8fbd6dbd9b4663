import { RECENT_NOTIFICATIONS } from '@kuku/domain';
import { useNotifications } from '../api';
import { NotificationList } from './notification-list';

/** docs/product.md §2 Dashboard: the 3 most recent notifications, each linking to its own link. */
export function RecentNotifications() {
  const notifications = useNotifications();
  return <NotificationList notifications={notifications.slice(0, RECENT_NOTIFICATIONS)} />;
}
