import { addDays, dayIn, economicsWords, flockMessages, type FarmEconomics, type FlockEconomics } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { addMember } from '../../test/factories.js';

/**
 * Decision 071: the figures from a flock's records over a range, summed in SQL. The flock here has
 * 100 birds and was added 10 days ago; the range is the last 4 days (400 hen-days).
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
const ZONE = 'Africa/Nairobi';
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);
const today = () => daysAgo(0);

/** The flock and its first count moved 10 days back, as if it came then. */
async function addedTenDaysAgo(flockId: number) {
  const then = addDays(new Date(), -10);
  await app.db.update(flocks).set({ createdAt: then }).where(eq(flocks.id, flockId));
  await app.db.update(flockBirdCountEvents).set({ createdAt: then }).where(eq(flockBirdCountEvents.flockId, flockId));
}

async function farmWithFlock(overrides: Parameters<typeof factories.createFlock>[2] = {}) {
  const f = await factories.farmWithFlock(app, { name: 'Layers A', ...overrides });
  await addedTenDaysAgo(f.flock.id);
  return f;
}

async function send(headers: Headers, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json<{ id: number; item?: { id: number } }>();
}

/** Three days of eggs (85 each), 2 bags of 50 kg fed at Ksh 3,000 a bag, a vet bill, feed bought, 5 crates sold. */
async function layingMonth(headers: Headers, flockId: number) {
  for (const days of [0, 1, 2]) await send(headers, '/api/egg-productions', { flock_id: flockId, date_produced: daysAgo(days), eggs_collected: 85 });
  const item = await send(headers, '/api/inventory', { item_name: 'Layers mash', flock_id: flockId, quantity: 10, unit: 'bags', reorder_level: 1, cost_per_unit: 3_000, kind: 'feed', unit_weight_kg: 50 });
  for (const days of [0, 1]) await send(headers, `/api/flocks/${flockId}/feed`, { item_id: item.id, date: daysAgo(days), quantity: 1 });
  await send(headers, '/api/expenses', { flock_id: flockId, date: today(), description: 'Vet visit', amount: 600, category: 'Vet' });
  // Feed bought is counted when fed (decision 070): this bill is not a cost of the trays.
  await send(headers, '/api/expenses', { flock_id: flockId, date: today(), description: 'Layers mash', amount: 30_000, category: 'Feed' });
  await send(headers, '/api/sales', { flock_id: flockId, category: 'Egg Sales', product: 'Eggs', quantity: 5, unit_price: 450, date: today(), sale_type: 'Cash', status: 'paid' });
}

const economicsOf = async <T>(headers: Headers, url: string, status = 200): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
const range = () => `start_date=${daysAgo(3)}&end_date=${today()}`;

describe('GET /api/flocks/:flockId/economics', () => {
  it('works out a laying flock’s figures from its records', async () => {
    const f = await farmWithFlock();
    await layingMonth(f.headers, f.flock.id);
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    expect(answer).toMatchObject({ flock_id: f.flock.id, kind: 'layers', start_date: daysAgo(3), end_date: today(), days: 4, feed_records: 2, egg_records: 3, feed_kg: 100, feed_cost_cents: 600_000, broilers: null });
    expect(answer.layers).toEqual({
      hen_day_percent: 63.8, // 255 eggs ÷ 400 hen-days
      eggs_per_day: 63.8,
      trays_per_day: 2.1,
      feed_per_bird_day_grams: 250, // 100 kg ÷ 400
      feed_per_tray_kg: 11.76, // 100 kg ÷ 8.5 trays
      feed_cost_per_tray_cents: 70_588,
      cost_per_tray_cents: 77_647, // + the vet's Ksh 600 ÷ 8.5, not the feed bought
      price_per_tray_cents: 45_000,
      margin_per_tray_cents: 45_000 - 77_647,
    });
  });

  it('counts the birds present each day from the flock’s changes', async () => {
    const f = await farmWithFlock();
    await send(f.headers, '/api/egg-productions', { flock_id: f.flock.id, date_produced: today(), eggs_collected: 50 });
    // Half the flock sold today: today counts 50 hens, the three days before 100.
    await send(f.headers, `/api/flocks/${f.flock.id}/bird-count-changes`, { change: -50, reason: 'sold' });
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    expect(answer.layers?.hen_day_percent).toBe(14.3); // 50 ÷ 350
  });

  it('shows — (null), never 0, where the records needed are missing', async () => {
    const f = await farmWithFlock();
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics`);
    expect(answer.feed_records).toBe(0);
    expect(Object.values(answer.layers ?? {})).toEqual(Array(9).fill(null));
  });

  it('works out a broiler batch’s mortality, its weight figures waiting for a weighing', async () => {
    const f = await farmWithFlock({ name: 'Broilers 1', breed: 'Broilers', initial_bird_count: 1_000, bird_count: 1_000 });
    await send(f.headers, `/api/flocks/${f.flock.id}/bird-count-changes`, { change: -40, reason: 'mortality' });
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    expect(answer).toMatchObject({ kind: 'broilers', layers: null });
    expect(answer.broilers).toMatchObject({ mortality_percent: 4, average_weight_kg: null, feed_conversion_ratio: null, cost_per_kg_cents: null });
  });

  it('works out a weighed and fed broiler batch: live weight, FCR, EPEF and cost a kg', async () => {
    const f = await farmWithFlock({ name: 'Broilers 2', breed: 'Broilers', age: 4, initial_bird_count: 1_000, bird_count: 1_000 });
    await send(f.headers, `/api/flocks/${f.flock.id}/bird-count-changes`, { change: -40, reason: 'mortality' });
    await send(f.headers, `/api/flocks/${f.flock.id}/weighings`, { date: today(), birds: 20, total_kg: 44 });
    const item = await send(f.headers, '/api/inventory', { item_name: 'Broiler finisher', flock_id: f.flock.id, quantity: 4_000, unit: 'kg', reorder_level: 1, cost_per_unit: 72, kind: 'feed' });
    // Fed before the range: a batch is read over its life.
    await send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: item.id, date: daysAgo(6), quantity: 3_312 });
    await send(f.headers, '/api/expenses', { flock_id: f.flock.id, date: today(), description: 'Day-old chicks', amount: 60_000, category: 'Others' });
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    expect(answer).toMatchObject({ start_date: daysAgo(10), weighings: 1, feed_records: 1, feed_kg: 3_312 });
    expect(answer.broilers).toEqual({
      mortality_percent: 4,
      average_weight_kg: 2.2,
      live_weight_kg: 2_112, // 960 birds × 2.2 kg
      feed_conversion_ratio: 1.6, // 3,312 kg ÷ (2,112 − 42) kg
      production_efficiency: 347, // 96 × 2.2 × 100 ÷ (38 days × 1.6)
      cost_per_kg_cents: 14_132, // (Ksh 238,464 + Ksh 60,000) ÷ 2,112 kg
      revenue_per_kg_cents: null,
      sales_cents: 0,
      profit_cents: -29_846_400, // nothing sold yet: its costs so far
    });

    // Sold: 500 birds by the kg (1,050 kg at Ksh 350), 100 by the bird unweighed (Ksh 700 each), decision 072.
    const sale = { flock_id: f.flock.id, product: 'Broilers', date: today(), sale_type: 'Cash', status: 'paid' };
    await send(f.headers, '/api/sales', { ...sale, category: 'Live Birds', unit: 'Kg', quantity: 1_050, birds: 500, unit_price: 350 });
    await send(f.headers, '/api/sales', { ...sale, category: 'Live Birds', quantity: 100, unit_price: 700 });
    const sold = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    expect(sold.broilers).toMatchObject({
      mortality_percent: 4, // sold birds are not deaths
      live_weight_kg: 2_062, // (360 alive + 100 sold unweighed) × 2.2 kg + 1,050 kg
      revenue_per_kg_cents: 35_000,
      sales_cents: 43_750_000,
      profit_cents: 43_750_000 - 29_846_400,
    });
    const farm = await economicsOf<FarmEconomics>(f.headers, `/api/economics?${range()}`);
    expect(farm.flocks[0]?.broilers?.profit_cents).toBe(43_750_000 - 29_846_400);
  });

  it('reads a batch sold out at its age on the day it emptied, not today’s', async () => {
    const f = await farmWithFlock({ name: 'Broilers 3', breed: 'Broilers', age: 4, initial_bird_count: 100, bird_count: 100 });
    const item = await send(f.headers, '/api/inventory', { item_name: 'Broiler finisher', flock_id: f.flock.id, quantity: 400, unit: 'kg', reorder_level: 1, cost_per_unit: 72, kind: 'feed' });
    await send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: item.id, date: daysAgo(6), quantity: 336 });
    const sale = { flock_id: f.flock.id, product: 'Broilers', sale_type: 'Cash', status: 'paid', category: 'Live Birds', unit: 'Kg' };
    await send(f.headers, '/api/sales', { ...sale, date: daysAgo(5), quantity: 214.2, birds: 100, unit_price: 320 });
    // Sold 5 days ago: 4 weeks old when added 10 days ago, 33 days old when sold.
    await app.db.update(flockBirdCountEvents).set({ createdAt: addDays(new Date(), -5) }).where(and(eq(flockBirdCountEvents.flockId, f.flock.id), eq(flockBirdCountEvents.reason, 'sold')));
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    // FCR 336 ÷ (214.2 − 4.2) = 1.6; EPEF 100 % × 2.142 kg × 100 ÷ (33 days × 1.6) = 406.
    expect(answer.broilers).toMatchObject({ live_weight_kg: 214.2, feed_conversion_ratio: 1.6, production_efficiency: 406, revenue_per_kg_cents: 32_000 });
  });

  it('answers a worker without the money, and an auditor in full', async () => {
    const f = await farmWithFlock();
    await layingMonth(f.headers, f.flock.id);
    const worker = await addMember(app, f.farm, 'worker');
    const seen = await economicsOf<FlockEconomics>(worker.headers, `/api/flocks/${f.flock.id}/economics?${range()}`);
    expect(seen.layers).toEqual({ hen_day_percent: 63.8, eggs_per_day: 63.8, trays_per_day: 2.1, feed_per_bird_day_grams: 250, feed_per_tray_kg: 11.76 });
    expect(seen).not.toHaveProperty('feed_cost_cents');
    const auditor = await addMember(app, f.farm, 'auditor');
    expect((await economicsOf<FlockEconomics>(auditor.headers, `/api/flocks/${f.flock.id}/economics?${range()}`)).layers?.margin_per_tray_cents).toBe(45_000 - 77_647);
  });

  it('refuses another farm’s flock and a flock that is not there', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const refused = await economicsOf<{ error: { message: string } }>(f.headers, `/api/flocks/${other.flock.id}/economics`, 404);
    expect(refused.error.message).toBe(flockMessages.notFound);
    await economicsOf(f.headers, '/api/flocks/999999999/economics', 404);
    await economicsOf(f.headers, '/api/flocks/abc/economics', 400);
  });

  it.each([
    ['start_date=not-a-day', economicsWords.dateInvalid],
    ['end_date=2026-02-30', economicsWords.dateInvalid],
    [`start_date=${today()}&end_date=${daysAgo(1)}`, economicsWords.startAfterEnd],
    [`start_date=2000-01-01&end_date=${today()}`, economicsWords.rangeTooLong],
  ])('refuses ?%s with a message', async (query, message) => {
    const f = await farmWithFlock();
    const refused = await economicsOf<{ error: { message: string } }>(f.headers, `/api/flocks/${f.flock.id}/economics?${query}`, 400);
    expect(refused.error.message).toBe(message);
  });

  it('stops the range at the farm’s today', async () => {
    const f = await farmWithFlock();
    const answer = await economicsOf<FlockEconomics>(f.headers, `/api/flocks/${f.flock.id}/economics?start_date=${daysAgo(1)}&end_date=${dayIn(addDays(new Date(), 30), ZONE)}`);
    expect(answer).toMatchObject({ end_date: today(), days: 2 });
  });
});

describe('GET /api/economics', () => {
  it('gives each flock’s figures and the laying flocks’ together', async () => {
    const f = await farmWithFlock();
    await layingMonth(f.headers, f.flock.id);
    const second = await factories.createFlock(app, f, { name: 'Layers B' });
    await addedTenDaysAgo(second.id);
    await send(f.headers, '/api/egg-productions', { flock_id: second.id, date_produced: today(), eggs_collected: 45 });
    const broilers = await factories.createFlock(app, f, { name: 'Broilers 1', breed: 'Broilers' });
    await addedTenDaysAgo(broilers.id);

    const farm = await economicsOf<FarmEconomics>(f.headers, `/api/economics?${range()}`);
    expect(farm.flocks.map((x) => [x.flock_name, x.kind])).toEqual([
      ['Broilers 1', 'broilers'],
      ['Layers A', 'layers'],
      ['Layers B', 'layers'],
    ]);
    expect(farm).toMatchObject({ feed_records: 2, egg_records: 4, feed_kg: 100, feed_cost_cents: 600_000 });
    // 300 eggs over 800 hen-days of the two laying flocks; the broilers' days are not hen-days.
    expect(farm.layers?.hen_day_percent).toBe(37.5);
    expect(farm.layers?.feed_per_tray_kg).toBe(10); // 100 kg ÷ 10 trays
  });

  it('leaves out an archived flock without records in the range, and another farm’s', async () => {
    const f = await farmWithFlock();
    await factories.createFlock(app, f, { name: 'Old flock', status: 'archived' });
    const other = await farmWithFlock({ name: 'Not mine' });
    await send(other.headers, '/api/egg-productions', { flock_id: other.flock.id, date_produced: today(), eggs_collected: 10 });
    const farm = await economicsOf<FarmEconomics>(f.headers, '/api/economics');
    expect(farm.flocks.map((x) => x.flock_name)).toEqual(['Layers A']);
    expect(farm.egg_records).toBe(0);
  });
});
