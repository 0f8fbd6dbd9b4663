import type { FarmChange } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';

/** The table's code: asked for with the first save, or by the live updates once the shell is up. */
export const loadStaleKeys = () => import('./stale-keys');

/**
 * Reads again what a change makes stale (the domain's `STALE_AFTER`): after the app's own write
 * and after another phone's, told by the socket. Queries on screen refetch; the rest refetch
 * when next shown. The table is no part of a first screen (docs/design.md §9 budget).
 */
export async function markStale(queryClient: QueryClient, change: FarmChange): Promise<void> {
  const { staleKeysAfter } = await loadStaleKeys();
  await Promise.all(staleKeysAfter(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
