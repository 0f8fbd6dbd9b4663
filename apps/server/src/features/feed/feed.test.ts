import { addDays, dayIn, feedMessages as m, flockMessages, inventoryMessages, type FeedChange, type FeedRecord, type InventoryItem, type UsualFeed } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedRecords, flocks, inventoryItems, inventoryMovements } from '../../db/schema/index.js';
import type { FarmEvent } from '../../plugins/events.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember, createFlock } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type Farm = Awaited<ReturnType<typeof farmWithFlock>>;

const ZONE = 'Africa/Nairobi';
const today = () => dayIn(new Date(), ZONE);
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);

/** A farm whose flock 'Layers A' was added 30 days ago, so a month of days may be fed. */
async function farmWithFlock(overrides: Parameters<typeof createFlock>[2] = {}) {
  const f = await factories.farmWithFlock(app, { name: 'Layers A', ...overrides });
  await app.db.update(flocks).set({ createdAt: addDays(new Date(), -30) }).where(eq(flocks.id, f.flock.id));
  return f;
}

const addItem = async (f: Farm, change: object = {}): Promise<InventoryItem> =>
  made(
    app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: f.headers,
      payload: { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 10, unit: 'bags', reorder_level: 3, cost_per_unit: 3_200, kind: 'feed', unit_weight_kg: 70, ...change },
    }),
  );

const post = (headers: Headers, flockId: number | string, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: `/api/flocks/${flockId}/feed`, headers: { ...headers, ...extra }, payload });
const patch = (headers: Headers, id: number | string, payload: object) => app.inject({ method: 'PATCH', url: `/api/feed/${id}`, headers, payload });
const del = (headers: Headers, id: number | string) => app.inject({ method: 'DELETE', url: `/api/feed/${id}`, headers });

async function made<T = InventoryItem>(res: Promise<LightMyRequestResponse> | LightMyRequestResponse, status = 201): Promise<T> {
  const answer = await res;
  if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode} ${answer.body}`);
  return answer.json<T>();
}

const get = async <T>(headers: Headers, url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

function expectRefused(res: LightMyRequestResponse, status: number, field?: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
  if (field) expect(error.fields?.[field], res.body).toBe(message);
  else if (message) expect(error.message).toBe(message);
}

const stockOf = async (itemId: number) => (await app.db.select().from(inventoryItems).where(eq(inventoryItems.id, itemId)))[0]?.quantity;
const ledger = (itemId: number) => app.db.select().from(inventoryMovements).where(eq(inventoryMovements.itemId, itemId)).orderBy(inventoryMovements.id);
const feedRows = (farmId: number) => app.db.select().from(feedRecords).where(eq(feedRecords.farmId, farmId)).orderBy(feedRecords.id);

/** What a farm's store and feed hold: must not move on a refusal. */
const snapshot = async (farmId: number) => ({
  items: await app.db.select().from(inventoryItems).where(eq(inventoryItems.farmId, farmId)).orderBy(inventoryItems.id),
  movements: await app.db.select().from(inventoryMovements).where(eq(inventoryMovements.farmId, farmId)).orderBy(inventoryMovements.id),
  feed: await feedRows(farmId),
});

async function heardDuring(farmId: number, work: () => Promise<unknown>): Promise<FarmEvent[]> {
  const heard: FarmEvent[] = [];
  const stop = app.events.subscribe(farmId, (e) => e.type !== 'notification' && heard.push(e));
  try {
    await work();
  } finally {
    stop();
  }
  return heard;
}

describe('POST /api/flocks/:flockId/feed', () => {
  it('draws the feed from the item’s ledger (Fed to <flock>) and answers the record and the item with its new stock', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const res = await post(f.headers, f.flock.id, { item_id: item.id, date: daysAgo(1), quantity: 2 });
    const answer = await made<FeedChange>(res);
    expect(answer.record).toEqual({
      id: expect.any(Number),
      flock_id: f.flock.id,
      flock_name: 'Layers A',
      item_id: item.id,
      item_name: 'Layers mash',
      unit: 'bags',
      date: daysAgo(1),
      quantity: 2,
      kg: 140,
      cost_cents: 640_000,
      cost: 6_400,
      movement_id: expect.any(Number),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by_name: f.user.username,
      updated_by_name: f.user.username,
    });
    expect(answer.item).toMatchObject({ id: item.id, quantity: 8, kind: 'feed', unit_weight_kg: 70, value_cents: 2_560_000 });
    expect(answer.warning).toBeNull();
    const movements = await ledger(item.id);
    expect(movements.at(-1)).toMatchObject({ id: answer.record.movement_id, kind: 'removed', change: -2, balance: 8, reason: 'used', note: 'Fed to Layers A', createdBy: f.user.id });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('takes a fraction of an item counted in kg, notes the ledger in the asker’s language, warns below the reorder level', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f, { item_name: 'Chick crumbs', unit: 'kg', quantity: 20, reorder_level: 5, cost_per_unit: 80 });
    const answer = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: '15.5' }, { 'accept-language': 'sw' }));
    expect(answer.record).toMatchObject({ quantity: 15.5, unit: 'kg', kg: 15.5, cost_cents: 124_000 });
    expect(answer.item.quantity).toBe(4.5);
    expect(answer.warning).toContain('4.5');
    expect((await ledger(item.id)).at(-1)?.note).toBe('Kimepewa Layers A');
  });

  it('answers kg null when the weight of one unit is unknown; ignores fields it does not know and a farm in the body', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const item = await addItem(f, { unit_weight_kg: null });
    const answer = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1, farm_id: other.farm.id, cost_cents: 1, note: 'x' }));
    expect(answer.record).toMatchObject({ kg: null, cost_cents: 320_000 });
    expect(await feedRows(other.farm.id)).toEqual([]);
    expect((await feedRows(f.farm.id)).map((r) => r.farmId)).toEqual([f.farm.id]);
  });

  it('refuses bad input with the domain’s words, never a 5xx, and changes nothing', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const medicine = await addItem(f, { item_name: 'Newcastle vaccine', kind: 'medicine', unit: 'doses', unit_weight_kg: null });
    const before = await snapshot(f.farm.id);
    const body = { item_id: item.id, date: today(), quantity: 1 };
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: 0 }), 400, 'quantity', inventoryMessages.quantityPositive);
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: -2 }), 400, 'quantity', inventoryMessages.quantityPositive);
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: 'two' }), 400, 'quantity', inventoryMessages.quantityInvalid);
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: null }), 400, 'quantity', inventoryMessages.quantityPositive);
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: 1.5 }), 400, 'quantity', inventoryMessages.quantityWhole('bags'));
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: 11 }), 422, 'quantity', inventoryMessages.removalTooMuch(10));
    expectRefused(await post(f.headers, f.flock.id, { ...body, quantity: 11 }), 422, undefined, 'Cannot remove more than available. Stock: 10');
    expectRefused(await post(f.headers, f.flock.id, { ...body, item_id: medicine.id }), 400, 'item_id', m.notFeed);
    expectRefused(await post(f.headers, f.flock.id, { ...body, date: dayIn(addDays(new Date(), 2), ZONE) }), 400, 'date', m.dateFuture);
    expectRefused(await post(f.headers, f.flock.id, { ...body, date: daysAgo(31) }), 400, 'date', m.dateBeforeFlock(daysAgo(30)));
    expectRefused(await post(f.headers, f.flock.id, { ...body, date: '2026-02-30' }), 400, 'date', m.dateInvalid);
    expectRefused(await post(f.headers, f.flock.id, { ...body, item_id: 'abc' }), 400, 'item_id', m.selectItem);
    expectRefused(await post(f.headers, f.flock.id, { date: today(), quantity: 1 }), 400, 'item_id', m.selectItem);
    expectRefused(await post(f.headers, 'abc', body), 400);
    expect(await snapshot(f.farm.id)).toEqual(before);
  });

  it('refuses an archived flock (422) and changes nothing', async () => {
    const f = await farmWithFlock({ status: 'archived' });
    const item = await addItem(f);
    const before = await snapshot(f.farm.id);
    expectRefused(await post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1 }), 422, 'flock_id', m.flockArchived);
    expect(await snapshot(f.farm.id)).toEqual(before);
  });

  it('answers 404 for another farm’s flock or item, or none, and changes neither farm', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const item = await addItem(f);
    const theirs = await addItem(other);
    const [mine, their] = [await snapshot(f.farm.id), await snapshot(other.farm.id)];
    expectRefused(await post(f.headers, other.flock.id, { item_id: item.id, date: today(), quantity: 1 }), 404, undefined, flockMessages.notFound);
    expectRefused(await post(f.headers, f.flock.id, { item_id: theirs.id, date: today(), quantity: 1 }), 404, 'item_id', m.selectItem);
    expectRefused(await post(f.headers, 999_999_999, { item_id: item.id, date: today(), quantity: 1 }), 404);
    expectRefused(await post(f.headers, f.flock.id, { item_id: 999_999_999, date: today(), quantity: 1 }), 404);
    expect([await snapshot(f.farm.id), await snapshot(other.farm.id)]).toEqual([mine, their]);
  });

  it('replays the first answer for the same Idempotency-Key: the stock goes down once', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const body = { item_id: item.id, date: today(), quantity: 2 };
    const first = await post(f.headers, f.flock.id, body, { 'idempotency-key': `feed-${item.id}` });
    const again = await post(f.headers, f.flock.id, body, { 'idempotency-key': `feed-${item.id}` });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await stockOf(item.id)).toBe(8);
    expect(await feedRows(f.farm.id)).toHaveLength(1);
  });

  it('publishes feed_added and the item’s inventory_removed after the write; low_stock once on crossing; a refusal publishes nothing', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f, { quantity: 4, reorder_level: 3 });
    const heard = await heardDuring(f.farm.id, async () => {
      const first = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 2 }));
      expect(first.warning).toBe(inventoryMessages.lowStock(2, 3));
      await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1 }));
      await post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 5 });
    });
    expect(heard.map((e) => e.name)).toEqual(['feed_added', 'inventory_removed', 'low_stock', 'feed_added', 'inventory_removed']);
  });
});

describe('two feed records drawing the last stock at once', () => {
  it('the last bag drawn twice at once: one succeeds, one is refused (422), the stock ends at 0', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f, { quantity: 1, reorder_level: 1 });
    const answers = await Promise.all([1, 2].map(() => post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.statusCode === 422)?.json<{ error: { message: string } }>().error.message).toBe(inventoryMessages.removalTooMuch(0));
    expect(await stockOf(item.id)).toBe(0);
    expect(await feedRows(f.farm.id)).toHaveLength(1);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('20 records of 1 bag at once from 10, with stock removals and two flocks: 10 succeed, the stock ends at 0 and the ledger agrees', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f, { name: 'Layers B' });
    await app.db.update(flocks).set({ createdAt: addDays(new Date(), -30) }).where(eq(flocks.id, second.id));
    const item = await addItem(f, { quantity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 5 === 4
          ? app.inject({ method: 'POST', url: `/api/inventory/${item.id}/remove`, headers: f.headers, payload: { quantity: 1, reason: 'used' } })
          : post(f.headers, i % 2 ? second.id : f.flock.id, { item_id: item.id, date: today(), quantity: 1 }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    expect(ok, answers.map((a) => a.body).join('\n')).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(10);
    expect(await stockOf(item.id)).toBe(0);
    expect((await ledger(item.id)).map((r) => r.balance)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(await feedRows(f.farm.id)).toHaveLength(answers.filter((a) => a.statusCode === 201).length);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });
});

describe('GET /api/flocks/:flockId/feed and GET /api/feed', () => {
  it('pages a flock’s records newest day first with names, unit, kg and cost; the farm’s list filters by flock', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f, { name: 'Layers B' });
    await app.db.update(flocks).set({ createdAt: addDays(new Date(), -30) }).where(eq(flocks.id, second.id));
    const mash = await addItem(f, { quantity: 100 });
    const crumbs = await addItem(f, { item_name: 'Chick crumbs', unit: 'kg', quantity: 500, cost_per_unit: 90 });
    for (let day = 12; day >= 1; day--) await made<FeedChange>(post(f.headers, f.flock.id, { item_id: mash.id, date: daysAgo(day), quantity: 1 }));
    await made<FeedChange>(post(f.headers, second.id, { item_id: crumbs.id, date: daysAgo(3), quantity: 2.5 }));

    const page1 = await get<Page<FeedRecord>>(f.headers, `/api/flocks/${f.flock.id}/feed`);
    expect(page1.total).toBe(12);
    expect(page1.items).toHaveLength(10);
    expect(page1.items.map((r) => r.date)).toEqual(Array.from({ length: 10 }, (_, i) => daysAgo(i + 1)));
    expect(page1.items[0]).toMatchObject({ flock_name: 'Layers A', item_name: 'Layers mash', unit: 'bags', quantity: 1, kg: 70, cost_cents: 320_000, cost: 3_200 });
    const page2 = await get<Page<FeedRecord>>(f.headers, `/api/flocks/${f.flock.id}/feed?page=2`);
    expect(page2.items.map((r) => r.date)).toEqual([daysAgo(11), daysAgo(12)]);

    const farm = await get<Page<FeedRecord>>(f.headers, '/api/feed?pageSize=100');
    expect(farm.total).toBe(13);
    expect(farm.items.map((r) => r.date)).toEqual([...farm.items.map((r) => r.date)].sort().reverse());
    const ofSecond = await get<Page<FeedRecord>>(f.headers, `/api/feed?flock_id=${second.id}`);
    expect(ofSecond.items).toEqual([expect.objectContaining({ flock_name: 'Layers B', item_name: 'Chick crumbs', unit: 'kg', quantity: 2.5, kg: 2.5, cost_cents: 22_500 })]);
  });

  it('shows nothing of another farm; another farm’s flock is 404', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = await addItem(other);
    await made<FeedChange>(post(other.headers, other.flock.id, { item_id: theirs.id, date: today(), quantity: 1 }));
    expect((await get<Page<FeedRecord>>(f.headers, '/api/feed')).total).toBe(0);
    expect((await get<Page<FeedRecord>>(f.headers, `/api/feed?flock_id=${other.flock.id}`)).total).toBe(0);
    expectRefused(await app.inject({ method: 'GET', url: `/api/flocks/${other.flock.id}/feed`, headers: f.headers }), 404);
    expectRefused(await app.inject({ method: 'GET', url: `/api/flocks/${other.flock.id}/feed/usual`, headers: f.headers }), 404);
  });
});

describe('GET /api/flocks/:flockId/feed/usual', () => {
  it('answers nulls without a record, then the item and quantity of the flock’s last record', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f, { quantity: 50 });
    expect(await get<UsualFeed>(f.headers, `/api/flocks/${f.flock.id}/feed/usual`)).toEqual({ item_id: null, item_name: null, unit: null, quantity: null });
    await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: daysAgo(1), quantity: 3 }));
    await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: daysAgo(5), quantity: 7 }));
    expect(await get<UsualFeed>(f.headers, `/api/flocks/${f.flock.id}/feed/usual`)).toEqual({ item_id: item.id, item_name: 'Layers mash', unit: 'bags', quantity: 3 });
  });
});

describe('PATCH /api/feed/:id', () => {
  it('a new quantity puts the old back and draws the new in one transaction; a new item moves the stock between the two', async () => {
    const f = await farmWithFlock();
    const mash = await addItem(f);
    const pellets = await addItem(f, { item_name: 'Growers pellets', quantity: 5, cost_per_unit: 3_000, unit_weight_kg: 50 });
    const { record } = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: mash.id, date: daysAgo(2), quantity: 2 }));

    const more = await made<FeedChange>(patch(f.headers, record.id, { quantity: 5 }), 200);
    expect(more.record).toMatchObject({ id: record.id, quantity: 5, kg: 350, cost_cents: 1_600_000, date: daysAgo(2) });
    expect(more.item).toMatchObject({ id: mash.id, quantity: 5 });
    expect((await ledger(mash.id)).slice(-2)).toEqual([
      expect.objectContaining({ kind: 'added', change: 2, balance: 10 }),
      expect.objectContaining({ id: more.record.movement_id, kind: 'removed', change: -5, balance: 5, note: 'Fed to Layers A' }),
    ]);

    const moved = await made<FeedChange>(patch(f.headers, record.id, { item_id: pellets.id, quantity: 4, date: daysAgo(3) }), 200);
    expect(moved.record).toMatchObject({ item_id: pellets.id, item_name: 'Growers pellets', quantity: 4, kg: 200, cost_cents: 1_200_000, date: daysAgo(3) });
    expect(moved.item).toMatchObject({ id: pellets.id, quantity: 1 });
    expect([await stockOf(mash.id), await stockOf(pellets.id)]).toEqual([10, 1]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('a new day alone moves no stock', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const { record } = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: daysAgo(2), quantity: 2 }));
    const movements = await ledger(item.id);
    const answer = await made<FeedChange>(patch(f.headers, record.id, { date: daysAgo(4) }), 200);
    expect(answer.record).toMatchObject({ date: daysAgo(4), quantity: 2, movement_id: record.movement_id });
    expect(answer.item.quantity).toBe(8);
    expect(await ledger(item.id)).toEqual(movements);
  });

  it('refuses a new draw past the stock (422, the stock counted with the old quantity back), bad input and another farm’s item, and changes nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const item = await addItem(f);
    const medicine = await addItem(f, { item_name: 'Gumboro vaccine', kind: 'medicine', unit: 'doses', unit_weight_kg: null });
    const theirs = await addItem(other);
    const { record } = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: daysAgo(2), quantity: 2 }));
    const before = await snapshot(f.farm.id);
    expectRefused(await patch(f.headers, record.id, { quantity: 11 }), 422, 'quantity', inventoryMessages.removalTooMuch(10));
    expectRefused(await patch(f.headers, record.id, { quantity: 0 }), 400, 'quantity', inventoryMessages.quantityPositive);
    expectRefused(await patch(f.headers, record.id, { quantity: 2.5 }), 400, 'quantity', inventoryMessages.quantityWhole('bags'));
    expectRefused(await patch(f.headers, record.id, { item_id: medicine.id }), 400, 'item_id', m.notFeed);
    expectRefused(await patch(f.headers, record.id, { item_id: theirs.id }), 404, 'item_id', m.selectItem);
    expectRefused(await patch(f.headers, record.id, { date: dayIn(addDays(new Date(), 1), ZONE) }), 400, 'date', m.dateFuture);
    expectRefused(await patch(f.headers, record.id, { date: daysAgo(40) }), 400, 'date', m.dateBeforeFlock(daysAgo(30)));
    expectRefused(await patch(f.headers, record.id, {}), 400, undefined, m.nothingToUpdate);
    expect(await snapshot(f.farm.id)).toEqual(before);
  });
});

describe('DELETE /api/feed/:id', () => {
  it('puts the quantity back into its item and deletes the record; a second delete is 404', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const { record } = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 3 }));
    const heard = await heardDuring(f.farm.id, async () => {
      expect((await del(f.headers, record.id)).statusCode).toBe(204);
    });
    expect(heard.map((e) => e.name)).toEqual(['feed_deleted', 'inventory_removed']);
    expect(await stockOf(item.id)).toBe(10);
    expect((await ledger(item.id)).at(-1)).toMatchObject({ kind: 'added', change: 3, balance: 10 });
    expect(await feedRows(f.farm.id)).toEqual([]);
    expectRefused(await del(f.headers, record.id), 404, undefined, m.notFound);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });
});

describe('another farm’s record', () => {
  it('is 404 to edit or delete, and stays as it was', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = await addItem(other);
    const { record } = await made<FeedChange>(post(other.headers, other.flock.id, { item_id: theirs.id, date: today(), quantity: 1 }));
    const before = await snapshot(other.farm.id);
    expectRefused(await patch(f.headers, record.id, { quantity: 2 }), 404, undefined, m.notFound);
    expectRefused(await del(f.headers, record.id), 404, undefined, m.notFound);
    expectRefused(await patch(f.headers, 'abc', { quantity: 2 }), 400);
    expect(await snapshot(other.farm.id)).toEqual(before);
  });
});

describe('roles', () => {
  it('a worker records, edits and deletes feed, and reads no money in the answers', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const worker = await addMember(app, f.farm, 'worker');
    const answer = await made<FeedChange>(post(worker.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1 }));
    expect(answer.record.cost_cents).toBeUndefined();
    expect(answer.record.cost).toBeUndefined();
    expect(answer.item.cost_per_unit_cents).toBeUndefined();
    expect(answer.record.created_by_name).toBe(worker.user.username);
    const list = await get<Page<FeedRecord>>(worker.headers, '/api/feed');
    expect(list.items[0]?.cost_cents).toBeUndefined();
    await made<FeedChange>(patch(worker.headers, answer.record.id, { quantity: 2 }), 200);
    expect((await del(worker.headers, answer.record.id)).statusCode).toBe(204);
    expect(await stockOf(item.id)).toBe(10);
  });

  it('an auditor reads, money included, and may not record, edit or delete (403, nothing changed)', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f);
    const { record } = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1 }));
    const auditor = await addMember(app, f.farm, 'auditor');
    const before = await snapshot(f.farm.id);
    expect((await post(auditor.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 1 })).statusCode).toBe(403);
    expect((await patch(auditor.headers, record.id, { quantity: 2 })).statusCode).toBe(403);
    expect((await del(auditor.headers, record.id)).statusCode).toBe(403);
    expect(await snapshot(f.farm.id)).toEqual(before);
    expect((await get<Page<FeedRecord>>(auditor.headers, `/api/flocks/${f.flock.id}/feed`)).items).toEqual([expect.objectContaining({ id: record.id, cost_cents: 320_000 })]);
    expect(await get<UsualFeed>(auditor.headers, `/api/flocks/${f.flock.id}/feed/usual`)).toMatchObject({ item_id: item.id, quantity: 1 });
  });

  it('without a session every feed route is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/feed'],
      ['GET', '/api/flocks/1/feed'],
      ['GET', '/api/flocks/1/feed/usual'],
      ['POST', '/api/flocks/1/feed'],
      ['PATCH', '/api/feed/1'],
      ['DELETE', '/api/feed/1'],
    ] as const) {
      expect((await app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('money counted once (decision 070)', () => {
  it('the financial dashboard, a flock’s finances, the dashboard and the expense statistics answer the same before and after feed use', async () => {
    const f = await farmWithFlock();
    const item = await addItem(f, { quantity: 40 });
    // A feed purchase recorded as an expense, and a sale: the figures have money in them.
    await made(app.inject({ method: 'POST', url: '/api/expenses', headers: f.headers, payload: { flock_id: f.flock.id, date: today(), description: 'Layers mash, 10 bags', amount: 32_000, category: 'Feed' } }));
    await made(app.inject({ method: 'POST', url: '/api/sales', headers: f.headers, payload: { flock_id: f.flock.id, category: 'Egg Sales', product: 'Eggs', quantity: 4, unit_price: 420, date: today(), sale_type: 'Cash', status: 'paid' } }));
    const urls = ['/api/flock-financial', `/api/flock-financial/flock/${f.flock.id}`, '/api/expenses/stats', '/api/stats/dashboard'];
    const figures = async () => Promise.all(urls.map((url) => get<unknown>(f.headers, url)));
    const before = await figures();
    expect(JSON.stringify(before[0])).toMatch(/32000|3200000/);
    const { record } = await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: today(), quantity: 5 }));
    await made<FeedChange>(patch(f.headers, record.id, { quantity: 6 }), 200);
    await made<FeedChange>(post(f.headers, f.flock.id, { item_id: item.id, date: daysAgo(1), quantity: 2 }));
    expect(await figures()).toEqual(before);
  });
});

describe('deleting a flock with feed records', () => {
  it('archives it, keeping them', async () => {
    const f = await farmWithFlock();
    const fed = await createFlock(app, f, { name: 'Fed flock' });
    await app.db.update(flocks).set({ createdAt: addDays(new Date(), -30) }).where(eq(flocks.id, fed.id));
    const item = await addItem(f);
    await made<FeedChange>(post(f.headers, fed.id, { item_id: item.id, date: today(), quantity: 1 }));
    const res = await app.inject({ method: 'DELETE', url: `/api/flocks/${fed.id}`, headers: f.headers });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await app.db.select().from(flocks).where(eq(flocks.id, fed.id)))[0]?.status).toBe('archived');
    expect(await feedRows(f.farm.id)).toHaveLength(1);
  });
});
