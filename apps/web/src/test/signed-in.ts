import type { Role } from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { currentUserKey } from '../lib/current-user';
import { setToken } from '../lib/session';
import type { MockAnswer } from './fetch-mock';
import { makeUser } from './fixtures';
import { createTestQueryClient } from './render';

/**
 * Signs a component test in as a user of `role`: a stored token, and the route of GET /auth/me
 * to spread into `mockApi`'s routes. Screens hide the write actions a role cannot use, and
 * show none before the user is known.
 */
export function signedInAs(role: Role = 'owner'): Record<string, MockAnswer> {
  setToken('test-token');
  return { 'GET /auth/me': { body: makeUser({ role }) } };
}

/** Waits until the signed-in user has arrived: before it, every write action is hidden anyway. */
export async function userLoaded(queryClient: QueryClient): Promise<void> {
  await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeDefined());
}

/** A test query client that already holds the signed-in user of `role` (no /auth/me call). */
export function queryClientAs(role: Role = 'owner'): QueryClient {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return queryClient;
}
