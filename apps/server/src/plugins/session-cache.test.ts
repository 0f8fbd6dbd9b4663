import { TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { bearer, createSession, createUser, login } from '../test/factories.js';
import type { Principal, SessionLookup } from '../features/auth/service.js';
import { SessionCache } from './session-cache.js';

const HOUR = 3_600_000;

function found(sessionId: number, expiresAt = Date.now() + HOUR): Extract<SessionLookup, { kind: 'ok' }> {
  const principal = { sessionId, userId: 1, farmId: 1, role: 'owner', user: { id: 1 }, farm: { id: 1 } } as unknown as Principal;
  return { kind: 'ok', principal, expiresAt: new Date(expiresAt) };
}

describe('SessionCache', () => {
  it('answers a kept session until its time is up, then nothing', () => {
    const cache = new SessionCache(1_000);
    cache.set('a', found(1), cache.generation, 0);
    expect(cache.get('a', 999)).toMatchObject({ kind: 'ok', principal: { sessionId: 1 } });
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("answers 'expired' once the session itself expires while kept", () => {
    const cache = new SessionCache(10_000);
    cache.set('a', found(1, 500), cache.generation, 0);
    expect(cache.get('a', 499)?.kind).toBe('ok');
    expect(cache.get('a', 500)).toEqual({ kind: 'expired' });
  });

  it('forgets everything on clear(), and does not keep a lookup that started before it', () => {
    const cache = new SessionCache();
    cache.set('a', found(1), cache.generation, 0);
    const startedBefore = cache.generation;
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('b', found(2), startedBefore, 1);
    expect(cache.get('b', 2)).toBeUndefined();
    cache.set('b', found(2), cache.generation, 1);
    expect(cache.get('b', 2)?.kind).toBe('ok');
  });

  it('keeps at most its size, the oldest going first', () => {
    const cache = new SessionCache(10_000, 2);
    for (const [i, hash] of ['a', 'b', 'c'].entries()) cache.set(hash, found(i), cache.generation, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.kind).toBe('ok');
  });

  it('shares a principal no request can change', () => {
    const cache = new SessionCache();
    cache.set('a', found(1), cache.generation, 0);
    const kept = cache.get('a', 1);
    if (kept?.kind !== 'ok') throw new Error('not kept');
    expect(() => Object.assign(kept.principal.user, { username: 'changed' })).toThrow(TypeError);
    expect(() => Object.assign(kept.principal, { farmId: 2 })).toThrow(TypeError);
  });
});

// Changes made outside the routes (an operator's SQL, a later feature, a script) must be
// seen by the very next request, on either database.
describe('the auth hook sees every change to a session, user, farm or membership at once', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });

  async function signedIn() {
    const { user, farm } = await createUser(app);
    const token = await login(app, user.email);
    const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    // Three calls as a screen makes them: the session is now kept, if it is ever kept.
    for (let i = 0; i < 3; i++) expect((await me()).statusCode).toBe(200);
    return { user, farm, me };
  }

  it('a user row changed by hand', async () => {
    const { user, me } = await signedIn();
    await app.database.query('update users set phone_number = $1 where id = $2', ['+254700000001', user.id]);
    expect((await me()).json()).toMatchObject({ phone_number: '+254700000001' });
  });

  it('a farm suspended by hand', async () => {
    const { farm, me } = await signedIn();
    await app.database.query('update farms set suspended_at = now() where id = $1', [farm.id]);
    expect((await me()).json()).toMatchObject({ status: 'suspended' });
  });

  it('a session revoked or deleted by hand', async () => {
    const first = await signedIn();
    await app.database.query('update sessions set revoked_at = now() where user_id = $1', [first.user.id]);
    expect((await first.me()).statusCode).toBe(401);
    const second = await signedIn();
    await app.database.query('delete from sessions where user_id = $1', [second.user.id]);
    expect((await second.me()).statusCode).toBe(401);
  });

  it('a membership ended by hand', async () => {
    const { user, me } = await signedIn();
    await app.database.query('delete from farm_members where user_id = $1', [user.id]);
    expect((await me()).statusCode).toBe(401);
  });

  it('a session that expires while kept', async () => {
    const { user, farm } = await createUser(app);
    const token = await createSession(app, user, farm, new Date(Date.now() + 600));
    const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await me()).json().error.message).toBe(TOKEN_EXPIRED_MESSAGE);
  });

  it('on the embedded database, keeps the session between those changes: no lookup per request', async ({ skip }) => {
    if (app.database.kind !== 'pglite') skip('PostgreSQL reads the session on every request');
    const { user, me } = await signedIn();
    // Changed without the notification: only a request that looked the row up again would see it.
    await app.database.query('alter table users disable trigger users_principal_change');
    try {
      await app.database.query('update users set phone_number = $1 where id = $2', ['+254700000002', user.id]);
    } finally {
      await app.database.query('alter table users enable trigger users_principal_change');
    }
    expect((await me()).json()).toMatchObject({ phone_number: user.phoneNumber });
  });
});
