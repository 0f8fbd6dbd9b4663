import { addDays, dayIn, type FeedDaysAnswer, type InventoryItem } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flocks } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { addMember } from '../../test/factories.js';

/**
 * Decision 074: GET /api/feed/days-left, the store's feed kg ÷ the average day of the last 7 days'
 * feed records, summed in SQL; worked by hand below.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Farm = Awaited<ReturnType<typeof farmWithFlock>>;
const ZONE = 'Africa/Nairobi';
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);

/** A farm whose flock 'Layers A' was added 30 days ago, so the whole window may be fed. */
async function farmWithFlock() {
  const f = await factories.farmWithFlock(app, { name: 'Layers A' });
  await app.db.update(flocks).set({ createdAt: addDays(new Date(), -30) }).where(eq(flocks.id, f.flock.id));
  return f;
}

async function send<T>(headers: Headers, url: string, payload: object): Promise<T> {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json<T>();
}

const addItem = (f: Farm, change: object = {}) =>
  send<InventoryItem>(f.headers, '/api/inventory', {
    item_name: 'Layers mash',
    flock_id: f.flock.id,
    quantity: 25,
    unit: 'bags',
    reorder_level: 3,
    cost_per_unit: 3_200,
    kind: 'feed',
    unit_weight_kg: 70,
    ...change,
  });
const feed = (f: Farm, itemId: number, days: number, quantity: number) => send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: itemId, date: daysAgo(days), quantity });

async function daysLeft(headers: Headers): Promise<FeedDaysAnswer> {
  const res = await app.inject({ method: 'GET', url: '/api/feed/days-left', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedDaysAnswer>();
}

/**
 * 25 bags of 70 kg; 1 bag fed 8 days ago (before the window), 4 six days ago, 5 three days ago and 5
 * today: 14 bags in the window, 980 kg ÷ 7 days = 140 kg a day. 10 bags left (700 kg) and 70 kg of
 * chick crumbs counted by the kg: 770 kg ÷ 140 = 5.5 days, 5 whole days.
 */
async function fedFarm() {
  const f = await farmWithFlock();
  const mash = await addItem(f);
  await addItem(f, { item_name: 'Chick crumbs', quantity: 70, unit: 'kg', cost_per_unit: 80, unit_weight_kg: undefined });
  // Not feed: not in the store's feed.
  await addItem(f, { item_name: 'Newcastle vaccine', quantity: 40, unit: 'doses', cost_per_unit: 10, kind: 'medicine', unit_weight_kg: undefined });
  for (const [days, bags] of [
    [8, 1],
    [6, 4],
    [3, 5],
    [0, 5],
  ] as const)
    await feed(f, mash.id, days, bags);
  return f;
}

describe('GET /api/feed/days-left', () => {
  it('divides the store’s feed kg by the last 7 days’ average use', async () => {
    const f = await fedFarm();
    expect(await daysLeft(f.headers)).toEqual({
      today: daysAgo(0),
      window_start: daysAgo(6),
      window_days: 7,
      feed_items: 2,
      store_kg: 770,
      feed_records: 3,
      used_kg: 980,
      kg_per_day: 140,
      days_left: 5,
      low: true,
      missing: null,
      unweighed_items: [],
    });
  });

  it('says more days and no warning once the store is restocked', async () => {
    const f = await fedFarm();
    const [mash] = (await app.inject({ method: 'GET', url: '/api/inventory?pageSize=100', headers: f.headers })).json<{ items: InventoryItem[] }>().items.filter((i) => i.item_name === 'Layers mash');
    const res = await app.inject({ method: 'POST', url: `/api/inventory/${mash!.id}/restock`, headers: f.headers, payload: { quantity: 20, cost_per_unit: 3_300 } });
    expect(res.statusCode, res.body).toBe(200);
    // 30 bags (2,100 kg) + 70 kg = 2,170 kg ÷ 140 = 15.5 days.
    expect(await daysLeft(f.headers)).toMatchObject({ store_kg: 2_170, days_left: 15, low: false });
  });

  it('averages over the days since the farm’s first feed record when it began inside the window', async () => {
    const f = await farmWithFlock();
    const mash = await addItem(f, { quantity: 10 });
    await feed(f, mash.id, 2, 1);
    await feed(f, mash.id, 0, 2);
    // 3 bags (210 kg) over 3 days: 70 kg a day; 7 bags (490 kg) last 7 days.
    expect(await daysLeft(f.headers)).toMatchObject({ window_start: daysAgo(2), window_days: 3, used_kg: 210, kg_per_day: 70, days_left: 7, low: false });
  });

  it('shows — (null), never 0 or infinity, where the records are missing, and says what to record', async () => {
    const f = await farmWithFlock();
    expect(await daysLeft(f.headers)).toMatchObject({ feed_items: 0, store_kg: 0, days_left: null, kg_per_day: null, low: false, missing: 'feed_items' });
    const mash = await addItem(f, { quantity: 10 });
    expect(await daysLeft(f.headers)).toMatchObject({ feed_items: 1, store_kg: 700, feed_records: 0, days_left: null, missing: 'use' });
    // Fed 8 days ago only: nothing in the window.
    await feed(f, mash.id, 8, 1);
    expect(await daysLeft(f.headers)).toMatchObject({ feed_records: 0, used_kg: 0, days_left: null, missing: 'use' });
    // A bag of unknown weight in the store: its kg are unknown, and it is named.
    await addItem(f, { item_name: 'Growers mash', quantity: 4, unit_weight_kg: null });
    await feed(f, mash.id, 0, 1);
    expect(await daysLeft(f.headers)).toMatchObject({ store_kg: null, used_kg: 70, days_left: null, missing: 'weight', unweighed_items: ['Growers mash'] });
  });

  it('never reads another farm’s store or records', async () => {
    const f = await fedFarm();
    const other = await farmWithFlock();
    expect(await daysLeft(other.headers)).toMatchObject({ feed_items: 0, store_kg: 0, feed_records: 0, used_kg: 0, missing: 'feed_items' });
    // And the farm's own figure is its own, whatever the other farm holds.
    const theirs = await addItem(other, { item_name: 'Their mash', quantity: 100, unit_weight_kg: null });
    await feed(other, theirs.id, 0, 50);
    expect(await daysLeft(f.headers)).toMatchObject({ store_kg: 770, used_kg: 980, days_left: 5, unweighed_items: [] });
  });

  it('answers every role that reads the store, a worker and an auditor alike, with no money in it', async () => {
    const f = await fedFarm();
    const owner = await daysLeft(f.headers);
    for (const role of ['worker', 'auditor', 'manager'] as const) {
      const member = await addMember(app, f.farm, role);
      expect(await daysLeft(member.headers), role).toEqual(owner);
    }
    expect(Object.keys(owner).some((key) => key.endsWith('_cents'))).toBe(false);
  });

  it('wants a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/feed/days-left' });
    expect(res.statusCode).toBe(401);
  });
});
