/**
 * The owner's deleted flocks (decision 052): kept apart from api.ts, whose module every flock
 * screen loads first, so their words load with the dialogs that use them.
 */
import type { DeletedFlockList, RestoreFlockResult } from '@kuku/domain';
import { flockBinMessages } from '@kuku/domain';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { flockKeys } from './api';
import { markStale } from '../../lib/stale-after';

export const deletedFlocksQuery = () =>
  queryOptions({
    queryKey: flockKeys.deleted(),
    queryFn: ({ signal }) => apiRequest<DeletedFlockList>('/flocks/deleted', { signal }),
  });

/**
 * Brings a deleted flock back with every record (by its bin entry, or by the flock's id: the
 * newest entry of that flock). Sales, eggs, stock and the rest come back too: every query is read
 * again. A plain function as well as a hook: the 'Undo' of a toast outlives the dialog it came from.
 */
export async function restoreDeletedFlock(queryClient: QueryClient, target: { entryId: number } | { flockId: number }): Promise<RestoreFlockResult> {
  try {
    let entryId = 'entryId' in target ? target.entryId : undefined;
    if (entryId === undefined) {
      const flockId = (target as { flockId: number }).flockId;
      const list = await queryClient.fetchQuery({ ...deletedFlocksQuery(), staleTime: 0 });
      entryId = list.items.find((item) => item.flock_id === flockId)?.id;
      if (entryId === undefined) throw new Error(flockBinMessages.notInBin);
    }
    return await apiRequest<RestoreFlockResult>(`/flocks/deleted/${entryId}/restore`, { method: 'POST' });
  } finally {
    // The flock comes back with its records, as a flock added (the server's event says so too).
    void markStale(queryClient, 'flock');
  }
}

export function useRestoreFlock(callbacks: { onSuccess?: (result: RestoreFlockResult) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { entryId: number } | { flockId: number }) => restoreDeletedFlock(queryClient, target),
    onSuccess: (result) => callbacks.onSuccess?.(result),
    onError: (error) => callbacks.onError?.(error),
  });
}

