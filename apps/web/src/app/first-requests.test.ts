import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../lib/session';
import { mockApi } from '../test/fetch-mock';
import { makeUser } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { matchScreen, SCREEN_REQUESTS, startFirstRequests, takeColdStart } from './first-requests';
import { paths } from './paths';

const asked = (requests: { method: string; path: string }[]) => requests.map((r) => `${r.method} ${r.path}`).sort();

describe('matchScreen', () => {
  it('matches a route pattern with its params, and nothing else', () => {
    expect(matchScreen('/egg-production', '/egg-production')).toEqual({});
    expect(matchScreen('/egg-production', '/egg-production/')).toEqual({});
    expect(matchScreen('/egg-production', '/egg-production/3')).toBeNull();
    expect(matchScreen('/', '/')).toEqual({});
    expect(matchScreen('/', '/sales-management')).toBeNull();
    expect(matchScreen('/vaccination/:flockId?', '/vaccination')).toEqual({ flockId: undefined });
    expect(matchScreen('/vaccination/:flockId?', '/vaccination/12')).toEqual({ flockId: '12' });
    expect(matchScreen('/auth/:provider/callback', '/auth/google/callback')).toEqual({ provider: 'google' });
    expect(matchScreen('/auth/:provider/callback', '/auth/callback')).toBeNull();
    expect(matchScreen('/vaccination/:flockId?', '/vaccination/%E0')).toBeNull();
  });
});

describe('startFirstRequests', () => {
  it("asks for the user, the bell and the screen's data of a signed-in screen at once", async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser() } });
    startFirstRequests(createTestQueryClient(), '/egg-production');

    await waitFor(() => expect(requests).toHaveLength(6));
    expect(asked(requests)).toEqual([
      'GET /auth/me',
      'GET /egg-adjustments',
      'GET /egg-productions',
      'GET /egg-productions/stats',
      'GET /flocks',
      'GET /notifications',
    ]);
    expect(requests.every((r) => r.headers.get('Authorization') === 'Bearer tok-1')).toBe(true);
  });

  it("passes a route's params: one flock's vaccinations", async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser() } });
    startFirstRequests(createTestQueryClient(), '/vaccination/7');

    await waitFor(() => expect(requests.some((r) => r.path === '/flocks/7/vaccinations')).toBe(true));
  });

  it('asks for nothing private when signed out, and only the sign-in choices on /auth', async () => {
    const requests = mockApi({ 'GET /auth/providers': { body: { providers: [] } } });
    startFirstRequests(createTestQueryClient(), '/egg-production');
    startFirstRequests(createTestQueryClient(), '/auth');

    await waitFor(() => expect(asked(requests)).toEqual(['GET /auth/providers']));
  });

  it('asks for nothing on a signed-out screen or an unknown address, signed in or not', async () => {
    setToken('tok-1');
    const requests = mockApi({});
    startFirstRequests(createTestQueryClient(), '/forgot-password');
    startFirstRequests(createTestQueryClient(), '/no-such-screen');
    startFirstRequests(createTestQueryClient(), '/vaccination/%E0');
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(requests).toEqual([]);
  });

  it('the user and the bell alone on a signed-in screen without data of its own', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser() } });
    startFirstRequests(createTestQueryClient(), '/my-profile');

    await waitFor(() => expect(asked(requests)).toEqual(['GET /auth/me', 'GET /notifications']));
  });

  it("tells the router's first loader, once, that the start address's requests are out", () => {
    mockApi({});
    startFirstRequests(createTestQueryClient(), '/sales-management');
    expect(takeColdStart('/expenses')).toBe(false);
    startFirstRequests(createTestQueryClient(), '/sales-management');
    expect(takeColdStart('/sales-management')).toBe(true);
    expect(takeColdStart('/sales-management')).toBe(false);
  });

  it('names each first request by a route pattern of paths', () => {
    const patterns = new Set<string>(Object.values(paths).map((route) => route.path));
    for (const pattern of Object.keys(SCREEN_REQUESTS)) expect(patterns.has(pattern)).toBe(true);
  });
});
