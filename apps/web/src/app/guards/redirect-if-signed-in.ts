import { paths } from '@kuku/domain/screens';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUserQueryOptions } from '../../lib/current-user';
import { hasToken } from '../../lib/session';

/**
 * /auth for a signed-in user leads to the dashboard; a stale token just shows the login. An
 * invitation's link shows its view whoever is signed in: the person who opened the mail is the invitee.
 */
export function redirectIfSignedInLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!hasToken() || new URL(request.url).searchParams.has('invitation')) return null;
    try {
      await queryClient.ensureQueryData(currentUserQueryOptions());
    } catch {
      return null;
    }
    throw redirect(paths.dashboard.getHref());
  };
}
