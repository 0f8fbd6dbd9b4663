import { FEED_PAGE_SIZE, type FeedChange, type FeedDaysAnswer, type FeedRecord, type Page, type QUERY_ROOTS, type UsualFeed } from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';

/**
 * docs/style.md rule 12: every feed query sits under `feedKeys.all`. A feed record moves its item's
 * stock and its flock's figures too: `markStale(…, 'feed')` reads those again (STALE_AFTER).
 */
export const feedKeys = {
  all: ['feed'] as const satisfies typeof QUERY_ROOTS.feed,
  flock: (flockId: number) => [...feedKeys.all, 'flock', flockId] as const,
  flockPage: (flockId: number, page: number) => [...feedKeys.flock(flockId), 'page', page] as const,
  usual: (flockId: number) => [...feedKeys.flock(flockId), 'usual'] as const,
  daysLeft: () => [...feedKeys.all, 'days-left'] as const,
};

/** A flock's feed records, newest day first, 10 a page (GET /api/flocks/{flockId}/feed). */
export function flockFeedQuery(flockId: number, page = 1) {
  return queryOptions({
    queryKey: feedKeys.flockPage(flockId, page),
    queryFn: ({ signal }) => apiRequest<Page<FeedRecord>>(`/flocks/${flockId}/feed?page=${page}&pageSize=${FEED_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The flock's last record's item and quantity, for the form's start (nulls without one). */
export function usualFeedQuery(flockId: number) {
  return queryOptions({
    queryKey: feedKeys.usual(flockId),
    queryFn: ({ signal }) => apiRequest<UsualFeed>(`/flocks/${flockId}/feed/usual`, { signal }),
  });
}

/**
 * How many days the store's feed lasts at the last 7 days' use (GET /api/feed/days-left, decision 074).
 * Under the feed root: a feed record, an item's change and a flock's change mark it stale (STALE_AFTER).
 */
export function feedDaysQuery() {
  return queryOptions({
    queryKey: feedKeys.daysLeft(),
    queryFn: ({ signal }) => apiRequest<FeedDaysAnswer>('/feed/days-left', { signal }),
  });
}

export interface FeedBody {
  item_id: number;
  date: string;
  quantity: number;
}

function useMarkFeedStale() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'feed');
}

/** POST /api/flocks/{flockId}/feed: a lost answer is retried with the same Idempotency-Key. */
export function useRecordFeed() {
  const stale = useMarkFeedStale();
  return useMutation({
    mutationFn: ({ flockId, body }: { flockId: number; body: FeedBody }) =>
      apiRequest<FeedChange>(`/flocks/${flockId}/feed`, { method: 'POST', body, idempotent: true }),
    onSuccess: stale,
  });
}

/** PATCH /api/feed/{id}: the stock follows (the old quantity put back, the new one drawn). */
export function useUpdateFeed() {
  const stale = useMarkFeedStale();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<FeedBody> }) => apiRequest<FeedChange>(`/feed/${id}`, { method: 'PATCH', body }),
    onSuccess: stale,
  });
}

/** DELETE /api/feed/{id}: the feed goes back into its item's stock. */
export function useDeleteFeed() {
  const stale = useMarkFeedStale();
  return useMutation({
    mutationFn: (record: Pick<FeedRecord, 'id'>) => apiRequest<void>(`/feed/${record.id}`, { method: 'DELETE' }),
    onSuccess: stale,
  });
}
