import { addDays, dayIn, stockCountMessages as m, type BalanceChecks, type StockCount } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggProductions, flockBirdCountEvents, flocks, inventoryItems, notifications, stockCounts, stockCountSettings } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { addMember } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const ZONE = 'Africa/Nairobi';
const today = () => dayIn(new Date(), ZONE);
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);

/** A farm whose flock 'Layers A' (100 birds) was added 30 days ago, with a feed item of 10 bags and 300 eggs collected 3 days ago. */
async function farm() {
  const f = await factories.farmWithFlock(app, { name: 'Layers A', initial_bird_count: 100, bird_count: 100 });
  await app.db.update(flocks).set({ createdAt: addDays(new Date(), -30) }).where(eq(flocks.id, f.flock.id));
  await app.db.update(flockBirdCountEvents).set({ createdAt: addDays(new Date(), -30) }).where(eq(flockBirdCountEvents.flockId, f.flock.id));
  const res = await app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: f.headers,
    payload: { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 10, unit: 'bags', reorder_level: 3, cost_per_unit: 3_200, kind: 'feed', unit_weight_kg: 70 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json<{ id: number }>();
  await app.db.insert(eggProductions).values({ farmId: f.farm.id, flockId: f.flock.id, dateProduced: daysAgo(3), eggsCollected: 300 });
  return { ...f, itemId: item.id };
}

const post = (headers: Headers, payload: object) => app.inject({ method: 'POST', url: '/api/stock-counts', headers, payload });
const get = async <T>(headers: Headers, url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const saved = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ counts: StockCount[] }>().counts;
};
function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
  expect([error.message, ...Object.values(error.fields ?? {})]).toContain(message);
}
const countsOf = (farmId: number) => app.db.select().from(stockCounts).where(eq(stockCounts.farmId, farmId));
const noticesOf = (userId: number) => app.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('POST /api/stock-counts', () => {
  it('stores each thing counted with what the records said, and tells the owner at once of a gap beyond the margin', async () => {
    const f = await farm();
    const counts = saved(await post(f.headers, { date: today(), eggs: { trays: 8, loose: 15 }, feed: [{ item_id: f.itemId, quantity: 10 }], birds: [{ flock_id: f.flock.id, birds: 100 }] }));
    expect(counts).toEqual([
      expect.objectContaining({ kind: 'eggs', date: today(), unit: 'eggs', counted: 255, expected: 300, difference: -45, beyond_margin: true, name: null }),
      expect.objectContaining({ kind: 'feed', item_id: f.itemId, name: 'Layers mash', unit: 'bags', counted: 10, expected: 10, difference: 0, beyond_margin: false }),
      expect.objectContaining({ kind: 'birds', flock_id: f.flock.id, name: 'Layers A', unit: 'birds', counted: 100, expected: 100, difference: 0, beyond_margin: false }),
    ]);
    const told = await noticesOf(f.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'warning', link: '/stock-count', sourceKey: `stock_count:${counts[0]!.id}` });
    expect(told[0]!.message).toMatch(/^Egg count \d\d \w{3}: 45 eggs \(1 tray 15\) fewer than the records$/);
  });

  it('a worker counts; the counts list newest day first, filtered by kind', async () => {
    const f = await farm();
    const worker = await addMember(app, f.farm, 'worker');
    saved(await post(worker.headers, { date: daysAgo(1), birds: [{ flock_id: f.flock.id, birds: '97' }] }));
    saved(await post(worker.headers, { date: today(), feed: [{ item_id: f.itemId, quantity: '9.5' }] }));
    const page = await get<Page<StockCount>>(worker.headers, '/api/stock-counts');
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(page.items.map((c) => [c.kind, c.date, c.counted, c.created_by_name])).toEqual([
      ['feed', today(), 9.5, worker.user.username],
      ['birds', daysAgo(1), 97, worker.user.username],
    ]);
    expect((await get<Page<StockCount>>(worker.headers, '/api/stock-counts?kind=birds')).items.map((c) => c.kind)).toEqual(['birds']);
    // 3 birds missing of 100 and half a bag of 10 are beyond the 2% margin: the owner hears both, the worker neither.
    expect((await noticesOf(f.user.id)).map((n) => n.message).sort()).toEqual([
      expect.stringMatching(/^Feed count \d\d \w{3}, Layers mash: 0\.5 bags less than the records$/),
      expect.stringMatching(/^Head count \d\d \w{3}, Layers A: 3 birds fewer than the records$/),
    ]);
    expect(await noticesOf(worker.user.id)).toHaveLength(0);
  });

  it.each([
    ['a negative count', { eggs: { trays: -1 } }, 400, m.countNegative],
    ['a negative head count', { birds: [{ flock_id: 0, birds: -3 }] }, 400, m.countNegative],
    ['a fraction of a bird', { birds: [{ flock_id: 0, birds: 2.5 }] }, 400, m.countWhole],
    ['a tray of loose eggs', { eggs: { trays: 1, loose: 30 } }, 400, m.looseTooMany],
    ['feed to four decimals', { feed: [{ item_id: 0, quantity: 1.2345 }] }, 400, m.countDecimals],
    ['text for a number', { eggs: { trays: 'many' } }, 400, m.countInvalid],
    ['nothing counted', {}, 400, m.nothingCounted],
    ['a future day', { date: dayIn(addDays(new Date(), 2), ZONE), eggs: { trays: 1 } }, 400, m.dateFuture],
    ['no day', { date: '', eggs: { trays: 1 } }, 400, m.dateRequired],
    ['a flock counted twice', { birds: [{ flock_id: 0, birds: 1 }, { flock_id: 0, birds: 2 }] }, 400, m.repeated],
  ])('%s: a clear message, nothing changed', async (_name, body, status, message) => {
    const f = await farm();
    const fill = (b: object) => JSON.parse(JSON.stringify(b).replaceAll('"flock_id":0', `"flock_id":${f.flock.id}`).replaceAll('"item_id":0', `"item_id":${f.itemId}`)) as object;
    expectRefused(await post(f.headers, { date: today(), ...fill(body) }), status, message);
    expect(await countsOf(f.farm.id)).toEqual([]);
  });

  it('an item that is not feed, an archived flock: refused, nothing changed', async () => {
    const f = await farm();
    const [drug] = await app.db
      .insert(inventoryItems)
      .values({ farmId: f.farm.id, flockId: f.flock.id, itemName: 'Newcastle vaccine', quantity: 5, unit: 'doses', kind: 'medicine', reorderLevel: 1, costPerUnitCents: 100 })
      .returning();
    expectRefused(await post(f.headers, { date: today(), eggs: { trays: 1 }, feed: [{ item_id: drug!.id, quantity: 5 }] }), 400, m.notFeed);
    await app.db.update(flocks).set({ status: 'archived' }).where(eq(flocks.id, f.flock.id));
    expectRefused(await post(f.headers, { date: today(), birds: [{ flock_id: f.flock.id, birds: 5 }] }), 422, m.flockArchived);
    expect(await countsOf(f.farm.id)).toEqual([]);
  });

  it("another farm's flock or item is 404, and nothing is stored on either farm", async () => {
    const f = await farm();
    const other = await farm();
    expectRefused(await post(f.headers, { date: today(), eggs: { trays: 1 }, birds: [{ flock_id: other.flock.id, birds: 5 }] }), 404, m.flockNotFound);
    expectRefused(await post(f.headers, { date: today(), feed: [{ item_id: other.itemId, quantity: 5 }] }), 404, m.itemNotFound);
    expect(await countsOf(f.farm.id)).toEqual([]);
    expect(await countsOf(other.farm.id)).toEqual([]);
  });

  it('an auditor reads the counts and may not write them', async () => {
    const f = await farm();
    const auditor = await addMember(app, f.farm, 'auditor');
    expect((await post(auditor.headers, { date: today(), eggs: { trays: 1 } })).statusCode).toBe(403);
    await get<Page<StockCount>>(auditor.headers, '/api/stock-counts');
    await get<BalanceChecks>(auditor.headers, '/api/stock-counts/balances');
    expect(await countsOf(f.farm.id)).toEqual([]);
  });
});

describe('DELETE /api/stock-counts/{id}', () => {
  it('the owner or a manager deletes; a worker may not; another farm’s is 404', async () => {
    const f = await farm();
    const [count] = saved(await post(f.headers, { date: today(), eggs: { trays: 10 } }));
    const worker = await addMember(app, f.farm, 'worker');
    expect((await app.inject({ method: 'DELETE', url: `/api/stock-counts/${count!.id}`, headers: worker.headers })).statusCode).toBe(403);
    const other = await farm();
    expectRefused(await app.inject({ method: 'DELETE', url: `/api/stock-counts/${count!.id}`, headers: other.headers }), 404, m.notFound);
    const manager = await addMember(app, f.farm, 'manager');
    expect((await app.inject({ method: 'DELETE', url: `/api/stock-counts/${count!.id}`, headers: manager.headers })).statusCode).toBe(204);
    expect(await countsOf(f.farm.id)).toEqual([]);
  });
});

describe('the margin and the balance checks', () => {
  it('the owner sets the margin; a manager may not; a bad margin is refused', async () => {
    const f = await farm();
    expect(await get(f.headers, '/api/stock-counts/margin')).toEqual({ margin_percent: 2 });
    const put = (headers: Headers, payload: object) => app.inject({ method: 'PUT', url: '/api/stock-counts/margin', headers, payload });
    expect((await put(f.headers, { margin_percent: 20 })).json()).toEqual({ margin_percent: 20 });
    expectRefused(await put(f.headers, { margin_percent: 51 }), 400, m.marginInvalid);
    expectRefused(await put(f.headers, { margin_percent: -1 }), 400, m.marginInvalid);
    const manager = await addMember(app, f.farm, 'manager');
    expect((await put(manager.headers, { margin_percent: 1 })).statusCode).toBe(403);
    expect(await app.db.select().from(stockCountSettings).where(eq(stockCountSettings.farmId, f.farm.id))).toEqual([expect.objectContaining({ marginPercent: 20 })]);
    // 15% of the eggs missing is within a 20% margin: no notice.
    saved(await post(f.headers, { date: today(), eggs: { trays: 8, loose: 15 } }));
    expect(await noticesOf(f.user.id)).toHaveLength(0);
  });

  it('GET /api/stock-counts/balances: the last 7 days by default, the count against the records', async () => {
    const f = await farm();
    saved(await post(f.headers, { date: today(), eggs: { trays: 8, loose: 15 } }));
    const checks = await get<BalanceChecks>(f.headers, '/api/stock-counts/balances');
    expect(checks).toMatchObject({ start_date: daysAgo(6), end_date: today(), margin_percent: 2 });
    expect(checks.eggs).toMatchObject({ opening: 0, came_in: { collected: 300 }, closing: 300, difference: -45, difference_trays: 1, difference_loose: 15, beyond_margin: true });
    expect(checks.feed).toEqual([expect.objectContaining({ item_id: f.itemId, opening: 0, came_in: { delivered: 10, corrected: 0 }, closing: 10, last_count: null })]);
    expect(checks.money).toMatchObject({ received_cents: null, recorded: false });
  });

  it.each([
    ['start_date=not-a-day', m.dateInvalid],
    [`start_date=${today()}&end_date=${daysAgo(1)}`, m.startAfterEnd],
    [`start_date=2000-01-01&end_date=${today()}`, m.rangeTooLong],
  ])('a bad range (%s) is refused', async (query, message) => {
    const f = await farm();
    expectRefused(await app.inject({ method: 'GET', url: `/api/stock-counts/balances?${query}`, headers: f.headers }), 400, message);
  });

  it('a worker does not read the balance checks (they carry money)', async () => {
    const f = await farm();
    const worker = await addMember(app, f.farm, 'worker');
    expect((await app.inject({ method: 'GET', url: '/api/stock-counts/balances', headers: worker.headers })).statusCode).toBe(403);
  });
});
