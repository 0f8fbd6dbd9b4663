import { authMessages, emailCodeSentMessage, FRESH_SIGN_IN_MINUTES, OTP_MAX_ATTEMPTS, profileMessages, type User } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, sessions, users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser, DEFAULT_PASSWORD, lastCodeFor, login, mailsTo, signedInUser, uniqueUsername } from '../../test/factories.js';

/** An email change (decision 048): the current password (or a fresh sign-in), then a code mailed to the new address. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const loggedIn = () => signedInUser(app);

const update = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(token), payload });
const confirm = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', headers: bearer(token), payload });
const freshAddress = () => `${uniqueUsername('new').toLowerCase()}@example.com`;

async function stored(userId: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe('PUT /api/auth/update-profile with a new email', () => {
  it.each([
    ['without the current password', {}],
    ['with a wrong one', { password: 'not my password' }],
  ])('is refused %s, on the password field, and nothing changes nor is mailed', async (_, extra) => {
    const { user, token } = await loggedIn();
    const email = freshAddress();
    const res = await update(token, { username: `${user.username}x`, email, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: profileMessages.wrongCurrentPassword });
    expect(await stored(user.id)).toMatchObject({ email: user.email, username: user.username, emailVerified: true });
    expect(await mailsTo(app, email)).toHaveLength(0);
  });

  it('with the password saves the other fields, keeps the email, and mails a code to the new address only', async () => {
    const { user, token } = await loggedIn();
    const email = freshAddress();
    const res = await update(token, { username: `${user.username}x`, email: email.toUpperCase(), phone_number: '0712 345 678', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; user: User; pending_email?: string }>();
    expect(body.message).toBe(emailCodeSentMessage(email));
    expect(body.pending_email).toBe(email);
    expect(body.user).toMatchObject({ email: user.email, email_verified: true, username: `${user.username}x`, phone_number: '254712345678' });
    expect(await stored(user.id)).toMatchObject({ email: user.email, emailVerified: true });

    const [code] = await app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'change_email')));
    expect(code).toMatchObject({ newEmail: email, consumedAt: null, attempts: 0 });
    expect((code?.expiresAt.getTime() ?? 0) - (code?.createdAt.getTime() ?? 0)).toBe(10 * 60 * 1000);
    const [mail] = await mailsTo(app, email);
    expect(mail?.subject).toBe('Your Kuku email change code');
    expect(await mailsTo(app, user.email)).toHaveLength(0);

    // The resend wait holds: no second code to another address within the minute.
    const again = await update(token, { email: freshAddress(), password: DEFAULT_PASSWORD });
    expect(again.statusCode).toBe(429);
  });

  it("refuses an address another account has with 409, and does not take the password's word for it", async () => {
    const other = await createUser(app);
    const { user, token } = await loggedIn();
    const res = await update(token, { email: other.user.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ email: authMessages.emailTaken });
    expect(await stored(user.id)).toMatchObject({ email: user.email });
  });

  it('asks an account without a password for a sign-in of the last minutes instead', async () => {
    const { user, farm } = await createUser(app);
    await app.db.update(users).set({ hasPassword: false }).where(eq(users.id, user.id));
    const stale = await createSession(app, user, farm);
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (FRESH_SIGN_IN_MINUTES + 1) * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const email = freshAddress();
    const refused = await update(stale, { email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ email: profileMessages.signInAgainForEmail });
    expect(await mailsTo(app, email)).toHaveLength(0);

    const fresh = await createSession(app, user, farm);
    const res = await update(fresh, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().pending_email).toBe(email);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh) });
    expect(me.json()).toMatchObject({ email: user.email, has_password: false });
  });
});

describe('POST /api/auth/confirm-email-change', () => {
  async function pending() {
    const owner = await loggedIn();
    const email = freshAddress();
    expect((await update(owner.token, { email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    return { ...owner, email, code: await lastCodeFor(app, email) };
  }

  it('changes the email, verified, ends the other sessions and tells the old address', async () => {
    const { user, farm, token, email, code } = await pending();
    const other = await createSession(app, user, farm);
    const res = await confirm(token, { otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: profileMessages.emailChanged, user: { email, email_verified: true } });
    expect(await stored(user.id)).toMatchObject({ email, emailVerified: true });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode).toBe(401);
    const [told] = await mailsTo(app, user.email);
    expect(told?.subject).toBe('Your Kuku email was changed');
    expect(told?.text).toContain(email);
    expect(told?.text).toMatch(/If it was not you/);
    // The old address logs in no more; the new one does.
    expect(await login(app, email)).toBeTruthy();
    // The code is spent.
    expect((await confirm(token, { otp: code })).statusCode).toBe(400);
  });

  it('counts wrong codes and ends the code at the fifth, the email unchanged', async () => {
    const { user, token, code } = await pending();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await confirm(token, { otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ otp: authMessages.invalidOtp });
    }
    expect((await confirm(token, { otp: wrong })).json().error.fields).toEqual({ otp: authMessages.otpTriesUsed });
    expect((await confirm(token, { otp: code })).statusCode).toBe(400);
    expect(await stored(user.id)).toMatchObject({ email: user.email });
  });

  it('answers 409 when the address was taken meanwhile', async () => {
    const { user, token, email, code } = await pending();
    await createUser(app, { email });
    const res = await confirm(token, { otp: code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ email: authMessages.emailTaken });
    expect(await stored(user.id)).toMatchObject({ email: user.email });
  });

  it("takes only the account's own code, and refuses bad input with 400", async () => {
    const { code } = await pending();
    const stranger = await loggedIn();
    expect((await confirm(stranger.token, { otp: code })).statusCode).toBe(400);
    for (const payload of [{}, { otp: '12345' }, { otp: 'abcdef' }, { otp: 123456 }]) {
      expect((await confirm(stranger.token, payload)).statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { otp: code } })).statusCode).toBe(401);
  });
});
