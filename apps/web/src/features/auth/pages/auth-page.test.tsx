import { authMessages } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/session';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { AuthPage } from './auth-page';

async function login(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email or Username'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('AuthPage', () => {
  it('sends an unverified login to the otp view for the account email, countdown restarted', async () => {
    mockApi({
      'POST /auth/login': apiError(403, 'email_unverified', authMessages.unverified, {
        meta: { email: 'jane@example.com' },
      }),
    });
    renderWithProviders(<AuthPage />, { route: '/auth' });

    await login('jane', 'secret-123');

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText(authMessages.unverified)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
  });

  it('returns to the login view with the server message after verification', async () => {
    mockApi({
      'POST /auth/login': apiError(403, 'email_unverified', authMessages.unverified, {
        meta: { email: 'jane@example.com' },
      }),
      'POST /auth/verify-otp': { body: { message: 'Email verified. You can now log in.' } },
    });
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await login('jane', 'secret-123');

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('OTP digit 1 of 6'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Email verified. You can now log in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveValue('jane@example.com');
  });

  it('signs straight in once the code is verified, with the password typed in this visit', async () => {
    let logins = 0;
    const requests = mockApi({
      'POST /auth/login': () =>
        ++logins === 1
          ? apiError(403, 'email_unverified', authMessages.unverified, { meta: { email: 'jane@example.com' } })
          : { body: { token: 'tok-2', user: makeUser() } },
      'POST /auth/verify-otp': { body: { message: authMessages.verified } },
    });
    renderWithProviders(<AuthPage />, { route: '/auth?redirectTo=%2Fegg-production' });
    await login('jane', 'secret-123');

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('OTP digit 1 of 6'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(currentLocation()).toBe('/egg-production'));
    expect(await screen.findByText(authMessages.verifiedSignedIn)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/auth/login').at(-1)?.body).toEqual({ identifier: 'jane@example.com', password: 'secret-123' });
  });

  it('stores the token and goes back where the user was sent from', async () => {
    mockApi({ 'POST /auth/login': { body: { token: 'tok-1', user: makeUser() } } });
    renderWithProviders(<AuthPage />, { route: '/auth?redirectTo=%2Fegg-production' });

    await login('jane', 'secret-123');

    await vi.waitFor(() => expect(currentLocation()).toBe('/egg-production'));
    expect(getToken()).toBe('tok-1');
  });

  it('shows the server text when the credentials are wrong', async () => {
    mockApi({ 'POST /auth/login': apiError(401, 'unauthenticated', authMessages.invalidCredentials) });
    renderWithProviders(<AuthPage />, { route: '/auth' });

    await login('jane', 'wrong-pass');

    expect(await screen.findByText(authMessages.invalidCredentials)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
