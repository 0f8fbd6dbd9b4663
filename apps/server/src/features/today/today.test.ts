import { CREDIT_OVERDUE_DAYS, dayIn, shiftDay, TODAY_LIST_MAX, toApiDateTime, type Today } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { addMember, createFlock } from '../../test/factories.js';
import { FARM_ZONE, today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

const readToday = async (headers: Headers): Promise<Today> => {
  const res = await app.inject({ method: 'GET', url: '/api/today', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Today>();
};
const post = async (headers: Headers, url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
};
const vaccinate = (headers: Headers, flockId: number, name: string, days: number, status = 'Pending') =>
  post(headers, `/api/flocks/${flockId}/vaccinations`, {
    vaccine_name: name,
    date: toApiDateTime(new Date(Date.now() + days * DAY)),
    status,
    mode_of_administration: 'Oral',
  });
const sell = (headers: Headers, flockId: number, date: string, unitPrice: number, status = 'pending') =>
  post(headers, '/api/sales', {
    flock_id: flockId,
    category: 'Egg Sales',
    product: 'Eggs',
    description: 'Mama Njeri',
    quantity: 2,
    unit_price: unitPrice,
    date,
    sale_type: 'Credit',
    status,
  });
const stock = (headers: Headers, flockId: number, name: string, quantity: number, reorder: number) =>
  post(headers, '/api/inventory', { item_name: name, flock_id: flockId, quantity, unit: 'bags', reorder_level: reorder, cost_per_unit: 3_200 });

describe('GET /api/today', () => {
  it('says nothing waits on a farm with nothing to do', async () => {
    const f = await factories.farmWithFlock(app, { breed: 'Broilers' });
    expect(await readToday(f.headers)).toEqual({ date: today(), eggs: null, vaccinations: null, low_stock: null, credit: null });
  });

  it('lists the laying flocks without eggs today in natural order, as the egg day does', async () => {
    const f = await factories.farmWithFlock(app, { name: 'batch 12' });
    const owner = { user: f.user, farm: f.farm };
    const batch4 = await createFlock(app, owner, { name: 'Batch 4' });
    const recorded = await createFlock(app, owner, { name: 'batch 2' });
    await createFlock(app, owner, { name: 'Broilers 1', breed: 'Broilers' });
    await createFlock(app, owner, { name: 'Old', status: 'archived' });
    await post(f.headers, '/api/egg-productions', { flock_id: recorded.id, date_produced: today(), eggs_collected: 80 });

    const { eggs } = await readToday(f.headers);
    expect(eggs).toEqual({
      missing: 2,
      laying: 3,
      flocks: [
        { id: batch4.id, name: 'Batch 4' },
        { id: f.flock.id, name: 'batch 12' },
      ],
    });
  });

  it('lists pending vaccinations due today or overdue, the oldest first, and counts them all', async () => {
    const f = await factories.farmWithFlock(app);
    const items = [];
    for (let i = 0; i < TODAY_LIST_MAX + 1; i += 1) items.push(await vaccinate(f.headers, f.flock.id, `Overdue ${i}`, -(10 - i)));
    await vaccinate(f.headers, f.flock.id, 'Next week', 6);
    await vaccinate(f.headers, f.flock.id, 'Given', -3, 'Completed');

    const { vaccinations } = await readToday(f.headers);
    expect(vaccinations?.total).toBe(TODAY_LIST_MAX + 1);
    expect(vaccinations?.overdue).toBe(TODAY_LIST_MAX + 1);
    expect(vaccinations?.items.map((v) => v.vaccine_name)).toEqual(items.slice(0, TODAY_LIST_MAX).map((_, i) => `Overdue ${i}`));
    expect(vaccinations?.items[0]).toMatchObject({ flock_id: f.flock.id, flock_name: f.flock.name, status: 'Pending', due: 'overdue' });
  });

  it('counts a vaccination later today as due, not overdue', async () => {
    const f = await factories.farmWithFlock(app);
    // A minute ahead is today in the farm's zone except in the last minute of its day.
    const soon = new Date(Date.now() + 60_000);
    if (dayIn(soon, FARM_ZONE) !== today()) return;
    await post(f.headers, `/api/flocks/${f.flock.id}/vaccinations`, {
      vaccine_name: 'Later today',
      date: toApiDateTime(soon),
      status: 'Pending',
      mode_of_administration: 'Oral',
    });
    const { vaccinations } = await readToday(f.headers);
    expect(vaccinations).toMatchObject({ total: 1, overdue: 0 });
  });

  it('lists the items at or below their reorder level, the furthest below first', async () => {
    const f = await factories.farmWithFlock(app);
    await stock(f.headers, f.flock.id, 'Layers mash', 40, 5);
    const grit = await stock(f.headers, f.flock.id, 'Grit', 5, 5);
    const vaccine = await stock(f.headers, f.flock.id, 'Newcastle vaccine', 1, 10);
    const { low_stock } = await readToday(f.headers);
    expect(low_stock).toEqual({
      total: 2,
      items: [
        { id: vaccine.id, item_name: 'Newcastle vaccine', quantity: 1, unit: 'bags', reorder_level: 10 },
        { id: grit.id, item_name: 'Grit', quantity: 5, unit: 'bags', reorder_level: 5 },
      ],
    });
  });

  it(`sums the sales unpaid for over ${CREDIT_OVERDUE_DAYS} days`, async () => {
    const f = await factories.farmWithFlock(app);
    const old = shiftDay(today(), -(CREDIT_OVERDUE_DAYS + 10));
    await sell(f.headers, f.flock.id, old, 500);
    await sell(f.headers, f.flock.id, shiftDay(today(), -(CREDIT_OVERDUE_DAYS + 1)), 250);
    await sell(f.headers, f.flock.id, shiftDay(today(), -CREDIT_OVERDUE_DAYS), 999);
    await sell(f.headers, f.flock.id, old, 700, 'paid');
    const { credit } = await readToday(f.headers);
    expect(credit).toEqual({ sales: 2, owed_cents: 150_000, oldest: old });
  });

  it('leaves out what the role may not read: a worker sees no money', async () => {
    const f = await factories.farmWithFlock(app);
    await sell(f.headers, f.flock.id, shiftDay(today(), -(CREDIT_OVERDUE_DAYS + 5)), 500);
    await vaccinate(f.headers, f.flock.id, 'Gumboro', -1);
    const worker = await addMember(app, f.farm, 'worker');
    const seen = await readToday(worker.headers);
    expect(seen.credit).toBeNull();
    expect(seen.vaccinations?.total).toBe(1);
    expect(seen.eggs?.missing).toBe(1);
    const auditor = await addMember(app, f.farm, 'auditor');
    expect((await readToday(auditor.headers)).credit).toMatchObject({ sales: 1 });
  });

  it("never shows another farm's records", async () => {
    const f = await factories.farmWithFlock(app);
    await vaccinate(f.headers, f.flock.id, 'Gumboro', -1);
    await stock(f.headers, f.flock.id, 'Grit', 1, 5);
    await sell(f.headers, f.flock.id, shiftDay(today(), -(CREDIT_OVERDUE_DAYS + 5)), 500);
    const other = await factories.farmWithFlock(app, { breed: 'Broilers' });
    expect(await readToday(other.headers)).toMatchObject({ eggs: null, vaccinations: null, low_stock: null, credit: null });
  });

  it('asks for a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/today' })).statusCode).toBe(401);
  });
});
