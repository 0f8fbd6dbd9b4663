import { profileMessages, type User } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser, DEFAULT_PASSWORD, login, signedInUser } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const loggedIn = () => signedInUser(app);

const update = (token: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(token), payload: payload as object });

describe('PUT /api/auth/update-profile: details', () => {
  it('saves username and the phone as digits with 254 (its own email, in any case, is no change)', async () => {
    const { user, token } = await loggedIn();
    const res = await update(token, { username: `${user.username}x`, email: user.email.toUpperCase(), phone_number: '0712 345 678' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; user: User }>();
    expect(body.message).toBe(profileMessages.updated);
    expect(body.user).toMatchObject({ username: `${user.username}x`, email: user.email, phone_number: '254712345678' });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ phone_number: '254712345678' });
  });

  it('clears the phone with an empty string and leaves left-out fields alone', async () => {
    const { user, token } = await loggedIn();
    await update(token, { phone_number: '+254 711 000 111' });
    const res = await update(token, { phone_number: '' });
    expect(res.json().user).toMatchObject({ phone_number: null, username: user.username, email: user.email });
  });

  it.each([
    [{ phone_number: '12' }, 'phone_number', profileMessages.invalidPhone],
    [{ username: 'a b' }, 'username', 'Username may only contain letters, digits and _.'],
    [{ email: 'bad' }, 'email', 'Enter a valid email address.'],
  ])('refuses %j and changes nothing', async (payload, field, message) => {
    const { user, token } = await loggedIn();
    const res = await update(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: user.username, email: user.email, phoneNumber: null });
  });

  it('refuses an empty body', async () => {
    const { token } = await loggedIn();
    const res = await update(token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(profileMessages.nothingToUpdate);
  });

  it("refuses another user's username or email with 409", async () => {
    const other = await createUser(app);
    const { token } = await loggedIn();
    const res = await update(token, { username: other.user.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect((await update(token, { email: other.user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(409);
  });

  it('keeps its own username when only the case changes', async () => {
    const { user, token } = await loggedIn();
    const res = await update(token, { username: user.username.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/auth/update-profile', payload: { username: 'someone' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/auth/update-profile: password', () => {
  it('changes it, keeps this session and ends the others', async () => {
    const { user, farm, token } = await loggedIn();
    const other = await createSession(app, user, farm);
    const res = await update(token, { password: DEFAULT_PASSWORD, newPassword: 'a new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(profileMessages.passwordChanged);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode).toBe(401);
    expect(await login(app, user.email, 'a new password')).toBeTruthy();
  });

  it('refuses a wrong current password, a short or unchanged new one', async () => {
    const { user, token } = await loggedIn();
    const wrong = await update(token, { password: 'not it at all', newPassword: 'a new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: profileMessages.wrongCurrentPassword });
    const short = await update(token, { password: DEFAULT_PASSWORD, newPassword: 'short' });
    expect(short.json().error.fields).toEqual({ newPassword: 'Password must be at least 8 characters.' });
    const same = await update(token, { password: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD });
    expect(same.json().error.fields).toEqual({ newPassword: profileMessages.samePassword });
    const missing = await update(token, { newPassword: 'a new password' });
    expect(missing.json().error.fields).toEqual({ password: 'Enter your current password.' });
    expect(await login(app, user.email)).toBeTruthy();
  });
});
