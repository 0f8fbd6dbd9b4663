import {
  shiftDay,
  availableEggStock,
  flockMessages,
  saleMessages as m,
  saleTrendMonths,
  shiftMonth,
  type EggStats,
  type Sale,
  type SaleSeries,
  type SaleStats,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { farmSaleCounters, flocks, sales } from '../../db/schema/index.js';
import { NUL_MESSAGE } from '../../plugins/nul-guard.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember, createFlock } from '../../test/factories.js';
import { dayAsShown, firstOfMonth, lastMonth, thisMonth, today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/** docs/product.md §5: the first day of the month six months back is the earliest date a sale may take. */
const earliest = () => `${shiftMonth(thisMonth(), -6)}-01`;

type Headers = Record<string, string>;

const farmWithFlock = (overrides: Parameters<typeof createFlock>[2] = {}) => factories.farmWithFlock(app, overrides);

const sell = (headers: Headers, payload: object, extra: Headers = {}) => app.inject({ method: 'POST', url: '/api/sales', headers: { ...headers, ...extra }, payload });
const put = (headers: Headers, id: number | string, payload: object) => app.inject({ method: 'PUT', url: `/api/sales/${id}`, headers, payload });
const del = (headers: Headers, id: number | string) => app.inject({ method: 'DELETE', url: `/api/sales/${id}`, headers });

async function made(res: Promise<LightMyRequestResponse>): Promise<Sale> {
  const answer = await res;
  if (answer.statusCode !== 201) throw new Error(`expected 201, got ${answer.statusCode} ${answer.body}`);
  return answer.json<Sale>();
}

/** Ten crates at KES 420, today, paid by M-Pesa. */
const sale = (flockId: number, change: object = {}) => ({
  flock_id: flockId,
  category: 'Egg Sales',
  product: 'Eggs (crate of 30)',
  description: 'Mama Njeri, Kawangware market',
  quantity: 10,
  unit_price: 420,
  date: today(),
  sale_type: 'Mobile Money',
  status: 'paid',
  ...change,
});

const saleRows = (farmId: number) => app.db.select().from(sales).where(eq(sales.farmId, farmId)).orderBy(sales.id);

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

/** A sale written straight into the table with the next ref of the counter: a date the API would refuse today. */
async function storedSale(farmId: number, flockId: number, change: Partial<typeof sales.$inferInsert> = {}) {
  const [counter] = await app.db
    .insert(farmSaleCounters)
    .values({ farmId, lastRefNo: 1 })
    .onConflictDoUpdate({ target: farmSaleCounters.farmId, set: { lastRefNo: farmSaleCounters.lastRefNo } })
    .returning();
  const refNo = (counter?.lastRefNo ?? 0) + 1;
  await app.db.update(farmSaleCounters).set({ lastRefNo: refNo }).where(eq(farmSaleCounters.farmId, farmId));
  const [row] = await app.db
    .insert(sales)
    .values({
      farmId,
      flockId,
      refNo,
      category: 'Egg Sales',
      product: 'Eggs',
      quantity: 4,
      unit: 'Crates',
      unitPriceCents: 40_000,
      amountCents: 160_000,
      date: shiftDay(earliest(), -40),
      saleType: 'Credit',
      status: 'pending',
      ...change,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

describe('POST /api/sales', () => {
  it('records a sale: its ref from 1, the unit of its category, the amount in cents and shillings, the user', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const res = await sell(f.headers, sale(f.flock.id));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<Sale>();
    expect(answer).toEqual({
      id: expect.any(Number),
      ref_no: 'S-000001',
      flock_id: f.flock.id,
      flock_name: 'Alpha house',
      category: 'Egg Sales',
      product: 'Eggs (crate of 30)',
      description: 'Mama Njeri, Kawangware market',
      quantity: 10,
      unit: 'Crates',
      birds: null,
      weight_kg: null,
      unit_price: 420,
      unit_price_cents: 42_000,
      amount: 4_200,
      amount_cents: 420_000,
      date: today(),
      sale_type: 'Mobile Money',
      status: 'paid',
      user_id: f.user.id,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by_name: f.user.username,
      updated_by_name: f.user.username,
    });
    expect(await saleRows(f.farm.id)).toEqual([
      expect.objectContaining({ id: answer.id, refNo: 1, quantity: 10, unitPriceCents: 42_000, amountCents: 420_000, createdBy: f.user.id }),
    ]);
    expect((await made(sell(f.headers, sale(f.flock.id)))).ref_no).toBe('S-000002');
  });

  it('takes the product’s body: camelCase names, ‘Layers Mash’, ‘pending...’, an ISO instant of the farm’s day, a price as text', async () => {
    const f = await farmWithFlock();
    const res = await sell(f.headers, {
      flockId: f.flock.id,
      category: 'Layers Mash',
      product: 'Layers mash',
      quantity: 2.5,
      unitPrice: '45.50',
      // The phone's midnight in Nairobi is 21:00Z the day before.
      saleDate: `${shiftDay(today(), -1)}T21:00:00.000Z`,
      saleType: 'mpesa',
      status: 'pending...',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Sale>()).toMatchObject({
      flock_id: f.flock.id,
      category: 'Layer Mash',
      unit: 'Kg',
      quantity: 2.5,
      unit_price_cents: 4_550,
      amount_cents: 11_375,
      amount: 113.75,
      date: today(),
      sale_type: 'Mobile Money',
      status: 'pending',
      description: null,
    });
  });

  it('ignores the client’s amount, ref, ids, farm and user: the server computes and the session decides', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const res = await sell(f.headers, {
      ...sale(f.flock.id, { quantity: 3, unit_price: 400 }),
      amount: 1,
      amount_cents: 5,
      ref_no: 'S-999999',
      refNo: 'S-999999',
      id: 999_999,
      farm_id: other.farm.id,
      user_id: other.user.id,
      unit: 'Kg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<Sale>();
    expect(answer).toMatchObject({ amount_cents: 120_000, amount: 1_200, ref_no: 'S-000001', unit: 'Crates', user_id: f.user.id });
    expect(answer.id).not.toBe(999_999);
    expect(await saleRows(other.farm.id)).toHaveLength(0);
  });

  it('keeps the unit of an ‘Other’ sale, or ‘Units’ when none is sent; chicks and manure take theirs', async () => {
    const f = await farmWithFlock();
    expect((await made(sell(f.headers, sale(f.flock.id, { category: 'Other', unit: ' Trays ', quantity: 1.5 })))).unit).toBe('Trays');
    expect((await made(sell(f.headers, sale(f.flock.id, { category: 'other', unit: '' })))).unit).toBe('Units');
    expect((await made(sell(f.headers, sale(f.flock.id, { category: 'CHICKS', unit: 'Kg' })))).unit).toBe('Chicks');
    expect((await made(sell(f.headers, sale(f.flock.id, { category: 'Manure' })))).unit).toBe('Sacks');
  });

  it.each([
    ['a quantity of 0', { quantity: 0 }, 'quantity', m.quantityPositive],
    ['a negative quantity', { quantity: -3 }, 'quantity', m.quantityPositive],
    ['no quantity', { quantity: undefined }, 'quantity', m.quantityRequired],
    ['a quantity as words', { quantity: 'ten' }, 'quantity', m.quantityInvalid],
    ['half a crate', { quantity: 1.5 }, 'quantity', m.quantityWhole('Crates')],
    ['half a chick', { category: 'Chicks', quantity: 2.5 }, 'quantity', m.quantityWhole('Chicks')],
    ['kilograms to 4 decimals', { category: 'Layer Mash', quantity: 1.2345 }, 'quantity', m.quantityDecimals],
    ['a huge quantity', { quantity: 1e21 }, 'quantity', m.quantityTooLarge],
    ['over a million', { quantity: 1_000_001 }, 'quantity', m.quantityTooLarge],
    ['a price with 3 decimals', { unit_price: 12.345 }, 'unit_price', m.unitPriceDecimals],
    ['a price with 3 decimals as text', { unit_price: '420.005' }, 'unit_price', m.unitPriceDecimals],
    ['a negative price', { unit_price: -1 }, 'unit_price', m.unitPriceNegative],
    ['a price as words', { unit_price: 'four hundred' }, 'unit_price', m.unitPriceInvalid],
    ['no price', { unit_price: undefined }, 'unit_price', m.unitPriceRequired],
    ['a huge price', { unit_price: 1e21 }, 'unit_price', m.unitPriceInvalid],
    ['a price above the maximum', { unit_price: 100_000_000.01 }, 'unit_price', m.unitPriceTooLarge],
    ['an amount above the maximum', { quantity: 1_000_000, unit_price: 1_000 }, 'amount', m.amountTooLarge],
    ['an unknown category', { category: 'Fish' }, 'category', m.selectCategory],
    ['no category', { category: undefined }, 'category', m.selectCategory],
    ['an unknown sale type', { sale_type: 'Barter' }, 'sale_type', m.selectSaleType],
    ['an unknown status', { status: 'refunded' }, 'status', m.selectStatus],
    ['no product', { product: '  ' }, 'product', m.productRequired],
    ['a product of 101 characters', { product: 'x'.repeat(101) }, 'product', m.productTooLong],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description', m.descriptionTooLong],
    ['a unit of 21 characters', { category: 'Other', unit: 'x'.repeat(21) }, 'unit', m.unitTooLong],
    ['no flock', { flock_id: undefined }, 'flock_id', m.selectFlock],
    ['a flock of 0', { flock_id: 0 }, 'flock_id', m.selectFlock],
    ['a flock id beyond int32', { flock_id: 2_147_483_648 }, 'flock_id', m.selectFlock],
    ['no date', { date: undefined }, 'date', m.dateRequired],
    ['an impossible date', { date: '2026-02-30' }, 'date', m.dateInvalid],
    ['garbage for a date', { date: 'yesterday' }, 'date', m.dateInvalid],
    ['a NUL in the product', { product: 'Eggs\u0000' }, 'product', NUL_MESSAGE],
    ['a NUL in the description', { description: 'a\u0000b' }, 'description', NUL_MESSAGE],
  ])('refuses %s with its message and adds nothing', async (_what, change, field, message) => {
    const f = await farmWithFlock();
    expectRefused(await sell(f.headers, sale(f.flock.id, change)), 400, field, message);
    expect(await saleRows(f.farm.id)).toHaveLength(0);
  });

  it('takes dates from the first day of the month six months back to today, in the farm’s zone; refuses the rest', async () => {
    const f = await farmWithFlock();
    const tomorrow = shiftDay(today(), 1);
    const sevenMonths = `${shiftMonth(thisMonth(), -7)}-15`;
    for (const date of [tomorrow, shiftDay(earliest(), -1), sevenMonths, `${today()}T21:30:00.000Z`, `${tomorrow}T00:00:00+03:00`, '1999-01-01']) {
      expectRefused(await sell(f.headers, sale(f.flock.id, { date })), 400, 'date', m.dateOutsideWindow);
    }
    expect(await saleRows(f.farm.id)).toHaveLength(0);
    for (const date of [earliest(), `${today()}T20:30:00.000Z`, lastMonth()]) {
      const res = await sell(f.headers, sale(f.flock.id, { date }));
      expect(res.statusCode, `${date} ${res.body}`).toBe(201);
      expect(res.json<Sale>().date).toBe(date.slice(0, 10));
    }
    // The refusals took no ref number.
    expect((await saleRows(f.farm.id)).map((r) => r.refNo)).toEqual([1, 2, 3]);
  });

  it('refuses a flock of another farm, or none, with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    for (const flockId of [other.flock.id, 2_147_483_000]) {
      const res = await sell(f.headers, sale(flockId));
      expectRefused(res, 404, undefined, flockMessages.notFound);
      expect(res.json<{ error: { fields?: Record<string, string> } }>().error.fields).toEqual({ flock_id: m.selectFlock });
    }
    expect(await saleRows(f.farm.id)).toHaveLength(0);
    expect(await saleRows(other.farm.id)).toHaveLength(0);
    // Nothing of the counter moved either: the next sale is S-000001.
    expect((await made(sell(f.headers, sale(f.flock.id)))).ref_no).toBe('S-000001');
  });

  it('replays the first answer for the same Idempotency-Key, without a second row or ref', async () => {
    const f = await farmWithFlock();
    const key = { 'idempotency-key': `sale-${f.farm.id}` };
    const first = await sell(f.headers, sale(f.flock.id), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await sell(f.headers, sale(f.flock.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await saleRows(f.farm.id)).toHaveLength(1);
    expect((await made(sell(f.headers, sale(f.flock.id)))).ref_no).toBe('S-000002');
  });
});

describe('refs', () => {
  it('are numbered per farm, never reused after a delete', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const first = await made(sell(f.headers, sale(f.flock.id)));
    const second = await made(sell(f.headers, sale(f.flock.id)));
    expect((await made(sell(other.headers, sale(other.flock.id)))).ref_no).toBe('S-000001');
    expect((await del(f.headers, second.id)).statusCode).toBe(204);
    expect((await made(sell(f.headers, sale(f.flock.id)))).ref_no).toBe('S-000003');
    expect((await del(f.headers, first.ref_no)).statusCode).toBe(204);
    expect((await made(sell(f.headers, sale(f.flock.id)))).ref_no).toBe('S-000004');
    expect((await saleRows(f.farm.id)).map((r) => r.refNo)).toEqual([3, 4]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('20 creates at once get 20 distinct refs, and every kept count and rollup agrees', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sell(
          f.headers,
          sale(i % 2 ? second.id : f.flock.id, {
            quantity: i + 1,
            unit_price: 300 + i,
            date: shiftDay(today(), -(i % 5)),
            status: i % 3 ? 'paid' : 'pending',
            category: i % 4 === 0 ? 'Manure' : 'Egg Sales',
          }),
          i % 4 === 1 ? { 'idempotency-key': `twenty-${f.farm.id}-${i}` } : {},
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 201));
    const refs = answers.map((a) => a.json<Sale>().ref_no).sort();
    expect(refs).toEqual(Array.from({ length: 20 }, (_, i) => `S-${String(i + 1).padStart(6, '0')}`));
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);

    // Edits, marks, deletes and more creates at once: still one ref each, the rollups still agree.
    const made20 = answers.map((a) => a.json<Sale>());
    const mixed = await Promise.all([
      ...made20.slice(0, 5).map((s) => put(f.headers, s.id, { status: 'paid' })),
      ...made20.slice(5, 10).map((s, i) => put(f.headers, s.ref_no, { quantity: 2 + i, date: lastMonth(), flock_id: second.id })),
      ...made20.slice(10, 15).map((s) => del(f.headers, s.id)),
      ...Array.from({ length: 5 }, () => sell(f.headers, sale(f.flock.id))),
    ]);
    expect(mixed.every((a) => a.statusCode < 300), mixed.map((a) => a.body).join('\n')).toBe(true);
    const rows = await saleRows(f.farm.id);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.refNo)).size).toBe(20);
    expect(Math.max(...rows.map((r) => r.refNo))).toBe(25);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect((await get<{ total: number }>(f.headers, '/api/sales')).total).toBe(20);
  });
});

describe('PUT /api/sales/:id', () => {
  it('marks a sale paid and pending with only the status, by id and by ref; nothing else moves', async () => {
    const f = await farmWithFlock();
    const original = await made(sell(f.headers, sale(f.flock.id, { status: 'pending', sale_type: 'Credit' })));
    const paid = await put(f.headers, original.id, { status: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    const { updated_at: _u1, status: _s1, ...rest } = original;
    expect(paid.json<Sale>()).toMatchObject({ ...rest, status: 'paid' });
    const pending = await put(f.headers, original.ref_no, { status: 'pending...' });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json<Sale>()).toMatchObject({ ...rest, status: 'pending' });
    const lower = await put(f.headers, original.ref_no.toLowerCase(), { status: 'Completed' });
    expect(lower.json<Sale>().status).toBe('paid');
    expect(await saleRows(f.farm.id)).toEqual([expect.objectContaining({ status: 'paid', amountCents: 420_000, quantity: 10 })]);
  });

  it('edits quantity, price, category and flock; the amount and unit follow; the client’s amount is ignored', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const original = await made(sell(f.headers, sale(f.flock.id)));
    const more = await put(f.headers, original.id, { quantity: 12, amount: 5, amount_cents: 5 });
    expect(more.json<Sale>()).toMatchObject({ quantity: 12, amount_cents: 504_000, amount: 5_040 });
    const cheaper = await put(f.headers, original.id, { unitPrice: '400.50' });
    expect(cheaper.json<Sale>()).toMatchObject({ quantity: 12, unit_price_cents: 40_050, amount_cents: 480_600 });
    const mash = await put(f.headers, original.id, { category: 'Layers Mash', quantity: 2.5, product: 'Layers mash', description: '' });
    expect(mash.json<Sale>()).toMatchObject({ category: 'Layer Mash', unit: 'Kg', quantity: 2.5, amount_cents: 100_125, product: 'Layers mash', description: null });
    const other = await put(f.headers, original.id, { category: 'Other', unit: 'Bags' });
    expect(other.json<Sale>()).toMatchObject({ category: 'Other', unit: 'Bags' });
    // An 'Other' sale keeps its unit when another field changes.
    expect((await put(f.headers, original.id, { quantity: 3 })).json<Sale>()).toMatchObject({ unit: 'Bags', amount_cents: 120_150 });
    const moved = await put(f.headers, original.id, { flock_id: bravo.id, saleType: 'bank', date: lastMonth() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Sale>()).toMatchObject({ flock_id: bravo.id, flock_name: 'Bravo shed', sale_type: 'Bank Transfer', date: lastMonth(), ref_no: original.ref_no });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('checks the merged sale: whole crates, the amount’s maximum', async () => {
    const f = await farmWithFlock();
    const mash = await made(sell(f.headers, sale(f.flock.id, { category: 'Layer Mash', quantity: 2.5, unit_price: 50 })));
    expectRefused(await put(f.headers, mash.id, { category: 'Egg Sales' }), 400, 'quantity', m.quantityWhole('Crates'));
    expectRefused(await put(f.headers, mash.id, { quantity: 1_000_000, unit_price: 10_000 }), 400, 'amount', m.amountTooLarge);
    const big = await made(sell(f.headers, sale(f.flock.id, { category: 'Layer Mash', quantity: 1_000_000, unit_price: 1 })));
    expectRefused(await put(f.headers, big.id, { unit_price: 100_000 }), 400, 'amount', m.amountTooLarge);
    expectRefused(await put(f.headers, big.id, { quantity: 0.0001 }), 400, 'quantity', m.quantityDecimals);
    expect((await saleRows(f.farm.id)).map((r) => [r.category, r.quantity, r.amountCents])).toEqual([
      ['Layer Mash', 2.5, 12_500],
      ['Layer Mash', 1_000_000, 100_000_000],
    ]);
  });

  it('checks the date window only when the date changes: an old sale is still marked paid', async () => {
    const f = await farmWithFlock();
    const old = await storedSale(f.farm.id, f.flock.id);
    const paid = await put(f.headers, old.id, { status: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Sale>()).toMatchObject({ status: 'paid', date: old.date });
    // The edit form sends the whole sale, its date unchanged.
    const whole = await put(f.headers, old.id, { ...sale(f.flock.id, { quantity: 4, unit_price: 400 }), date: old.date, status: 'pending' });
    expect(whole.statusCode, whole.body).toBe(200);
    expectRefused(await put(f.headers, old.id, { date: shiftDay(old.date, 1) }), 400, 'date', m.dateOutsideWindow);
    expectRefused(await put(f.headers, old.id, { date: shiftDay(today(), 1) }), 400, 'date', m.dateOutsideWindow);
    expectRefused(await put(f.headers, old.id, { date: '2026-02-30' }), 400, 'date', m.dateInvalid);
    expect((await put(f.headers, old.id, { date: earliest() })).json<Sale>().date).toBe(earliest());
  });

  it.each([
    [{}, undefined, m.nothingToUpdate],
    [{ amount: 5 }, undefined, m.nothingToUpdate],
    [{ quantity: 0 }, 'quantity', m.quantityPositive],
    [{ quantity: -2 }, 'quantity', m.quantityPositive],
    [{ unit_price: '1.001' }, 'unit_price', m.unitPriceDecimals],
    [{ category: 'Fish' }, 'category', m.selectCategory],
    [{ sale_type: 'IOU' }, 'sale_type', m.selectSaleType],
    [{ status: '' }, 'status', m.selectStatus],
    [{ product: '' }, 'product', m.productRequired],
    [{ flock_id: 'x' }, 'flock_id', m.selectFlock],
  ])('refuses %j and changes nothing', async (change, field, message) => {
    const f = await farmWithFlock();
    const original = await made(sell(f.headers, sale(f.flock.id)));
    const before = await saleRows(f.farm.id);
    expectRefused(await put(f.headers, original.id, change), 400, field, message);
    expect(await saleRows(f.farm.id)).toEqual(before);
    expect(original.id).toBeGreaterThan(0);
  });

  it('refuses a flock of another farm with 404 and changes nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const original = await made(sell(f.headers, sale(f.flock.id)));
    const before = await saleRows(f.farm.id);
    expectRefused(await put(f.headers, original.id, { flock_id: other.flock.id }), 404, 'flock_id', m.selectFlock);
    expect(await saleRows(f.farm.id)).toEqual(before);
  });
});

describe('ids and refs in the path', () => {
  it.each(['0', '-1', 'abc', '1.5', '2147483648', '99999999999', 'S-0', 'S-', 'S-abc', 'S-2147483648', 'X-000001', '%00'])(
    'refuses %s with 400 ‘Sale not found.’ on id',
    async (id) => {
      const f = await farmWithFlock();
      for (const res of [await del(f.headers, id), await put(f.headers, id, { status: 'paid' })]) {
        expect(res.statusCode, res.body).toBe(400);
        if (id !== '%00') expectRefused(res, 400, 'id', m.notFound);
      }
    },
  );

  it('answers 404 for an id or ref that does not exist, or is another farm’s, and leaves that farm’s sale as it was', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = await made(sell(other.headers, sale(other.flock.id)));
    const before = await saleRows(other.farm.id);
    for (const id of [String(theirs.id), theirs.ref_no, 'S-000999', '2147483647']) {
      expectRefused(await put(f.headers, id, { status: 'pending' }), 404, undefined, m.notFound);
      expectRefused(await del(f.headers, id), 404, undefined, m.notFound);
    }
    expect(await saleRows(other.farm.id)).toEqual(before);
    // The same ref is this farm's own sale once it has one.
    const mine = await made(sell(f.headers, sale(f.flock.id)));
    expect(mine.ref_no).toBe(theirs.ref_no);
    expect((await put(f.headers, mine.ref_no, { status: 'pending' })).json<Sale>()).toMatchObject({ id: mine.id, status: 'pending' });
    expect(await saleRows(other.farm.id)).toEqual(before);
  });
});

describe('DELETE /api/sales/:id', () => {
  it('deletes by id and by ref S-000001; a second delete is 404', async () => {
    const f = await farmWithFlock();
    const first = await made(sell(f.headers, sale(f.flock.id)));
    const second = await made(sell(f.headers, sale(f.flock.id)));
    const byRef = await del(f.headers, 'S-000001');
    expect(byRef.statusCode, byRef.body).toBe(204);
    expect(byRef.body).toBe('');
    expect((await saleRows(f.farm.id)).map((r) => r.id)).toEqual([second.id]);
    expect((await del(f.headers, second.id)).statusCode).toBe(204);
    expect(await saleRows(f.farm.id)).toHaveLength(0);
    expectRefused(await del(f.headers, first.id), 404, undefined, m.notFound);
    expectRefused(await del(f.headers, 'S-000002'), 404, undefined, m.notFound);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });
});

describe('GET /api/sales and /api/sales/flock/:flockId', () => {
  async function farmWithSales() {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const rows: [number, string, string, string | null, number, number, number, string][] = [
      [f.flock.id, 'Egg Sales', 'Eggs', 'Naivas Kilimani', 10, 420, 0, 'paid'],
      [bravo.id, 'Chicks', 'Day-old chicks', 'Mama Njeri', 50, 95, 0, 'pending'],
      [f.flock.id, 'Manure', 'Chicken manure', null, 4, 250, 1, 'paid'],
      [bravo.id, 'Egg Sales', 'Eggs', 'Hotel Kilimanjaro', 25, 410, 2, 'pending'],
      [f.flock.id, 'Layer Mash', 'Layers mash', 'Neighbour', 12.5, 55, 3, 'paid'],
      [bravo.id, 'Egg Sales', 'Grade A eggs', 'School canteen', 7, 430, 4, 'paid'],
      [f.flock.id, 'Other', 'Empty trays', '100% cash', 30, 5, 5, 'paid'],
      [bravo.id, 'Egg Sales', 'Eggs', null, 3, 400, 6, 'paid'],
      [f.flock.id, 'Chicks', 'Point-of-lay pullets', 'Kamau_farm', 20, 650, 7, 'pending'],
      [bravo.id, 'Manure', 'Chicken manure', 'Flower farm', 15, 200, 8, 'paid'],
      [f.flock.id, 'Egg Sales', 'Eggs', 'Naivas Kilimani', 40, 415, 9, 'paid'],
      [bravo.id, 'Egg Sales', 'Eggs', 'Quickmart', 8, 420, 10, 'pending'],
    ];
    const made12: Sale[] = [];
    for (const [flockId, category, product, description, quantity, price, back, status] of rows) {
      made12.push(await made(sell(f.headers, { flock_id: flockId, category, product, description, quantity, unit_price: price, date: shiftDay(today(), -back), sale_type: 'Cash', status })));
    }
    const other = await farmWithFlock({ name: 'Alpha elsewhere' });
    await made(sell(other.headers, sale(other.flock.id, { product: 'Eggs' })));
    return { ...f, bravo, sales: made12 };
  }

  type SalePage = { items: Sale[]; total: number; page: number; pageSize: number };
  const list = (headers: Headers, query: string) => get<SalePage>(headers, `/api/sales?${query}`);

  it('pages the farm’s sales newest first, 10 a page, with the kept total', async () => {
    const f = await farmWithSales();
    const first = await list(f.headers, '');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    // Newest day first, the later of a day's sales first.
    const newest = [...f.sales].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
    expect(first.items.map((s) => s.id)).toEqual(newest.slice(0, 10).map((s) => s.id));
    expect(first.items[1]).toEqual(f.sales[0]);
    expect((await list(f.headers, 'page=2')).items.map((s) => s.id)).toEqual(newest.slice(10).map((s) => s.id));
    expect((await list(f.headers, 'page=3')).items).toEqual([]);
    expect(first.items.every((s) => s.flock_name === (s.flock_id === f.bravo.id ? 'Bravo shed' : 'Alpha house'))).toBe(true);
  });

  it('sorts by each column both ways, ties by id', async () => {
    const f = await farmWithSales();
    const keys: Record<string, (s: Sale) => string | number> = {
      date: (s) => s.date,
      ref: (s) => Number(s.ref_no.slice(2)),
      product: (s) => s.product,
      flock: (s) => s.flock_name,
      category: (s) => s.category,
      quantity: (s) => s.quantity,
      amount: (s) => s.amount_cents,
      status: (s) => s.status,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...f.sales].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map((s) => s.id);
        expect((await list(f.headers, `sort=${sort}&order=${order}&pageSize=100`)).items.map((s) => s.id), `${sort} ${order}`).toEqual(expected);
      }
    }
  });

  it('searches ref, product, description and flock name; filters by status, flock and dates', async () => {
    const f = await farmWithSales();
    const ids = async (query: string) => (await list(f.headers, `${query}&pageSize=100`)).items.map((s) => s.ref_no).sort();
    expect(await ids('q=S-000012')).toEqual(['S-000012']);
    expect(await ids('q=s-00001')).toEqual(['S-000010', 'S-000011', 'S-000012']);
    // '12' is in the ref S-000012 only (no product, buyer or flock has it).
    expect(await ids('q=12')).toEqual(['S-000012']);
    expect(await ids('q=manure')).toEqual(['S-000003', 'S-000010']);
    expect(await ids('q=NAIVAS')).toEqual(['S-000001', 'S-000011']);
    expect(await ids('q=bravo')).toEqual(f.sales.filter((s) => s.flock_id === f.bravo.id).map((s) => s.ref_no).sort());
    // Search text is data, never a pattern.
    expect(await ids('q=%25')).toEqual(['S-000007']);
    expect(await ids('q=_')).toEqual(['S-000009']);
    expect((await list(f.headers, 'q=nothing-like-it')).total).toBe(0);
    // The date as the screen shows it ('05 Mar 2026'), whole or in part.
    const day = f.sales[0]!.date;
    const sameDay = f.sales.filter((s) => s.date === day).map((s) => s.ref_no).sort();
    expect(await ids(`q=${encodeURIComponent(dayAsShown(day))}`)).toEqual(sameDay);
    expect(await ids(`q=${encodeURIComponent(dayAsShown(day).slice(0, 6).toLowerCase())}`)).toEqual(sameDay);

    const pending = await list(f.headers, 'status=Pending...&pageSize=100');
    expect(pending.total).toBe(4);
    expect(pending.items.every((s) => s.status === 'pending')).toBe(true);
    expect((await list(f.headers, 'status=completed')).total).toBe(8);
    expect((await list(f.headers, `flock_id=${f.bravo.id}`)).total).toBe(6);
    expect(await ids(`from=${shiftDay(today(), -3)}&to=${shiftDay(today(), -1)}`)).toEqual(['S-000003', 'S-000004', 'S-000005']);
    // An ISO instant is the farm's day: 21:00Z the day before is that day in Nairobi.
    expect(await ids(`from=${shiftDay(today(), -1)}T21:00:00.000Z`)).toEqual(['S-000001', 'S-000002']);
    expect(await ids(`flock_id=${f.flock.id}&status=pending&q=pullets`)).toEqual(['S-000009']);
    expect((await list(f.headers, `from=${today()}&to=${shiftDay(today(), -1)}`)).total).toBe(0);
  });

  it('lists one flock’s sales with the same query; another farm’s flock or none is 404', async () => {
    const f = await farmWithSales();
    const other = await farmWithFlock();
    const bravo = await get<SalePage>(f.headers, `/api/sales/flock/${f.bravo.id}?pageSize=100`);
    expect(bravo.total).toBe(6);
    expect(bravo.items.map((s) => s.id)).toEqual(f.sales.filter((s) => s.flock_id === f.bravo.id).map((s) => s.id));
    const pending = await get<SalePage>(f.headers, `/api/sales/flock/${f.bravo.id}?status=pending&sort=amount&order=asc`);
    expect(pending.items.map((s) => s.ref_no)).toEqual(['S-000012', 'S-000002', 'S-000004']);
    // A flock filter in the query as well cannot reach past the path's flock.
    expect((await get<SalePage>(f.headers, `/api/sales/flock/${f.bravo.id}?flock_id=${f.flock.id}`)).total).toBe(0);
    expectRefused(await app.inject({ method: 'GET', url: `/api/sales/flock/${other.flock.id}`, headers: f.headers }), 404, undefined, flockMessages.notFound);
    expectRefused(await app.inject({ method: 'GET', url: '/api/sales/flock/2147483647', headers: f.headers }), 404, undefined, flockMessages.notFound);
    expectRefused(await app.inject({ method: 'GET', url: '/api/sales/flock/abc', headers: f.headers }), 400, 'flockId', m.selectFlock);
    expect((await get<SalePage>(other.headers, `/api/sales/flock/${other.flock.id}`)).total).toBe(0);
  });

  it('shows nothing of another farm, even for its flock id', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    await made(sell(other.headers, sale(other.flock.id)));
    expect(await list(f.headers, `flock_id=${other.flock.id}`)).toMatchObject({ items: [], total: 0 });
    expect(await list(f.headers, '')).toMatchObject({ items: [], total: 0 });
    expect(await list(f.headers, 'q=S-000001')).toMatchObject({ items: [], total: 0 });
  });

  it.each(['sort=farm', 'order=up', 'page=0', 'pageSize=101', 'flock_id=abc', 'status=refunded', 'from=yesterday', 'to=2026-02-30', `q=${'x'.repeat(101)}`])(
    'refuses %s with 400',
    async (query) => {
      const f = await farmWithFlock();
      expect((await app.inject({ method: 'GET', url: `/api/sales?${query}`, headers: f.headers })).statusCode).toBe(400);
    },
  );
});

describe('GET /api/sales/stats', () => {
  /** A sale's facts for the sums below. */
  interface Fixture {
    flock: 'a' | 'b';
    category: string;
    quantity: number;
    price: number;
    date: string;
    status: 'paid' | 'pending';
  }

  async function farmWithMonthSales() {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const fixtures: Fixture[] = [
      // This month: egg crates and manure paid today, chicks on credit on the 1st.
      { flock: 'a', category: 'Egg Sales', quantity: 10, price: 400, date: today(), status: 'paid' },
      { flock: 'b', category: 'Chicks', quantity: 50, price: 100, date: firstOfMonth(), status: 'pending' },
      { flock: 'a', category: 'Manure', quantity: 3, price: 250.5, date: today(), status: 'paid' },
      // Last month's last day: eggs and mash, paid.
      { flock: 'a', category: 'Egg Sales', quantity: 20, price: 380, date: lastMonth(), status: 'paid' },
      { flock: 'b', category: 'Layer Mash', quantity: 100, price: 55, date: lastMonth(), status: 'paid' },
      // Credit 45 days old, still owed: last month or the one before, depending on today.
      { flock: 'b', category: 'Egg Sales', quantity: 5, price: 350, date: shiftDay(today(), -45), status: 'pending' },
    ];
    for (const x of fixtures) {
      await made(
        sell(f.headers, { flock_id: x.flock === 'a' ? f.flock.id : bravo.id, category: x.category, product: x.category, quantity: x.quantity, unit_price: x.price, date: x.date, sale_type: x.status === 'pending' ? 'Credit' : 'Cash', status: x.status }),
      );
    }
    // Another farm's sales stay out of every sum.
    const other = await farmWithFlock();
    await made(sell(other.headers, sale(other.flock.id, { quantity: 999 })));
    await made(sell(other.headers, sale(other.flock.id, { date: lastMonth(), status: 'pending' })));
    return { ...f, bravo, fixtures };
  }

  const cents = (x: Fixture) => Math.round(x.quantity * x.price * 100);

  it('sums this month from the rollups, against last month, with each remark whose facts hold', async () => {
    const f = await farmWithMonthSales();
    const days = new Set([today(), firstOfMonth()]).size;
    const revenue = 400_000 + 500_000 + 75_150;
    const lastMonthCents = f.fixtures.filter((x) => x.date.startsWith(lastMonth().slice(0, 7))).reduce((sum, x) => sum + cents(x), 0);
    // 760,000 + 550,000, and the old credit's 175,000 when it falls in last month.
    expect([1_310_000, 1_485_000]).toContain(lastMonthCents);
    const growth = Math.round(((revenue - lastMonthCents) / lastMonthCents) * 1000) / 10;
    const stats = await get<SaleStats>(f.headers, '/api/sales/stats');
    expect(stats).toEqual({
      month: thisMonth(),
      revenue_cents: revenue,
      revenue: revenue / 100,
      sales_count: 3,
      paid_cents: 475_150,
      paid_count: 2,
      pending_cents: 500_000,
      pending_count: 1,
      sale_days: days,
      average_per_sale_day_cents: Math.round(revenue / days),
      last_month_revenue_cents: lastMonthCents,
      sales_growth: growth,
      egg_crates_this_month: 10,
      by_category: [
        { category: 'Egg Sales', amount_cents: 400_000, count: 1 },
        { category: 'Chicks', amount_cents: 500_000, count: 1 },
        { category: 'Manure', amount_cents: 75_150, count: 1 },
      ],
      remarks: [
        // Chicks brought the most this month.
        { kind: 'remark', text: m.remarkBestSeller('Chicks') },
        // Layer Mash sold 550,000 last month and nothing now: the biggest move (eggs fell less).
        { kind: 'remark', text: m.remarkCategoryChange('Layer Mash', 'fell', 100) },
        { kind: 'miscellaneous', text: m.remarkOldCredit(175_000, 1) },
        // 10 crates sold, no eggs collected this month.
        { kind: 'miscellaneous', text: m.remarkMoreCratesThanCollected },
        { kind: 'recommendation', text: m.remarkFollowUpPending(2, 675_000) },
      ],
    });
    expect(growth).toBeLessThan(0);
  });

  it('follows marks, edits and deletes, and the eggs collected this month', async () => {
    const f = await farmWithMonthSales();
    const rows = await saleRows(f.farm.id);
    const chicks = rows.find((r) => r.category === 'Chicks')!;
    const old = rows.find((r) => r.status === 'pending' && r.id !== chicks.id)!;
    await put(f.headers, chicks.id, { status: 'paid' });
    await put(f.headers, old.id, { status: 'paid' });
    // 450 eggs laid, 30 broken: 14 crates available, more than the 10 sold.
    const produced = await app.inject({ method: 'POST', url: '/api/egg-productions', headers: f.headers, payload: { flock_id: f.flock.id, date_produced: today(), eggs_collected: 450 } });
    expect(produced.statusCode, produced.body).toBe(201);
    const broken = await app.inject({ method: 'POST', url: '/api/egg-adjustments', headers: f.headers, payload: { flock_id: f.flock.id, adjustment_type: 'breakage', eggs_adjusted: 1, unit: 'crates', date_adjusted: today() } });
    expect(broken.statusCode, broken.body).toBe(201);
    let stats = await get<SaleStats>(f.headers, '/api/sales/stats');
    expect(stats).toMatchObject({ paid_cents: 975_150, paid_count: 3, pending_cents: 0, pending_count: 0 });
    expect(stats.remarks.map((r) => r.text)).toEqual([m.remarkBestSeller('Chicks'), m.remarkCategoryChange('Layer Mash', 'fell', 100)]);

    // 15 crates sold now: more than the 14 collected.
    const eggs = rows.find((r) => r.category === 'Egg Sales' && r.date === today())!;
    await put(f.headers, eggs.id, { quantity: 15 });
    stats = await get<SaleStats>(f.headers, '/api/sales/stats');
    expect(stats.egg_crates_this_month).toBe(15);
    expect(stats.remarks.map((r) => r.text)).toContain(m.remarkMoreCratesThanCollected);

    await del(f.headers, chicks.id);
    stats = await get<SaleStats>(f.headers, '/api/sales/stats');
    expect(stats).toMatchObject({ revenue_cents: 600_000 + 75_150, sales_count: 2, sale_days: 1 });
    expect(stats.by_category.map((c) => c.category)).toEqual(['Egg Sales', 'Manure']);
    expect(stats.remarks[0]).toEqual({ kind: 'remark', text: m.remarkBestSeller('Egg Sales') });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('remarks on a category that rose, and on no sales this month', async () => {
    const f = await farmWithFlock();
    await made(sell(f.headers, sale(f.flock.id, { date: lastMonth(), quantity: 10, unit_price: 400 })));
    let stats = await get<SaleStats>(f.headers, '/api/sales/stats');
    expect(stats).toMatchObject({ revenue_cents: 0, sales_count: 0, sales_growth: -100, last_month_revenue_cents: 400_000, by_category: [] });
    expect(stats.remarks).toEqual([
      { kind: 'remark', text: m.remarkNoSalesThisMonth },
      { kind: 'remark', text: m.remarkCategoryChange('Egg Sales', 'fell', 100) },
    ]);
    await made(sell(f.headers, sale(f.flock.id, { quantity: 2, unit_price: 400, category: 'Chicks' })));
    await made(sell(f.headers, sale(f.flock.id, { quantity: 1, unit_price: 4_500, category: 'Egg Sales' })));
    stats = await get<SaleStats>(f.headers, '/api/sales/stats');
    // 5,300 against 4,000.
    expect(stats.sales_growth).toBe(32.5);
    // Eggs rose 12.5 %; chicks sold nothing last month, so they have nothing to compare with.
    expect(stats.remarks.map((r) => r.text)).toEqual([
      m.remarkBestSeller('Egg Sales'),
      m.remarkCategoryChange('Egg Sales', 'rose', 13),
      m.remarkMoreCratesThanCollected,
    ]);
  });

  it('answers zeros, no growth and the no-sales remark for a farm without sales', async () => {
    const f = await farmWithFlock();
    expect(await get<SaleStats>(f.headers, '/api/sales/stats')).toEqual({
      month: thisMonth(),
      revenue_cents: 0,
      revenue: 0,
      sales_count: 0,
      paid_cents: 0,
      paid_count: 0,
      pending_cents: 0,
      pending_count: 0,
      sale_days: 0,
      average_per_sale_day_cents: 0,
      last_month_revenue_cents: 0,
      sales_growth: null,
      egg_crates_this_month: 0,
      by_category: [],
      remarks: [{ kind: 'remark', text: m.remarkNoSalesThisMonth }],
    });
  });

  it('takes this month’s egg crates off the egg screen’s available stock, and follows an edit', async () => {
    const f = await farmWithMonthSales();
    const stock = () => get<EggStats>(f.headers, '/api/egg-productions/stats');
    const before = await stock();
    expect(before.egg_sale_crates_this_month).toBe(10);
    expect(before.available_stock).toBe(availableEggStock(before.eggs_this_month, 10, before.adjusted_eggs_this_month));
    const eggs = (await saleRows(f.farm.id)).find((r) => r.category === 'Egg Sales' && r.date === today())!;
    await put(f.headers, eggs.id, { category: 'Manure' });
    expect((await stock()).egg_sale_crates_this_month).toBe(0);
  });
});

describe('GET /api/sales/series', () => {
  it('gives this month’s days and weeks, the last 6 months, and each flock by week and by month', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const a = f.flock.id;
    const b = bravo.id;
    const months = saleTrendMonths(today());
    const fixtures: [number, string, number][] = [
      [a, today(), 400_000],
      [b, today(), 41_000],
      [a, firstOfMonth(), 100_000],
      [b, lastMonth(), 250_000],
      [a, `${months[0]}-01`, 70_000],
      // The window's first month is not in the trend.
      [b, earliest(), 33_000],
    ];
    for (const [flockId, date, amount] of fixtures) await made(sell(f.headers, sale(flockId, { date, quantity: 1, unit_price: amount / 100 })));
    const other = await farmWithFlock();
    await made(sell(other.headers, sale(other.flock.id)));

    const series = await get<SaleSeries>(f.headers, '/api/sales/series');
    const dayCount = Number(today().slice(8));
    const expectedDays = Array.from({ length: dayCount }, (_, i) => shiftDay(firstOfMonth(), i));
    const sumOn = (pred: (x: [number, string, number]) => boolean) => fixtures.filter(pred).reduce((sum, x) => sum + x[2], 0);
    expect(series.days).toEqual(expectedDays.map((day) => ({ day, amount_cents: sumOn((x) => x[1] === day) })));

    const [year, month] = today().split('-').map(Number) as [number, number];
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const weekOf = (day: string) => Math.floor((Number(day.slice(8)) - 1) / 7) + 1;
    expect(series.weeks).toHaveLength(Math.ceil(monthDays / 7));
    expect(series.weeks[0]).toMatchObject({ week: 1, start: firstOfMonth(), end: shiftDay(firstOfMonth(), 6) });
    expect(series.weeks.at(-1)?.end).toBe(shiftDay(firstOfMonth(), monthDays - 1));
    const inMonth = (x: [number, string, number]) => x[1].startsWith(thisMonth());
    expect(series.weeks.map((w) => w.amount_cents)).toEqual(series.weeks.map((w) => sumOn((x) => inMonth(x) && weekOf(x[1]) === w.week)));

    expect(series.months).toEqual(
      months.map((mo) => ({ month: mo, amount_cents: sumOn((x) => x[1].startsWith(mo)), count: fixtures.filter((x) => x[1].startsWith(mo)).length })),
    );
    const perFlock = (flockId: number, keys: string[], match: (x: [number, string, number], key: string) => boolean) =>
      keys.map((key) => sumOn((x) => x[0] === flockId && match(x, key)));
    expect(series.flocks_by_month).toEqual([
      { flock_id: a, flock_name: 'Alpha house', amounts: perFlock(a, months, (x, mo) => x[1].startsWith(mo)) },
      { flock_id: b, flock_name: 'Bravo shed', amounts: perFlock(b, months, (x, mo) => x[1].startsWith(mo)) },
    ]);
    const weekKeys = series.weeks.map((w) => String(w.week));
    expect(series.flocks_by_week).toEqual([
      { flock_id: a, flock_name: 'Alpha house', amounts: perFlock(a, weekKeys, (x, w) => inMonth(x) && weekOf(x[1]) === Number(w)) },
      { flock_id: b, flock_name: 'Bravo shed', amounts: perFlock(b, weekKeys, (x, w) => inMonth(x) && weekOf(x[1]) === Number(w)) },
    ]);
  });

  it('answers empty series for a farm without sales', async () => {
    const f = await farmWithFlock();
    const series = await get<SaleSeries>(f.headers, '/api/sales/series');
    expect(series.days).toHaveLength(Number(today().slice(8)));
    expect(series.days.at(-1)?.day).toBe(today());
    expect(series.days.every((d) => d.amount_cents === 0)).toBe(true);
    expect(series.weeks.every((w) => w.amount_cents === 0)).toBe(true);
    expect(series.months.map((mo) => mo.month)).toEqual(saleTrendMonths(today()));
    expect(series.months.every((mo) => mo.amount_cents === 0 && mo.count === 0)).toBe(true);
    expect(series.flocks_by_week).toEqual([]);
    expect(series.flocks_by_month).toEqual([]);
  });
});

describe('events', () => {
  it('publishes sale_added, sale_updated and sale_deleted to the farm only, after the write', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    const stop = app.events.subscribe(f.farm.id, (e) => heard.push(e));
    const stopOther = app.events.subscribe(other.farm.id, (e) => overheard.push(e));
    const created = await made(sell(f.headers, sale(f.flock.id)));
    await put(f.headers, created.id, { status: 'pending' });
    await del(f.headers, created.ref_no);
    // Refused changes publish nothing.
    await sell(f.headers, sale(f.flock.id, { quantity: 0 }));
    await put(f.headers, created.id, { status: 'paid' });
    await del(f.headers, created.id);
    stop();
    stopOther();
    expect(heard).toEqual([
      { type: 'sale', name: 'sale_added', action: 'added', id: created.id },
      { type: 'sale', name: 'sale_updated', action: 'updated', id: created.id },
      { type: 'sale', name: 'sale_deleted', action: 'deleted', id: created.id },
    ]);
    expect(overheard).toEqual([]);
  });
});

describe('deleting a flock with sales', () => {
  it('archives it, keeping its sales; with everything=true removes it and its sales, the rollups with them', async () => {
    const f = await farmWithFlock();
    const kept = await createFlock(app, f);
    await made(sell(f.headers, sale(f.flock.id)));
    await made(sell(f.headers, sale(f.flock.id, { date: lastMonth(), status: 'pending' })));
    const stays = await made(sell(f.headers, sale(kept.id)));
    const archived = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}`, headers: f.headers });
    expect(archived.json()).toEqual({ result: 'archived' });
    expect((await app.db.select().from(flocks).where(eq(flocks.id, f.flock.id)))[0]).toMatchObject({ status: 'archived' });
    expect(await saleRows(f.farm.id)).toHaveLength(3);

    const everything = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}?everything=true&confirm_name=${encodeURIComponent(f.flock.name)}`, headers: f.headers });
    expect(everything.json()).toEqual({ result: 'deleted' });
    expect((await saleRows(f.farm.id)).map((r) => r.id)).toEqual([stays.id]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect((await get<{ total: number }>(f.headers, '/api/sales')).total).toBe(1);
    expect((await get<SaleStats>(f.headers, '/api/sales/stats')).sales_count).toBe(1);
    // Its refs are not given again.
    expect((await made(sell(f.headers, sale(kept.id)))).ref_no).toBe('S-000004');
  });
});

describe('without a session', () => {
  it('answers 401 on every sale route and changes nothing', async () => {
    const f = await farmWithFlock();
    const record = await made(sell(f.headers, sale(f.flock.id)));
    const before = await saleRows(f.farm.id);
    for (const [method, url, payload] of [
      ['GET', '/api/sales', undefined],
      ['GET', '/api/sales/stats', undefined],
      ['GET', '/api/sales/series', undefined],
      ['GET', `/api/sales/flock/${f.flock.id}`, undefined],
      ['POST', '/api/sales', sale(f.flock.id)],
      ['PUT', `/api/sales/${record.id}`, { status: 'pending' }],
      ['PUT', `/api/sales/${record.ref_no}`, { status: 'pending' }],
      ['DELETE', `/api/sales/${record.id}`, undefined],
      ['DELETE', `/api/sales/${record.ref_no}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await saleRows(f.farm.id)).toEqual(before);
  });
});

describe('who added and last changed a sale', () => {
  it("answers the adder's name, then a second member's change as the last one, in the answer and the lists", async () => {
    const f = await farmWithFlock();
    const owner = f.user.username;
    const added = await made(sell(f.headers, sale(f.flock.id)));
    expect(added).toMatchObject({ created_by_name: owner, updated_by_name: owner });

    const manager = await addMember(app, f.farm, 'manager');
    const changed = await put(manager.headers, added.id, { status: 'pending' });
    expect(changed.json<Sale>()).toMatchObject({ status: 'pending', created_by_name: owner, updated_by_name: manager.user.username });
    expect((await saleRows(f.farm.id))[0]).toMatchObject({ createdBy: f.user.id, updatedBy: manager.user.id });

    for (const url of ['/api/sales', `/api/sales/flock/${f.flock.id}`]) {
      const list = await app.inject({ method: 'GET', url, headers: f.headers });
      expect(list.json<{ items: Sale[] }>().items).toEqual([expect.objectContaining({ id: added.id, created_by_name: owner, updated_by_name: manager.user.username })]);
    }
  });
});
