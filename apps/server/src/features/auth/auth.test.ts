import { authMessages, OTP_MAX_ATTEMPTS, TOKEN_EXPIRED_MESSAGE, type User } from '@kuku/domain';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { farmMembers, farms, mailOutbox, oneTimeCodes, sessions, users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import {
  bearer,
  createSession,
  createUser,
  DEFAULT_PASSWORD,
  lastCodeFor,
  login,
  mailsTo,
  uniqueUsername,
} from '../../test/factories.js';
import { hashToken } from './secrets.js';
import { findSession } from './service.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

async function userCount() {
  const [row] = await app.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

function newAccount() {
  const username = uniqueUsername('reg');
  return { username, email: `${username}@example.com`, password: 'password123' };
}

describe('POST /api/auth/register', () => {
  it('creates an unverified owner of a new farm and mails a 6-digit code', async () => {
    const account = newAccount();
    const res = await post('/api/auth/register', { ...account, email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: authMessages.registered, email: account.email });

    const [user] = await app.db.select().from(users).where(eq(users.email, account.email));
    expect(user?.emailVerified).toBe(false);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [member] = await app.db.select().from(farmMembers).where(eq(farmMembers.userId, user!.id));
    expect(member?.role).toBe('owner');

    const [mail] = await mailsTo(app, account.email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.html).toContain('<html lang="en">');
    const [code] = await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
    // Stored hashed: the mailed digits appear nowhere in the row.
    expect(code?.codeHash).not.toContain(await lastCodeFor(app, account.email));
  });

  it.each([
    [{ email: 'a@b.co', password: 'password123' }, 'username', 'Username is required.'],
    [{ username: 'ab', email: 'a@b.co', password: 'password123' }, 'username', 'Username must be at least 3 characters.'],
    [{ username: 'a'.repeat(31), email: 'a@b.co', password: 'password123' }, 'username', 'Username must be at most 30 characters.'],
    [{ username: 'jane doe', email: 'a@b.co', password: 'password123' }, 'username', 'Username may only contain letters, digits and _.'],
    [{ username: 'janedoe', email: 'not-an-email', password: 'password123' }, 'email', 'Enter a valid email address.'],
    [{ username: 'janedoe', email: 'a@b.co', password: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ username: 'janedoe', email: 'a@b.co', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
    [{ username: 42, email: 'a@b.co', password: 'password123' }, 'username', 'Username is required.'],
  ])('refuses %j with the field message', async (payload, field, message) => {
    const before = await userCount();
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation', message, fields: { [field]: message } });
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken username (any case) or email with 409 and changes nothing', async () => {
    const { user } = await createUser(app);
    const before = await userCount();
    const byName = await post('/api/auth/register', { username: user.username.toUpperCase(), email: 'other@example.com', password: 'password123' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error).toMatchObject({ code: 'conflict', message: authMessages.usernameTaken });
    const byEmail = await post('/api/auth/register', { username: uniqueUsername(), email: user.email, password: 'password123' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error).toMatchObject({ code: 'conflict', message: authMessages.emailTaken });
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON, a non-object and a 10 MB body with clear 4xx errors', async () => {
    const before = await userCount();
    const malformed = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({ code: 'validation', message: 'The request body is not valid JSON.' });

    const array = await post('/api/auth/register', [1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().error.message).toBe('The request body must be a JSON object.');

    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('too_large');

    const text = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('validation');
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/verify-otp and /resend-otp', () => {
  async function registered() {
    const account = newAccount();
    expect((await post('/api/auth/register', account)).statusCode).toBe(201);
    return account;
  }

  async function ageCodes(email: string, seconds: number) {
    // A resend's code is made after its answer: that one too.
    await app.afterAnswer.settled();
    // Moves the user's codes into the past instead of waiting in real time.
    await app.db.execute(sql`update one_time_codes set created_at = created_at - make_interval(secs => ${seconds}),
      expires_at = expires_at - make_interval(secs => ${seconds})
      where user_id = (select id from users where email = ${email})`);
  }

  it('verifies with the mailed code, once', async () => {
    const account = await registered();
    const otp = await lastCodeFor(app, account.email);
    const res = await post('/api/auth/verify-otp', { email: account.email, otp });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.verified });
    const [user] = await app.db.select().from(users).where(eq(users.email, account.email));
    expect(user?.emailVerified).toBe(true);
    expect(await login(app, account.username, account.password)).toMatch(/^[\w-]{43}$/);
  });

  it('counts wrong tries and ends the code at the fifth', async () => {
    const account = await registered();
    const otp = await lastCodeFor(app, account.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await post('/api/auth/verify-otp', { email: account.email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message: authMessages.invalidOtp, fields: { otp: authMessages.invalidOtp } });
    }
    const fifth = await post('/api/auth/verify-otp', { email: account.email, otp: wrong });
    expect(fifth.json().error.message).toBe(authMessages.otpTriesUsed);
    const right = await post('/api/auth/verify-otp', { email: account.email, otp });
    expect(right.statusCode).toBe(400);
    const [user] = await app.db.select().from(users).where(eq(users.email, account.email));
    expect(user?.emailVerified).toBe(false);
  });

  it('refuses an expired code and a malformed one', async () => {
    const account = await registered();
    const otp = await lastCodeFor(app, account.email);
    const badShape = await post('/api/auth/verify-otp', { email: account.email, otp: '12345' });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().error.message).toBe('Enter the 6-digit code.');
    await ageCodes(account.email, 11 * 60);
    const res = await post('/api/auth/verify-otp', { email: account.email, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authMessages.invalidOtp);
  });

  it('answers an unknown email like a wrong code', async () => {
    const res = await post('/api/auth/verify-otp', { email: 'nobody@example.com', otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authMessages.invalidOtp);
  });

  it('sends nothing new within 60 s of a code, answering the same; then a new code ends the previous', async () => {
    const account = await registered();
    const first = await lastCodeFor(app, account.email);
    const tooSoon = await post('/api/auth/resend-otp', { email: account.email });
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.json()).toEqual({ message: authMessages.otpSent });
    expect(await mailsTo(app, account.email)).toHaveLength(1);

    await ageCodes(account.email, 61);
    const resend = await post('/api/auth/resend-otp', { email: account.email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: authMessages.otpSent });
    expect(await mailsTo(app, account.email)).toHaveLength(2);
    const second = await lastCodeFor(app, account.email);
    if (first !== second) {
      const old = await post('/api/auth/verify-otp', { email: account.email, otp: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { email: account.email, otp: second })).statusCode).toBe(200);
  });

  it('caps code mails per address per hour, silently', async () => {
    const account = await registered();
    for (let i = 0; i < 4; i++) {
      await ageCodes(account.email, 61);
      expect((await post('/api/auth/resend-otp', { email: account.email })).statusCode).toBe(200);
    }
    await ageCodes(account.email, 61);
    const capped = await post('/api/auth/resend-otp', { email: account.email });
    expect(capped.statusCode).toBe(200);
    expect(capped.json()).toEqual({ message: authMessages.otpSent });
    expect(await mailsTo(app, account.email)).toHaveLength(5);
  });
});

describe('who has an account is not told (decision 049)', () => {
  /** A verified, an unverified and an unknown address. */
  async function threeAddresses() {
    const verified = (await createUser(app)).user.email;
    const unverified = (await createUser(app, { verified: false })).user.email;
    return { verified, unverified, unknown: `${uniqueUsername('ghost')}@example.com` };
  }
  const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });

  it.each([
    ['/api/auth/resend-otp', (email: string) => ({ email })],
    ['/api/auth/forgot-password', (email: string) => ({ email })],
    ['/api/auth/verify-otp', (email: string) => ({ email, otp: '123456' })],
    ['/api/auth/reset-password', (email: string) => ({ email, otp: '123456', new_password: 'brand new pass' })],
  ])('%s answers a verified, an unverified and an unknown address with the same status and body', async (url, body) => {
    const emails = await threeAddresses();
    const answers = [];
    for (const email of Object.values(emails)) answers.push(answer(await post(url, body(email))));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it.each([
    ['/api/auth/resend-otp', authMessages.otpSent, ['unverified']],
    ['/api/auth/forgot-password', authMessages.forgotPasswordSent, ['verified', 'unverified']],
  ] as const)('%s answers before looking the address up: held back, the work has not run, and mails only accounts after', async (url, message, mailed: readonly string[]) => {
    const emails = await threeAddresses();
    const release = app.afterAnswer.hold();
    try {
      for (const email of Object.values(emails)) {
        const res = await post(url, { email });
        expect(answer(res)).toEqual({ status: 200, body: JSON.stringify({ message }) });
      }
      // Every answer is out, and no code has been made or mailed for any address yet.
      const addresses = Object.values(emails);
      expect(await app.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses))).toEqual([]);
      const codes = await app.db.select().from(oneTimeCodes).innerJoin(users, eq(users.id, oneTimeCodes.userId)).where(inArray(users.email, addresses));
      expect(codes).toEqual([]);
    } finally {
      release();
    }
    await app.afterAnswer.settled();
    for (const [kind, email] of Object.entries(emails)) expect(await mailsTo(app, email)).toHaveLength(mailed.includes(kind) ? 1 : 0);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in by email or username, any case, answering the whole user', async () => {
    const { user } = await createUser(app, { phoneNumber: '254712345678' });
    for (const identifier of [user.email, user.username, user.username.toUpperCase()]) {
      const res = await post('/api/auth/login', { identifier, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ token: string; user: User }>();
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(body.user).toMatchObject({
        id: user.id,
        username: user.username,
        email: user.email,
        phone_number: '254712345678',
        profile_picture: null,
        status: 'active',
        email_verified: true,
        is_trial_active: true,
        payment_status: 'trial',
        needs_subscription_renewal: false,
        subscription: { status: 'trialing' },
        role: 'owner',
        farm: { time_zone: 'Africa/Nairobi' },
      });
      const trialDays = (Date.parse(body.user.trial_ends_at) - Date.parse(body.user.trial_start_date)) / 86_400_000;
      expect(trialDays).toBe(30);
      expect(body).not.toHaveProperty('user.passwordHash');
    }
  });

  it('stores only the hash of the session token', async () => {
    const { user } = await createUser(app);
    const token = await login(app, user.email);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const { user } = await createUser(app);
    for (const payload of [
      { identifier: user.email, password: 'wrong password' },
      { identifier: 'nobody_here', password: DEFAULT_PASSWORD },
    ]) {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'unauthenticated', message: authMessages.invalidCredentials });
    }
  });

  it('sends an unverified user to verification with a fresh code', async () => {
    const { user } = await createUser(app, { verified: false });
    const res = await post('/api/auth/login', { identifier: user.username, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'email_unverified', message: authMessages.unverified, meta: { email: user.email } });
    const otp = await lastCodeFor(app, user.email);
    expect((await post('/api/auth/verify-otp', { email: user.email, otp })).statusCode).toBe(200);
  });

  it('needs both fields', async () => {
    const res = await post('/api/auth/login', { identifier: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ identifier: 'Enter your email or username.', password: 'Enter your password.' });
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers the user for a valid token', async () => {
    const { user } = await createUser(app);
    const token = await login(app, user.email);
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username });
  });

  it.each([
    ['no token', {}],
    ['a junk token', bearer('junk')],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('answers 401 to %s', async (_name, headers) => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it("answers an expired token with 'Token expired, please log in again'", async () => {
    const { user, farm } = await createUser(app);
    const token = await createSession(app, user, farm, new Date(Date.now() - 1000));
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/update-profile'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(token), payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'unauthenticated', message: TOKEN_EXPIRED_MESSAGE });
    }
  });

  it('revokes the token on logout', async () => {
    const { user } = await createUser(app);
    const token = await login(app, user.email);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('POST /api/auth/forgot-password and /reset-password', () => {
  it('answers the same for a known and an unknown address, mailing only the known', async () => {
    const { user } = await createUser(app);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo(app, user.email)).toHaveLength(1);
    expect(await mailsTo(app, 'ghost@example.com')).toHaveLength(0);
  });

  it('resets the password with the code and ends every session', async () => {
    const { user } = await createUser(app);
    const oldToken = await login(app, user.email);
    await post('/api/auth/forgot-password', { email: user.email });
    const otp = await lastCodeFor(app, user.email);
    const res = await post('/api/auth/reset-password', { email: user.email, otp, new_password: 'brand new pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.passwordReset });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    await expect(login(app, user.email)).rejects.toThrow(/401/);
    expect(await login(app, user.email, 'brand new pass')).toBeTruthy();
    // Used once: the same code cannot reset again.
    const again = await post('/api/auth/reset-password', { email: user.email, otp, new_password: 'another pass 2' });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong code, a short password and a bad email, changing nothing', async () => {
    const { user } = await createUser(app);
    await post('/api/auth/forgot-password', { email: user.email });
    const otp = await lastCodeFor(app, user.email);
    const wrong = await post('/api/auth/reset-password', { email: user.email, otp: otp === '999999' ? '000000' : '999999', new_password: 'brand new pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(authMessages.invalidOtp);
    const short = await post('/api/auth/reset-password', { email: user.email, otp, new_password: 'short' });
    expect(short.json().error.fields).toEqual({ new_password: 'Password must be at least 8 characters.' });
    const badEmail = await post('/api/auth/forgot-password', { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(await login(app, user.email)).toBeTruthy();
  });
});

describe('development outbox', () => {
  it('is public outside production and absent in production', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    const res = await prod.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('edges', () => {
  it('answers unknown paths with a JSON 404, and sets security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a trailing slash', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits login tries per account', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    const { user } = await createUser(strict);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await strict.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: user.email, password: 'wrong password' } });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const last = await strict.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: user.email, password: DEFAULT_PASSWORD } });
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toEqual({ code: 'rate_limited', message: authMessages.tooManyAttempts });
  });

  it('counts login tries per account whichever of its names is typed, and an unknown name by itself', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    const { user } = await createUser(strict);
    // One address each: the per-IP limit (30 per 15 minutes) is not what this shows.
    let ip = 0;
    const attempt = (identifier: string, password = 'wrong password') =>
      strict.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password }, remoteAddress: `10.7.0.${++ip}` });
    const names = [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase()];
    for (let i = 0; i < 10; i++) expect((await attempt(names[i % names.length]!)).statusCode).toBe(401);
    // The eleventh try is refused by the username and by the email alike, even with the right password.
    for (const identifier of [user.username, user.email]) {
      const refused = await attempt(identifier, DEFAULT_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({ code: 'rate_limited', message: authMessages.tooManyAttempts });
    }
    // Another account is not held back by it, and an unknown name counts for itself only.
    const other = await createUser(strict);
    expect((await attempt(other.user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const ghost = uniqueUsername('ghost');
    for (let i = 0; i < 10; i++) expect((await attempt(ghost)).statusCode).toBe(401);
    expect((await attempt(ghost)).statusCode).toBe(429);
    expect((await attempt(`${ghost}_2`)).statusCode).toBe(401);
  });
});

describe('session lookup', () => {
  it('loads exactly the stored user and farm rows (auth_session() follows the tables)', async () => {
    const { user, farm } = await createUser(app, { phoneNumber: '254700000001', paidUntil: new Date('2030-01-01T00:00:00Z') });
    const token = await createSession(app, user, farm);
    const found = await findSession(app.db, token);
    expect(found.kind).toBe('ok');
    if (found.kind !== 'ok') return;
    const [storedUser] = await app.db.select().from(users).where(eq(users.id, user.id));
    const [storedFarm] = await app.db.select().from(farms).where(eq(farms.id, farm.id));
    expect(found.principal.user).toEqual(storedUser);
    expect(found.principal.farm).toEqual(storedFarm);
    expect(found.principal.role).toBe('owner');
  });
});
