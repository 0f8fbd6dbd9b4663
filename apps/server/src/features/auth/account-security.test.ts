import { authMessages, OTP_MAX_ATTEMPTS } from '@kuku/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, sessions, users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createUser, DEFAULT_PASSWORD, lastCodeFor, login, uniqueUsername } from '../../test/factories.js';
import { hashToken } from './secrets.js';

/**
 * Account security (docs/design.md §6, decision 003), the parts auth.test.ts and profile.test.ts do not already prove:
 * what the database holds for a code, the 10-minute edge, the per-IP send caps per
 * hour, and the argon2 parameters of every way a password is set.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') => app.inject({ method: 'POST', url, payload, remoteAddress });

async function registered() {
  const username = uniqueUsername('sec');
  const account = { username, email: `${username}@example.com`, password: 'password123' };
  expect((await post('/api/auth/register', account)).statusCode).toBe(201);
  const [user] = await app.db.select().from(users).where(eq(users.email, account.email));
  return { ...account, userId: user!.id };
}

async function codeRows(userId: number) {
  await app.afterAnswer.settled();
  return app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
}

/** Moves the user's codes `seconds` into the past instead of waiting. */
async function ageCodes(userId: number, seconds: number) {
  // A resend's code is made after its answer: that one too.
  await app.afterAnswer.settled();
  await app.db.execute(sql`update one_time_codes set created_at = created_at - make_interval(secs => ${seconds}),
    expires_at = expires_at - make_interval(secs => ${seconds}) where user_id = ${userId}`);
}

function argon2Params(stored: string) {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) throw new Error(`not an argon2id hash: ${stored.slice(0, 20)}`);
  return { memoryKiB: Number(match[1]), passes: Number(match[2]) };
}

describe('one-time codes in the database', () => {
  it('never hold the code in clear, in any column, for verification or reset', async () => {
    const account = await registered();
    const verifyCode = await lastCodeFor(app, account.email);
    await ageCodes(account.userId, 61);
    expect((await post('/api/auth/resend-otp', { email: account.email })).statusCode).toBe(200);
    const resentCode = await lastCodeFor(app, account.email);
    expect((await post('/api/auth/forgot-password', { email: account.email })).statusCode).toBe(200);
    const resetCode = await lastCodeFor(app, account.email);

    const rows = await codeRows(account.userId);
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const code of [verifyCode, resentCode, resetCode]) expect(stored).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });

  it('live exactly 10 minutes: good at 9 min 50 s, refused at 10 min', async () => {
    const fresh = await registered();
    const [row] = await codeRows(fresh.userId);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);

    await ageCodes(fresh.userId, 9 * 60 + 50);
    const good = await post('/api/auth/verify-otp', { email: fresh.email, otp: await lastCodeFor(app, fresh.email) });
    expect(good.statusCode).toBe(200);

    const late = await registered();
    await ageCodes(late.userId, 10 * 60);
    const refused = await post('/api/auth/verify-otp', { email: late.email, otp: await lastCodeFor(app, late.email) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(authMessages.invalidOtp);
    expect((await app.db.select().from(users).where(eq(users.id, late.userId)))[0]?.emailVerified).toBe(false);
  });

  it('are used once: the verified code is closed', async () => {
    const account = await registered();
    expect((await post('/api/auth/verify-otp', { email: account.email, otp: await lastCodeFor(app, account.email) })).statusCode).toBe(200);
    const [row] = await codeRows(account.userId);
    expect(row?.consumedAt).toBeInstanceOf(Date);
  });

  it('end at the fifth wrong try, in the database too', async () => {
    const account = await registered();
    const otp = await lastCodeFor(app, account.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) await post('/api/auth/verify-otp', { email: account.email, otp: wrong });
    const [row] = await codeRows(account.userId);
    expect(row).toMatchObject({ attempts: OTP_MAX_ATTEMPTS });
    expect(row?.consumedAt).toBeInstanceOf(Date);
  });

  it('are ended by a resend: one open code remains, and the old one is refused', async () => {
    const account = await registered();
    const first = await lastCodeFor(app, account.email);
    await ageCodes(account.userId, 61);
    expect((await post('/api/auth/resend-otp', { email: account.email })).statusCode).toBe(200);
    await app.afterAnswer.settled();
    const open = await app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, account.userId), isNull(oneTimeCodes.consumedAt)));
    expect(open).toHaveLength(1);
    const old = await post('/api/auth/verify-otp', { email: account.email, otp: first });
    const second = await lastCodeFor(app, account.email);
    // The old code works only if the new one happens to be the same six digits.
    expect(old.statusCode).toBe(first === second ? 200 : 400);
  });
});

describe('code mails per IP per hour', () => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });

  it.each([
    ['/api/auth/resend-otp', '10.0.0.1', (i: number) => ({ email: `nobody${i}@example.com` })],
    ['/api/auth/forgot-password', '10.0.0.2', (i: number) => ({ email: `nobody${i}@example.com` })],
    ['/api/auth/register', '10.0.0.3', (i: number) => ({ username: uniqueUsername('ip'), email: `ip${i}_${uniqueUsername()}@example.com`, password: 'password123' })],
  ])('%s allows 20 calls per IP per hour, then 429; another IP still gets through', async (url, ip, body) => {
    const first = await strict.inject({ method: 'POST', url, payload: body(0), remoteAddress: ip });
    expect(first.statusCode).toBeLessThan(300);
    expect(Number(first.headers['x-ratelimit-limit'])).toBe(20);
    // The window is an hour, not the 15 minutes of the other auth calls.
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(59 * 60);
    for (let i = 1; i < 20; i++) {
      expect((await strict.inject({ method: 'POST', url, payload: body(i), remoteAddress: ip })).statusCode).toBeLessThan(300);
    }
    const capped = await strict.inject({ method: 'POST', url, payload: body(20), remoteAddress: ip });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error).toEqual({ code: 'rate_limited', message: authMessages.tooManyAttempts });
    const other = await strict.inject({ method: 'POST', url, payload: body(21), remoteAddress: `${ip}0` });
    expect(other.statusCode).toBeLessThan(300);
  });
});

describe('password hashes', () => {
  it('are argon2id at m >= 19 MiB and t >= 2 after registration, a reset and a change', async () => {
    const account = await registered();
    const stored = async () => (await app.db.select().from(users).where(eq(users.id, account.userId)))[0]!.passwordHash;
    const hashes = [await stored()];

    expect((await post('/api/auth/forgot-password', { email: account.email })).statusCode).toBe(200);
    const otp = await lastCodeFor(app, account.email);
    expect((await post('/api/auth/reset-password', { email: account.email, otp, new_password: 'reset password 1' })).statusCode).toBe(200);
    hashes.push(await stored());

    const token = await login(app, account.username, 'reset password 1');
    const change = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { password: 'reset password 1', newPassword: 'changed password 2' },
    });
    expect(change.statusCode).toBe(200);
    hashes.push(await stored());

    expect(new Set(hashes).size).toBe(3);
    for (const hash of hashes) {
      const { memoryKiB, passes } = argon2Params(hash);
      expect(memoryKiB).toBeGreaterThanOrEqual(19 * 1024);
      expect(passes).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('sessions', () => {
  it('are revoked in the database on logout, and the others on a password change', async () => {
    const { user } = await createUser(app);
    const keep = await login(app, user.email);
    const other = await login(app, user.email);
    const leaving = await login(app, user.email);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(leaving) })).statusCode).toBe(204);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(keep),
      payload: { password: DEFAULT_PASSWORD, newPassword: 'a whole new one' },
    });
    expect(change.statusCode).toBe(200);

    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const byToken = (token: string) => rows.find((r) => r.tokenHash === hashToken(token));
    expect(byToken(leaving)?.revokedAt).toBeInstanceOf(Date);
    expect(byToken(other)?.revokedAt).toBeInstanceOf(Date);
    expect(byToken(keep)?.revokedAt).toBeNull();
    for (const [token, status] of [[keep, 200], [other, 401], [leaving, 401]] as const) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(status);
    }
  });
});
