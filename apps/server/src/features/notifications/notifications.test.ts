import { createECDH, randomBytes } from 'node:crypto';
import {
  addDays,
  dayIn,
  instantDayText,
  notificationRefusals as m,
  notificationTexts,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type Notification,
  type NotificationPage,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { farms, notificationRuns, notifications, pushSubscriptions, vaccinations } from '../../db/schema/index.js';
import type { PushSender } from '../../integrations/push/sender.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser, farmWithFlock } from '../../test/factories.js';
import { createDailyNotifications } from './jobs.js';
import { createNotifier } from './notifier.js';
import { storeNotification } from './service.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  // The payment simulator calls this app back, and the sockets connect: it listens on a real port.
  await app.listen({ port: 0, host: '127.0.0.1' });
});

type Headers = Record<string, string>;
let seq = 0;

async function owner(overrides: Parameters<typeof createUser>[1] = {}) {
  const made = await createUser(app, overrides);
  return { ...made, headers: bearer(await createSession(app, made.user, made.farm)) };
}

const unread = async (headers: Headers, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationPage>();
};
const rowsOf = (userId: number) => app.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
/** Event-driven notifications are made after the answer: wait for them. */
const settled = () => app.notifier.settled();

const note = (title = `Title ${++seq}`, message = 'A message') => ({ say: () => ({ title, message }), type: 'info' as const, kind: 'lowStock' as const, link: '/inventory', audience: 'members' as const });

describe('the notification list (docs/product.md §2 bell and modal, §4)', () => {
  it('lists unread ones newest first with the unread count; read and dismissed ones leave it, and stay stored', async () => {
    const f = await owner();
    for (const title of ['First', 'Second', 'Third']) await app.notifier.notify(f.farm.id, note(title));
    const page = await unread(f.headers);
    expect(page.total).toBe(3);
    expect(page.items.map((n) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(page.items[0]).toMatchObject({ message: 'A message', type: 'info', read: false, link: '/inventory' });
    expect(new Date(page.items[0]!.date).toISOString()).toBe(page.items[0]!.date);

    const [third, second] = page.items;
    expect((await app.inject({ method: 'POST', url: `/api/notifications/${third!.id}/read`, headers: f.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/notifications/${second!.id}`, headers: f.headers })).statusCode).toBe(204);
    // Reading twice is no error and changes nothing.
    expect((await app.inject({ method: 'POST', url: `/api/notifications/${third!.id}/read`, headers: f.headers })).statusCode).toBe(204);
    expect((await unread(f.headers)).items.map((n) => n.title)).toEqual(['First']);
    expect((await rowsOf(f.user.id)).filter((r) => r.readAt !== null)).toHaveLength(2);

    const all = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: f.headers });
    expect(all.json()).toEqual({ marked: 1 });
    expect(await unread(f.headers)).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('pages', async () => {
    const f = await owner();
    for (let i = 1; i <= 5; i++) await app.notifier.notify(f.farm.id, note(`N${i}`));
    const second = await unread(f.headers, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((n) => n.title)).toEqual(['N3', 'N2']);
    for (const bad of ['?page=0', '?pageSize=101', '?page=x']) {
      expect((await app.inject({ method: 'GET', url: `/api/notifications${bad}`, headers: f.headers })).statusCode).toBe(400);
    }
  });

  it('does not add one with the title and message of an unread one (docs/product.md §4); once read, the same words come again', async () => {
    const f = await owner();
    expect(await app.notifier.notify(f.farm.id, note('Low stock: Mash', 'Low stock: 3 left. Reorder at 5.'))).toHaveLength(1);
    expect(await app.notifier.notify(f.farm.id, note('Low stock: Mash', 'Low stock: 3 left. Reorder at 5.'))).toEqual([]);
    await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: f.headers });
    expect(await app.notifier.notify(f.farm.id, note('Low stock: Mash', 'Low stock: 3 left. Reorder at 5.'))).toHaveLength(1);
  });

  it('tells a source once per user, read or not', async () => {
    const f = await owner();
    const draft = { ...note('Payment received', 'Paid'), sourceKey: 'payment:42' };
    expect(await app.notifier.notify(f.farm.id, draft)).toHaveLength(1);
    await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: f.headers });
    expect(await app.notifier.notify(f.farm.id, draft)).toEqual([]);
    expect(await rowsOf(f.user.id)).toHaveLength(1);
  });

  it("never shows or reads another user's notification: 404, and theirs stays unread", async () => {
    const mine = await owner();
    const theirs = await owner();
    const [stored] = await app.notifier.notify(theirs.farm.id, note('Theirs'));
    const id = stored!.notification.id;
    for (const [method, url] of [
      ['POST', `/api/notifications/${id}/read`],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: mine.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.notFound);
    }
    await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: mine.headers });
    expect((await unread(mine.headers)).items).toEqual([]);
    expect((await unread(theirs.headers)).items.map((n) => n.title)).toEqual(['Theirs']);
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      expect((await app.inject({ method: 'POST', url: `/api/notifications/${bad}/read`, headers: mine.headers })).statusCode).toBe(400);
    }
  });

  it('cuts words past their limits instead of failing', async () => {
    const f = await owner();
    const [stored] = await app.notifier.notify(f.farm.id, note('T'.repeat(500), 'M'.repeat(5000)));
    expect(stored!.notification.title).toHaveLength(120);
    expect(stored!.notification.message).toHaveLength(500);
  });
});

describe('sources told by a change (docs/design.md §6)', () => {
  it('stock falling below its reorder level: one warning, linking to the inventory', async () => {
    const f = await farmWithFlock(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: f.headers,
      payload: { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 20, unit: 'bags', reorder_level: 5, cost_per_unit: 3_200 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const remove = (quantity: number) => app.inject({ method: 'POST', url: `/api/inventory/${id}/remove`, headers: f.headers, payload: { quantity, reason: 'used' } });
    expect((await remove(10)).statusCode).toBe(200);
    await settled();
    expect(await rowsOf(f.user.id)).toEqual([]);
    expect((await remove(7)).statusCode).toBe(200);
    // Already below: no second warning.
    expect((await remove(1)).statusCode).toBe(200);
    await settled();
    const [low] = (await unread(f.headers)).items;
    expect((await unread(f.headers)).total).toBe(1);
    expect(low).toMatchObject({ title: 'Low stock: Layers mash', message: 'Low stock: 3 left. Reorder at 5.', type: 'warning', link: '/inventory' });
  });

  it('a budget exceeded: one alert for the month, however often it is crossed', async () => {
    const f = await farmWithFlock(app, { name: 'Layers A' });
    const now = new Date();
    const [month, year] = [now.getMonth() + 1, now.getFullYear()];
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: f.headers, payload });
    expect((await post('/api/budget', { flock_id: f.flock.id, amount: 1_000, month, year })).statusCode).toBe(201);
    const day = now.toISOString().slice(0, 10);
    const spend = (amount: number) => post('/api/expenses', { flock_id: f.flock.id, date: day, description: `Feed ${++seq}`, amount, category: 'Feed' });
    const first = await spend(1_200);
    expect(first.statusCode, first.body).toBe(201);
    await settled();
    const [alert] = (await unread(f.headers)).items;
    expect(alert).toMatchObject({ title: 'Budget exceeded', type: 'alert', link: '/expenses' });
    expect(alert!.message).toContain('Layers A');
    // Read it, go back under and over again: the month is told once.
    await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: f.headers });
    const expenseId = first.json<{ id: number }>().id;
    await app.inject({ method: 'PUT', url: `/api/expenses/${expenseId}`, headers: f.headers, payload: { amount: 100 } });
    await app.inject({ method: 'PUT', url: `/api/expenses/${expenseId}`, headers: f.headers, payload: { amount: 1_500 } });
    await settled();
    expect(await rowsOf(f.user.id)).toHaveLength(1);
  });

  it('a report ready: told to who asked for it', async () => {
    const f = await farmWithFlock(app);
    // The farm's days (Africa/Nairobi), not UTC's: the flock is made on the farm's today.
    const today = dayIn(new Date(), 'Africa/Nairobi');
    const yesterday = dayIn(addDays(new Date(), -1), 'Africa/Nairobi');
    const res = await app.inject({ method: 'POST', url: '/api/reports/flock', headers: f.headers, payload: { start_date: yesterday, end_date: today } });
    expect(res.statusCode, res.body).toBe(201);
    await app.reportJobs.idle();
    await settled();
    const [ready] = (await unread(f.headers)).items;
    expect(ready).toMatchObject({ ...notificationTexts.reportReady(res.json<{ name: string }>().name), type: 'info', link: '/reports' });
  });

  it("a payment's result: received (with the paid-until day) or not completed (with why), once each", async () => {
    const f = await owner({ phoneNumber: '254708374149' });
    const pay = async (phone: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/payments/initiate', headers: f.headers, payload: { PhoneNumber: phone, amount: 2500, reference: `NOTE${++seq}${Date.now() % 100000}` } });
      expect(res.statusCode, res.body).toBe(201);
      const reference = res.json<{ payment: { reference: string } }>().payment.reference;
      for (let i = 0; i < 200; i++) {
        const status = await app.inject({ method: 'GET', url: `/api/payments/status/${reference}`, headers: f.headers });
        if (!['pending', 'initiated'].includes(status.json<{ payment: { status: string } }>().payment.status)) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await settled();
    };
    await pay('254708374149');
    const [received] = (await unread(f.headers)).items;
    const [farm] = await app.db.select().from(farms).where(eq(farms.id, f.farm.id));
    expect(received).toMatchObject({ title: 'Payment received', type: 'info', link: '/billing' });
    expect(received!.message).toContain(`Paid until ${instantDayText(farm!.paidUntil!, 'Africa/Nairobi')}`);
    await pay('254700001032');
    const titles = (await unread(f.headers)).items.map((n) => n.title);
    expect(titles).toEqual(['Payment not completed', 'Payment received']);
    expect(await rowsOf(f.user.id)).toHaveLength(2);
  });
});

describe('the daily notifications (docs/design.md §6: 06:00 farm time, once a farm day)', () => {
  // 07:00 in Nairobi; 05:00 there is before the job's hour.
  const morning = new Date('2030-03-10T04:00:00Z');
  const dawn = new Date('2030-03-09T02:00:00Z');

  async function farmWithVaccinations(trialEndsAt: Date) {
    const f = await farmWithFlock(app, { name: `Broilers ${++seq}` });
    await app.db.update(farms).set({ trialEndsAt }).where(eq(farms.id, f.farm.id));
    const add = (vaccineName: string, date: Date, status: 'Pending' | 'Completed' = 'Pending') =>
      app.db.insert(vaccinations).values({ farmId: f.farm.id, flockId: f.flock.id, vaccineName, date, status, mode: 'Oral', createdBy: f.user.id }).returning();
    await add('Gumboro', addDays(morning, 3));
    await add('Newcastle', addDays(morning, -2));
    await add('Fowl pox', addDays(morning, 10));
    await add('Marek', addDays(morning, 1), 'Completed');
    return f;
  }

  it('tells of vaccinations due within 7 days or overdue and of the trial ending, then nothing more that day', async () => {
    const f = await farmWithVaccinations(addDays(morning, 3));
    // Before 06:00 in Nairobi: not yet.
    await app.dailyNotifications.run(dawn);
    await settled();
    expect(await rowsOf(f.user.id)).toEqual([]);

    expect(await app.dailyNotifications.run(morning)).toBeGreaterThanOrEqual(1);
    await settled();
    const told = (await unread(f.headers, '?pageSize=100')).items;
    const day = (d: Date) => instantDayText(d, 'Africa/Nairobi');
    expect(told.map((n) => n.title).sort()).toEqual(['Vaccination due', 'Vaccination overdue', 'Your free trial ends soon']);
    expect(told.find((n) => n.title === 'Vaccination due')).toMatchObject({
      message: notificationTexts.vaccinationDue('Gumboro', f.flock.name, day(addDays(morning, 3))).message,
      type: 'warning',
      link: `/vaccination/${f.flock.id}`,
    });
    expect(told.find((n) => n.title === 'Vaccination overdue')).toMatchObject({
      message: notificationTexts.vaccinationOverdue('Newcastle', f.flock.name, day(addDays(morning, -2))).message,
      type: 'alert',
    });
    expect(told.find((n) => n.title === 'Your free trial ends soon')!.message).toContain(day(addDays(morning, 3)));

    // The same day again, and the next day (the sources are told once): nothing new.
    await app.dailyNotifications.run(addDays(morning, 0));
    await app.dailyNotifications.run(addDays(morning, 1));
    await settled();
    expect(await rowsOf(f.user.id)).toHaveLength(3);
    const [run] = await app.db.select().from(notificationRuns).where(eq(notificationRuns.farmId, f.farm.id));
    expect(run?.day).toBe('2030-03-11');
  });

  it('runs once for a farm when two processes run it at the same moment', async () => {
    const f = await farmWithVaccinations(addDays(morning, 40));
    const second = createDailyNotifications({ db: app.db, notifier: app.notifier, log: app.log });
    const later = addDays(morning, 20);
    await Promise.all([app.dailyNotifications.run(later), second.run(later), app.dailyNotifications.run(later)]);
    await settled();
    const [run] = await app.db.select().from(notificationRuns).where(eq(notificationRuns.farmId, f.farm.id));
    expect(run?.day).toBe('2030-03-30');
    // 20 days on, all three vaccinations are overdue within 30 days: each told once.
    expect((await rowsOf(f.user.id)).map((r) => r.title)).toEqual(['Vaccination overdue', 'Vaccination overdue', 'Vaccination overdue']);
  });
});

describe('Web Push subscriptions (docs/product.md §7: POST /api/push/subscribe, /api/notifications/subscribe)', () => {
  const subscription = (endpoint = `https://fcm.googleapis.com/fcm/send/test-${++seq}`) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
  const subscribe = (headers: Headers, payload: unknown, path = '/api/push/subscribe') =>
    app.inject({ method: 'POST', url: path, headers: { ...headers, 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const stored = (userId: number) => app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('serves the public key the browser subscribes with', async () => {
    const f = await owner();
    const res = await app.inject({ method: 'GET', url: '/api/push/public-key', headers: f.headers });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.json<{ publicKey: string }>().publicKey, 'base64url')).toHaveLength(65);
  });

  it('keeps the browser’s JSON once per endpoint, on either path, and forgets it on request', async () => {
    const f = await owner();
    const sub = subscription();
    expect((await subscribe(f.headers, sub)).statusCode).toBe(201);
    expect((await subscribe(f.headers, sub, '/api/notifications/subscribe')).statusCode).toBe(201);
    const rows = await stored(f.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subscription).toEqual(sub);
    // The same browser signed in as someone else moves to them.
    const other = await owner();
    expect((await subscribe(other.headers, sub)).statusCode).toBe(201);
    expect(await stored(f.user.id)).toEqual([]);
    const gone = await app.inject({ method: 'DELETE', url: '/api/push/subscribe', headers: other.headers, payload: { endpoint: sub.endpoint } });
    expect(gone.statusCode).toBe(204);
    expect(await stored(other.user.id)).toEqual([]);
  });

  it.each([
    ['not JSON', 'endpoint=https://fcm.googleapis.com/x'],
    ['an http endpoint', { ...subscription(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }],
    ['an unknown push service', { ...subscription(), endpoint: 'https://evil.example.com/x' }],
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }],
    ['a short p256dh', { ...subscription(), keys: { p256dh: 'abc', auth: randomBytes(16).toString('base64url') } }],
    ['an array', [1, 2]],
  ])('refuses %s with a 400 and keeps nothing', async (_what, payload) => {
    const f = await owner();
    const res = await subscribe(f.headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBeTruthy();
    expect(await stored(f.user.id)).toEqual([]);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_USER} browsers a user`, async () => {
    const f = await owner();
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER; i++) expect((await subscribe(f.headers, subscription())).statusCode).toBe(201);
    const res = await subscribe(f.headers, subscription());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.tooManySubscriptions);
    expect(await stored(f.user.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });

  it("pushes a new notification to each of the audience's browsers and forgets one the push service says is gone", async () => {
    const f = await owner();
    const [kept, dead] = [subscription(), subscription()];
    await subscribe(f.headers, kept);
    await subscribe(f.headers, dead);
    const sent: { endpoint: string; title: string; url: string }[] = [];
    const push: PushSender = {
      endpointAllowed: () => true,
      send: async (sub, payload) => {
        sent.push({ endpoint: sub.endpoint, title: payload.title, url: payload.url });
        return sub.endpoint === dead.endpoint ? 'gone' : 'sent';
      },
    };
    const notifier = createNotifier({ db: app.db, events: app.events, push, log: app.log });
    await notifier.notify(f.farm.id, note('Vaccination due'));
    await notifier.settled();
    expect(sent.map((s) => s.endpoint).sort()).toEqual([kept.endpoint, dead.endpoint].sort());
    expect(sent[0]).toMatchObject({ title: 'Vaccination due', url: '/inventory' });
    expect((await stored(f.user.id)).map((r) => r.endpoint)).toEqual([kept.endpoint]);
  });
});

describe('the socket event of a notification', () => {
  it('is published to the farm for its user, with the notification', async () => {
    const f = await owner();
    const heard: unknown[] = [];
    const stop = app.events.subscribe(f.farm.id, (e) => heard.push(e));
    const [stored] = await app.notifier.notify(f.farm.id, note('Heard'));
    stop();
    expect(heard).toEqual([{ type: 'notification', action: 'added', id: stored!.notification.id, userId: f.user.id, notification: stored!.notification }]);
    const direct = await storeNotification(app.db, f.farm.id, note('Stored only'));
    expect(direct[0]!.notification satisfies Notification).toMatchObject({ title: 'Stored only', read: false });
  });
});
