import { eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEPT_ANSWERS, ROLLUP_SOURCES, type KeptAnswer } from '../db/answer-cache.js';
import type { Db } from '../db/client.js';
import { flocks, sales } from '../db/schema/index.js';
import { dashboard } from '../features/dashboard/service.js';
import * as eggs from '../features/eggs/service.js';
import { expenseSeries } from '../features/expenses/service.js';
import type { FarmScope } from '../features/farm-scope.js';
import { farmFinance, setFlockBudget } from '../features/finance/service.js';
import * as salesService from '../features/sales/service.js';
import { seedFarmData } from '../scripts/farm-data.js';
import { createTestApp } from './app.js';
import * as factories from './factories.js';
import { shiftDay } from '@kuku/domain';
import { today } from './farm-days.js';

/**
 * The chart series kept by the farm's data version (decision 027) against a fresh computation,
 * after every kind of write to the tables they read: a table read without its version trigger
 * would fail here. (The expense series has its own in the expense tests.)
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;

const farmWithFlock = () => factories.farmWithFlock(app);

const post = async (headers: Headers, url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
};

const saleOf = (flockId: number) => ({
  flock_id: flockId,
  category: 'Egg Sales',
  product: 'Eggs (crate of 30)',
  quantity: 4,
  unit_price: 450,
  date: today(),
  sale_type: 'Cash',
  status: 'paid',
});

const getJson = async (headers: Headers, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<unknown>();
};

describe('the cached chart series', () => {
  it('answer what a fresh computation answers after every kind of write', async () => {
    const { farm, flock, headers } = await farmWithFlock();
    const scope = { farmId: farm.id, timeZone: farm.timeZone };
    const fresh = async () => ({
      eggs: JSON.parse(JSON.stringify(await eggs.eggSeries(app.db, scope))) as unknown,
      sales: JSON.parse(JSON.stringify(await salesService.saleSeries(app.db, scope))) as unknown,
    });
    const served = async () => ({
      eggs: await getJson(headers, '/api/egg-productions/series'),
      sales: await getJson(headers, '/api/sales/series'),
    });
    const check = async () => expect(await served()).toEqual(await fresh());

    await check();
    await check(); // served from the cache
    const record = await post(headers, '/api/egg-productions', { flock_id: flock.id, date_produced: today(), eggs_collected: 600 });
    await check();
    await post(headers, '/api/egg-adjustments', { flock_id: flock.id, adjustment_type: 'breakage', eggs_adjusted: 12, date_adjusted: today() });
    await check();
    const sold = await post(headers, '/api/sales', saleOf(flock.id));
    await check();
    await app.db.update(flocks).set({ name: 'Layers by the gate' }).where(eq(flocks.id, flock.id));
    await check();
    expect(JSON.stringify((await served()).sales)).toContain('Layers by the gate');
    const edited = await app.inject({ method: 'PUT', url: `/api/egg-productions/${record.id}`, headers, payload: { eggs_collected: 450, date_produced: today() } });
    expect(edited.statusCode, edited.body).toBe(200);
    await check();
    await app.db.delete(sales).where(eq(sales.id, sold.id));
    await check();
  });

  it("never answer another farm's series", async () => {
    const one = await farmWithFlock();
    const other = await farmWithFlock();
    await post(one.headers, '/api/sales', saleOf(one.flock.id));
    const mine = await getJson(one.headers, '/api/sales/series');
    const theirs = await getJson(other.headers, '/api/sales/series');
    expect(JSON.stringify(mine)).toContain(one.flock.name);
    expect(JSON.stringify(theirs)).not.toContain(one.flock.name);
  });

  it('keep the dashboard and the financial dashboard equal to a fresh computation after every kind of write they read (decision 030)', async () => {
    const { farm, flock, headers } = await farmWithFlock();
    const scope = { farmId: farm.id, timeZone: farm.timeZone };
    const year = Number(today().slice(0, 4));
    const fresh = async () => ({
      dashboard: JSON.parse(JSON.stringify(await dashboard(app.db, scope))) as unknown,
      finance: JSON.parse(JSON.stringify(await farmFinance(app.db, scope))) as unknown,
      lastYear: JSON.parse(JSON.stringify(await farmFinance(app.db, scope, year - 1))) as unknown,
    });
    const served = async () => ({
      dashboard: await getJson(headers, '/api/stats/dashboard'),
      finance: await getJson(headers, '/api/flock-financial'),
      lastYear: await getJson(headers, `/api/flock-financial?year=${year - 1}`),
    });
    const check = async () => expect(await served()).toEqual(await fresh());
    const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };

    await check();
    await check(); // served from the cache
    await post(headers, '/api/egg-productions', { flock_id: flock.id, date_produced: today(), eggs_collected: 600 });
    await check();
    await post(headers, '/api/sales', saleOf(flock.id));
    await check();
    const spent = await post(headers, '/api/expenses', { flock_id: flock.id, date: today(), description: 'Mash', amount: 900, category: 'Feed' });
    await check();
    const budget = await post(headers, '/api/budget', { flock_id: flock.id, amount: 5_000, month: Number(today().slice(5, 7)), year });
    await check();
    await send('PUT', '/api/flock-financial', { flock_id: flock.id, budget: 40_000 });
    await check();
    await send('DELETE', `/api/flock-financial/flock/${flock.id}`);
    await check();
    const shot = await post(headers, `/api/flocks/${flock.id}/vaccinations`, {
      vaccine_name: 'Gumboro',
      date: `${shiftDay(today(), 3)} 08:00:00`,
      status: 'Pending',
      mode_of_administration: 'Oral',
    });
    await check();
    await send('PUT', `/api/flocks/${flock.id}/vaccinations/${shot.id}`, { status: 'Cancelled' });
    await check();
    await send('DELETE', `/api/flocks/${flock.id}/vaccinations/${shot.id}`);
    await check();
    await send('PUT', `/api/flocks/${flock.id}`, { bird_count: 90, reason: 'mortality' });
    await check();
    await app.db.update(flocks).set({ name: 'Layers by the barn' }).where(eq(flocks.id, flock.id));
    await check();
    await send('DELETE', `/api/expenses/${spent.id}`);
    await send('DELETE', `/api/budget/${budget.id}`);
    await check();
  });
});

/** What computes each kept answer, as its route does. */
const COMPUTE: Record<KeptAnswer, (db: Db, scope: FarmScope) => Promise<unknown>> = {
  dashboard: (db, scope) => dashboard(db, scope),
  egg_series: eggs.eggSeries,
  sales_series: salesService.saleSeries,
  expense_series: expenseSeries,
  flock_financial: (db, scope) => farmFinance(db, scope),
};

const namesOf = (tables: readonly Parameters<typeof getTableName>[0][]) => tables.map((table) => getTableName(table));

describe('what a kept answer reads', () => {
  it('is no more than the tables it declares', async () => {
    const owner = await factories.createUser(app);
    await seedFarmData(app.db, owner.farm.id, owner.user.id, { flocks: 3, years: 1, extraVaccinationsPerFlock: 1 });
    const scope: FarmScope = { farmId: owner.farm.id, timeZone: 'Africa/Nairobi' };
    const [flock] = await app.db.select({ id: flocks.id }).from(flocks).where(eq(flocks.farmId, owner.farm.id)).limit(1);
    // A yearly budget, so the financial dashboard names who set it.
    await setFlockBudget(app.db, scope, owner.user.id, { flock_id: flock!.id, year: new Date().getFullYear(), budget: 5_000 });

    // The scans of the transaction so far, per table: read before and after the answer is made.
    const scans = sql`select relname, seq_scan + coalesce(idx_scan, 0) as scans from pg_stat_xact_user_tables`;
    const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as { relname: string; scans: number | string }[];
    for (const [name, compute] of Object.entries(COMPUTE)) {
      const read = await app.db.transaction(async (tx) => {
        const before = new Map(rowsOf(await tx.execute(scans)).map((row) => [row.relname, Number(row.scans)]));
        await compute(tx as unknown as Db, scope);
        return rowsOf(await tx.execute(scans))
          .filter((row) => Number(row.scans) > (before.get(row.relname) ?? 0))
          .map((row) => row.relname);
      });
      expect(read.length, name).toBeGreaterThan(0);
      expect(read.filter((table) => !namesOf(KEPT_ANSWERS[name as KeptAnswer]).includes(table)), `${name} reads undeclared tables`).toEqual([]);
    }
  });

  it('moves the farm data version on with a write to any table it declares', async () => {
    const result = await app.db.execute(sql`select tgname from pg_trigger where tgname like '%\_bump\_data\_version'`);
    const triggers = new Set(((result as { rows?: unknown[] }).rows ?? result as unknown as unknown[]).map((row) => (row as { tgname: string }).tgname));
    const versioned = (table: string) => triggers.has(`${table}_bump_data_version`);
    for (const [name, tables] of Object.entries(KEPT_ANSWERS)) {
      for (const table of tables) {
        const sources = ROLLUP_SOURCES.get(table);
        const unversioned = sources ? namesOf(sources).filter((source) => !versioned(source)) : versioned(getTableName(table)) ? [] : [getTableName(table)];
        expect(unversioned, `${name} reads ${getTableName(table)}`).toEqual([]);
      }
    }
  });
});
