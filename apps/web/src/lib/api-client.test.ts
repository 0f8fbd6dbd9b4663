import { TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../test/fetch-mock';
import { ApiError, apiFetch, errorMessage, NetworkError, newIdempotencyKey, setUnauthorizedHandler } from './api-client';
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

  it('sends a FormData as it is, with the token and without a JSON content type', async () => {
    const requests = mockApi({ 'POST /auth/update-profile-picture': { body: { id: 1 } } });
    setToken('tok');
    const form = new FormData();
    form.append('profilePicture', new File(['x'], 'me.png', { type: 'image/png' }));

    await apiFetch('/auth/update-profile-picture', { method: 'POST', body: form });

    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    // The browser sets multipart/form-data with its boundary.
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
  });
});

describe('Idempotency-Key on creates', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a fresh key with each idempotent call and none otherwise', async () => {
    const requests = mockApi({ 'POST /flocks': { status: 201, body: { id: 1 } } });
    await apiFetch('/flocks', { method: 'POST', body: { name: 'A' }, idempotent: true });
    await apiFetch('/flocks', { method: 'POST', body: { name: 'A' }, idempotent: true });
    await apiFetch('/flocks', { method: 'POST', body: { name: 'A' } });
    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeNull();
  });

  it('retries once after a network failure with the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const seen: (string | null)[] = [];
    const fetchStub = vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push(new Headers(init.headers).get('Idempotency-Key'));
      return seen.length === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(new Response(JSON.stringify({ id: 7 }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    });
    vi.stubGlobal('fetch', fetchStub);
    const pending = apiFetch('/flocks', { method: 'POST', body: { name: 'A' }, idempotent: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ id: 7 });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });

  it('gives up with a NetworkError when the retry fails too, and never retries other calls', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchStub = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchStub);
    const pending = apiFetch('/flocks', { method: 'POST', body: {}, idempotent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toBeInstanceOf(NetworkError);
    expect(fetchStub).toHaveBeenCalledTimes(2);

    fetchStub.mockClear();
    expect(await apiFetch('/flocks', { method: 'POST', body: {} }).catch((e: unknown) => e)).toBeInstanceOf(NetworkError);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('makes 128-bit keys where crypto.randomUUID is missing (plain http on a LAN)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => real.getRandomValues(array) });
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('apiFetch with the first screen asked for early (decision 043)', () => {
  async function startWith(responses: Record<string, Promise<Response>>) {
    window.localStorage.setItem('kuku.token', 'tok');
    window.__kukuEarly = { token: 'tok', responses };
    vi.resetModules();
    return import('./api-client');
  }

  afterEach(() => window.localStorage.clear());

  it('answers a GET from the request index.html sent, and asks the server for the next one', async () => {
    const requests = mockApi({ 'GET /inventory/stats': { body: { items: 2 } } });
    const client = await startWith({ '/api/inventory/stats': Promise.resolve(new Response('{"items":1}')) });
    expect(await client.apiFetch('/inventory/stats')).toEqual({ items: 1 });
    expect(requests).toHaveLength(0);
    expect(await client.apiFetch('/inventory/stats')).toEqual({ items: 2 });
    expect(requests).toHaveLength(1);
  });

  it('asks the server itself when the early request failed', async () => {
    const requests = mockApi({ 'GET /inventory/stats': { body: { items: 2 } } });
    const client = await startWith({ '/api/inventory/stats': Promise.reject(new TypeError('Failed to fetch')) });
    expect(await client.apiFetch('/inventory/stats')).toEqual({ items: 2 });
    expect(requests).toHaveLength(1);
  });

  it('reads an early 401 as its own: the session ends as it would have', async () => {
    mockApi({});
    const client = await startWith({ '/api/auth/me': Promise.resolve(new Response(JSON.stringify({ error: { code: 'unauthenticated', message: TOKEN_EXPIRED_MESSAGE } }), { status: 401 })) });
    const handler = vi.fn();
    client.setUnauthorizedHandler(handler);
    await expect(client.apiFetch('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('never answers a write from it', async () => {
    const requests = mockApi({ 'POST /inventory/stats': { body: { saved: true } } });
    const client = await startWith({ '/api/inventory/stats': Promise.resolve(new Response('{"items":1}')) });
    expect(await client.apiFetch('/inventory/stats', { method: 'POST', body: {} })).toEqual({ saved: true });
    expect(requests).toHaveLength(1);
  });
});
