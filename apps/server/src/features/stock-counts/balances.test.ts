import { addDays, dayIn, feedMessages } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggAdjustments, eggProductions, flockBirdCountEvents, flocks, inventoryItems, inventoryMovements, sales, stockCounts, stockCountSettings } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import * as factories from '../../test/factories.js';
import { balanceChecks } from './balances.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const ZONE = 'Africa/Nairobi';
const D = dayIn(new Date(), ZONE);
const day = (ago: number) => dayIn(addDays(new Date(), -ago), ZONE);
/** Noon of a farm day, as a record's instant. */
const noon = (ago: number) => new Date(`${day(ago)}T12:00:00+03:00`);
const week = { start: day(6), end: D };

async function farm() {
  const f = await factories.farmWithFlock(app, { name: 'Layers A', initial_bird_count: 100, bird_count: 100 });
  await app.db.update(flocks).set({ createdAt: noon(30) }).where(eq(flocks.id, f.flock.id));
  await app.db.update(flockBirdCountEvents).set({ createdAt: noon(30) }).where(eq(flockBirdCountEvents.flockId, f.flock.id));
  return f;
}
type Farm = Awaited<ReturnType<typeof farm>>;

const count = (f: Farm, values: Partial<typeof stockCounts.$inferInsert> & { kind: 'eggs' | 'feed' | 'birds'; day: string; counted: number }) =>
  app.db.insert(stockCounts).values({ farmId: f.farm.id, expected: values.counted, unit: values.kind === 'feed' ? 'bags' : values.kind, createdBy: f.user.id, ...values });

let refNo = 1;
const sale = (f: Farm, values: { date: string; quantity: number; amountCents: number; saleType: 'Cash' | 'Credit' | 'Mobile Money' | 'Bank Transfer'; status: 'paid' | 'pending'; category?: 'Egg Sales' | 'Manure' }) =>
  app.db.insert(sales).values({
    farmId: f.farm.id,
    flockId: f.flock.id,
    refNo: refNo++,
    category: values.category ?? 'Egg Sales',
    product: 'Eggs',
    quantity: values.quantity,
    unit: 'Crates',
    unitPriceCents: Math.round(values.amountCents / values.quantity),
    amountCents: values.amountCents,
    date: values.date,
    saleType: values.saleType,
    status: values.status,
  });

describe('balance checks on hand-made data with a known gap', () => {
  it('eggs: the count before the week carried forward, collected − sold crates × 30 − written off, 45 eggs (1 tray 15) missing at the count', async () => {
    const f = await farm();
    await count(f, { kind: 'eggs', day: day(10), counted: 300 });
    const produced = (ago: number, eggs: number) => app.db.insert(eggProductions).values({ farmId: f.farm.id, flockId: f.flock.id, dateProduced: day(ago), eggsCollected: eggs });
    await produced(12, 999); // before the anchor: not read
    await produced(8, 100); // after the anchor, before the week: opening 400
    await produced(5, 200);
    await produced(1, 30); // after the count: in the closing, not in the count's expected
    await sale(f, { date: day(4), quantity: 5, amountCents: 250_000, saleType: 'Cash', status: 'paid' });
    await app.db.insert(eggAdjustments).values({ farmId: f.farm.id, flockId: f.flock.id, adjustmentType: 'breakage', eggsAdjusted: 20, dateAdjusted: day(3) });
    await count(f, { kind: 'eggs', day: day(2), counted: 385, expected: 999 });

    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.eggs).toMatchObject({
      opening: 400,
      came_in: { collected: 230 },
      went_out: { sold: 150, adjusted: 20 },
      closing: 460,
      last_count: { date: day(2), counted: 385, expected: 430, in_range: true },
      difference: -45,
      difference_trays: 1,
      difference_loose: 15,
      beyond_margin: true,
    });
  });

  it('eggs without any count: the records from the start; no difference', async () => {
    const f = await farm();
    await app.db.insert(eggProductions).values({ farmId: f.farm.id, flockId: f.flock.id, dateProduced: day(9), eggsCollected: 90 });
    await app.db.insert(eggProductions).values({ farmId: f.farm.id, flockId: f.flock.id, dateProduced: day(2), eggsCollected: 60 });
    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.eggs).toMatchObject({ opening: 90, came_in: { collected: 60 }, closing: 150, last_count: null, difference: null, difference_trays: null, beyond_margin: false });
  });

  it('feed: opening + delivered − fed (a put-back gives some back) − removed − corrected down, 2 bags short', async () => {
    const f = await farm();
    const [item] = await app.db
      .insert(inventoryItems)
      .values({ farmId: f.farm.id, flockId: f.flock.id, itemName: 'Layers mash', quantity: 20, unit: 'bags', kind: 'feed', unitWeightKg: 70, reorderLevel: 2, costPerUnitCents: 320_000 })
      .returning();
    const move = (ago: number, kind: 'added' | 'removed' | 'corrected', change: number, reason: 'used' | 'spoiled' | null = null, note: string | null = null) =>
      app.db.insert(inventoryMovements).values({ farmId: f.farm.id, itemId: item!.id, kind, change, balance: 0, reason, note, createdAt: noon(ago) });
    await move(20, 'added', 20);
    await move(5, 'added', 10);
    await move(4, 'removed', -6, 'used', 'Fed to Layers A');
    await move(3, 'added', 1, null, wordsIn('en', feedMessages).putBack('Layers A'));
    await move(2, 'removed', -2, 'spoiled');
    await move(1, 'corrected', -3);
    await count(f, { kind: 'feed', itemId: item!.id, day: D, counted: 18 });

    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.feed).toEqual([
      expect.objectContaining({
        item_id: item!.id,
        item_name: 'Layers mash',
        unit: 'bags',
        opening: 20,
        came_in: { delivered: 10, corrected: 0 },
        went_out: { fed: 5, removed: 2, corrected: 3 },
        closing: 20,
        difference: -2,
        beyond_margin: true,
      }),
    ]);
  });

  it('birds: the head count before the week, deaths, sold, culled and a correction, 5 birds missing at the last head count', async () => {
    const f = await farm();
    const event = (ago: number, reason: 'mortality' | 'sold' | 'culled' | 'correction', delta: number) =>
      app.db.insert(flockBirdCountEvents).values({ farmId: f.farm.id, flockId: f.flock.id, reason, delta, countAfter: 0, createdAt: noon(ago) });
    await event(5, 'mortality', -3);
    await event(4, 'sold', -10);
    await event(3, 'culled', -2);
    await event(2, 'correction', 1);
    await app.db.update(flocks).set({ birdCount: 86 }).where(eq(flocks.id, f.flock.id));
    await count(f, { kind: 'birds', flockId: f.flock.id, day: day(10), counted: 99 });
    await count(f, { kind: 'birds', flockId: f.flock.id, day: day(1), counted: 80 });

    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.birds).toEqual([
      expect.objectContaining({
        flock_id: f.flock.id,
        flock_name: 'Layers A',
        opening: 99,
        came_in: { added: 0, corrected: 1 },
        went_out: { deaths: 3, sold: 10, culled: 2, corrected: 0 },
        closing: 85,
        last_count: { id: expect.any(Number), date: day(1), counted: 80, expected: 85, in_range: true },
        difference: -5,
        beyond_margin: true,
      }),
    ]);
    // Without the count before the week, the records' own opening: today's 86 less what moved since.
    await app.db.delete(stockCounts).where(and(eq(stockCounts.farmId, f.farm.id), eq(stockCounts.day, day(10))));
    expect((await balanceChecks(app.db, f.farm.id, week)).birds[0]).toMatchObject({ opening: 100, closing: 86, difference: -6 });
  });

  it('a last count before the range keeps the difference seen when it was saved', async () => {
    const f = await farm();
    await count(f, { kind: 'eggs', day: day(9), counted: 100, expected: 160 });
    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.eggs).toMatchObject({ opening: 100, last_count: { counted: 100, expected: 160, in_range: false }, difference: -60 });
  });

  it('money: paid sales by payment type; no record of banking, so null rather than invented', async () => {
    const f = await farm();
    await sale(f, { date: day(3), quantity: 2, amountCents: 100_000, saleType: 'Cash', status: 'paid' });
    await sale(f, { date: day(2), quantity: 1, amountCents: 50_000, saleType: 'Mobile Money', status: 'paid', category: 'Manure' });
    await sale(f, { date: day(1), quantity: 1, amountCents: 40_000, saleType: 'Credit', status: 'pending' });
    await sale(f, { date: day(20), quantity: 1, amountCents: 70_000, saleType: 'Cash', status: 'paid' });
    const { money } = await balanceChecks(app.db, f.farm.id, week);
    expect(money).toEqual({
      paid_cents: 150_000,
      paid_by_type: [
        { sale_type: 'Cash', cents: 100_000, sales: 1 },
        { sale_type: 'Mobile Money', cents: 50_000, sales: 1 },
      ],
      pending_cents: 40_000,
      received_cents: null,
      difference_cents: null,
      recorded: false,
    });
  });

  it('the owner’s margin decides what is beyond it', async () => {
    const f = await farm();
    await app.db.insert(stockCountSettings).values({ farmId: f.farm.id, marginPercent: 10 });
    await app.db.update(flocks).set({ birdCount: 100 }).where(eq(flocks.id, f.flock.id));
    await count(f, { kind: 'birds', flockId: f.flock.id, day: D, counted: 95 });
    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.margin_percent).toBe(10);
    expect(checks.birds[0]).toMatchObject({ difference: -5, beyond_margin: false });
  });

  it('reads only its own farm', async () => {
    const f = await farm();
    const other = await farm();
    await count(other, { kind: 'eggs', day: D, counted: 500 });
    const checks = await balanceChecks(app.db, f.farm.id, week);
    expect(checks.eggs.last_count).toBeNull();
    expect(checks.birds.map((b) => b.flock_id)).toEqual([f.flock.id]);
  });
});
