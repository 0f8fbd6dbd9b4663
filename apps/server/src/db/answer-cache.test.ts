import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import * as eggs from '../features/eggs/service.js';
import * as salesService from '../features/sales/service.js';
import { createTestApp } from '../test/app.js';
import * as factories from '../test/factories.js';
import { today } from '../test/farm-days.js';
import { cachedAnswer, farmDataVersion, farmDayKey } from './answer-cache.js';
import { flocks, sales } from './schema/index.js';

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

describe('the farm data version', () => {
  it('moves on with each write to a versioned table, for that farm only', async () => {
    const one = await farmWithFlock();
    const other = await farmWithFlock();
    const start = await farmDataVersion(app.db, one.farm.id);
    const otherStart = await farmDataVersion(app.db, other.farm.id);

    await post(one.headers, '/api/egg-productions', { flock_id: one.flock.id, date_produced: today(), eggs_collected: 300 });
    const afterEggs = await farmDataVersion(app.db, one.farm.id);
    expect(afterEggs).toBeGreaterThan(start);

    await post(one.headers, '/api/sales', saleOf(one.flock.id));
    const afterSale = await farmDataVersion(app.db, one.farm.id);
    expect(afterSale).toBeGreaterThan(afterEggs);

    await app.db.update(flocks).set({ name: 'Renamed layers' }).where(eq(flocks.id, one.flock.id));
    expect(await farmDataVersion(app.db, one.farm.id)).toBeGreaterThan(afterSale);

    expect(await farmDataVersion(app.db, other.farm.id)).toBe(otherStart);
  });

  it('is 0 for a farm that never wrote', async () => {
    const owner = await factories.createUser(app);
    expect(await farmDataVersion(app.db, owner.farm.id)).toBe(0);
  });
});

describe('an answer kept by version', () => {
  it('is computed once per version and again after a write', async () => {
    const { farm, flock, headers } = await farmWithFlock();
    let computed = 0;
    const read = () => cachedAnswer(app.db, { farmId: farm.id, name: 'probe', variant: '' }, async () => `answer ${++computed}`);

    expect(await read()).toBe('answer 1');
    expect(await read()).toBe('answer 1');
    await post(headers, '/api/sales', saleOf(flock.id));
    expect(await read()).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it('made while a write came in is not served after it', async () => {
    const { farm, flock, headers } = await farmWithFlock();
    let computed = 0;
    const read = (during?: () => Promise<unknown>) =>
      cachedAnswer(app.db, { farmId: farm.id, name: 'race', variant: '' }, async () => {
        await during?.();
        return `answer ${++computed}`;
      });

    // The version is read before the write, the answer made after it: kept under the old version.
    expect(await read(() => post(headers, '/api/sales', saleOf(flock.id)))).toBe('answer 1');
    expect(await read()).toBe('answer 2');
    expect(await read()).toBe('answer 2');
  });

  it('is kept per farm, name and variant', async () => {
    const one = await farmWithFlock();
    const other = await farmWithFlock();
    const read = (farmId: number, name: string, variant: string) => cachedAnswer(app.db, { farmId, name, variant }, async () => `${farmId} ${name} ${variant}`);

    expect(await read(one.farm.id, 'a', 'x')).toBe(`${one.farm.id} a x`);
    expect(await read(other.farm.id, 'a', 'x')).toBe(`${other.farm.id} a x`);
    expect(await read(one.farm.id, 'b', 'x')).toBe(`${one.farm.id} b x`);
    expect(await read(one.farm.id, 'a', 'y')).toBe(`${one.farm.id} a y`);
  });

  it("depends on the farm's day in its time zone", () => {
    const scope = { farmId: 1, timeZone: 'Africa/Nairobi' };
    // 20:59Z is 23:59 in Nairobi, 21:00Z the next day there.
    const before = farmDayKey('series', scope, new Date('2026-11-24T20:59:00Z'));
    const after = farmDayKey('series', scope, new Date('2026-11-24T21:00:00Z'));
    expect(before.variant).not.toBe(after.variant);
    expect(farmDayKey('series', { ...scope, timeZone: 'UTC' }, new Date('2026-11-24T21:00:00Z')).variant).not.toBe(after.variant);
  });
});

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
});
