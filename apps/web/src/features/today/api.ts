import type { Today } from '@kuku/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { FARM_FIGURES_KEY } from '../../lib/query-client';

/** Under the farm figures' key: any saved change (here or on another phone) marks it stale (lib/query-client). */
export const todayKeys = {
  all: [...FARM_FIGURES_KEY, 'today'] as const,
};

/** GET /api/today: what still needs doing today, as far as the role may read it (decision 056). */
export function todayQuery() {
  return queryOptions({ queryKey: todayKeys.all, queryFn: ({ signal }) => apiRequest<Today>('/today', { signal }) });
}

/** Started beside the dashboard's code (decision 022): every role has a today. */
export async function prefetchToday(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(todayQuery());
}
