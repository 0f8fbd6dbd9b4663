import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The farm-wide figures (the dashboard, the financial dashboard) sit under this key: they sum
 * every kind of record, so any saved change marks them stale and the next visit reads them again.
 */
export const FARM_FIGURES_KEY = ['farm-figures'] as const;

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: FARM_FIGURES_KEY }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Phones on mobile data: refetching on every tab switch costs money and time.
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; retry only network trouble and 5xx.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
