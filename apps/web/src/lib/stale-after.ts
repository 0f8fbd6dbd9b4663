import { staleKeysAfter, type FarmChange } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Reads again what a change makes stale (the domain's `STALE_AFTER`): after the app's own write
 * and after another phone's, told by the socket. Queries on screen refetch; the rest refetch
 * when next shown.
 */
export async function markStale(queryClient: QueryClient, change: FarmChange): Promise<void> {
  await Promise.all(staleKeysAfter(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
