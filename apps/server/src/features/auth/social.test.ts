import { randomBytes } from 'node:crypto';
import { authMessages, SOCIAL_CODE_TTL_SECONDS, type User } from '@kuku/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { farmMembers, farms, oneTimeCodes, sessions, userIdentities, users } from '../../db/schema/index.js';
import { SIMULATED_ACCOUNT } from '../../integrations/oidc/simulator.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createUser, DEFAULT_PASSWORD, login, uniqueUsername } from '../../test/factories.js';
import { hashToken } from './secrets.js';
import { CODE_COOKIE, exchangeSocialCode, issueSocialCode, openChecks, sealChecks, SIGN_IN_COOKIE, WEB_FAILURE } from './social.js';

/**
 * 'Continue with Google' against a real OpenID provider on loopback (oauth2-mock-server), the
 * same code path as Google itself: discovery, state, nonce, PKCE S256, a signed ID token.
 */

interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

const issuer = new OAuth2Server();
let claims: Claims = { sub: 'nobody' };
let app: FastifyInstance;

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  // What the provider says about whoever signs in next.
  issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  app = await createTestApp({
    env: { GOOGLE_CLIENT_ID: 'kuku-test-client', GOOGLE_CLIENT_SECRET: 'kuku-test-secret', OIDC_ISSUER: issuer.issuer.url ?? '' },
  });
});
afterAll(async () => {
  await issuer.stop();
});

function person(overrides: Partial<Claims> = {}): Claims {
  const name = uniqueUsername('g');
  return { sub: randomBytes(8).toString('hex'), email: `${name}@example.com`, email_verified: true, name: 'Wanjiku Kamau', ...overrides };
}

function cookieOf(setCookie: string | string[] | number | undefined): string {
  const header = [setCookie].flat()[0];
  if (typeof header !== 'string') throw new Error('no set-cookie');
  return header.split(';')[0] ?? '';
}

function locationOf(res: { statusCode: number; headers: Record<string, unknown> }): string {
  expect(res.statusCode).toBe(302);
  const location = res.headers.location;
  if (typeof location !== 'string') throw new Error('no location');
  return location;
}

/** The browser's trip: our login, the provider's /authorize (it answers at once), our callback. */
async function startTrip(target: FastifyInstance = app) {
  const start = await target.inject({ method: 'GET', url: '/api/auth/google/login' });
  const authorizeUrl = new URL(locationOf(start));
  const cookie = cookieOf(start.headers['set-cookie']);
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location') ?? '');
  return { authorizeUrl, cookie, back, setCookie: start.headers['set-cookie'] };
}

/** The browser's jar of code cookies: each code's binding, as the browser that finished its trip holds it. */
const browserOf = new Map<string, string>();

async function finishTrip(back: URL, cookie: string | undefined, target: FastifyInstance = app) {
  const res = await target.inject({ method: 'GET', url: back.pathname + back.search, headers: cookie ? { cookie } : {} });
  const location = locationOf(res);
  const token = new URL(location, 'http://web.test').searchParams.get('token');
  const binding = [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${CODE_COOKIE}=`));
  if (token && binding) browserOf.set(token, binding.split(';')[0] ?? '');
  return { location, setCookie: res.headers['set-cookie'] };
}

async function signIn(who: Claims, target: FastifyInstance = app): Promise<string> {
  claims = who;
  const { cookie, back } = await startTrip(target);
  return (await finishTrip(back, cookie, target)).location;
}

/** The one-time code of a successful return to the web app. */
function codeIn(location: string): string {
  const url = new URL(location, 'http://web.test');
  expect(url.pathname).toBe('/auth/google/callback');
  const code = url.searchParams.get('token');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

/** The exchange from the browser that finished the trip (its code cookie), unless another cookie is given. */
const exchange = (code: unknown, target: FastifyInstance = app, cookie = typeof code === 'string' ? browserOf.get(code) : undefined) =>
  target.inject({ method: 'POST', url: '/api/auth/social/exchange', payload: { code }, headers: cookie ? { cookie } : {} });

async function tally() {
  const [u] = await app.db.select({ n: count() }).from(users);
  const [f] = await app.db.select({ n: count() }).from(farms);
  const [i] = await app.db.select({ n: count() }).from(userIdentities);
  const [s] = await app.db.select({ n: count() }).from(sessions);
  return { users: u?.n, farms: f?.n, identities: i?.n, sessions: s?.n };
}

describe('GET /api/auth/providers', () => {
  it('offers Google when a client is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ['google'] });
  });
});

describe('GET /api/auth/google/login', () => {
  it('sends the browser to the discovered provider with state, nonce and a PKCE S256 challenge, remembered in one sealed cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/login' });
    const url = new URL(locationOf(res));
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.issuer.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('kuku-test-client');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();

    const header = [res.headers['set-cookie']].flat()[0] ?? '';
    expect(header).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=[A-Za-z0-9_-]+; `));
    expect(header).toContain('Path=/api/auth/google');
    expect(header).toContain('Max-Age=600');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    // Plain http here; over https the cookie is Secure (below).
    expect(header).not.toContain('Secure');
    // Sealed: none of the checks can be read from it.
    expect(header).not.toContain(q.get('state') ?? '-');
    expect(header).not.toContain(q.get('nonce') ?? '-');
  });

  it('passes a login hint on to the provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/login?login_hint=Wanjiku@Example.com' });
    expect(new URL(locationOf(res)).searchParams.get('login_hint')).toBe('wanjiku@example.com');
  });
});

describe('a sign-in that comes back', () => {
  it('makes a new owner with a farm and the trial, email verified, and the code exchanged answers a working session', async () => {
    const who = person({ name: 'Wanjiku Kamau' });
    const before = await tally();
    const location = await signIn(who);
    const code = codeIn(location);

    // The address carries a one-time code, not a session: it opens nothing by itself.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(code) })).statusCode).toBe(401);
    const [stored] = await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.codeHash, hashToken(code)));
    expect(stored?.purpose).toBe('social_sign_in');
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(SOCIAL_CODE_TTL_SECONDS * 1000);

    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json<{ token: string; user: User }>();
    expect(user).toMatchObject({ email: who.email, email_verified: true, role: 'owner', is_trial_active: true, payment_status: 'trial' });
    expect(user.username).toBe('Wanjiku_Kamau');
    expect(user.farm.name).toBe("Wanjiku_Kamau's Farm");

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>().id).toBe(user.id);
    expect(await tally()).toEqual({ ...before, users: (before.users ?? 0) + 1, farms: (before.farms ?? 0) + 1, identities: (before.identities ?? 0) + 1, sessions: (before.sessions ?? 0) + 1 });
    const [identity] = await app.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identity).toMatchObject({ provider: 'google', subject: who.sub, email: who.email });
    // Nobody can log in with a password the account never chose.
    const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: who.email, password: DEFAULT_PASSWORD } });
    expect(refused.statusCode).toBe(401);
    expect(user.has_password).toBe(false);

    // The next sign-in finds the same account by its identity: no second farm.
    const again = await exchange(codeIn(await signIn(who)));
    expect(again.json<{ user: User }>().user.id).toBe(user.id);
    expect((await tally()).farms).toBe((before.farms ?? 0) + 1);
  });

  it('makes a taken name unique', async () => {
    const first = await exchange(codeIn(await signIn(person({ name: 'Achieng Otieno' }))));
    const second = await exchange(codeIn(await signIn(person({ name: 'Achieng Otieno' }))));
    const a = first.json<{ user: User }>().user.username;
    const b = second.json<{ user: User }>().user.username;
    expect(a).toMatch(/^Achieng_Otieno/);
    expect(b).toMatch(/^Achieng_Otieno_[0-9a-f]{4}$/);
    expect(a.toLowerCase()).not.toBe(b.toLowerCase());
  });

  it('links an existing password account when the provider has verified its email', async () => {
    const owner = await createUser(app);
    const location = await signIn(person({ email: owner.user.email.toUpperCase() }));
    const res = await exchange(codeIn(location));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ id: owner.user.id, farm: { id: owner.farm.id }, role: 'owner' });
    const linked = await app.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.user.id));
    expect(linked).toHaveLength(1);
    // Their password still works.
    await expect(login(app, owner.user.email)).resolves.toBeTruthy();
  });

  it("ends the account's other sessions at the first link, not at later sign-ins", async () => {
    const owner = await createUser(app);
    const before = await login(app, owner.user.email);
    const who = person({ email: owner.user.email });
    const first = await exchange(codeIn(await signIn(who)));
    expect(first.statusCode).toBe(200);
    // Whoever held a session before the owner came by Google is signed out; the new session works.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(before) })).statusCode).toBe(401);
    const linkedSession = first.json<{ token: string }>().token;
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(linkedSession) })).statusCode).toBe(200);
    // A later sign-in by the same identity is no new link: the sessions stay.
    expect((await exchange(codeIn(await signIn(who)))).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(linkedSession) })).statusCode).toBe(200);
  });

  it('does not link, nor make, an account for an email the provider has not verified', async () => {
    const owner = await createUser(app);
    const before = await tally();
    expect(await signIn(person({ email: owner.user.email, email_verified: false }))).toBe(WEB_FAILURE);
    expect(await signIn(person({ email_verified: false }))).toBe(WEB_FAILURE);
    // email_verified must be true itself, not merely present.
    expect(await signIn(person({ email: owner.user.email, email_verified: undefined }))).toBe(WEB_FAILURE);
    expect(await tally()).toEqual(before);
    expect(new URL(WEB_FAILURE, 'http://web.test').searchParams.get('error')).toBeTruthy();
    expect(authMessages.authenticationFailed).toBe('Authentication failed. Please try again.');
  });

  it('takes over an account whose address was never verified: the password chosen without proving it ends', async () => {
    const squatter = await createUser(app, { verified: false });
    const squatterToken = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: squatter.user.email, password: DEFAULT_PASSWORD } })).statusCode;
    expect(squatterToken).toBe(403);
    const res = await exchange(codeIn(await signIn(person({ email: squatter.user.email }))));
    expect(res.json<{ user: User }>().user).toMatchObject({ id: squatter.user.id, email_verified: true, has_password: false });
    const again = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: squatter.user.email, password: DEFAULT_PASSWORD } });
    expect(again.statusCode).toBe(401);
  });

  it('lets an invited member who has not joined yet join their farm by a verified email', async () => {
    const owner = await createUser(app);
    const username = uniqueUsername('invited');
    const [invited] = await app.db
      .insert(users)
      .values({ username, email: `${username}@example.com`, passwordHash: 'unusable', emailVerified: false })
      .returning();
    if (!invited) throw new Error('insert failed');
    await app.db.insert(farmMembers).values({ farmId: owner.farm.id, userId: invited.id, role: 'worker', invitedBy: owner.user.id, joinedAt: null });
    await app.db.insert(oneTimeCodes).values({ userId: invited.id, purpose: 'invitation', codeHash: 'x$y', expiresAt: new Date(Date.now() + 86_400_000) });

    const res = await exchange(codeIn(await signIn(person({ email: invited.email }))));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ id: invited.id, role: 'worker', farm: { id: owner.farm.id }, email_verified: true });
    const [membership] = await app.db.select().from(farmMembers).where(eq(farmMembers.userId, invited.id));
    expect(membership?.joinedAt).toBeInstanceOf(Date);
    const open = await app.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, invited.id), eq(oneTimeCodes.purpose, 'invitation')));
    expect(open.every((c) => c.consumedAt !== null)).toBe(true);
    // Still one farm: the owner's.
    expect(await app.db.select().from(farmMembers).where(eq(farmMembers.userId, invited.id))).toHaveLength(1);
  });
});

describe('a return that does not belong to this sign-in', () => {
  it('refuses a forged state, and nothing is made', async () => {
    claims = person();
    const before = await tally();
    const { cookie, back } = await startTrip();
    back.searchParams.set('state', randomBytes(16).toString('base64url'));
    expect((await finishTrip(back, cookie)).location).toBe(WEB_FAILURE);
    expect(await tally()).toEqual(before);
  });

  it("refuses another sign-in's cookie, no cookie, an altered cookie and an expired one", async () => {
    claims = person();
    const before = await tally();
    const mine = await startTrip();
    const theirs = await startTrip();
    expect((await finishTrip(mine.back, theirs.cookie)).location).toBe(WEB_FAILURE);
    expect((await finishTrip(theirs.back, undefined)).location).toBe(WEB_FAILURE);
    const [name, value = ''] = mine.cookie.split('=');
    const flipped = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    const third = await startTrip();
    expect((await finishTrip(third.back, `${name}=${flipped}`)).location).toBe(WEB_FAILURE);
    expect(await tally()).toEqual(before);

    const key = randomBytes(32);
    const checks = { state: 's', nonce: 'n', codeVerifier: 'v' };
    const sealed = sealChecks(key, checks, 0);
    expect(openChecks(key, sealed, 599_000)).toEqual(checks);
    expect(openChecks(key, sealed, 600_000)).toBeNull();
    expect(openChecks(randomBytes(32), sealed, 0)).toBeNull();
  });

  it('clears the cookie on the way back, whatever the outcome', async () => {
    claims = person();
    const { cookie, back } = await startTrip();
    const { setCookie } = await finishTrip(back, cookie);
    expect([setCookie].flat()[0]).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax`));
  });

  it("shows the provider's refusal (the user said no) as the failure", async () => {
    claims = person();
    const { cookie, back } = await startTrip();
    const denied = new URL(back.pathname, back);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', back.searchParams.get('state') ?? '');
    expect((await finishTrip(denied, cookie)).location).toBe(WEB_FAILURE);
  });
});

describe('POST /api/auth/social/exchange', () => {
  it('takes a code once', async () => {
    const code = codeIn(await signIn(person()));
    const [first, second] = await Promise.all([exchange(code), exchange(code)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
    const refused = await exchange(code);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { message: authMessages.authenticationFailed } });
  });

  it(`takes a code for ${SOCIAL_CODE_TTL_SECONDS} seconds only`, async () => {
    const owner = await createUser(app);
    const issuedAt = new Date();
    const late = await issueSocialCode(app.db, owner.user.id, issuedAt);
    await expect(exchangeSocialCode(app.db, late, new Date(issuedAt.getTime() + SOCIAL_CODE_TTL_SECONDS * 1000))).rejects.toMatchObject({
      message: authMessages.authenticationFailed,
    });
    const inTime = await issueSocialCode(app.db, owner.user.id, issuedAt);
    await expect(exchangeSocialCode(app.db, inTime, new Date(issuedAt.getTime() + (SOCIAL_CODE_TTL_SECONDS - 1) * 1000))).resolves.toMatchObject({
      user: { id: owner.user.id },
    });
  });

  it('takes a code only from the browser that finished its sign-in (its httpOnly cookie)', async () => {
    const before = (await tally()).sessions ?? 0;
    const { setCookie, location } = await (async () => {
      claims = person();
      const trip = await startTrip();
      return finishTrip(trip.back, trip.cookie);
    })();
    const code = codeIn(location);
    const header = [setCookie].flat().find((c) => typeof c === 'string' && c.startsWith(`${CODE_COOKIE}=`));
    expect(header).toMatch(new RegExp(`^${CODE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/auth/social/exchange; Max-Age=${SOCIAL_CODE_TTL_SECONDS}; HttpOnly; SameSite=Lax$`));
    const other = codeIn(await signIn(person()));

    // The code opened in another browser (login CSRF): no cookie, or that browser's own cookie.
    const without = await exchange(code, app, '');
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ error: { message: authMessages.authenticationFailed } });
    const foreign = await exchange(code, app, browserOf.get(other));
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ error: { message: authMessages.authenticationFailed } });
    expect((await tally()).sessions).toBe(before);

    // Its own browser still gets the session, and the binding is cleared.
    const own = await exchange(code);
    expect(own.statusCode).toBe(200);
    expect([own.headers['set-cookie']].flat()[0]).toMatch(new RegExp(`^${CODE_COOKIE}=; Path=/api/auth/social/exchange; Max-Age=0; HttpOnly; SameSite=Lax`));
  });

  it.each([[{}], [{ code: '' }], [{ code: 'x'.repeat(201) }], [{ code: 42 }]])('refuses %j with 400', async (payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/social/exchange', payload });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a code that was never issued, or one for something else', async () => {
    expect((await exchange(randomBytes(32).toString('base64url'))).statusCode).toBe(401);
    const owner = await createUser(app);
    await app.db.insert(oneTimeCodes).values({ userId: owner.user.id, purpose: 'reset_password', codeHash: hashToken('abc'), expiresAt: new Date(Date.now() + 60_000) });
    expect((await exchange('abc')).statusCode).toBe(401);
  });
});

describe('without Google credentials', () => {
  it('signs in with the simulated Google in development and tests, offline', async () => {
    const dev = await createTestApp();
    expect((await dev.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: ['google'] });
    const start = await dev.inject({ method: 'GET', url: '/api/auth/google/login' });
    const authorizeUrl = new URL(locationOf(start));
    expect(authorizeUrl.hostname).toBe('127.0.0.1');
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    const location = (await finishTrip(back, cookieOf(start.headers['set-cookie']), dev)).location;
    const res = await exchange(codeIn(location), dev);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ email: SIMULATED_ACCOUNT.email, email_verified: true, role: 'owner' });

    // A login hint picks the simulated account.
    const hinted = await dev.inject({ method: 'GET', url: '/api/auth/google/login?login_hint=amani@example.com' });
    const hintedBack = new URL((await fetch(new URL(locationOf(hinted)), { redirect: 'manual' })).headers.get('location') ?? '');
    const hintedCode = codeIn((await finishTrip(hintedBack, cookieOf(hinted.headers['set-cookie']), dev)).location);
    expect((await exchange(hintedCode, dev)).json<{ user: User }>().user.email).toBe('amani@example.com');
  });

  it('offers nothing in production, and a stray login ends in the failure', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).google.mode).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const prod = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
    expect((await prod.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
    expect(locationOf(await prod.inject({ method: 'GET', url: '/api/auth/google/login' }))).toBe(WEB_FAILURE);
  });

  it('sets a Secure cookie and the registered redirect URI when served over https', async () => {
    const secure = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'kuku-test-client', GOOGLE_CLIENT_SECRET: 'kuku-test-secret', OIDC_ISSUER: issuer.issuer.url ?? '', PUBLIC_URL: 'https://kuku.example/' },
    });
    const res = await secure.inject({ method: 'GET', url: '/api/auth/google/login' });
    expect(new URL(locationOf(res)).searchParams.get('redirect_uri')).toBe('https://kuku.example/api/auth/google/callback');
    expect([res.headers['set-cookie']].flat()[0]).toMatch(/; Secure$/);
  });
});
