import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import * as factories from '../test/factories.js';
import { today } from '../test/farm-days.js';
import { cachedAnswer, farmDataVersion, farmDayKey, type KeptAnswer } from './answer-cache.js';
import { flocks, users } from './schema/index.js';

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

  it("moves on for each of a user's farms when their username changes, and only then", async () => {
    const one = await farmWithFlock();
    const other = await farmWithFlock();
    const start = await farmDataVersion(app.db, one.farm.id);
    const otherStart = await farmDataVersion(app.db, other.farm.id);

    await app.db.update(users).set({ phoneNumber: '+254700000001' }).where(eq(users.id, one.user.id));
    expect(await farmDataVersion(app.db, one.farm.id)).toBe(start);

    await app.db.update(users).set({ username: factories.uniqueUsername('renamed') }).where(eq(users.id, one.user.id));
    expect(await farmDataVersion(app.db, one.farm.id)).toBeGreaterThan(start);
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
    const read = () => cachedAnswer(app.db, { farmId: farm.id, name: 'dashboard', variant: '' }, async () => `answer ${++computed}`);

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
      cachedAnswer(app.db, { farmId: farm.id, name: 'egg_series', variant: '' }, async () => {
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
    const read = (farmId: number, name: KeptAnswer, variant: string) => cachedAnswer(app.db, { farmId, name, variant }, async () => `${farmId} ${name} ${variant}`);

    expect(await read(one.farm.id, 'sales_series', 'x')).toBe(`${one.farm.id} sales_series x`);
    expect(await read(other.farm.id, 'sales_series', 'x')).toBe(`${other.farm.id} sales_series x`);
    expect(await read(one.farm.id, 'expense_series', 'x')).toBe(`${one.farm.id} expense_series x`);
    expect(await read(one.farm.id, 'sales_series', 'y')).toBe(`${one.farm.id} sales_series y`);
  });

  it("depends on the farm's day in its time zone", () => {
    const scope = { farmId: 1, timeZone: 'Africa/Nairobi' };
    // 20:59Z is 23:59 in Nairobi, 21:00Z the next day there.
    const before = farmDayKey('egg_series', scope, new Date('2026-11-24T20:59:00Z'));
    const after = farmDayKey('egg_series', scope, new Date('2026-11-24T21:00:00Z'));
    expect(before.variant).not.toBe(after.variant);
    expect(farmDayKey('egg_series', { ...scope, timeZone: 'UTC' }, new Date('2026-11-24T21:00:00Z')).variant).not.toBe(after.variant);
  });
});
