import type { OnboardingAnswer } from '@kuku/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { FARM_FIGURES_KEY } from '../../lib/query-client';

/** Under the farm figures' key: the first flock, sale or report saved marks it stale (lib/query-client). */
export const onboardingKeys = {
  all: [...FARM_FIGURES_KEY, 'onboarding'] as const,
};

/** GET /api/onboarding: which Getting Started steps the farm's records complete (decision 037). */
export function onboardingQuery() {
  return queryOptions({
    queryKey: onboardingKeys.all,
    queryFn: ({ signal }) => apiRequest<OnboardingAnswer>('/onboarding', { signal }),
  });
}

/** The screen's one request, started beside its code (decision 022). */
export function prefetchOnboardingScreen(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(onboardingQuery());
}
