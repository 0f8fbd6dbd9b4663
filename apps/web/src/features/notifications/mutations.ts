import { NOTIFICATION_PAGE_SIZE, type NotificationPage } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { notificationKeys } from './api';

// Apart from api.ts: the header reads the count on every screen; these load with the modal and the dashboard.

const EMPTY: NotificationPage = { items: [], total: 0, page: 1, pageSize: NOTIFICATION_PAGE_SIZE };

/** Read ones leave the list at once (docs/product.md §4); the server's answer then settles the count. */
function useReadMutation(send: (id: number | 'all') => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.unread() });
      const before = queryClient.getQueryData<NotificationPage>(notificationKeys.unread());
      queryClient.setQueryData<NotificationPage>(notificationKeys.unread(), (page = EMPTY) =>
        id === 'all'
          ? { ...page, items: [], total: 0 }
          : { ...page, items: page.items.filter((n) => n.id !== id), total: Math.max(0, page.total - (page.items.some((n) => n.id === id) ? 1 : 0)) },
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.unread(), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
}

/** The modal's ×: dismissed is read (docs/product.md §4). */
export function useDismissNotification() {
  return useReadMutation((id) => apiRequest<null>(`/notifications/${id}`, { method: 'DELETE' }));
}

export function useMarkAllAsRead() {
  return useReadMutation(() => apiRequest<{ marked: number }>('/notifications/read-all', { method: 'POST' }));
}

/** A notification opened by its link is read. */
export function useMarkRead() {
  return useReadMutation((id) => apiRequest<null>(`/notifications/${id}/read`, { method: 'POST' }));
}
