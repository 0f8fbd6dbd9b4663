import { can, type Dashboard } from '@kuku/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { currentUserQueryOptions } from '../../lib/current-user';
import { FARM_FIGURES_KEY } from '../../lib/query-client';

/** Under the farm figures' key: any saved change marks the dashboard stale (lib/query-client). */
export const dashboardKeys = {
  all: [...FARM_FIGURES_KEY, 'dashboard'] as const,
};

/** GET /api/stats/dashboard: every tile, chart and the Flock Overview in one request. */
export function dashboardQuery() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => apiRequest<Dashboard>('/stats/dashboard', { signal }) });
}

/**
 * The dashboard's one request, started beside the screen's code (decision 022), for a role that
 * may read the farm's figures (a worker's dashboard has none: docs/design.md §6). The user is the
 * guard's own request, asked for once.
 */
export async function prefetchDashboardScreen(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (can(user.role, 'dashboard.read')) await queryClient.prefetchQuery(dashboardQuery());
}
