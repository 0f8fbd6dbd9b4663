import { TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../test/fetch-mock';
import { ApiError, apiFetch, errorMessage, NetworkError, setUnauthorizedHandler } from './api-client';
import { setToken } from './session';

afterEach(() => setUnauthorizedHandler(null));

describe('apiFetch', () => {
  it('builds an ApiError from the error body', async () => {
    mockApi({
      'POST /auth/login': apiError(403, 'email_unverified', 'Please verify your email.', {
        meta: { email: 'jane@example.com' },
        fields: { identifier: 'x' },
      }),
    });

    const error = await apiFetch('/auth/login', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'email_unverified',
      message: 'Please verify your email.',
      meta: { email: 'jane@example.com' },
      fields: { identifier: 'x' },
    });
  });

  it('calls the unauthorized handler for a 401 on an authenticated call only', async () => {
    mockApi({ 'GET /auth/me': apiError(401, 'unauthenticated', TOKEN_EXPIRED_MESSAGE) });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);

    await apiFetch('/auth/me').catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();

    setToken('tok');
    await apiFetch('/auth/me').catch(() => undefined);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ message: TOKEN_EXPIRED_MESSAGE }));
  });

  it('turns a non-API failure into a NetworkError and the client message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));

    const error = await apiFetch('/auth/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NetworkError);
    expect(errorMessage(error, 'OTP verification failed.')).toBe('OTP verification failed.');
  });
});
