import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../lib/session';
import { mockApi } from '../test/fetch-mock';
import { base64UrlToBytes, subscribeToPush } from './push-subscription';

// A P-256 public key's shape: 65 bytes, base64url without padding.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const PUBLIC_KEY = toBase64Url(KEY_BYTES);
const OTHER_KEY = toBase64Url(KEY_BYTES.map((b) => b ^ 1));

const SUBSCRIPTION_JSON = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPp256dh', auth: 'authsecret' },
};

function fakeSubscription(key: Uint8Array) {
  return {
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => true),
  };
}

/** A service worker container whose push manager holds `existing`, and subscribes anew with any key. */
function fakeContainer(existing: ReturnType<typeof fakeSubscription> | null) {
  const subscribe = vi.fn(async ({ applicationServerKey }: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => fakeSubscription(applicationServerKey));
  const pushManager = { getSubscription: vi.fn(async () => existing), subscribe };
  return { container: { ready: Promise.resolve({ pushManager }) }, subscribe };
}

function serverWithKey(publicKey: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  return mockApi({ 'GET /push/public-key': { body: { publicKey } }, 'POST /push/subscribe': { status: 201, body: { ok: true } } });
}

describe('base64UrlToBytes', () => {
  it('reads the base64url of a VAPID key (no padding, - and _)', () => {
    expect(base64UrlToBytes(PUBLIC_KEY)).toEqual(KEY_BYTES);
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
  });
});

describe('subscribeToPush', () => {
  it('subscribes with the server’s key and posts the browser’s JSON as it is, with the session', async () => {
    const requests = serverWithKey(PUBLIC_KEY);
    const { container, subscribe } = fakeContainer(null);
    await subscribeToPush(1, container);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/push/subscribe');
    expect(post?.body).toEqual(SUBSCRIPTION_JSON);
    expect(post?.headers.get('Authorization')).toBe('Bearer token');
  });

  it('posts nothing at the next start-up when the server already has this user’s subscription', async () => {
    serverWithKey(PUBLIC_KEY);
    await subscribeToPush(1, fakeContainer(null).container);
    const requests = serverWithKey(PUBLIC_KEY);
    const { container, subscribe } = fakeContainer(fakeSubscription(KEY_BYTES));
    await subscribeToPush(1, container);
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('posts the same subscription again for another user signed in on this phone', async () => {
    serverWithKey(PUBLIC_KEY);
    await subscribeToPush(1, fakeContainer(null).container);
    const requests = serverWithKey(PUBLIC_KEY);
    await subscribeToPush(2, fakeContainer(fakeSubscription(KEY_BYTES)).container);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('replaces a subscription made with a key the server no longer uses', async () => {
    serverWithKey(PUBLIC_KEY);
    const old = fakeSubscription(base64UrlToBytes(OTHER_KEY));
    const { container, subscribe } = fakeContainer(old);
    await subscribeToPush(1, container);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });
  });

  it('fails, for the caller to log, when the browser has no push service (headless Chromium)', async () => {
    const requests = serverWithKey(PUBLIC_KEY);
    const { container, subscribe } = fakeContainer(null);
    subscribe.mockRejectedValueOnce(new DOMException('Registration failed - permission denied', 'AbortError'));
    await expect(subscribeToPush(1, container)).rejects.toThrow('permission denied');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
