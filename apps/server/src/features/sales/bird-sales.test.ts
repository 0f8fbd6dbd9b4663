import { birdSaleMessages as b, type Flock, type Sale } from '@kuku/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks, sales } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { createFlock } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';

/** Sales of a flock's own birds (decision 072): their birds leave the flock's count as sold. */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;

const sell = (headers: Headers, payload: object) => app.inject({ method: 'POST', url: '/api/sales', headers, payload });
const put = (headers: Headers, id: number, payload: object) => app.inject({ method: 'PUT', url: `/api/sales/${id}`, headers, payload });
const del = (headers: Headers, id: number) => app.inject({ method: 'DELETE', url: `/api/sales/${id}`, headers });

/** 40 live broilers at KES 600 each, today, for cash. */
const birdSale = (flockId: number, change: object = {}) => ({
  flock_id: flockId,
  category: 'Live Birds',
  product: 'Broilers',
  description: 'Butchery, Kangemi',
  quantity: 40,
  unit_price: 600,
  date: today(),
  sale_type: 'Cash',
  status: 'paid',
  ...change,
});

async function made(res: Promise<LightMyRequestResponse>): Promise<Sale> {
  const answer = await res;
  if (answer.statusCode !== 201) throw new Error(`expected 201, got ${answer.statusCode} ${answer.body}`);
  return answer.json<Sale>();
}

function expectRefused(res: LightMyRequestResponse, status: number, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ error: { fields?: Record<string, string> } }>().error.fields?.[field], res.body).toBe(message);
}

const birdsOf = async (flockId: number) => (await app.db.select({ birds: flocks.birdCount, deaths: flocks.deaths }).from(flocks).where(eq(flocks.id, flockId)))[0];
const soldEvents = (flockId: number) =>
  app.db
    .select({ delta: flockBirdCountEvents.delta, countAfter: flockBirdCountEvents.countAfter, note: flockBirdCountEvents.note })
    .from(flockBirdCountEvents)
    .where(and(eq(flockBirdCountEvents.flockId, flockId), eq(flockBirdCountEvents.reason, 'sold')))
    .orderBy(asc(flockBirdCountEvents.id));

const broilers = (birds = 500) => factories.farmWithFlock(app, { name: 'Broiler batch 7', breed: 'Broilers', bird_count: birds });

describe('a bird sale takes its birds off the flock', () => {
  it('sold by the bird: the count falls as sold, deaths stay, the sale says its birds', async () => {
    const { headers, flock } = await broilers();
    const sale = await made(sell(headers, birdSale(flock.id, { weight_kg: 86.4 })));
    expect(sale).toMatchObject({ category: 'Live Birds', unit: 'Birds', quantity: 40, birds: 40, weight_kg: 86.4, amount_cents: 2_400_000 });
    expect(await birdsOf(flock.id)).toEqual({ birds: 460, deaths: 0 });
    expect(await soldEvents(flock.id)).toEqual([{ delta: -40, countAfter: 460, note: b.saleNote(sale.ref_no) }]);
    // The flock's own answer says so.
    const res = await app.inject({ method: 'GET', url: `/api/flocks/${flock.id}`, headers });
    expect(res.json<Flock>().bird_count).toBe(460);
  });

  it('sold by the kilo: the quantity is the weight, the birds are asked', async () => {
    const { headers, flock } = await broilers();
    const sale = await made(sell(headers, birdSale(flock.id, { unit: 'kg', quantity: 84.5, birds: 40, unit_price: 290 })));
    expect(sale).toMatchObject({ unit: 'Kg', quantity: 84.5, birds: 40, weight_kg: 84.5, amount_cents: 2_450_500 });
    expect((await birdsOf(flock.id))?.birds).toBe(460);
  });

  it('culled hens leave a laying flock as sold', async () => {
    const { headers, flock } = await factories.farmWithFlock(app, { breed: 'Layers', bird_count: 300 });
    await made(sell(headers, birdSale(flock.id, { category: 'Culled Hens', product: 'Spent hens', quantity: 25, unit_price: 400 })));
    expect(await birdsOf(flock.id)).toEqual({ birds: 275, deaths: 0 });
  });

  it('other sales leave the count alone, whatever birds they send', async () => {
    const { headers, flock } = await broilers();
    const sale = await made(sell(headers, birdSale(flock.id, { category: 'Manure', product: 'Manure', quantity: 3, birds: 3, weight_kg: 2 })));
    expect(sale).toMatchObject({ birds: null, weight_kg: null, unit: 'Sacks' });
    expect((await birdsOf(flock.id))?.birds).toBe(500);
  });

  it('refuses more birds than the flock has, and changes nothing', async () => {
    const { headers, flock, farm } = await broilers(30);
    expectRefused(await sell(headers, birdSale(flock.id)), 422, 'quantity', b.moreThanFlock(30));
    expectRefused(await sell(headers, birdSale(flock.id, { unit: 'Kg', quantity: 80, birds: 31 })), 422, 'birds', b.moreThanFlock(30));
    expect(await app.db.select().from(sales).where(eq(sales.farmId, farm.id))).toEqual([]);
    expect((await birdsOf(flock.id))?.birds).toBe(30);
    expect(await soldEvents(flock.id)).toEqual([]);
  });

  it.each([
    [{ unit: 'Kg', quantity: 80 }, 'birds', b.birdsRequired],
    [{ unit: 'Kg', quantity: 80, birds: 2.5 }, 'birds', b.birdsWhole],
    [{ unit: 'Kg', quantity: 80, birds: -4 }, 'birds', b.birdsWhole],
    [{ unit: 'Kg', quantity: 800, birds: 40 }, 'birds', b.averageOutOfRange],
    [{ weight_kg: 0 }, 'weight_kg', b.weightInvalid],
    [{ weight_kg: 'heavy' }, 'weight_kg', b.weightInvalid],
    [{ weight_kg: 0.5 }, 'weight_kg', b.averageOutOfRange],
    [{ quantity: 2.5 }, 'quantity', 'Quantity must be a whole number for birds.'],
  ])('refuses %j with a clear message', async (change, field, message) => {
    const { headers, flock } = await broilers();
    expectRefused(await sell(headers, birdSale(flock.id, change)), 400, field, message);
    expect((await birdsOf(flock.id))?.birds).toBe(500);
  });

  it("refuses another farm's flock", async () => {
    const { headers } = await broilers();
    const other = await broilers();
    const res = await sell(headers, birdSale(other.flock.id));
    expect(res.statusCode).toBe(404);
    expect((await birdsOf(other.flock.id))?.birds).toBe(500);
  });
});

describe('editing or deleting a bird sale moves its birds back', () => {
  it('more birds, fewer birds, another category: the count follows, net sold stays true', async () => {
    const { headers, flock } = await broilers();
    const sale = await made(sell(headers, birdSale(flock.id)));
    expect((await put(headers, sale.id, { quantity: 50 })).statusCode).toBe(200);
    expect((await birdsOf(flock.id))?.birds).toBe(450);
    expect((await put(headers, sale.id, { quantity: 30 })).statusCode).toBe(200);
    expect((await birdsOf(flock.id))?.birds).toBe(470);
    // By the kilo now: the birds stay 30 when sent.
    const byKg = await put(headers, sale.id, { unit: 'Kg', quantity: 63, birds: 30 });
    expect(byKg.json<Sale>()).toMatchObject({ unit: 'Kg', birds: 30, weight_kg: 63 });
    expect((await birdsOf(flock.id))?.birds).toBe(470);
    // No longer a bird sale: the birds come back.
    expect((await put(headers, sale.id, { category: 'Manure', quantity: 2 })).json<Sale>()).toMatchObject({ birds: null, weight_kg: null });
    expect((await birdsOf(flock.id))?.birds).toBe(500);
    const net = (await soldEvents(flock.id)).reduce((n, e) => n + e.delta, 0);
    expect(net).toBe(0);
  });

  it('a sale moved to another flock gives its birds back and takes the other flock’s', async () => {
    const owner = await broilers();
    const second = await createFlock(app, owner, { name: 'Broiler batch 8', breed: 'Broilers', bird_count: 200 });
    const sale = await made(sell(owner.headers, birdSale(owner.flock.id)));
    expect((await put(owner.headers, sale.id, { flock_id: second.id })).statusCode).toBe(200);
    expect((await birdsOf(owner.flock.id))?.birds).toBe(500);
    expect((await birdsOf(second.id))?.birds).toBe(160);
  });

  it('an edit that would take more birds than the flock has is refused, and changes nothing', async () => {
    const { headers, flock } = await broilers(50);
    const sale = await made(sell(headers, birdSale(flock.id)));
    expectRefused(await put(headers, sale.id, { quantity: 51 }), 422, 'quantity', b.moreThanFlock(10));
    expect((await birdsOf(flock.id))?.birds).toBe(10);
    expect((await app.db.select({ q: sales.quantity }).from(sales).where(eq(sales.id, sale.id)))[0]?.q).toBe(40);
  });

  it('deleting the sale gives the birds back', async () => {
    const { headers, flock, farm } = await broilers();
    const sale = await made(sell(headers, birdSale(flock.id)));
    expect((await del(headers, sale.id)).statusCode).toBe(204);
    expect(await birdsOf(flock.id)).toEqual({ birds: 500, deaths: 0 });
    expect((await soldEvents(flock.id)).map((e) => e.note)).toEqual([b.saleNote(sale.ref_no), b.saleDeletedNote(sale.ref_no)]);
    expect(await counterDrift(app.database, farm.id)).toEqual([]);
  });
});

describe('two bird sales at once', () => {
  it('never take the flock below 0: one is refused', async () => {
    const { headers, flock } = await broilers(60);
    const answers = await Promise.all([sell(headers, birdSale(flock.id)), sell(headers, birdSale(flock.id))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect((await birdsOf(flock.id))?.birds).toBe(20);
  });
});

describe('closing a broiler batch', () => {
  const close = (headers: Headers, flockId: number, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/flocks/${flockId}/close`,
      headers,
      payload: { date: today(), total_kg: 1_050, unit_price: 300, sale_type: 'Mobile Money', status: 'paid', description: 'Butchery, Kangemi', ...payload },
    });

  it('sells the birds left by the kilo, archives the batch and answers its result', async () => {
    const { headers, flock } = await broilers();
    await made(sell(headers, birdSale(flock.id, { unit: 'Kg', quantity: 84, birds: 40, unit_price: 290 })));
    const res = await close(headers, flock.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ sale: Sale; flock: Flock; economics: { broilers: Record<string, number | null> } }>();
    expect(answer.sale).toMatchObject({ category: 'Live Birds', unit: 'Kg', quantity: 1_050, birds: 460, weight_kg: 1_050, amount_cents: 31_500_000, product: 'Whole batch' });
    expect(answer.flock).toMatchObject({ status: 'archived', bird_count: 0 });
    expect(answer.economics.broilers).toMatchObject({ mortality_percent: 0, live_weight_kg: 1_134, revenue_per_kg_cents: 29_926, sales_cents: 31_500_000 + 2_436_000 }); // Ksh 339,360 ÷ 1,134 kg
    // No feed recorded: no profit to say.
    expect(answer.economics.broilers?.profit_cents).toBeNull();
    expect(await birdsOf(flock.id)).toEqual({ birds: 0, deaths: 0 });
  });

  it('closes a batch already sold out without a sale', async () => {
    const { headers, flock } = await broilers(40);
    await made(sell(headers, birdSale(flock.id)));
    const res = await close(headers, flock.id, { total_kg: null, unit_price: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ sale: Sale | null; flock: Flock }>()).toMatchObject({ sale: null, flock: { status: 'archived' } });
  });

  it.each([
    [{ total_kg: null }, 'total_kg', 'Enter the birds’ total live weight in kg.'],
    [{ unit_price: null }, 'unit_price', 'Enter the price a kg.'],
    [{ total_kg: 5 }, 'total_kg', b.averageOutOfRange],
    [{ total_kg: 1_000.1234 }, 'total_kg', 'Quantity can have at most 3 decimal places.'],
    [{ total_kg: 'lots' }, 'total_kg', b.weightInvalid],
    [{ unit_price: -3 }, 'unit_price', 'Unit price cannot be negative.'],
    [{ date: '2020-01-01' }, 'date', 'Please select a valid date within the current month.'],
  ])('refuses %j and changes nothing', async (change, field, message) => {
    const { headers, flock, farm } = await broilers();
    expectRefused(await close(headers, flock.id, change), 400, field, message);
    expect(await birdsOf(flock.id)).toEqual({ birds: 500, deaths: 0 });
    expect(await app.db.select().from(sales).where(eq(sales.farmId, farm.id))).toEqual([]);
    expect((await app.db.select({ status: flocks.status }).from(flocks).where(eq(flocks.id, flock.id)))[0]?.status).toBe('active');
  });

  it('refuses a laying flock, a batch closed already and another farm’s batch', async () => {
    const layers = await factories.farmWithFlock(app, { breed: 'Layers' });
    const refused = await close(layers.headers, layers.flock.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('Only a broiler batch is closed this way: record a sale of its birds instead.');
    const { headers, flock } = await broilers();
    expect((await close(headers, flock.id)).statusCode).toBe(200);
    const again = await close(headers, flock.id);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ error: { message: string } }>().error.message).toBe('This batch is already closed.');
    const other = await broilers();
    expect((await close(headers, other.flock.id)).statusCode).toBe(404);
    expect((await birdsOf(other.flock.id))?.birds).toBe(500);
  });

  it('is the owner’s or a manager’s, not a worker’s', async () => {
    const { headers, flock, farm } = await broilers();
    const worker = await factories.addMember(app, farm, 'worker');
    expect((await close(worker.headers, flock.id)).statusCode).toBe(403);
    const manager = await factories.addMember(app, farm, 'manager');
    expect((await close(manager.headers, flock.id)).statusCode).toBe(200);
    void headers;
  });
});
