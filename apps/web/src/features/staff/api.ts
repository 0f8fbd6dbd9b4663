import type { QUERY_ROOTS } from '@kuku/domain';
import type { AcceptInvitationInput, ChangeRoleInput, InviteMemberInput, LoginResponse, Member, StaffList } from '@kuku/domain';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { setToken } from '../../lib/session';
import { lazySchemas } from '../../first-screen/lazy-schemas';
import { markStale } from '../../lib/stale-after';

/** docs/style.md rule 12: every staff query sits under `staffKeys.all`. */
export const staffKeys = {
  all: ['staff'] as const satisfies typeof QUERY_ROOTS.staff,
  list: () => [...staffKeys.all, 'list'] as const,
};

/** The staff forms' schemas: zod comes with the first use of a form, not with the screen. */
export const staffSchemas = lazySchemas(() => import('./schemas'));

/** GET /api/staff: the farm's members, the owner first (owner only). */
export function staffListQuery() {
  return queryOptions({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => apiRequest<StaffList>('/staff', { signal }),
    select: (list) => list.items,
  });
}

/** What /user-registration asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchStaffScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(staffListQuery());
}

function useInvalidateStaff() {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, 'member');
}

/** POST /api/staff: the member is added as invited and mailed a code. */
export function useInviteMember() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => apiRequest<Member>('/staff', { method: 'POST', body: input, idempotent: true }),
    onSuccess: invalidate,
  });
}

/** PUT /api/staff/:userId. */
export function useChangeRole() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ChangeRoleInput }) =>
      apiRequest<Member>(`/staff/${id}`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/staff/:userId: their sessions end at once. */
export function useRemoveMember() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/staff/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /api/staff/:userId/resend: a new code for one who has not joined yet. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>(`/staff/${id}/resend`, { method: 'POST' }),
  });
}

/**
 * POST /api/auth/accept-invitation (public): answers a session like the login, stored the
 * same way; what an earlier user of this browser had cached goes first.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInvitationInput) => {
      const { loginResponseSchema } = await staffSchemas.load();
      return apiRequest<LoginResponse>('/auth/accept-invitation', { schema: loginResponseSchema, method: 'POST', body: input, auth: false });
    },
    onSuccess: ({ token, user }) => {
      queryClient.removeQueries();
      setToken(token);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
