import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flocks, sales } from '../db/schema/index.js';
import { dashboard } from '../features/dashboard/service.js';
import * as eggs from '../features/eggs/service.js';
import { farmFinance } from '../features/finance/service.js';
import * as salesService from '../features/sales/service.js';
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
