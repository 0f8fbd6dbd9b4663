import { authMessages, continueWithLabel } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/session';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { LoginForm } from '../components/login-form';
import { clearPendingSocialCode, pendingSocialCode, takeSocialCodeFromUrl } from '../social-code';
import { SocialCallbackPage } from './social-callback-page';

afterEach(() => clearPendingSocialCode());

const here = () => window.location.pathname + window.location.search + window.location.hash;

describe('the token parameter at start-up', () => {
  it('is taken as the one-time code and removed from the address, not stored as a session', () => {
    window.history.replaceState(null, '', '/auth/google/callback?token=one-time-code&x=1#top');
    takeSocialCodeFromUrl();
    expect(here()).toBe('/auth/google/callback?x=1#top');
    expect(pendingSocialCode()).toBe('one-time-code');
    expect(getToken()).toBeNull();
  });

  it('elsewhere in the app, leads to the callback page', () => {
    window.history.replaceState(null, '', '/bird-management?token=one-time-code');
    takeSocialCodeFromUrl();
    expect(here()).toBe('/auth/google/callback');
    expect(pendingSocialCode()).toBe('one-time-code');
  });

  it('leaves an address without one alone', () => {
    window.history.replaceState(null, '', '/auth?redirectTo=%2F');
    takeSocialCodeFromUrl();
    expect(here()).toBe('/auth?redirectTo=%2F');
    expect(pendingSocialCode()).toBeNull();
  });
});

describe('SocialCallbackPage', () => {
  function arriveWith(code: string) {
    window.history.replaceState(null, '', `/auth/google/callback?token=${code}`);
    takeSocialCodeFromUrl();
  }

  it('exchanges the code once for a session and goes to the dashboard', async () => {
    arriveWith('code-1');
    const user = makeUser();
    const requests = mockApi({ 'POST /auth/social/exchange': { body: { token: 'session-1', user } } });
    const { queryClient } = renderWithProviders(<SocialCallbackPage />, { route: '/auth/google/callback' });

    await vi.waitFor(() => expect(currentLocation()).toBe('/'));
    expect(getToken()).toBe('session-1');
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(user);
    expect(requests.filter((r) => r.path === '/auth/social/exchange').map((r) => r.body)).toEqual([{ code: 'code-1' }]);
    expect(pendingSocialCode()).toBeNull();
  });

  it("says 'Authentication failed. Please try again.' on /auth when the code is refused", async () => {
    arriveWith('code-2');
    mockApi({ 'POST /auth/social/exchange': apiError(401, 'unauthenticated', authMessages.authenticationFailed) });
    renderWithProviders(<SocialCallbackPage />, { route: '/auth/google/callback' });

    expect(await screen.findByText(authMessages.authenticationFailed)).toBeInTheDocument();
    await vi.waitFor(() => expect(currentLocation()).toBe('/auth'));
    expect(getToken()).toBeNull();
  });

  it('says so too when the server sent the failure back', async () => {
    const requests = mockApi({});
    renderWithProviders(<SocialCallbackPage />, { route: '/auth/google/callback?error=authentication_failed' });

    expect(await screen.findByText(authMessages.authenticationFailed)).toBeInTheDocument();
    await vi.waitFor(() => expect(currentLocation()).toBe('/auth'));
    expect(requests).toEqual([]);
  });

  it('without a code or an error, shows /auth', async () => {
    renderWithProviders(<SocialCallbackPage />, { route: '/auth/google/callback' });
    await vi.waitFor(() => expect(currentLocation()).toBe('/auth'));
    expect(screen.queryByText(authMessages.authenticationFailed)).not.toBeInTheDocument();
  });
});

describe("the login form's 'Continue with Google'", () => {
  const renderForm = () =>
    renderWithProviders(<LoginForm onSuccess={() => undefined} onUnverified={() => undefined} onRegister={() => undefined} />, { route: '/auth' });

  it('links to the server’s trip to Google when the server offers it', async () => {
    mockApi({ 'GET /auth/providers': { body: { providers: ['google'] } } });
    renderForm();
    const link = await screen.findByRole('link', { name: continueWithLabel('google') });
    expect(link).toHaveAttribute('href', '/api/auth/google/login');
  });

  it('is not shown when the server offers no provider', async () => {
    const requests = mockApi({ 'GET /auth/providers': { body: { providers: [] } } });
    renderForm();
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/auth/providers')).toBe(true));
    await vi.waitFor(() => expect(screen.queryByText(continueWithLabel('google'))).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
