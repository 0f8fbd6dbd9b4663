import type { QUERY_ROOTS, User } from '@kuku/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_PATH } from '../first-screen/shell-requests';
import { apiRequest } from './api-client';
import { hasToken } from './session';

/** The signed-in user is shared by the shell, the guards and several features. */
// The domain's root, spelled here: a value import of the domain would grow the entry chunk.
export const currentUserKey = ['auth', 'me'] as const satisfies typeof QUERY_ROOTS.currentUser;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => apiRequest<User>(SESSION_PATH, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The user once the guard has fetched them; undefined when signed out. */
export function useCurrentUser(): User | undefined {
  const { data } = useQuery({ ...currentUserQueryOptions(), enabled: hasToken() });
  return data;
}
