import { authMessages, TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/session';
import { apiError, mockApi } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('route guards', () => {
  it('sends a signed-out visitor of a protected route to /auth with a toast', async () => {
    const requests = mockApi({ 'GET /auth/providers': { body: { providers: [] } } });
    const { router } = renderApp({ route: '/egg-production' });

    expect(await screen.findByText(authMessages.mustBeLoggedIn)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?redirectTo=%2Fegg-production');
    // Nothing private is asked for: only /auth's question of which sign-in providers exist.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /auth/providers']);
  });

  it('shows the shell and the screen to a signed-in user', async () => {
    setToken('tok-1');
    const requests = mockApi({ 'GET /auth/me': { body: makeUser() } });
    renderApp({ route: '/egg-production' });

    expect(await screen.findByRole('heading', { name: 'Egg Production', level: 1 })).toBeInTheDocument();
    // jsdom matches no media query: a phone, whose navigation is the drawer behind the burger.
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/Egg Production');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('says Authenticating... while the user is fetched', async () => {
    setToken('tok-1');
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({ 'GET /auth/me': () => new Promise((resolve) => (answer = resolve)) });
    renderApp({ route: '/' });

    expect(await screen.findByText('Authenticating...')).toBeInTheDocument();
    answer({ body: makeUser() });
    expect(await screen.findByRole('heading', { name: /, jane$/ })).toBeInTheDocument();
  });

  it('forces an unpaid account to /billing', async () => {
    setToken('tok-1');
    mockApi({ 'GET /auth/me': { body: makeUser({ payment_status: 'unpaid', is_trial_active: false }) } });
    const { router } = renderApp({ route: '/egg-production' });

    expect(await screen.findByRole('heading', { name: 'Billing & Payments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('lets an unpaid account come back from the card provider to have its payment checked', async () => {
    setToken('tok-1');
    mockApi({
      'GET /auth/me': { body: makeUser({ payment_status: 'unpaid', is_trial_active: false }) },
      'GET /paystack/status/R1': { body: { error: { code: 'not_found', message: 'Payment not found.' } }, status: 404 },
    });
    const { router } = renderApp({ route: '/paystack-callback?reference=R1' });

    expect(await screen.findByRole('heading', { name: 'Payment Status', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/paystack-callback');
  });

  it('sends a signed-in user away from /auth to the dashboard', async () => {
    setToken('tok-1');
    mockApi({ 'GET /auth/me': { body: makeUser({ username: 'jane' }) } });
    const { router } = renderApp({ route: '/auth' });

    expect(await screen.findByRole('heading', { name: /, jane$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('ends an expired session with its message', async () => {
    setToken('old-token');
    mockApi({ 'GET /auth/me': apiError(401, 'unauthenticated', TOKEN_EXPIRED_MESSAGE) });
    const { router } = renderApp({ route: '/inventory' });

    expect(await screen.findByText(TOKEN_EXPIRED_MESSAGE)).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(getToken()).toBeNull();
  });
});
