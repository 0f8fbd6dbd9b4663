import type { Finance } from '@kuku/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { FARM_FIGURES_KEY } from '../../lib/query-client';

/** Under the farm figures' key: any saved change marks these stale (lib/query-client). */
export const financeKeys = {
  all: [...FARM_FIGURES_KEY, 'finance'] as const,
  year: (year: number | null) => [...financeKeys.all, year ?? 'current'] as const,
};

/** GET /api/flock-financial/?year=: the year's overview, flock performance and every chart; null is the farm's current year. */
export function financeQuery(year: number | null) {
  return queryOptions({
    queryKey: financeKeys.year(year),
    queryFn: ({ signal }) => apiRequest<Finance>(year === null ? '/flock-financial' : `/flock-financial?year=${year}`, { signal }),
  });
}

/** The screen's one request (this year), started beside its code (decision 022). */
export function prefetchFinanceScreen(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(financeQuery(null));
}
