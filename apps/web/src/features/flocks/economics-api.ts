import type { FlockEconomics, Weighing, WeighingList } from '@kuku/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { markStale } from '../../lib/stale-after';
import { flockKeys } from './api';

/**
 * A flock's economics and weighings (decision 071), apart from api.ts: only the details overlay's
 * lazy section reads them, so none of this is in the flocks screen's first load. Their keys sit
 * under the flocks' root: a feed record, an egg record or a flock change (a weighing is one, the
 * server publishes it so) marks them stale (STALE_AFTER).
 */
export const economicsKeys = {
  economics: (flockId: number, start: string, end: string) => [...flockKeys.detail(flockId), 'economics', start, end] as const,
  weighings: (flockId: number) => [...flockKeys.detail(flockId), 'weighings'] as const,
};

/** GET /api/flocks/{flockId}/economics over a range of the farm's days (the server computes every figure). */
export function flockEconomicsQuery(flockId: number, start: string, end: string) {
  return queryOptions({
    queryKey: economicsKeys.economics(flockId, start, end),
    queryFn: ({ signal }) => apiRequest<FlockEconomics>(`/flocks/${flockId}/economics?start_date=${start}&end_date=${end}`, { signal }),
  });
}

/** GET /api/flocks/{flockId}/weighings: the latest 20, newest first. */
export function flockWeighingsQuery(flockId: number) {
  return queryOptions({
    queryKey: economicsKeys.weighings(flockId),
    queryFn: ({ signal }) => apiRequest<WeighingList>(`/flocks/${flockId}/weighings`, { signal }),
  });
}

export interface WeighingBody {
  date: string;
  birds: number;
  total_kg: number;
}

/** A weighing moves its flock's figures: the flocks' queries are read again, as after the server's 'flock' event. */
function useMarkWeighingStale() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'flock');
}

/** POST /api/flocks/{flockId}/weighings: a lost answer is retried with the same Idempotency-Key. */
export function useRecordWeighing() {
  const stale = useMarkWeighingStale();
  return useMutation({
    mutationFn: ({ flockId, body }: { flockId: number; body: WeighingBody }) =>
      apiRequest<Weighing>(`/flocks/${flockId}/weighings`, { method: 'POST', body, idempotent: true }),
    onSuccess: stale,
  });
}

/** DELETE /api/weighings/{id}. */
export function useDeleteWeighing() {
  const stale = useMarkWeighingStale();
  return useMutation({
    mutationFn: (weighing: Pick<Weighing, 'id'>) => apiRequest<void>(`/weighings/${weighing.id}`, { method: 'DELETE' }),
    onSuccess: stale,
  });
}
