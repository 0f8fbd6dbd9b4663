import type { QUERY_ROOTS } from '@kuku/domain';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The farm-wide figures (the dashboard, the financial dashboard, today, the first steps) sit
 * under this key: the changes that move them mark it stale (`STALE_AFTER`, lib/stale-after).
 */
export const FARM_FIGURES_KEY = ['farm-figures'] as const satisfies typeof QUERY_ROOTS.figures;

export function createQueryClient(): QueryClient {
  // TanStack assumes online until the first event: a start with no signal would wait on requests
  // that cannot go, where the farm as last synced can show (decision 066).
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept in memory a day unused, as on the phone (last-synced/): a screen not shown for five
        // minutes would otherwise drop out of what is kept for a start with no signal.
        gcTime: 24 * 60 * 60_000,
        // Phones on mobile data: refetching on every tab switch costs money and time.
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; retry only network trouble and 5xx.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      // A change that needs the server is tried with no signal too, and fails at once with the
      // form's message, rather than wait unseen (TanStack's default pauses it; decision 066).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
