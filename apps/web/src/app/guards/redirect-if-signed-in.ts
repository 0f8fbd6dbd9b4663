import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { currentUserQueryOptions } from '../../lib/current-user';
import { hasToken } from '../../lib/session';
import { paths } from '../paths';

/** /auth for a signed-in user leads to the dashboard; a stale token just shows the login. */
export function redirectIfSignedInLoader(queryClient: QueryClient) {
  return async () => {
    if (!hasToken()) return null;
    try {
      await queryClient.ensureQueryData(currentUserQueryOptions());
    } catch {
      return null;
    }
    throw redirect(paths.dashboard.getHref());
  };
}
