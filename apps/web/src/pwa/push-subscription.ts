import { apiFetch, apiRequest } from '../lib/api-client';

/** Which user and endpoint the server last accepted, so a start-up does not post it again. */
export const PUSH_SENT_KEY = 'kuku.push-sent';

/** The server's VAPID public key comes as base64url (docs/integrations.md §4); PushManager wants its bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** What is read of the browser's service worker container: a fake stands in for it in tests. */
interface PushSubscriptionLike {
  readonly options: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}
export interface PushContainer {
  readonly ready: Promise<{
    readonly pushManager: {
      getSubscription(): Promise<PushSubscriptionLike | null>;
      subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<PushSubscriptionLike>;
    };
  }>;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function readSent(): string | null {
  try {
    return window.localStorage.getItem(PUSH_SENT_KEY);
  } catch {
    return null;
  }
}

function rememberSent(value: string): void {
  try {
    window.localStorage.setItem(PUSH_SENT_KEY, value);
  } catch {
    // Storage off: the next start-up posts the same subscription again, which the server accepts.
  }
}

/**
 * Subscribes this browser to push with the server's key and hands the subscription to the
 * server as the browser gives it (docs/product.md §3, §7). Call it once the permission is 'granted'; it
 * waits for the service worker. Throws on any failure (no push service, offline): the caller
 * only logs it.
 */
export async function subscribeToPush(userId: number, container: PushContainer = navigator.serviceWorker): Promise<void> {
  const registration = await container.ready;
  const { publicKey } = await apiRequest<{ publicKey: string }>('/push/public-key');
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    // Made with a key the server no longer signs with: the push service would refuse its pushes.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const body = subscription.toJSON();
  // Per user: the same phone signed in as someone else must be posted for them.
  const sent = `${userId} ${publicKey} ${body.endpoint ?? ''}`;
  if (readSent() === sent) return;
  await apiFetch('/push/subscribe', { method: 'POST', body });
  rememberSent(sent);
}
