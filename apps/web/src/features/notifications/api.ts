import { NOTIFICATION_PAGE_SIZE, type Notification, type NotificationPage, type QUERY_ROOTS } from '@kuku/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { bellPath } from '../../first-screen/shell-requests';
import { apiRequest } from '../../lib/api-client';

/** docs/style.md rule 12: every notification query sits under `notificationKeys.all`. */
export const notificationKeys = {
  all: ['notifications'] as const satisfies typeof QUERY_ROOTS.notifications,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

const EMPTY: NotificationPage = { items: [], total: 0, page: 1, pageSize: NOTIFICATION_PAGE_SIZE };

/** GET /api/notifications: the unread ones, newest first; `total` is the bell's count. */
export function unreadNotificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiRequest<NotificationPage>(bellPath(NOTIFICATION_PAGE_SIZE), { signal }),
    // The socket brings new ones; a refetch comes when it reconnects.
    staleTime: 5 * 60_000,
  });
}

/** The start-up step (docs/product.md §4): the bell knows its count before the overlay ends. */
export async function loadNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(unreadNotificationsQuery());
}

/** Starts the bell's query if it is not fresh; failures are the start-up step's to log. */
export function prefetchNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(unreadNotificationsQuery());
}

function usePage(): NotificationPage {
  return useQuery(unreadNotificationsQuery()).data ?? EMPTY;
}

export function useNotifications(): readonly Notification[] {
  return usePage().items;
}

export function useUnreadCount(): number {
  return usePage().total;
}

/** A notification the socket brought: first in the list, counted once. */
export function addLiveNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationPage>(notificationKeys.unread(), (page = EMPTY) => {
    if (page.items.some((n) => n.id === notification.id)) return page;
    return { ...page, items: [notification, ...page.items].slice(0, page.pageSize), total: page.total + 1 };
  });
}
