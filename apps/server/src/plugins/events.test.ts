import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/database.js';
import { createFarmEvents, createPgFarmEvents, EVENTS_CHANNEL, NOTIFY_PAYLOAD_MAX, notifyPayload, type FarmEvent, type FarmEvents } from './events.js';

const sale: FarmEvent = { type: 'sale', name: 'sale_added', action: 'added', id: 7 };
const notification = (message: string): FarmEvent => ({
  type: 'notification',
  action: 'added',
  id: 3,
  userId: 9,
  notification: { id: 3, title: 'Low stock', message, type: 'warning', date: '2026-11-24T06:00:00.000Z', read: false, link: '/inventory' },
});

async function heard(events: FarmEvents, farmId: number, count: number, work: () => void): Promise<FarmEvent[]> {
  const got: FarmEvent[] = [];
  const stop = events.subscribe(farmId, (e) => got.push(e));
  work();
  const end = Date.now() + 2000;
  while (got.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  // A little longer: a duplicate would arrive now.
  await new Promise((r) => setTimeout(r, 50));
  stop();
  return got;
}

describe('a NOTIFY payload', () => {
  it('carries the event whole when it fits, and only its ids when it does not', () => {
    expect(JSON.parse(notifyPayload('p1', 4, sale))).toEqual({ p: 'p1', f: 4, e: sale });
    const big = notifyPayload('p1', 4, notification('x'.repeat(9000)));
    expect(Buffer.byteLength(big)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX);
    expect(JSON.parse(big)).toEqual({ p: 'p1', f: 4, e: { type: 'notification', action: 'added', id: 3, userId: 9 } });
  });
});

describe('in one process', () => {
  it('tells subscribers of the farm only, and the publishing hook once', async () => {
    const events = createFarmEvents();
    const published: [number, FarmEvent][] = [];
    events.onPublish((farmId, event) => published.push([farmId, event]));
    const other: FarmEvent[] = [];
    events.subscribe(2, (e) => other.push(e));
    expect(await heard(events, 1, 1, () => events.publish(1, sale))).toEqual([sale]);
    expect(other).toEqual([]);
    expect(published).toEqual([[1, sale]]);
  });
});

describe('principal changes (decision 049)', () => {
  it('in one process: told what the database tells, until closed', async () => {
    let announce = () => {};
    let watching = 0;
    const events = createFarmEvents((listener) => {
      announce = listener;
      watching += 1;
      return () => (watching -= 1);
    });
    let told = 0;
    events.onPrincipalChange(() => (told += 1));
    announce();
    expect(told).toBe(1);
    await events.close();
    expect(watching).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('across processes on PostgreSQL (LISTEN/NOTIFY)', () => {
  let database: Database;
  const buses: FarmEvents[] = [];
  const log = Fastify({ logger: false }).log;
  const bus = async () => {
    const events = await createPgFarmEvents({
      connectionString: database.connectionString ?? '',
      notify: (payload) => database.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]),
      log,
    });
    buses.push(events);
    return events;
  };
  afterAll(async () => {
    for (const events of buses) await events.close();
    await database?.close();
  });

  it("delivers one process's event to the other's subscribers, once to its own, and to that farm only", async () => {
    database = await openTestDatabase();
    const [a, b] = [await bus(), await bus()];
    const onB: FarmEvent[] = [];
    const otherFarmOnB: FarmEvent[] = [];
    b.subscribe(1, (e) => onB.push(e));
    b.subscribe(2, (e) => otherFarmOnB.push(e));
    const publishedOnB: FarmEvent[] = [];
    b.onPublish((_farm, e) => publishedOnB.push(e));

    expect(await heard(a, 1, 1, () => a.publish(1, sale))).toEqual([sale]);
    const end = Date.now() + 2000;
    while (onB.length < 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    expect(onB).toEqual([sale]);
    expect(otherFarmOnB).toEqual([]);
    // The other process makes no notification of it: only the publishing one does.
    expect(publishedOnB).toEqual([]);
  });

  it('refuses to start without PostgreSQL, and leaves nothing running', async () => {
    await expect(
      createPgFarmEvents({ connectionString: 'postgres://postgres@127.0.0.1:1/none', notify: async () => {}, log }),
    ).rejects.toThrow();
  });

  it('listens again after losing its connection, and tells every socket to read again (events of the outage are lost)', async () => {
    const [a, b] = [await bus(), await bus()];
    const onB: FarmEvent[] = [];
    b.subscribe(3, (e) => onB.push(e));
    // A logout during the outage went unheard: the sockets check their sessions again.
    let principalChangesOnB = 0;
    b.onPrincipalChange(() => (principalChangesOnB += 1));
    await database.query("select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()");
    const end = Date.now() + 5000;
    while (!onB.some((e) => e.type === 'resync') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(onB.filter((e) => e.type === 'resync')).toHaveLength(1);
    expect(principalChangesOnB).toBe(1);
    // Listening again: the next event from the other process arrives.
    a.publish(3, sale);
    while (!onB.some((e) => e.type === 'sale') && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    expect(onB.filter((e) => e.type === 'sale')).toHaveLength(1);
  });

  it("tells every process of a session, user, farm or membership change made anywhere (migration 0009's trigger)", async () => {
    const [a, b] = [await bus(), await bus()];
    let [onA, onB] = [0, 0];
    a.onPrincipalChange(() => (onA += 1));
    b.onPrincipalChange(() => (onB += 1));
    // A statement that changes no row still fires the statement trigger: no test rows needed.
    await database.query('update sessions set revoked_at = now() where false');
    const end = Date.now() + 2000;
    while ((onA < 1 || onB < 1) && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    expect([onA, onB]).toEqual([1, 1]);
    // Once each, not once per listener connection of the test's other buses.
    await new Promise((r) => setTimeout(r, 50));
    expect([onA, onB]).toEqual([1, 1]);
  });

  it('carries a notification with its words', async () => {
    const [a, b] = [await bus(), await bus()];
    const event = notification('Low stock: 3 left. Reorder at 5.');
    expect(await heard(b, 5, 1, () => a.publish(5, event))).toEqual([event]);
  });
});
