import type { FarmEconomics } from '@kuku/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { FARM_FIGURES_KEY } from '../../lib/query-client';

/**
 * The farm's economics (decision 071): each flock's figures and the laying flocks' together, read by
 * the dashboard's feed and cost card and the financial dashboard's tray figures (decision 074). Under
 * the farm figures' key: an egg record, a feed record, a sale, an expense or a flock change marks
 * them stale (STALE_AFTER), as it does the other farm-wide figures.
 */
export const economicsKeys = {
  all: [...FARM_FIGURES_KEY, 'economics'] as const,
  /** null: the server's default, this month up to the farm's today. */
  range: (start: string | null, end: string | null) => [...economicsKeys.all, start ?? 'month', end ?? 'today'] as const,
};

/** GET /api/economics: this month by default, or `start`..`end` (the server clips the end at today). */
export function farmEconomicsQuery(start: string | null = null, end: string | null = null) {
  const range = start && end ? `?start_date=${start}&end_date=${end}` : '';
  return queryOptions({
    queryKey: economicsKeys.range(start, end),
    queryFn: ({ signal }) => apiRequest<FarmEconomics>(`/economics${range}`, { signal }),
  });
}
