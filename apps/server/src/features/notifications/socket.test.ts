import { addDays, notificationRefusals as m, SOCKET_CLOSE, TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp } from '../../test/app.js';
import { addMember, bearer, createSession, farmWithFlock } from '../../test/factories.js';

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

describe('GET /api/ws: what a farm hears (SPEC §7 Real-time)', () => {
  it("hears its farm's changes in SPEC's shapes, and nothing of another farm's", async () => {
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
    const [stored] = await app.notifier.notify(f.farm.id, { title: 'Vaccination due', message: 'Gumboro tomorrow', type: 'warning', link: '/vaccination', audience: 'members' });
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
