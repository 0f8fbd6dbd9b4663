import { addDays, dayIn, FLOCK_BIN_DAYS, flockBinMessages, staffMessages, toApiDateTime, type DeletedFlockList } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import { addMember, bearer, createSession, createUser } from '../../test/factories.js';
import { fingerprintTables } from '../../test/integrity.js';
import { FLOCK_BIN_TABLES } from './bin.js';
import { getTableConfig } from 'drizzle-orm/pg-core';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), 'Africa/Nairobi');
const thisMonth = () => daysAgo(0).slice(0, 7).split('-').map(Number) as [number, number];

async function owner() {
  const o = await createUser(app);
  return { ...o, headers: bearer(await createSession(app, o.user, o.farm)) };
}

async function call(headers: Headers, method: string, url: string, payload?: unknown) {
  return app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function created(headers: Headers, url: string, payload: unknown): Promise<number> {
  const res = await call(headers, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** A flock with records of every kind a flock keeps, made through the API. */
async function flockWithEverything(headers: Headers, name: string) {
  const flockId = await created(headers, '/api/flocks', { name, breed: 'Layers', age: 20, initial_bird_count: 300, bird_count: 300, status: 'active' });
  await call(headers, 'PUT', `/api/flocks/${flockId}`, { bird_count: 291, reason: 'mortality', note: 'Heat' });
  await call(headers, 'PUT', `/api/flocks/${flockId}`, { bird_count: 280, reason: 'sold' });
  const vaccination = await created(headers, `/api/flocks/${flockId}/vaccinations`, {
    vaccine_name: 'Newcastle',
    date: toApiDateTime(addDays(new Date(), -3)),
    status: 'Pending',
    mode_of_administration: 'Injection',
  });
  await call(headers, 'PUT', `/api/flocks/${flockId}/vaccinations/${vaccination}`, { status: 'Completed' });
  await created(headers, `/api/flocks/${flockId}/vaccinations`, { vaccine_name: 'Gumboro', date: toApiDateTime(addDays(new Date(), 5)), status: 'Pending', mode_of_administration: 'Injection' });
  for (let d = 1; d <= 4; d++) await created(headers, '/api/egg-productions', { flock_id: flockId, date_produced: daysAgo(d), eggs_collected: 250 + d, price_per_unit: '12.50' });
  await created(headers, '/api/egg-adjustments', { flock_id: flockId, adjustment_type: 'breakage', eggs_adjusted: 2, unit: 'crates', date_adjusted: daysAgo(1), notes: 'Dropped' });
  for (let i = 0; i < 3; i++) {
    await created(headers, '/api/sales', {
      flock_id: flockId,
      category: 'Egg Sales',
      product: `Eggs ${i}`,
      description: 'Market',
      quantity: 4 + i,
      unit_price: 420,
      date: daysAgo(i),
      sale_type: 'Mobile Money',
      status: i === 0 ? 'paid' : 'pending',
    });
    await created(headers, '/api/expenses', { flock_id: flockId, date: daysAgo(i), description: `Feed ${i}`, amount: 1_250 + i, category: 'Feed' });
  }
  const [year, month] = thisMonth();
  await created(headers, '/api/budget', { flock_id: flockId, amount: 5_000, month, year });
  expect((await call(headers, 'PUT', '/api/flock-financial', { flock_id: flockId, budget: 90_000 })).statusCode).toBeLessThan(300);
  const item = await created(headers, '/api/inventory', { item_name: 'Layers mash', flock_id: flockId, quantity: 40, unit: 'bags', reorder_level: 5, cost_per_unit: 3_200 });
  await call(headers, 'POST', `/api/inventory/${item}/remove`, { quantity: 36, reason: 'used', note: 'Fed' });
  await call(headers, 'POST', `/api/inventory/${item}/restock`, { quantity: 10, cost_per_unit: 3_300 });
  // Feed given to the flock (decision 070): a record and a removal of the item's ledger.
  expect((await call(headers, 'POST', `/api/flocks/${flockId}/feed`, { item_id: item, date: daysAgo(0), quantity: 2 })).statusCode).toBe(201);
  // A sample weighing (decision 071).
  expect((await call(headers, 'POST', `/api/flocks/${flockId}/weighings`, { date: daysAgo(0), birds: 10, total_kg: 18.5 })).statusCode).toBe(201);
  // A head count of the flock and a count of its item's feed (decision 077).
  const counts = await call(headers, 'POST', '/api/stock-counts', { date: daysAgo(0), birds: [{ flock_id: flockId, birds: 195 }], feed: [{ item_id: item, quantity: 11 }] });
  expect(counts.statusCode, counts.body).toBe(201);
  return flockId;
}

/** What the farmer reads: every list and statistic a flock's records show up in. */
async function farmScreens(headers: Headers) {
  const paths = [
    '/api/flocks?pageSize=100',
    '/api/flocks/stats',
    '/api/vaccinations?pageSize=100',
    '/api/vaccinations/stats',
    '/api/egg-productions?pageSize=100',
    '/api/egg-productions/stats',
    '/api/egg-adjustments?pageSize=100',
    '/api/sales?pageSize=100',
    '/api/sales/stats',
    '/api/expenses?pageSize=100',
    '/api/expenses/stats',
    '/api/budget',
    '/api/inventory?pageSize=100',
    '/api/inventory/stats',
    '/api/feed?pageSize=100',
    '/api/stock-counts?pageSize=100',
    '/api/stats/dashboard',
    '/api/flock-financial',
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await call(headers, 'GET', path);
    out[path] = { status: res.statusCode, body: res.json() };
  }
  return out;
}

/** Every table but the farms' data versions, which every write moves on (decision 027). */
async function tables() {
  const all = await fingerprintTables(app.database);
  delete all['"public"."farm_data_versions"'];
  return all;
}

const deleteEverything = (headers: Headers, id: number, name?: string) =>
  call(headers, 'DELETE', `/api/flocks/${id}?everything=true${name === undefined ? '' : `&confirm_name=${encodeURIComponent(name)}`}`);

describe('a flock deleted with everything, and brought back', () => {
  it('keeps its rows in the bin and puts every one back: tables, lists, statistics and rollups exactly as before', async () => {
    const o = await owner();
    const kept = await flockWithEverything(o.headers, 'Kept house');
    const gone = await flockWithEverything(o.headers, 'Layers house B');
    await app.reportJobs.idle();
    await app.notifier.settled();
    const screensBefore = await farmScreens(o.headers);
    const tablesBefore = await tables();

    const res = await deleteEverything(o.headers, gone, '  layers HOUSE b ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'deleted' });
    expect(await counterDrift(app.database, o.farm.id)).toEqual([]);
    expect((await call(o.headers, 'GET', `/api/flocks/${gone}`)).statusCode).toBe(404);
    const sales = (await call(o.headers, 'GET', '/api/sales?pageSize=100')).json<{ items: { flock_id: number }[] }>().items;
    expect(sales.map((s) => s.flock_id)).toEqual([kept, kept, kept]);

    const list = (await call(o.headers, 'GET', '/api/flocks/deleted')).json<DeletedFlockList>();
    expect(list.items).toHaveLength(1);
    const entry = list.items[0]!;
    expect(entry).toMatchObject({ flock_id: gone, name: 'Layers house B', deleted_by: o.user.username });
    expect(entry.counts).toEqual({
      flock_bird_count_events: 3,
      vaccinations: 2,
      flock_weighings: 1,
      egg_productions: 4,
      egg_adjustments: 1,
      sales: 3,
      expenses: 3,
      budgets: 1,
      flock_year_budgets: 1,
      inventory_items: 1,
      inventory_movements: 4,
      feed_records: 1,
      stock_counts: 2,
    });
    expect(new Date(entry.expires_at).getTime() - new Date(entry.deleted_at).getTime()).toBe(FLOCK_BIN_DAYS * 86_400_000);

    const restored = await call(o.headers, 'POST', `/api/flocks/deleted/${entry.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ flock_id: gone, name: 'Layers house B' });
    await app.reportJobs.idle();
    await app.notifier.settled();
    expect(await counterDrift(app.database, o.farm.id)).toEqual([]);
    expect(await farmScreens(o.headers)).toEqual(screensBefore);
    expect(await tables()).toEqual(tablesBefore);
    expect((await call(o.headers, 'GET', '/api/flocks/deleted')).json()).toEqual({ items: [] });
    // Once back, it is not in the bin any more: a second restore finds nothing.
    expect((await call(o.headers, 'POST', `/api/flocks/deleted/${entry.id}/restore`)).statusCode).toBe(404);
  });

  it("refuses a manager's delete of everything with the role words, changing nothing; their plain delete archives", async () => {
    const o = await owner();
    const manager = await addMember(app, o.farm, 'manager');
    const flock = await flockWithEverything(o.headers, 'Broiler run');
    const before = await tables();
    for (const url of [`/api/flocks/${flock}?everything=true`, `/api/flocks/${flock}?everything=TRUE&confirm_name=Broiler%20run`, `/api/flocks/${flock}?everything=maybe`]) {
      const res = await call(manager.headers, 'DELETE', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'forbidden', message: staffMessages.forbidden });
    }
    expect(await tables()).toEqual(before);
    const plain = await call(manager.headers, 'DELETE', `/api/flocks/${flock}?everything=false`);
    expect(plain.json()).toEqual({ result: 'archived' });
    expect((await call(o.headers, 'GET', `/api/flocks/${flock}`)).json()).toMatchObject({ status: 'archived' });
    expect((await call(manager.headers, 'GET', '/api/flocks/deleted')).statusCode).toBe(403);
  });

  it("asks for the flock's name: missing or wrong is a 400 with its message, and nothing changes", async () => {
    const o = await owner();
    const flock = await flockWithEverything(o.headers, 'Kienyeji shed');
    const before = await tables();
    for (const [name, message] of [
      [undefined, flockBinMessages.confirmNameRequired],
      ['  ', flockBinMessages.confirmNameRequired],
      ['Kienyeji', flockBinMessages.confirmNameWrong],
      ['x'.repeat(1000), flockBinMessages.confirmNameWrong],
    ] as const) {
      const res = await deleteEverything(o.headers, flock, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.confirm_name).toBe(message);
    }
    expect(await tables()).toEqual(before);
  });

  it("answers another farm's bin entry 404, lists only the farm's own, and forgets entries past their days", async () => {
    const a = await owner();
    const b = await owner();
    const flock = await created(a.headers, '/api/flocks', { name: 'Solo', breed: 'Layers', age: 3, initial_bird_count: 50, bird_count: 50, status: 'chicks' });
    expect((await deleteEverything(a.headers, flock, 'Solo')).json()).toEqual({ result: 'deleted' });
    const [entry] = (await call(a.headers, 'GET', '/api/flocks/deleted')).json<DeletedFlockList>().items;
    expect(entry).toBeDefined();
    expect((await call(b.headers, 'GET', '/api/flocks/deleted')).json()).toEqual({ items: [] });
    const before = await tables();
    const theirs = await call(b.headers, 'POST', `/api/flocks/deleted/${entry!.id}/restore`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(flockBinMessages.notInBin);
    expect(await tables()).toEqual(before);

    await app.database.query(`update deleted_records set deleted_at = now() - interval '${FLOCK_BIN_DAYS} days 1 minute' where id = $1`, [entry!.id]);
    expect((await call(a.headers, 'GET', '/api/flocks/deleted')).json()).toEqual({ items: [] });
    expect((await call(a.headers, 'POST', `/api/flocks/deleted/${entry!.id}/restore`)).statusCode).toBe(404);
    // The hourly job (features/notifications/jobs.ts) sweeps it for good.
    await app.dailyNotifications.run();
    expect(await app.database.query('select id from deleted_records where id = $1', [entry!.id])).toEqual([]);
  });

  it('holds every table with a flock_id (reports keep theirs set null)', async () => {
    const withFlockId = await app.database.query<{ table_name: string }>(
      `select distinct table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'flock_id'
          and table_name in (select tc.table_name from information_schema.table_constraints tc
                             join information_schema.constraint_column_usage u on u.constraint_name = tc.constraint_name
                             where tc.constraint_type = 'FOREIGN KEY' and u.table_name = 'flocks')`,
    );
    const held = new Set(FLOCK_BIN_TABLES.map((t) => getTableConfig(t.table).name));
    expect(withFlockId.map((r) => r.table_name).filter((t) => t !== 'reports' && !held.has(t))).toEqual([]);
    expect(held.has('inventory_movements')).toBe(true);
  });
});
