import { addDays, notificationRefusals as m, SOCKET_CLOSE, SOCKETS_PER_SESSION, TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { sessions } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, createSession, DEFAULT_PASSWORD, farmWithFlock, lastCodeFor, login } from '../../test/factories.js';
import { hashToken } from '../auth/secrets.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const open = (token: string) => app.injectWS(`/api/ws?token=${encodeURIComponent(token)}`);

/** The close a socket ends with: its code and the reason the client shows. */
const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

/** Every message a socket hears, parsed. */
function listen(socket: WebSocket) {
  const heard: Record<string, unknown>[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(data.toString())));
  return heard;
}

/** Waits until `heard` holds `count` messages, or fails after a second. */
async function until(heard: unknown[], count: number) {
  const end = Date.now() + 1000;
  while (heard.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  return heard;
}

async function signedIn() {
  const f = await farmWithFlock(app);
  const token = await createSession(app, f.user, f.farm);
  return { ...f, token };
}

describe('GET /api/ws: who may listen', () => {
  it.each([
    ['no token', ''],
    ['a junk token', 'x'.repeat(43)],
    ['an over-long token', 'x'.repeat(500)],
  ])('closes %s with 4401 and the reason', async (_what, token) => {
    const socket = await open(token);
    expect(await closed(socket)).toEqual({ code: SOCKET_CLOSE.unauthorized, reason: m.unauthorizedSocket });
  });

  it('closes an expired session with 4402, and a logged-out one with 4401', async () => {
    const f = await farmWithFlock(app);
    const expired = await createSession(app, f.user, f.farm, addDays(new Date(), -1));
    expect(await closed(await open(expired))).toEqual({ code: SOCKET_CLOSE.expired, reason: TOKEN_EXPIRED_MESSAGE });
    const revoked = await createSession(app, f.user, f.farm);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked) })).statusCode).toBe(204);
    expect((await closed(await open(revoked))).code).toBe(SOCKET_CLOSE.unauthorized);
  });

  it('closes a socket whose client sends anything, with 4400', async () => {
    const f = await signedIn();
    const socket = await open(f.token);
    await new Promise((r) => setTimeout(r, 20));
    socket.send('{"type":"sale","action":"added","id":1}');
    expect(await closed(socket)).toEqual({ code: SOCKET_CLOSE.unexpected, reason: m.unexpectedMessage });
  });

  it("closes a removed member's socket at once, tells a member whose role changed, and nobody else", async () => {
    const f = await signedIn();
    const worker = await addMember(app, f.farm, 'worker');
    const manager = await addMember(app, f.farm, 'manager');
    const workerSocket = await open(await createSession(app, worker.user, f.farm));
    const managerSocket = await open(await createSession(app, manager.user, f.farm));
    const ownerSocket = await open(f.token);
    const [managerHeard, ownerHeard] = [listen(managerSocket), listen(ownerSocket)];
    await new Promise((r) => setTimeout(r, 20));
    const workerClosed = closed(workerSocket);
    expect((await app.inject({ method: 'DELETE', url: `/api/staff/${worker.user.id}`, headers: bearer(f.token) })).statusCode).toBe(204);
    expect(await workerClosed).toEqual({ code: SOCKET_CLOSE.unauthorized, reason: m.unauthorizedSocket });
    expect((await app.inject({ method: 'PUT', url: `/api/staff/${manager.user.id}`, headers: bearer(f.token), payload: { role: 'auditor' } })).statusCode).toBe(200);
    expect(await until(managerHeard, 1)).toEqual([{ type: 'member', action: 'updated', id: manager.user.id }]);
    expect(ownerHeard).toEqual([]);
    managerSocket.terminate();
    ownerSocket.terminate();
  });

  it('answers a plain HTTP request with a 400, not a 404 or a 5xx', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ws' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.notASocket);
  });
});

describe('GET /api/ws: what a farm hears (docs/product.md §7 Real-time)', () => {
  it("hears its farm's changes in the product's shapes, and nothing of another farm's", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const socket = await open(mine.token);
    const theirSocket = await open(theirs.token);
    const heard = listen(socket);
    const overheard = listen(theirSocket);
    await new Promise((r) => setTimeout(r, 20));

    const today = new Date().toISOString().slice(0, 10);
    const sale = await app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(mine.token),
      payload: { flock_id: mine.flock.id, category: 'Egg Sales', product: 'Eggs (crate of 30)', quantity: 10, unit_price: 420, date: today, sale_type: 'Mobile Money', status: 'paid' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const eggs = await app.inject({
      method: 'POST',
      url: '/api/egg-productions',
      headers: bearer(mine.token),
      payload: { flock_id: mine.flock.id, date_produced: today, eggs_collected: 90 },
    });
    expect(eggs.statusCode, eggs.body).toBe(201);

    await until(heard, 2);
    expect(heard).toEqual([
      { type: 'sale', name: 'sale_added', action: 'added', id: sale.json().id },
      { type: 'egg_production', category: 'eggProduction', action: 'added', id: eggs.json().id },
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(overheard).toEqual([]);
    socket.close();
    theirSocket.close();
  });

  it("hears its own user's notifications only", async () => {
    const f = await signedIn();
    const socket = await open(f.token);
    const heard = listen(socket);
    await new Promise((r) => setTimeout(r, 20));
    const [stored] = await app.notifier.notify(f.farm.id, { say: () => ({ title: 'Vaccination due', message: 'Gumboro tomorrow' }), type: 'warning', kind: 'vaccinations', link: '/vaccination', audience: 'members' });
    // One for another user of the same farm does not reach this socket.
    app.events.publish(f.farm.id, { type: 'notification', action: 'added', id: 1, userId: f.user.id + 100_000 });
    await until(heard, 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(heard).toEqual([{ type: 'notification', action: 'added', id: stored!.notification.id, notification: stored!.notification }]);
    socket.close();
  });

  it('stops hearing once closed', async () => {
    const f = await signedIn();
    const socket = await open(f.token);
    const heard = listen(socket);
    socket.close();
    await new Promise((r) => setTimeout(r, 30));
    app.events.publish(f.farm.id, { type: 'flock', action: 'updated', id: f.flock.id });
    await new Promise((r) => setTimeout(r, 30));
    expect(heard).toEqual([]);
  });
});

/** Whether `socket` closes within `ms`: its close, or null. The heartbeat would take 30 s. */
const closedWithin = (socket: WebSocket, ms = 2000) =>
  Promise.race([closed(socket), new Promise<null>((r) => setTimeout(() => r(null), ms))]);

/** A socket the server has registered (its session checked): the next event reaches it. */
async function opened(token: string) {
  const socket = await open(token);
  await new Promise((r) => setTimeout(r, 30));
  return socket;
}

describe('GET /api/ws: a session that ends closes its sockets at once (decision 049)', () => {
  it('on logout: that session’s sockets close with 4401, another session of the user stays', async () => {
    const f = await signedIn();
    const other = await createSession(app, f.user, f.farm);
    const [a1, a2, b] = [await opened(f.token), await opened(f.token), await opened(other)];
    const heard = listen(b);
    const ends = [closedWithin(a1), closedWithin(a2)];
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(f.token) })).statusCode).toBe(204);
    expect(await Promise.all(ends)).toEqual([
      { code: SOCKET_CLOSE.unauthorized, reason: m.unauthorizedSocket },
      { code: SOCKET_CLOSE.unauthorized, reason: m.unauthorizedSocket },
    ]);
    app.events.publish(f.farm.id, { type: 'flock', action: 'updated', id: f.flock.id });
    expect(await until(heard, 1)).toEqual([{ type: 'flock', action: 'updated', id: f.flock.id }]);
    b.terminate();
  });

  it("on a password change: the other sessions' sockets close, this device's stays", async () => {
    const f = await signedIn();
    const keep = await login(app, f.user.email);
    const other = await login(app, f.user.email);
    const [kept, ended] = [await opened(keep), await opened(other)];
    const ending = closedWithin(ended);
    const change = await app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(keep), payload: { password: DEFAULT_PASSWORD, newPassword: 'a whole new one' } });
    expect(change.statusCode).toBe(200);
    expect(await ending).toEqual({ code: SOCKET_CLOSE.unauthorized, reason: m.unauthorizedSocket });
    expect(await closedWithin(kept, 300)).toBeNull();
    kept.terminate();
  });

  it('on a password reset, and on a session ended by hand in the database', async () => {
    const f = await signedIn();
    const byHand = await createSession(app, f.user, f.farm);
    const handSocket = await opened(byHand);
    const handEnding = closedWithin(handSocket);
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(byHand)));
    expect((await handEnding)?.code).toBe(SOCKET_CLOSE.unauthorized);

    const socket = await opened(f.token);
    const ending = closedWithin(socket);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: f.user.email } });
    const otp = await lastCodeFor(app, f.user.email);
    expect((await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: f.user.email, otp, new_password: 'reset pass 123' } })).statusCode).toBe(200);
    expect((await ending)?.code).toBe(SOCKET_CLOSE.unauthorized);
  });
});

describe(`GET /api/ws: at most ${SOCKETS_PER_SESSION} sockets a session (decision 049)`, () => {
  it('refuses the next one with 4429 and the words, and takes one again once another closed', async () => {
    const f = await signedIn();
    const sockets = [];
    for (let i = 0; i < SOCKETS_PER_SESSION; i++) sockets.push(await opened(f.token));
    const extra = await open(f.token);
    expect(await closedWithin(extra)).toEqual({ code: SOCKET_CLOSE.tooMany, reason: m.tooManySockets });
    // Another session of the same user has its own count.
    const otherSession = await opened(await createSession(app, f.user, f.farm));
    expect(await closedWithin(otherSession, 200)).toBeNull();
    // The ten still hear their farm.
    const heard = sockets.map(listen);
    app.events.publish(f.farm.id, { type: 'flock', action: 'updated', id: f.flock.id });
    for (const h of heard) expect(await until(h, 1)).toHaveLength(1);

    const first = sockets.shift()!;
    const gone = closed(first);
    first.close();
    await gone;
    await new Promise((r) => setTimeout(r, 30));
    const again = await opened(f.token);
    expect(await closedWithin(again, 200)).toBeNull();
    for (const s of [...sockets, again, otherSession]) s.terminate();
  });
});

describe('GET /api/ws: a worker hears nothing of money (decision 049)', () => {
  /** Keys a message of any kind may carry; a money figure would be a key beyond these. */
  const NO_MONEY_KEYS = new Set(['type', 'action', 'id', 'name', 'category', 'item_name', 'text', 'notification']);

  it('sales, expenses, budgets, finance, reports and payments reach the owner and a manager, not a worker', async () => {
    const f = await signedIn();
    const worker = await addMember(app, f.farm, 'worker');
    const manager = await addMember(app, f.farm, 'manager');
    const [ownerSocket, workerSocket, managerSocket] = [
      await opened(f.token),
      await opened(worker.headers.authorization.slice('Bearer '.length)),
      await opened(manager.headers.authorization.slice('Bearer '.length)),
    ];
    const [ownerHeard, workerHeard, managerHeard] = [listen(ownerSocket), listen(workerSocket), listen(managerSocket)];

    const today = new Date().toISOString().slice(0, 10);
    const send = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, headers: bearer(f.token), payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>();
    };
    await send('/api/sales', { flock_id: f.flock.id, category: 'Egg Sales', product: 'Eggs (crate of 30)', quantity: 10, unit_price: 420, date: today, sale_type: 'Cash', status: 'paid' });
    await send('/api/budget', { flock_id: f.flock.id, amount: 100, month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) });
    // Over the budget: the expense's message and budget_exceeded.
    await send('/api/expenses', { flock_id: f.flock.id, date: today, description: 'Layers mash, 2 bags', amount: 4_200, category: 'Feed' });
    app.events.publish(f.farm.id, { type: 'financial', name: 'financial_updated', action: 'updated', id: f.flock.id });
    app.events.publish(f.farm.id, { type: 'report', action: 'added', id: 1 });
    app.events.publish(f.farm.id, { type: 'payment', action: 'updated', id: 1 });
    const eggs = await send('/api/egg-productions', { flock_id: f.flock.id, date_produced: today, eggs_collected: 90 });

    const moneyTypes = ['sale', 'budget', 'expense', 'financial', 'report', 'payment'];
    await until(ownerHeard, 9);
    await until(managerHeard, 8);
    await until(workerHeard, 1);
    await new Promise((r) => setTimeout(r, 50));
    // The owner is also told the budget was exceeded (a notification of the owners').
    expect(new Set(ownerHeard.map((e) => e.type))).toEqual(new Set([...moneyTypes, 'egg_production', 'notification']));
    expect(new Set(managerHeard.map((e) => e.type))).toEqual(new Set([...moneyTypes, 'egg_production']));
    expect(workerHeard).toEqual([{ type: 'egg_production', category: 'eggProduction', action: 'added', id: eggs.id }]);
    for (const message of workerHeard) for (const key of Object.keys(message)) expect(NO_MONEY_KEYS).toContain(key);
    for (const s of [ownerSocket, workerSocket, managerSocket]) s.terminate();
  });

  it('a manager made a worker stops hearing sales at once, and one made a manager starts', async () => {
    const f = await signedIn();
    const member = await addMember(app, f.farm, 'manager');
    const socket = await opened(member.headers.authorization.slice('Bearer '.length));
    const heard = listen(socket);
    const role = async (to: string) => {
      const before = heard.length;
      expect((await app.inject({ method: 'PUT', url: `/api/staff/${member.user.id}`, headers: bearer(f.token), payload: { role: to } })).statusCode).toBe(200);
      // The member message; the sockets read their sessions again on the same change.
      await until(heard, before + 1);
      await new Promise((r) => setTimeout(r, 200));
    };
    const sale = (id: number) => app.events.publish(f.farm.id, { type: 'sale', name: 'sale_added', action: 'added', id });
    await role('worker');
    sale(1);
    await role('manager');
    sale(2);
    await until(heard, 3);
    expect(heard).toEqual([
      { type: 'member', action: 'updated', id: member.user.id },
      { type: 'member', action: 'updated', id: member.user.id },
      { type: 'sale', name: 'sale_added', action: 'added', id: 2 },
    ]);
    socket.terminate();
  });
});
