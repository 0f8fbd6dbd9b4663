/**
 * A notice mail's unsubscribe link (decision 076): a token signed with a server secret
 * (HMAC-SHA256) of the user, the kind of notice and the day it was issued, good for
 * UNSUBSCRIBE_TOKEN_DAYS. It works without signing in: the signature is its permission.
 */
import { isNoticeKind, type NoticeKind } from '@kuku/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { keptSecret } from '../../secrets.js';

/** How long an unsubscribe link works after its mail was sent. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface UnsubscribeClaim {
  userId: number;
  kind: NoticeKind;
  issuedAt: Date;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'invalid' | 'expired' };

const signature = (secret: Buffer, body: string) => createHmac('sha256', secret).update(`notice-unsubscribe:${body}`).digest('base64url');

/** `<user>.<kind>.<issued, seconds>.<signature>`: URL-safe as it is. */
export function unsubscribeToken(secret: Buffer, userId: number, kind: NoticeKind, now = new Date()): string {
  const body = `${userId}.${kind}.${Math.floor(now.getTime() / 1000)}`;
  return `${body}.${signature(secret, body)}`;
}

/** The token's user and kind when it was signed by us and is less than UNSUBSCRIBE_TOKEN_DAYS old. */
export function checkUnsubscribeToken(secret: Buffer, token: unknown, now = new Date()): TokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'invalid' };
  const match = /^(\d{1,10})\.([A-Za-z]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, user, kind, issued, given] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(signature(secret, `${user}.${kind}.${issued}`));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected) || !isNoticeKind(kind)) return { ok: false, reason: 'invalid' };
  const issuedAt = new Date(Number(issued) * 1000);
  if (issuedAt.getTime() + UNSUBSCRIBE_TOKEN_DAYS * DAY_MS < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { userId: Number(user), kind, issuedAt } };
}

/** NOTICE_LINK_SECRET when set (every process behind one load balancer shares it), else one kept in DATA_DIR. */
export const noticeLinkSecret = (configured: string | undefined, dataDir: string): Promise<Buffer> => keptSecret(configured, dataDir, 'notice-links.key');

/** The path of the unsubscribe page and its one-click POST. */
export const UNSUBSCRIBE_PATH = '/api/notices/unsubscribe';
export const unsubscribeUrl = (origin: string, token: string) => `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
