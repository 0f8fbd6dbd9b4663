import type { SocialProviders } from '@kuku/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The 'Continue with' providers this server offers (none in production without credentials). */
export function socialProvidersQuery() {
  return queryOptions({
    queryKey: ['auth', 'providers'] as const,
    // No schema: the login form's first screen does not load zod (decision 017).
    queryFn: ({ signal }) => apiRequest<SocialProviders>('/auth/providers', { auth: false, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** /auth's one request, asked for at a cold start before the form's code has arrived (decision 042). */
export function prefetchSocialProviders(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(socialProvidersQuery());
}
