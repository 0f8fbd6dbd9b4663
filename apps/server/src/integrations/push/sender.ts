/**
 * Sends Web Push notifications with web-push (docs/integrations.md §4). The endpoint is a URL a user gave
 * us and the server POSTs to it, so only https endpoints on known push services are reached
 * (SSRF). A send never throws and never reports a key or the push service's answer.
 */
import { ECDH } from 'node:crypto';
import { notificationRefusals, PUSH_ENDPOINT_MAX } from '@kuku/domain';
import type https from 'node:https';
import webpush from 'web-push';
import { z } from 'zod';
import type { VapidKeys } from './vapid.js';

/** Hosts of the browsers' push services; `*.` matches any subdomain (not the bare name). */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The push services' limit is about 4 KB of ciphertext; 3000 bytes of JSON leaves room for the encryption. */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;

/** The subscription's words live with the notifications' (the domain); the name stays for this module's users. */
export const pushMessages = notificationRefusals.push;

// Browsers send unpadded base64url; padding is tolerated.
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function isP256Point(value: string): boolean {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1'); // throws when the point is not on the curve
    return true;
  } catch {
    return false;
  }
}

const base64urlKey = (message: string, valid: (value: string) => boolean) =>
  z.string({ error: message }).regex(BASE64URL, { error: message }).refine(valid, { error: message });

/** The browser's `PushSubscription.toJSON()`, as POSTed by the web app. Unknown fields are dropped. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: pushMessages.endpoint })
      .max(PUSH_ENDPOINT_MAX, { error: pushMessages.endpointTooLong })
      .pipe(z.url({ protocol: /^https$/, error: pushMessages.endpoint })),
    expirationTime: z.number({ error: pushMessages.expirationTime }).nonnegative({ error: pushMessages.expirationTime }).nullable().optional(),
    keys: z.object(
      {
        p256dh: base64urlKey(pushMessages.p256dh, isP256Point),
        auth: base64urlKey(pushMessages.auth, (value) => Buffer.from(value, 'base64url').length === 16),
      },
      { error: pushMessages.keys },
    ),
  },
  { error: pushMessages.notObject },
);
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** What the service worker shows. Lock screens show it too: no secrets in it. */
export interface PushPayload {
  title: string;
  body: string;
  /** Opened on click; a path of this app. */
  url: string;
  /** Replaces an earlier notification with the same tag. */
  tag?: string;
}

/** sent: accepted. gone: the subscription is dead, delete it. retry: later. failed: do not retry this one. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

export interface PushSender {
  send(subscription: PushSubscriptionJson, payload: PushPayload): Promise<PushOutcome>;
  endpointAllowed(endpoint: string): boolean;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  /** Defaults to PUSH_SERVICE_HOSTS. */
  allowedHosts?: readonly string[];
  /** Tests: also accept https://127.0.0.1, localhost or [::1] on any port. */
  allowLoopback?: boolean;
  agent?: https.Agent;
  /** Socket timeout; defaults to 10 s. */
  timeoutMs?: number;
}

const byteLength = (payload: PushPayload) => Buffer.byteLength(JSON.stringify(payload), 'utf8');

/** The longest prefix of `text` (whole code points, with an ellipsis) that keeps the payload in bounds. */
function shorten(text: string, fits: (candidate: string) => boolean): string {
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(`${chars.slice(0, mid).join('')}…`)) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${chars.slice(0, low).join('')}…`;
}

/** The payload as sent: the body, then the title, cut to fit PUSH_PAYLOAD_MAX_BYTES; null if even that is not enough. */
export function fitPushPayload(payload: PushPayload): PushPayload | null {
  let fitted = { ...payload };
  if (byteLength(fitted) <= PUSH_PAYLOAD_MAX_BYTES) return fitted;
  fitted = { ...fitted, body: shorten(fitted.body, (body) => byteLength({ ...fitted, body }) <= PUSH_PAYLOAD_MAX_BYTES) };
  if (byteLength(fitted) <= PUSH_PAYLOAD_MAX_BYTES) return fitted;
  fitted = { ...fitted, title: shorten(fitted.title, (title) => byteLength({ ...fitted, title }) <= PUSH_PAYLOAD_MAX_BYTES) };
  return byteLength(fitted) <= PUSH_PAYLOAD_MAX_BYTES ? fitted : null;
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
}

function outcomeOf(statusCode: number): PushOutcome {
  if (statusCode >= 200 && statusCode < 300) return 'sent';
  if (statusCode === 404 || statusCode === 410) return 'gone';
  if (statusCode === 429 || statusCode >= 500) return 'retry';
  return 'failed';
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const allowed = options.allowedHosts ?? PUSH_SERVICE_HOSTS;
  const vapidDetails = { subject: options.keys.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  const timeout = options.timeoutMs ?? 10_000;

  function endpointAllowed(endpoint: string): boolean {
    if (!URL.canParse(endpoint) || endpoint.length > PUSH_ENDPOINT_MAX) return false;
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    if (options.allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return true;
    // Push services listen on 443 only: another port on an allowed name is refused.
    return url.port === '' && hostAllowed(url.hostname, allowed);
  }

  async function send(subscription: PushSubscriptionJson, payload: PushPayload): Promise<PushOutcome> {
    const checked = pushSubscriptionSchema.safeParse(subscription);
    if (!checked.success || !endpointAllowed(checked.data.endpoint)) return 'failed';
    const fitted = fitPushPayload(payload);
    if (!fitted) return 'failed';
    try {
      const result = await webpush.sendNotification(checked.data, JSON.stringify(fitted), {
        vapidDetails,
        TTL: 3600,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        timeout,
        agent: options.agent,
      });
      return outcomeOf(result.statusCode);
    } catch (error) {
      // A WebPushError carries the status; anything else is a network failure or a bad key.
      return error instanceof webpush.WebPushError ? outcomeOf(error.statusCode) : 'failed';
    }
  }

  return { send, endpointAllowed };
}
