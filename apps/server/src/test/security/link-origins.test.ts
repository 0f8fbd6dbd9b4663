import { staffMessages } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../app.js';
import { bearer, createSession, createUser, mailsTo, uniqueUsername } from '../factories.js';

/**
 * Decision 050: a link the server hands out (an invitation mail, the card provider's way back,
 * the social sign-in redirect URI) is built on PUBLIC_URL, or outside production on this
 * process's own address; never on the Host header a client wrote.
 */
const EVIL = 'kuku-login.evil.example';

let dev: FastifyInstance;
let devOrigin: string;
let pub: FastifyInstance;
let prod: FastifyInstance;

beforeAll(async () => {
  dev = await createTestApp();
  const address = await dev.listen({ port: 0, host: '127.0.0.1' });
  devOrigin = `http://localhost:${new URL(address).port}`;
  pub = await createTestApp({ env: { PUBLIC_URL: 'https://kuku.example/' } });
  prod = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
});

async function owner(app: FastifyInstance) {
  const o = await createUser(app);
  return { ...o, headers: bearer(await createSession(app, o.user, o.farm)) };
}

async function invitationLink(app: FastifyInstance, host: string) {
  const o = await owner(app);
  const username = uniqueUsername('staff');
  const email = `${username}@example.com`;
  const res = await app.inject({ method: 'POST', url: '/api/staff', headers: { ...o.headers, host }, payload: { username, email, role: 'worker' } });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await mailsTo(app, email);
  return /https?:\/\/\S+\/auth\?invitation=1\S*/.exec(mail?.text ?? '')?.[0];
}

describe('links are never built on the Host header', () => {
  it('an invitation mailed with a foreign Host links to this server', async () => {
    const link = await invitationLink(dev, EVIL);
    expect(link?.startsWith(`${devOrigin}/auth?invitation=1`), link).toBe(true);
    // A loopback name of our own port is the developer's browser: kept, so its session is there.
    const port = new URL(devOrigin).port;
    expect((await invitationLink(dev, `127.0.0.1:${port}`))?.startsWith(`http://127.0.0.1:${port}/auth?`)).toBe(true);
    expect((await invitationLink(dev, `127.0.0.1:${Number(port) + 1}`))?.startsWith(`${devOrigin}/auth?`)).toBe(true);
  });

  it('with PUBLIC_URL, every link is on it', async () => {
    expect(await invitationLink(pub, EVIL)).toMatch(/^https:\/\/kuku\.example\/auth\?invitation=1/);
  });

  it('the card provider sends the browser back to this server', async () => {
    const o = await owner(dev);
    const res = await dev.inject({
      method: 'POST',
      url: '/api/paystack/initiate',
      headers: { ...o.headers, host: EVIL },
      payload: { email: 'farmer@example.com', amount: 2500_00, reference: `REF${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json<{ data: { authorization_url: string } }>().data.authorization_url;
    const back = await fetch(`${checkout}/cancel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location') ?? '').origin).toBe(devOrigin);
  });

  it('the social sign-in redirect URI is this server', async () => {
    const res = await dev.inject({ method: 'GET', url: '/api/auth/google/login', headers: { host: EVIL } });
    expect(res.statusCode).toBe(302);
    const authorize = new URL(res.headers.location as string);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${devOrigin}/api/auth/google/callback`);
  });

  it('production without PUBLIC_URL refuses an invitation with a clear message, and invites nobody', async () => {
    const o = await owner(prod);
    const username = uniqueUsername('staff');
    const email = `${username}@example.com`;
    const res = await prod.inject({ method: 'POST', url: '/api/staff', headers: { ...o.headers, host: EVIL }, payload: { username, email, role: 'worker' } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(staffMessages.noPublicAddress);
    expect(await mailsTo(prod, email)).toEqual([]);
    const [row] = await prod.database.query<{ n: number }>('select count(*)::int as n from users where email = $1', [email]);
    expect(row?.n).toBe(0);
  });
});
