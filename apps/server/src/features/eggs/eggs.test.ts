import {
  shiftDay,
  dayIn,
  EGG_CHART_DAYS,
  eggMessages,
  flockMessages,
  moneyMessages,
  type EggAdjustment,
  type EggProduction,
  type EggSeries,
  type EggStats,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggAdjustments, eggProductions, flocks } from '../../db/schema/index.js';
import { NUL_MESSAGE } from '../../plugins/nul-guard.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember, createFlock } from '../../test/factories.js';
import { dayAsShown, FARM_ZONE, firstOfMonth, lastMonth, today } from '../../test/farm-days.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/** Days of this month up to today, today first; on the 1st only today. */
const thisMonthDays = () => [...new Set([today(), firstOfMonth()])];

type Headers = Record<string, string>;

const farmWithFlock = (overrides: Parameters<typeof createFlock>[2] = {}) => factories.farmWithFlock(app, overrides);

const produce = (headers: Headers, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/egg-productions', headers: { ...headers, ...extra }, payload });
const adjust = (headers: Headers, payload: object) => app.inject({ method: 'POST', url: '/api/egg-adjustments', headers, payload });

async function made<T>(res: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await res;
  if (answer.statusCode !== 201) throw new Error(`expected 201, got ${answer.statusCode} ${answer.body}`);
  return answer.json<T>();
}

const production = (flockId: number, change: object = {}) => ({ flock_id: flockId, date_produced: today(), eggs_collected: 365, ...change });
const adjustment = (flockId: number, change: object = {}) => ({
  flock_id: flockId,
  adjustment_type: 'breakage',
  eggs_adjusted: 12,
  date_adjusted: today(),
  notes: 'Dropped a tray',
  ...change,
});

const productionRows = (farmId: number) => app.db.select().from(eggProductions).where(eq(eggProductions.farmId, farmId));
const adjustmentRows = (farmId: number) => app.db.select().from(eggAdjustments).where(eq(eggAdjustments.farmId, farmId));

const get = async <T>(headers: Headers, url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

function expectRefused(res: LightMyRequestResponse, status: number, field?: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
  if (field) expect(error.fields?.[field]).toBe(message);
  else if (message) expect(error.message).toBe(message);
}

describe('POST /api/egg-productions', () => {
  it('records a day’s eggs for a flock of the farm, with trays, revenue in cents and the user', async () => {
    const f = await farmWithFlock();
    const res = await produce(f.headers, production(f.flock.id, { eggs_collected: 31, price_per_unit: '12.50' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<EggProduction>()).toMatchObject({
      flock_id: f.flock.id,
      flockId: f.flock.id,
      flock_name: f.flock.name,
      date_produced: today(),
      eggs_collected: 31,
      eggsCollected: 31,
      trays: 1,
      remainder_eggs: 1,
      price_per_unit: 12.5,
      price_per_unit_cents: 1_250,
      total_revenue: 387.5,
      total_revenue_cents: 38_750,
      user_id: f.user.id,
    });
    const [row] = await productionRows(f.farm.id);
    expect(row).toMatchObject({ eggsCollected: 31, pricePerUnitCents: 1_250, totalRevenueCents: 38_750, dateProduced: today(), createdBy: f.user.id });
  });

  it('takes the product’s body: flockId and eggsCollected, the ISO instant of the farm’s day, a price of 0', async () => {
    const f = await farmWithFlock();
    // The phone's midnight in Nairobi is 21:00Z the day before.
    const res = await produce(f.headers, { flockId: f.flock.id, date_produced: `${shiftDay(today(), -1)}T21:00:00.000Z`, eggsCollected: 60, price_per_unit: 0 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<EggProduction>()).toMatchObject({ date_produced: today(), eggs_collected: 60, trays: 2, remainder_eggs: 0, total_revenue_cents: 0 });
  });

  it('ignores ids, farm, user and trays in the body: the session, the flock and eggs_collected decide', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const res = await produce(f.headers, {
      ...production(f.flock.id, { eggs_collected: 31 }),
      id: 999_999,
      farm_id: other.farm.id,
      farmId: other.farm.id,
      user_id: other.user.id,
      created_by: other.user.id,
      trays: 5,
      remainder_eggs: 40,
      total_revenue: 1_000_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json<EggProduction>();
    expect(record).toMatchObject({ eggs_collected: 31, trays: 1, remainder_eggs: 1, user_id: f.user.id, total_revenue_cents: 0 });
    expect(record.id).not.toBe(999_999);
    expect(await productionRows(f.farm.id)).toHaveLength(1);
    expect(await productionRows(other.farm.id)).toHaveLength(0);
  });

  it.each([
    ['no flock', { flock_id: undefined }, 'flock_id', eggMessages.selectFlock],
    ['a flock of 0', { flock_id: 0 }, 'flock_id', eggMessages.selectFlock],
    ['no date', { date_produced: undefined }, 'date_produced', eggMessages.dateRequired],
    ['an empty date', { date_produced: '' }, 'date_produced', eggMessages.dateRequired],
    ['an impossible date', { date_produced: '2026-02-30' }, 'date_produced', eggMessages.dateInvalid],
    ['month 13', { date_produced: '2026-13-01' }, 'date_produced', eggMessages.dateInvalid],
    ['garbage for a date', { date_produced: 'yesterday' }, 'date_produced', eggMessages.dateInvalid],
    ['no eggs', { eggs_collected: undefined }, 'eggs_collected', eggMessages.eggsRequired],
    ['a negative egg count', { eggs_collected: -1 }, 'eggs_collected', eggMessages.eggsInvalid],
    ['a fractional egg count', { eggs_collected: 12.5 }, 'eggs_collected', eggMessages.eggsInvalid],
    ['eggs as text', { eggs_collected: 'twelve' }, 'eggs_collected', eggMessages.eggsInvalid],
    ['over 10 million eggs', { eggs_collected: 10_000_001 }, 'eggs_collected', eggMessages.eggsTooMany],
    ['1e21 eggs', { eggs_collected: 1e21 }, 'eggs_collected', eggMessages.eggsTooMany],
    ['a negative price', { price_per_unit: -1 }, 'price_per_unit', moneyMessages.amountNegative],
    ['a price in tenths of cents', { price_per_unit: '1.234' }, 'price_per_unit', moneyMessages.amountDecimals],
  ])('refuses %s with its message and adds nothing', async (_what, change, field, message) => {
    const f = await farmWithFlock();
    const res = await produce(f.headers, production(f.flock.id, change));
    expectRefused(res, 400, field, message);
    expect(await productionRows(f.farm.id)).toHaveLength(0);
  });

  it('refuses a day after the farm’s today, read in its time zone', async () => {
    const f = await farmWithFlock();
    const tomorrow = shiftDay(today(), 1);
    // 21:30Z of today's date is already tomorrow in Nairobi; 20:30Z is still today.
    for (const date of [tomorrow, `${today()}T21:30:00.000Z`, `${tomorrow}T00:00:00+03:00`]) {
      expectRefused(await produce(f.headers, production(f.flock.id, { date_produced: date })), 400, 'date_produced', eggMessages.dateInFuture);
    }
    expect(await productionRows(f.farm.id)).toHaveLength(0);
    const late = await produce(f.headers, production(f.flock.id, { date_produced: `${today()}T20:30:00.000Z` }));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json<EggProduction>().date_produced).toBe(today());
  });

  it('refuses a revenue past the largest amount with the price’s message, not a 500', async () => {
    const f = await farmWithFlock();
    const res = await produce(f.headers, production(f.flock.id, { eggs_collected: 10_000_000, price_per_unit: '100000' }));
    expectRefused(res, 400, 'price_per_unit', moneyMessages.amountTooLarge);
    expect(await productionRows(f.farm.id)).toHaveLength(0);
  });

  it('refuses a flock of another farm, or none, with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    expectRefused(await produce(f.headers, production(other.flock.id)), 404, undefined, flockMessages.notFound);
    expectRefused(await produce(f.headers, production(2_147_483_000)), 404, undefined, flockMessages.notFound);
    expect(await productionRows(f.farm.id)).toHaveLength(0);
    expect(await productionRows(other.farm.id)).toHaveLength(0);
  });

  it('answers 409 with the existing record’s id for a second record of the same flock and day', async () => {
    const f = await farmWithFlock();
    const first = await made<EggProduction>(produce(f.headers, production(f.flock.id)));
    const res = await produce(f.headers, production(f.flock.id, { eggs_collected: 10 }));
    expectRefused(res, 409, 'date_produced', eggMessages.duplicateDay);
    expect(res.json<{ error: { code: string; message: string; meta: { id: string } } }>().error).toMatchObject({
      code: 'conflict',
      message: eggMessages.duplicateDay,
      meta: { id: String(first.id) },
    });
    expect(await productionRows(f.farm.id)).toEqual([expect.objectContaining({ id: first.id, eggsCollected: 365 })]);
    // Another flock on the same day is a record of its own.
    const second = await createFlock(app, f);
    expect((await produce(f.headers, production(second.id))).statusCode).toBe(201);
  });

  it('replays the first answer for the same Idempotency-Key, without a second row', async () => {
    const f = await farmWithFlock();
    const key = { 'idempotency-key': `eggs-${f.farm.id}` };
    const first = await produce(f.headers, production(f.flock.id), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await produce(f.headers, production(f.flock.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await productionRows(f.farm.id)).toHaveLength(1);
  });

  it('gives one of simultaneous records for the same flock and day a 201, the others a 409 with its id', async () => {
    const f = await farmWithFlock();
    for (const back of [0, 1, 2]) {
      const day = shiftDay(today(), -back);
      const answers = await Promise.all([
        produce(f.headers, production(f.flock.id, { date_produced: day, eggs_collected: 100 })),
        produce(f.headers, production(f.flock.id, { date_produced: day, eggs_collected: 200 })),
        produce(f.headers, production(f.flock.id, { date_produced: day, eggs_collected: 300 }), { 'idempotency-key': `race-${f.farm.id}-${back}` }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
      const won = answers.find((a) => a.statusCode === 201)!.json<EggProduction>();
      for (const lost of answers.filter((a) => a.statusCode === 409)) {
        expect(lost.json<{ error: { meta?: { id: string } } }>().error.meta).toEqual({ id: String(won.id) });
      }
    }
    expect(await productionRows(f.farm.id)).toHaveLength(3);
  });
});

describe('PUT and DELETE /api/egg-productions/:id', () => {
  it('changes the day, count and price; the revenue follows; the flock in the body is ignored', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f);
    const record = await made<EggProduction>(produce(f.headers, production(f.flock.id, { eggs_collected: 31, price_per_unit: '12.50' })));
    const url = `/api/egg-productions/${record.id}`;
    const yesterday = shiftDay(today(), -1);
    const moved = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { flock_id: second.id, date_produced: yesterday, eggs_collected: 62 } });
    expect(moved.statusCode, moved.body).toBe(200);
    // No price sent: the stored one stays.
    expect(moved.json<EggProduction>()).toMatchObject({ flock_id: f.flock.id, date_produced: yesterday, eggs_collected: 62, trays: 2, remainder_eggs: 2, price_per_unit_cents: 1_250, total_revenue_cents: 77_500 });
    const repriced = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { eggsCollected: 62, date_produced: yesterday, price_per_unit: 0 } });
    expect(repriced.json<EggProduction>()).toMatchObject({ price_per_unit_cents: 0, total_revenue_cents: 0, total_revenue: 0 });
    expect(await productionRows(f.farm.id)).toEqual([expect.objectContaining({ flockId: f.flock.id, dateProduced: yesterday, eggsCollected: 62 })]);
  });

  it.each([
    [{ eggs_collected: -5 }, 'eggs_collected', eggMessages.eggsInvalid],
    [{ eggs_collected: 1.5 }, 'eggs_collected', eggMessages.eggsInvalid],
    [{ eggs_collected: 20_000_000 }, 'eggs_collected', eggMessages.eggsTooMany],
    [{ date_produced: '2026-02-30' }, 'date_produced', eggMessages.dateInvalid],
    [{ date_produced: undefined }, 'date_produced', eggMessages.dateRequired],
    [{ eggs_collected: 10_000_000, price_per_unit: '100000' }, 'price_per_unit', moneyMessages.amountTooLarge],
  ])('refuses %j and changes nothing', async (change, field, message) => {
    const f = await farmWithFlock();
    const record = await made<EggProduction>(produce(f.headers, production(f.flock.id)));
    const res = await app.inject({ method: 'PUT', url: `/api/egg-productions/${record.id}`, headers: f.headers, payload: { date_produced: today(), eggs_collected: 10, ...change } });
    expectRefused(res, 400, field, message);
    expect(await productionRows(f.farm.id)).toEqual([expect.objectContaining({ eggsCollected: 365, dateProduced: today() })]);
  });

  it('refuses a future day, and a day the flock already has with 409 and its id', async () => {
    const f = await farmWithFlock();
    const yesterday = shiftDay(today(), -1);
    const kept = await made<EggProduction>(produce(f.headers, production(f.flock.id, { date_produced: yesterday })));
    const record = await made<EggProduction>(produce(f.headers, production(f.flock.id, { eggs_collected: 40 })));
    const url = `/api/egg-productions/${record.id}`;
    const future = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { date_produced: shiftDay(today(), 1), eggs_collected: 40 } });
    expectRefused(future, 400, 'date_produced', eggMessages.dateInFuture);
    const taken = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { date_produced: yesterday, eggs_collected: 40 } });
    expectRefused(taken, 409, 'date_produced', eggMessages.duplicateDay);
    expect(taken.json<{ error: { meta: { id: string } } }>().error.meta).toEqual({ id: String(kept.id) });
    // Its own day again is no conflict.
    expect((await app.inject({ method: 'PUT', url, headers: f.headers, payload: { date_produced: today(), eggs_collected: 41 } })).statusCode).toBe(200);
    const rows = (await productionRows(f.farm.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.dateProduced, r.eggsCollected])).toEqual([
      [yesterday, 365],
      [today(), 41],
    ]);
  });

  it('moves only one of two records edited onto the same free day at once; the other gets 409 with its id', async () => {
    const f = await farmWithFlock();
    for (const round of [0, 1, 2]) {
      const base = -3 * round;
      const a = await made<EggProduction>(produce(f.headers, production(f.flock.id, { date_produced: shiftDay(today(), base - 1), eggs_collected: 1 })));
      const b = await made<EggProduction>(produce(f.headers, production(f.flock.id, { date_produced: shiftDay(today(), base - 2), eggs_collected: 2 })));
      const free = shiftDay(today(), base);
      const answers = await Promise.all(
        [a, b].map((r) => app.inject({ method: 'PUT', url: `/api/egg-productions/${r.id}`, headers: f.headers, payload: { date_produced: free, eggs_collected: 9 } })),
      );
      expect(answers.map((x) => x.statusCode).sort(), answers.map((x) => x.body).join('\n')).toEqual([200, 409]);
      const moved = answers.find((x) => x.statusCode === 200)!.json<EggProduction>();
      expect(answers.find((x) => x.statusCode === 409)!.json<{ error: { meta?: { id: string } } }>().error.meta).toEqual({ id: String(moved.id) });
      // A new record for the day taken by the move, at the same time as another move: still one record a day.
      const c = await made<EggProduction>(produce(f.headers, production(f.flock.id, { date_produced: shiftDay(today(), base - 30), eggs_collected: 3 })));
      const spare = shiftDay(today(), base - 60);
      const race = await Promise.all([
        produce(f.headers, production(f.flock.id, { date_produced: spare })),
        app.inject({ method: 'PUT', url: `/api/egg-productions/${c.id}`, headers: f.headers, payload: { date_produced: spare, eggs_collected: 4 } }),
      ]);
      const statuses = race.map((x) => x.statusCode);
      expect([statuses.filter((s) => s === 200 || s === 201).length, statuses.filter((s) => s === 409).length], race.map((x) => x.body).join('\n')).toEqual([1, 1]);
    }
    const days = (await productionRows(f.farm.id)).map((r) => r.dateProduced);
    expect(new Set(days).size).toBe(days.length);
  });

  it('deletes; another farm’s record is 404 for PUT and DELETE and its row stays as it was', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const mine = await made<EggProduction>(produce(f.headers, production(f.flock.id)));
    const theirs = await made<EggProduction>(produce(other.headers, production(other.flock.id, { eggs_collected: 77 })));
    const before = await productionRows(other.farm.id);
    const url = `/api/egg-productions/${theirs.id}`;
    const put = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { date_produced: today(), eggs_collected: 1 } });
    expectRefused(put, 404, undefined, eggMessages.productionNotFound);
    expectRefused(await app.inject({ method: 'DELETE', url, headers: f.headers }), 404, undefined, eggMessages.productionNotFound);
    expect(await productionRows(other.farm.id)).toEqual(before);

    const del = await app.inject({ method: 'DELETE', url: `/api/egg-productions/${mine.id}`, headers: f.headers });
    expect(del.statusCode).toBe(204);
    expect(await productionRows(f.farm.id)).toHaveLength(0);
    expectRefused(await app.inject({ method: 'DELETE', url: `/api/egg-productions/${mine.id}`, headers: f.headers }), 404);
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999'])('refuses the id %s with 400', async (id) => {
    const f = await farmWithFlock();
    const res = await app.inject({ method: 'DELETE', url: `/api/egg-productions/${id}`, headers: f.headers });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/egg-productions', () => {
  async function farmWithRecords() {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const records: EggProduction[] = [];
    // Distinct eggs and prices, days back from today; the two flocks interleave.
    const rows: [number, number, number, string][] = [
      [f.flock.id, 0, 31, '1'],
      [bravo.id, 0, 300, '0.5'],
      [f.flock.id, 1, 95, '2'],
      [bravo.id, 2, 12, '10'],
      [f.flock.id, 3, 610, '0'],
      [bravo.id, 4, 44, '3.25'],
      [f.flock.id, 5, 7, '4'],
      [bravo.id, 6, 1_000, '0.1'],
      [f.flock.id, 7, 58, '1.5'],
      [bravo.id, 8, 240, '0.75'],
      [f.flock.id, 9, 333, '0.2'],
      [bravo.id, 10, 19, '6'],
    ];
    for (const [flockId, back, eggs, price] of rows) {
      records.push(await made<EggProduction>(produce(f.headers, production(flockId, { date_produced: shiftDay(today(), -back), eggs_collected: eggs, price_per_unit: price }))));
    }
    const other = await farmWithFlock({ name: 'Alpha elsewhere' });
    await made(produce(other.headers, production(other.flock.id)));
    return { ...f, bravo, records };
  }

  const list = (headers: Headers, query: string) => get<{ items: EggProduction[]; total: number; page: number; pageSize: number }>(headers, `/api/egg-productions?${query}`);

  it('pages the farm’s records newest first, 10 a page', async () => {
    const f = await farmWithRecords();
    const first = await list(f.headers, '');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items.map((r) => r.date_produced)).toEqual(f.records.slice(0, 10).map((r) => r.date_produced));
    const second = await list(f.headers, 'page=2');
    expect(second).toMatchObject({ total: 12, page: 2 });
    expect(second.items.map((r) => r.id)).toEqual(f.records.slice(10).map((r) => r.id));
    expect((await list(f.headers, 'page=3')).items).toEqual([]);
    expect(first.items.every((r) => r.flock_name === (r.flock_id === f.bravo.id ? 'Bravo shed' : 'Alpha house'))).toBe(true);
  });

  it('sorts by each column both ways, ties by id', async () => {
    const f = await farmWithRecords();
    const keys: Record<string, (r: EggProduction) => string | number> = {
      date: (r) => r.date_produced,
      flock: (r) => r.flock_name,
      eggs: (r) => r.eggs_collected,
      trays: (r) => r.eggs_collected,
      revenue: (r) => r.total_revenue_cents ?? -1,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...f.records]
          .sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id))
          .map((r) => r.id);
        const page = await list(f.headers, `sort=${sort}&order=${order}&pageSize=100`);
        expect(page.items.map((r) => r.id), `${sort} ${order}`).toEqual(expected);
      }
    }
  });

  it('searches by flock name and by date text, and filters by flock', async () => {
    const f = await farmWithRecords();
    const bravo = await list(f.headers, 'q=BRAVO&pageSize=100');
    expect(bravo.total).toBe(6);
    expect(bravo.items.every((r) => r.flock_id === f.bravo.id)).toBe(true);
    const day = shiftDay(today(), -3);
    const byDay = await list(f.headers, `q=${day}`);
    expect(byDay.items.map((r) => r.date_produced)).toEqual([day]);
    // The date as the screen shows it ('05 Mar 2026').
    const shown = await list(f.headers, `q=${encodeURIComponent(dayAsShown(day))}`);
    expect(shown.items.map((r) => r.date_produced)).toEqual([day]);
    const month = today().slice(0, 7);
    expect((await list(f.headers, `q=${month}&pageSize=100`)).total).toBe(f.records.filter((r) => r.date_produced.startsWith(month)).length);
    expect((await list(f.headers, 'q=nothing-like-it')).total).toBe(0);
    // Search text is data, never a pattern: % and _ match themselves.
    expect((await list(f.headers, 'q=%25')).total).toBe(0);
    expect((await list(f.headers, 'q=_')).total).toBe(0);
    const alpha = await list(f.headers, `flock_id=${f.flock.id}&pageSize=100`);
    expect(alpha.total).toBe(6);
    expect(alpha.items.every((r) => r.flock_id === f.flock.id)).toBe(true);
    expect((await list(f.headers, `flock_id=${f.bravo.id}&q=${day}`)).total).toBe(0);
  });

  it('shows nothing of another farm, even for its flock id', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    await made(produce(other.headers, production(other.flock.id)));
    expect(await list(f.headers, `flock_id=${other.flock.id}`)).toMatchObject({ items: [], total: 0 });
    expect(await list(f.headers, '')).toMatchObject({ items: [], total: 0 });
  });

  it.each(['sort=type', 'order=up', 'page=0', 'pageSize=101', 'flock_id=abc'])('refuses %s with 400', async (query) => {
    const f = await farmWithFlock();
    expect((await app.inject({ method: 'GET', url: `/api/egg-productions?${query}`, headers: f.headers })).statusCode).toBe(400);
  });
});

describe('egg adjustments', () => {
  it('records breakage in eggs and giveaway in crates of 30, type in any case, ignoring ids in the body', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const eggs = await adjust(f.headers, { ...adjustment(f.flock.id), adjustment_type: 'Breakage', id: 424_242, farm_id: other.farm.id, user_id: other.user.id });
    expect(eggs.statusCode, eggs.body).toBe(201);
    expect(eggs.json<EggAdjustment>()).toMatchObject({
      flock_id: f.flock.id,
      flock_name: f.flock.name,
      adjustment_type: 'breakage',
      eggs_adjusted: 12,
      unit: 'eggs',
      number: 12,
      date_adjusted: today(),
      notes: 'Dropped a tray',
      user_id: f.user.id,
    });
    expect(eggs.json<EggAdjustment>().id).not.toBe(424_242);
    const crates = await adjust(f.headers, { flockId: f.flock.id, adjustmentType: 'GIVEAWAY', eggsAdjusted: 2, unit: 'crates', dateAdjusted: `${shiftDay(today(), -1)}T21:00:00.000Z` });
    expect(crates.statusCode, crates.body).toBe(201);
    expect(crates.json<EggAdjustment>()).toMatchObject({ adjustment_type: 'giveaway', eggs_adjusted: 60, unit: 'crates', number: 2, date_adjusted: today(), notes: null });
    expect((await adjustmentRows(f.farm.id)).map((r) => r.eggsAdjusted).sort()).toEqual([12, 60]);
    expect(await adjustmentRows(other.farm.id)).toHaveLength(0);
  });

  it.each([
    ['no flock', { flock_id: undefined }, 'flock_id', eggMessages.fillAllRequired],
    ['no type', { adjustment_type: undefined }, 'adjustment_type', eggMessages.fillAllRequired],
    ['no date', { date_adjusted: '' }, 'date_adjusted', eggMessages.fillAllRequired],
    ['a number of 0', { eggs_adjusted: 0 }, 'eggs_adjusted', eggMessages.fillAllRequired],
    ['a negative number', { eggs_adjusted: -4 }, 'eggs_adjusted', eggMessages.fillAllRequired],
    ['an unknown type', { adjustment_type: 'theft' }, 'adjustment_type', eggMessages.typeInvalid],
    ['an unknown unit', { unit: 'trays' }, 'unit', eggMessages.unitInvalid],
    ['crates with a fraction', { unit: 'crates', eggs_adjusted: 1.5 }, 'eggs_adjusted', eggMessages.numberWhole],
    ['eggs with a fraction', { eggs_adjusted: 2.5 }, 'eggs_adjusted', eggMessages.numberWhole],
    ['a huge number', { unit: 'crates', eggs_adjusted: 1e21 }, 'eggs_adjusted', eggMessages.numberTooLarge],
    ['over 300,000', { eggs_adjusted: 300_001 }, 'eggs_adjusted', eggMessages.numberTooLarge],
    ['an impossible date', { date_adjusted: '2026-02-30' }, 'date_adjusted', eggMessages.dateInvalid],
    ['a future date', { date_adjusted: shiftDay(dayIn(new Date(), FARM_ZONE), 1) }, 'date_adjusted', eggMessages.dateInFuture],
    ['tomorrow in Nairobi', { date_adjusted: `${dayIn(new Date(), FARM_ZONE)}T21:30:00Z` }, 'date_adjusted', eggMessages.dateInFuture],
    ['notes of 501 characters', { notes: 'x'.repeat(501) }, 'notes', eggMessages.notesTooLong],
  ])('refuses %s with its message and adds nothing', async (_what, change, field, message) => {
    const f = await farmWithFlock();
    expectRefused(await adjust(f.headers, adjustment(f.flock.id, change)), 400, field, message);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(0);
  });

  it('refuses a NUL character in the notes (PostgreSQL text cannot hold it) with 400, not a 500', async () => {
    const f = await farmWithFlock();
    expectRefused(await adjust(f.headers, adjustment(f.flock.id, { notes: 'a\u0000b' })), 400, 'notes', NUL_MESSAGE);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(0);
  });

  it('refuses a flock of another farm with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    expectRefused(await adjust(f.headers, adjustment(other.flock.id)), 404, undefined, flockMessages.notFound);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(0);
    expect(await adjustmentRows(other.farm.id)).toHaveLength(0);
  });

  it('replays an adjustment for the same Idempotency-Key', async () => {
    const f = await farmWithFlock();
    const headers = { ...f.headers, 'idempotency-key': `adjust-${f.farm.id}` };
    const first = await adjust(headers, adjustment(f.flock.id));
    const again = await adjust(headers, adjustment(f.flock.id));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(1);
  });

  it('edits the whole adjustment, the flock read-only; refuses 0 with “at least 1” and a future day', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f);
    const original = await made<EggAdjustment>(adjust(f.headers, adjustment(f.flock.id)));
    const url = `/api/egg-adjustments/${original.id}`;
    const body = { flock_id: second.id, adjustment_type: 'Consumption', eggs_adjusted: 3, unit: 'crates', date_adjusted: shiftDay(today(), -2), notes: '' };
    const res = await app.inject({ method: 'PUT', url, headers: f.headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EggAdjustment>()).toMatchObject({ flock_id: f.flock.id, flock_name: f.flock.name, adjustment_type: 'consumption', eggs_adjusted: 90, unit: 'crates', number: 3, notes: null });
    const stored = await adjustmentRows(f.farm.id);
    expectRefused(await app.inject({ method: 'PUT', url, headers: f.headers, payload: { ...body, eggs_adjusted: 0 } }), 400, 'eggs_adjusted', eggMessages.numberMin);
    expectRefused(await app.inject({ method: 'PUT', url, headers: f.headers, payload: { ...body, unit: 'crates', eggs_adjusted: 0.5 } }), 400, 'eggs_adjusted', eggMessages.numberMin);
    expectRefused(await app.inject({ method: 'PUT', url, headers: f.headers, payload: { ...body, eggs_adjusted: 2.5 } }), 400, 'eggs_adjusted', eggMessages.numberWhole);
    expectRefused(await app.inject({ method: 'PUT', url, headers: f.headers, payload: { ...body, date_adjusted: shiftDay(today(), 1) } }), 400, 'date_adjusted', eggMessages.dateInFuture);
    expectRefused(await app.inject({ method: 'PUT', url, headers: f.headers, payload: { ...body, adjustment_type: 'lost' } }), 400, 'adjustment_type', eggMessages.typeInvalid);
    expect(await adjustmentRows(f.farm.id)).toEqual(stored);
  });

  it('deletes; another farm’s adjustment is 404 for PUT and DELETE and stays as it was', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const mine = await made<EggAdjustment>(adjust(f.headers, adjustment(f.flock.id)));
    const theirs = await made<EggAdjustment>(adjust(other.headers, adjustment(other.flock.id)));
    const before = await adjustmentRows(other.farm.id);
    const url = `/api/egg-adjustments/${theirs.id}`;
    const put = await app.inject({ method: 'PUT', url, headers: f.headers, payload: { adjustment_type: 'giveaway', eggs_adjusted: 1, date_adjusted: today() } });
    expectRefused(put, 404, undefined, eggMessages.adjustmentNotFound);
    expectRefused(await app.inject({ method: 'DELETE', url, headers: f.headers }), 404, undefined, eggMessages.adjustmentNotFound);
    expect(await adjustmentRows(other.farm.id)).toEqual(before);
    expect((await app.inject({ method: 'DELETE', url: `/api/egg-adjustments/${mine.id}`, headers: f.headers })).statusCode).toBe(204);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(0);
  });

  it('lists, pages, sorts by each column both ways, searches and filters', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    const rows: [number, string, number, 'eggs' | 'crates', number, string][] = [
      [f.flock.id, 'breakage', 5, 'eggs', 0, 'cracked'],
      [bravo.id, 'giveaway', 2, 'crates', 1, 'neighbour'],
      [f.flock.id, 'consumption', 13, 'eggs', 2, 'kitchen'],
      [bravo.id, 'breakage', 1, 'crates', 3, 'dropped tray'],
      [f.flock.id, 'giveaway', 7, 'eggs', 4, 'church'],
      [bravo.id, 'consumption', 9, 'eggs', 5, 'workers'],
      [f.flock.id, 'breakage', 4, 'crates', 6, 'rats'],
      [bravo.id, 'giveaway', 11, 'eggs', 7, 'school'],
      [f.flock.id, 'consumption', 3, 'eggs', 8, 'family'],
      [bravo.id, 'breakage', 21, 'eggs', 9, 'transport'],
      [f.flock.id, 'giveaway', 5, 'crates', 10, 'market sample'],
    ];
    const adjustments: EggAdjustment[] = [];
    for (const [flockId, type, number, unit, back, notes] of rows) {
      adjustments.push(await made<EggAdjustment>(adjust(f.headers, { flock_id: flockId, adjustment_type: type, eggs_adjusted: number, unit, date_adjusted: shiftDay(today(), -back), notes })));
    }
    const other = await farmWithFlock({ name: 'Alpha elsewhere' });
    await made(adjust(other.headers, adjustment(other.flock.id)));
    const list = (query: string) => get<{ items: EggAdjustment[]; total: number; page: number }>(f.headers, `/api/egg-adjustments?${query}`);

    const first = await list('');
    expect(first.total).toBe(11);
    expect(first.items.map((a) => a.id)).toEqual(adjustments.slice(0, 10).map((a) => a.id));
    expect((await list('page=2')).items.map((a) => a.id)).toEqual([adjustments[10]!.id]);

    const keys: Record<string, (a: EggAdjustment) => string | number> = {
      date: (a) => a.date_adjusted,
      flock: (a) => a.flock_name,
      type: (a) => a.adjustment_type,
      eggs: (a) => a.eggs_adjusted,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...adjustments].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map((a) => a.id);
        expect((await list(`sort=${sort}&order=${order}&pageSize=100`)).items.map((a) => a.id), `${sort} ${order}`).toEqual(expected);
      }
    }

    expect((await list('q=bravo&pageSize=100')).total).toBe(5);
    expect((await list('q=GIVEAWAY&pageSize=100')).total).toBe(4);
    expect((await list('q=tray')).items.map((a) => a.notes)).toEqual(['dropped tray']);
    expect((await list(`q=${shiftDay(today(), -6)}`)).items.map((a) => a.notes)).toEqual(['rats']);
    const alpha = await list(`flock_id=${f.flock.id}&pageSize=100`);
    expect(alpha.total).toBe(6);
    expect(alpha.items.every((a) => a.flock_id === f.flock.id)).toBe(true);
    const breakage = await list('adjustment_type=Breakage&pageSize=100');
    expect(breakage.items.map((a) => a.notes)).toEqual(['cracked', 'dropped tray', 'rats', 'transport']);
    expect((await list(`flock_id=${bravo.id}&adjustment_type=consumption`)).items.map((a) => a.notes)).toEqual(['workers']);
    expect((await list(`flock_id=${other.flock.id}`)).total).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/egg-adjustments?adjustment_type=theft', headers: f.headers })).statusCode).toBe(400);
  });
});

describe('GET /api/egg-productions/stats', () => {
  it('sums this month in the farm’s zone: eggs, distinct days, averages, adjustments by type, stock, laying rates', async () => {
    const f = await farmWithFlock({ name: 'Alpha house', bird_count: 100, initial_bird_count: 100 });
    const bravo = await createFlock(app, f, { name: 'Bravo shed', bird_count: 50, initial_bird_count: 50 });
    const days = thisMonthDays();
    // Alpha lays 80 on each day of this month used; Bravo 40 on today only: the same day across flocks counts once.
    for (const day of days) await made(produce(f.headers, production(f.flock.id, { date_produced: day, eggs_collected: 80 })));
    await made(produce(f.headers, production(bravo.id, { date_produced: today(), eggs_collected: 40 })));
    // Last month's records and adjustments are not this month's.
    await made(produce(f.headers, production(f.flock.id, { date_produced: lastMonth(), eggs_collected: 9_999 })));
    await made(produce(f.headers, production(bravo.id, { date_produced: lastMonth(), eggs_collected: 9_999 })));
    await made(adjust(f.headers, adjustment(f.flock.id, { date_adjusted: lastMonth(), eggs_adjusted: 500 })));
    await made(adjust(f.headers, adjustment(f.flock.id, { adjustment_type: 'breakage', eggs_adjusted: 7 })));
    await made(adjust(f.headers, adjustment(bravo.id, { adjustment_type: 'giveaway', eggs_adjusted: 1, unit: 'crates', date_adjusted: firstOfMonth() })));
    await made(adjust(f.headers, adjustment(bravo.id, { adjustment_type: 'consumption', eggs_adjusted: 3 })));
    // Another farm's eggs stay out.
    const other = await farmWithFlock();
    await made(produce(other.headers, production(other.flock.id, { eggs_collected: 5_000 })));

    const eggs = 80 * days.length + 40;
    const stock = eggs - 7 - 30 - 3;
    const stats = await get<EggStats>(f.headers, '/api/egg-productions/stats');
    expect(stats).toEqual({
      month: today().slice(0, 7),
      eggs_this_month: eggs,
      trays_this_month: Math.floor(eggs / 30),
      remainder_eggs_this_month: eggs % 30,
      production_days: days.length,
      average_per_day: Math.round(eggs / days.length),
      average_trays_per_day: Math.round((eggs / 30 / days.length) * 10) / 10,
      adjusted_eggs_this_month: 40,
      egg_sale_crates_this_month: 0,
      available_stock: stock,
      available_stock_trays: Math.floor(stock / 30),
      available_stock_remainder: stock % 30,
      // Hen-days: 100 birds × the days recorded + 50 × 1.
      laying_rate: Math.round((eggs / (100 * days.length + 50)) * 1000) / 10,
      flocks: [
        { flock_id: f.flock.id, flock_name: 'Alpha house', birds: 100, eggs: 80 * days.length, days: days.length, laying_rate: 80 },
        { flock_id: bravo.id, flock_name: 'Bravo shed', birds: 50, eggs: 40, days: 1, laying_rate: 80 },
      ],
      adjustments: { giveaway: 30, breakage: 7, consumption: 3 },
    });
  });

  it('floors the available stock at 0 when more left than was laid', async () => {
    const f = await farmWithFlock();
    await made(produce(f.headers, production(f.flock.id, { eggs_collected: 100 })));
    await made(adjust(f.headers, adjustment(f.flock.id, { adjustment_type: 'breakage', eggs_adjusted: 5, unit: 'crates' })));
    const stats = await get<EggStats>(f.headers, '/api/egg-productions/stats');
    expect(stats).toMatchObject({ eggs_this_month: 100, adjusted_eggs_this_month: 150, available_stock: 0, available_stock_trays: 0, available_stock_remainder: 0 });
  });

  it('answers zeros and no laying rate for a farm without records, or with a flock of no birds', async () => {
    const f = await farmWithFlock();
    expect(await get<EggStats>(f.headers, '/api/egg-productions/stats')).toMatchObject({
      eggs_this_month: 0,
      production_days: 0,
      average_per_day: 0,
      average_trays_per_day: 0,
      available_stock: 0,
      laying_rate: null,
      flocks: [],
      adjustments: { giveaway: 0, breakage: 0, consumption: 0 },
    });
    const empty = await createFlock(app, f, { bird_count: 0, initial_bird_count: 0 });
    await made(produce(f.headers, production(empty.id, { eggs_collected: 10 })));
    const stats = await get<EggStats>(f.headers, '/api/egg-productions/stats');
    expect(stats).toMatchObject({ eggs_this_month: 10, production_days: 1, average_per_day: 10, laying_rate: null });
    expect(stats.flocks).toEqual([expect.objectContaining({ flock_id: empty.id, birds: 0, laying_rate: null })]);
  });
});

describe('GET /api/egg-productions/series', () => {
  it('gives 30 days with each flock’s eggs aligned, this month’s weeks and adjustments by type', async () => {
    const f = await farmWithFlock({ name: 'Alpha house' });
    const bravo = await createFlock(app, f, { name: 'Bravo shed' });
    await made(produce(f.headers, production(f.flock.id, { eggs_collected: 70 })));
    await made(produce(f.headers, production(f.flock.id, { date_produced: shiftDay(today(), -29), eggs_collected: 29 })));
    // 30 days back is outside the chart.
    await made(produce(f.headers, production(f.flock.id, { date_produced: shiftDay(today(), -30), eggs_collected: 1_000 })));
    await made(produce(f.headers, production(bravo.id, { date_produced: lastMonth(), eggs_collected: 11 })));
    await made(produce(f.headers, production(bravo.id, { date_produced: firstOfMonth(), eggs_collected: 13 })));
    await made(adjust(f.headers, adjustment(f.flock.id, { adjustment_type: 'consumption', eggs_adjusted: 2, unit: 'crates' })));
    await made(adjust(f.headers, adjustment(f.flock.id, { adjustment_type: 'giveaway', eggs_adjusted: 4, date_adjusted: lastMonth() })));
    const other = await farmWithFlock();
    await made(produce(other.headers, production(other.flock.id)));

    const series = await get<EggSeries>(f.headers, '/api/egg-productions/series');
    const expectedDays = Array.from({ length: EGG_CHART_DAYS }, (_, i) => shiftDay(today(), i + 1 - EGG_CHART_DAYS));
    expect(series.days).toEqual(expectedDays);
    const aligned = (points: Record<string, number>) => expectedDays.map((d) => points[d] ?? 0);
    // Bravo's days fall in the chart or not with the day of the month (on the 31st neither does): a flock shows only with eggs in it.
    const expectedFlocks = [
      { flock_id: f.flock.id, flock_name: 'Alpha house', eggs: aligned({ [today()]: 70, [shiftDay(today(), -29)]: 29 }) },
      { flock_id: bravo.id, flock_name: 'Bravo shed', eggs: aligned({ [firstOfMonth()]: 13, [lastMonth()]: 11 }) },
    ];
    expect(series.flocks).toEqual(expectedFlocks.filter((flock) => flock.eggs.some((eggs) => eggs > 0)));
    for (const flock of series.flocks) expect(flock.eggs).toHaveLength(EGG_CHART_DAYS);

    const [year, month] = today().split('-').map(Number) as [number, number];
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
    expect(series.weeks).toHaveLength(Math.ceil(monthDays / 7));
    expect(series.weeks[0]).toMatchObject({ week: 1, start: firstOfMonth(), end: shiftDay(firstOfMonth(), 6) });
    expect(series.weeks.at(-1)?.end).toBe(shiftDay(firstOfMonth(), monthDays - 1));
    // This month only: Alpha's today (and its 29-days-back record if still this month), Bravo's first of the month.
    const thisMonth = today().slice(0, 7);
    const weekOf = (day: string) => Math.floor((Number(day.slice(8)) - 1) / 7) + 1;
    const expectedWeeks = new Map<number, number>();
    for (const [day, eggs] of [
      [today(), 70],
      [shiftDay(today(), -29), 29],
      [shiftDay(today(), -30), 1_000],
      [firstOfMonth(), 13],
    ] as const) {
      if (day.startsWith(thisMonth)) expectedWeeks.set(weekOf(day), (expectedWeeks.get(weekOf(day)) ?? 0) + eggs);
    }
    expect(series.weeks.map((w) => w.eggs)).toEqual(series.weeks.map((w) => expectedWeeks.get(w.week) ?? 0));
    expect(series.adjustments).toEqual({ giveaway: 0, breakage: 0, consumption: 60 });
  });

  it('answers empty series for a farm without records', async () => {
    const f = await farmWithFlock();
    const series = await get<EggSeries>(f.headers, '/api/egg-productions/series');
    expect(series.days).toHaveLength(EGG_CHART_DAYS);
    expect(series.days.at(-1)).toBe(today());
    expect(series.flocks).toEqual([]);
    expect(series.weeks.every((w) => w.eggs === 0)).toBe(true);
  });
});

describe('deleting a flock with egg records', () => {
  it('archives it, keeping its records; with everything=true removes it and its egg rows at once', async () => {
    const f = await farmWithFlock();
    await made(produce(f.headers, production(f.flock.id)));
    await made(adjust(f.headers, adjustment(f.flock.id)));
    const archived = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}`, headers: f.headers });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ result: 'archived' });
    expect((await app.db.select().from(flocks).where(eq(flocks.id, f.flock.id)))[0]).toMatchObject({ status: 'archived' });
    expect(await productionRows(f.farm.id)).toHaveLength(1);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(1);

    const everything = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}?everything=true&confirm_name=${encodeURIComponent(f.flock.name)}`, headers: f.headers });
    expect(everything.json()).toEqual({ result: 'deleted' });
    expect(await app.db.select().from(flocks).where(eq(flocks.id, f.flock.id))).toHaveLength(0);
    expect(await productionRows(f.farm.id)).toHaveLength(0);
    expect(await adjustmentRows(f.farm.id)).toHaveLength(0);
  });

  it('archives a flock with only an adjustment too', async () => {
    const f = await farmWithFlock();
    await made(adjust(f.headers, adjustment(f.flock.id)));
    expect((await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}`, headers: f.headers })).json()).toEqual({ result: 'archived' });
  });
});

describe('the kept totals of the lists', () => {
  it('follow 20 writers at once, replays, refusals and deletes, and a flock deleted with everything', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f);
    const writes = Array.from({ length: 20 }, (_, i) => {
      const flockId = i % 2 === 0 ? f.flock.id : second.id;
      // Days repeat every 7 writes a flock: some of these are second records of a day (409).
      const day = shiftDay(today(), -(Math.floor(i / 2) % 7));
      return i % 3 === 0
        ? adjust(f.headers, adjustment(flockId, { eggs_adjusted: i + 1 }))
        : produce(f.headers, production(flockId, { date_produced: day, eggs_collected: i }), i % 4 === 0 ? { 'idempotency-key': `w-${f.farm.id}-${i}` } : {});
    });
    const answers = await Promise.all(writes);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409), answers.map((a) => a.body).join('\n')).toBe(true);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);

    const lists = async () => ({
      productions: (await get<{ total: number }>(f.headers, '/api/egg-productions')).total,
      adjustments: (await get<{ total: number }>(f.headers, '/api/egg-adjustments')).total,
    });
    expect(await lists()).toEqual({ productions: (await productionRows(f.farm.id)).length, adjustments: (await adjustmentRows(f.farm.id)).length });

    const [first] = await productionRows(f.farm.id);
    const [firstAdjustment] = await adjustmentRows(f.farm.id);
    await app.inject({ method: 'DELETE', url: `/api/egg-productions/${first!.id}`, headers: f.headers });
    await app.inject({ method: 'DELETE', url: `/api/egg-adjustments/${firstAdjustment!.id}`, headers: f.headers });
    await app.inject({ method: 'DELETE', url: `/api/egg-productions/${first!.id}`, headers: f.headers });
    await produce(f.headers, production(f.flock.id, { eggs_collected: -1 }));
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect(await lists()).toEqual({ productions: (await productionRows(f.farm.id)).length, adjustments: (await adjustmentRows(f.farm.id)).length });

    await app.inject({ method: 'DELETE', url: `/api/flocks/${second.id}?everything=true&confirm_name=${encodeURIComponent(second.name)}`, headers: f.headers });
    await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}?everything=true&confirm_name=${encodeURIComponent(f.flock.name)}`, headers: f.headers });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect(await lists()).toEqual({ productions: 0, adjustments: 0 });
  });
});

describe('deep pages of the history by date (read through the rollups)', () => {
  it('give every page both ways exactly as the plain ordering does, after edits across days and months', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f);
    const third = await createFlock(app, f);
    // 3 flocks over 75 days, with gaps: more than two months, several records a day.
    const bodies = [f.flock.id, second.id, third.id].flatMap((flockId, k) =>
      Array.from({ length: 75 }, (_, d) => d)
        .filter((d) => (d + k) % 4 !== 0)
        .map((d) => ({ flock_id: flockId, date_produced: shiftDay(today(), -d - 2 * k), eggs_collected: 100 + d })),
    );
    for (const body of bodies) await made(produce(f.headers, body));
    const rows = await productionRows(f.farm.id);
    // Moves a record to an older month and another to a free day; deletes one.
    const moved = rows.find((r) => r.flockId === second.id && r.dateProduced === shiftDay(today(), -3))!;
    await app.inject({ method: 'PUT', url: `/api/egg-productions/${moved.id}`, headers: f.headers, payload: { date_produced: shiftDay(today(), -120), eggs_collected: 7 } });
    await app.inject({ method: 'DELETE', url: `/api/egg-productions/${rows[5]!.id}`, headers: f.headers });
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);

    const all = await productionRows(f.farm.id);
    const byDate = (a: (typeof all)[number], b: (typeof all)[number]) => (a.dateProduced < b.dateProduced ? -1 : a.dateProduced > b.dateProduced ? 1 : a.id - b.id);
    const ascending = [...all].sort(byDate).map((r) => r.id);
    for (const order of ['asc', 'desc'] as const) {
      const expected = order === 'asc' ? ascending : [...ascending].reverse();
      const pageSize = 7;
      for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page++) {
        const answer = await get<{ items: EggProduction[]; total: number }>(f.headers, `/api/egg-productions?sort=date&order=${order}&page=${page}&pageSize=${pageSize}`);
        expect(answer.total).toBe(expected.length);
        expect(answer.items.map((i) => i.id), `${order} page ${page}`).toEqual(expected.slice((page - 1) * pageSize, page * pageSize));
      }
    }
  });
});

describe('without a session', () => {
  it('answers 401 on every egg route and changes nothing', async () => {
    const f = await farmWithFlock();
    const record = await made<EggProduction>(produce(f.headers, production(f.flock.id)));
    const adjusted = await made<EggAdjustment>(adjust(f.headers, adjustment(f.flock.id)));
    for (const [method, url, payload] of [
      ['GET', '/api/egg-productions', undefined],
      ['GET', '/api/egg-productions/stats', undefined],
      ['GET', '/api/egg-productions/series', undefined],
      ['POST', '/api/egg-productions', production(f.flock.id, { date_produced: shiftDay(today(), -1) })],
      ['PUT', `/api/egg-productions/${record.id}`, { date_produced: today(), eggs_collected: 1 }],
      ['DELETE', `/api/egg-productions/${record.id}`, undefined],
      ['GET', '/api/egg-adjustments', undefined],
      ['POST', '/api/egg-adjustments', adjustment(f.flock.id)],
      ['PUT', `/api/egg-adjustments/${adjusted.id}`, { adjustment_type: 'giveaway', eggs_adjusted: 1, date_adjusted: today() }],
      ['DELETE', `/api/egg-adjustments/${adjusted.id}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await productionRows(f.farm.id)).toEqual([expect.objectContaining({ id: record.id, eggsCollected: 365 })]);
    expect(await adjustmentRows(f.farm.id)).toEqual([expect.objectContaining({ id: adjusted.id, eggsAdjusted: 12 })]);
  });
});

describe('who added and last changed an egg record', () => {
  it("answers the adder's name, then a second member's change as the last one, for productions and adjustments", async () => {
    const f = await farmWithFlock();
    const owner = f.user.username;
    const record = await made<EggProduction>(produce(f.headers, production(f.flock.id)));
    const adjusted = await made<EggAdjustment>(adjust(f.headers, adjustment(f.flock.id)));
    expect(record).toMatchObject({ created_by_name: owner, updated_by_name: owner });
    expect(adjusted).toMatchObject({ created_by_name: owner, updated_by_name: owner });

    const worker = await addMember(app, f.farm, 'worker');
    const changed = await app.inject({ method: 'PUT', url: `/api/egg-productions/${record.id}`, headers: worker.headers, payload: production(f.flock.id, { eggs_collected: 300 }) });
    expect(changed.json<EggProduction>()).toMatchObject({ eggs_collected: 300, created_by_name: owner, updated_by_name: worker.user.username });
    const changedAdjustment = await app.inject({ method: 'PUT', url: `/api/egg-adjustments/${adjusted.id}`, headers: worker.headers, payload: adjustment(f.flock.id, { eggs_adjusted: 6 }) });
    expect(changedAdjustment.json<EggAdjustment>()).toMatchObject({ flock_name: f.flock.name, created_by_name: owner, updated_by_name: worker.user.username });
    expect((await productionRows(f.farm.id))[0]).toMatchObject({ createdBy: f.user.id, updatedBy: worker.user.id });

    const productions = await get<{ items: EggProduction[] }>(f.headers, '/api/egg-productions');
    expect(productions.items).toEqual([expect.objectContaining({ id: record.id, created_by_name: owner, updated_by_name: worker.user.username })]);
    const adjustments = await get<{ items: EggAdjustment[] }>(f.headers, '/api/egg-adjustments');
    expect(adjustments.items).toEqual([expect.objectContaining({ id: adjusted.id, created_by_name: owner, updated_by_name: worker.user.username })]);
  });
});
