import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, inventoryMovements } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { createFlock, createUser, farmWithFlock } from '../../../test/factories.js';
import { written } from '../../../test/records.js';
import { allRecords, reportContext } from '../../../test/report-context.js';
import { RECORDS_PAGE_ROWS, type GatheredReport, type ReportRequestContext } from '../document.js';
import { inventoryReport } from './inventory.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Movement = typeof inventoryMovements.$inferInsert;

const addItem = (headers: Headers, payload: object) => written(app, headers, 'POST', '/api/inventory', payload);

const request = (farmId: number, start: string, end: string, more: Partial<ReportRequestContext> = {}) =>
  reportContext(farmId, { category: 'inventory', start, end, ...more });

const figure = (gathered: GatheredReport, label: string) => gathered.document.summary.find((f) => f.label === label)?.value;

async function sqlValue(text: string, params: unknown[]): Promise<number> {
  const [row] = await app.database.query<{ v: unknown }>(text, params);
  return Number(row?.v);
}

/** March 2025 on the farm's clock (Africa/Nairobi, UTC+3): 1 March starts at 28 Feb 21:00 UTC. */
const MARCH = { start: '2025-03-01', end: '2025-03-31' };

describe('inventory report', () => {
  it('answers no data for a farm without items, and data for one with items whatever the range', async () => {
    const { farm } = await farmWithFlock(app);
    expect(await inventoryReport.hasData(app.db, request(farm.id, MARCH.start, MARCH.end))).toBe(false);
    const { farm: stocked, headers, flock } = await farmWithFlock(app);
    await addItem(headers, { item_name: 'Layers mash', flock_id: flock.id, quantity: 4, unit: 'bags', reorder_level: 2, cost_per_unit: 100 });
    expect(await inventoryReport.hasData(app.db, request(stocked.id, '2019-01-01', '2019-01-02'))).toBe(true);
  });

  it('sums the stock, its value and the items below their level, and the movements of the range only, in the farm’s days', async () => {
    const { farm, user, headers, flock, ...owner } = await farmWithFlock(app, { name: 'Layers A' });
    const flockB = await createFlock(app, { farm, user, ...owner }, { name: 'Broilers B' });
    const mash = await addItem(headers, { item_name: 'Layers mash', flock_id: flock.id, quantity: 20, unit: 'bags', reorder_level: 5, cost_per_unit: 2_500 });
    const vaccine = await addItem(headers, { item_name: 'Newcastle vaccine', flock_id: flock.id, quantity: 3, unit: 'doses', reorder_level: 5, cost_per_unit: 150.5 });
    const dewormer = await addItem(headers, { item_name: 'Dewormer', flock_id: flockB.id, quantity: 2.5, unit: 'litres', reorder_level: 2.5, cost_per_unit: 3.33 });

    // Another farm's item and movements, in the same range.
    const other = await farmWithFlock(app, { name: 'Layers A' });
    const foreign = await addItem(other.headers, { item_name: 'Grower mash', flock_id: other.flock.id, quantity: 50, unit: 'bags', reorder_level: 60, cost_per_unit: 9_999 });

    const move = (itemId: number, at: string, kind: Movement['kind'], change: number, extra: Partial<Movement> = {}): Movement => ({
      farmId: farm.id,
      itemId,
      kind,
      change,
      balance: 100,
      createdAt: new Date(at),
      createdBy: user.id,
      ...extra,
    });
    await app.db.insert(inventoryMovements).values([
      move(mash.id, '2025-02-28T20:59:59Z', 'added', 1_000), // 28 Feb 23:59:59 in Nairobi: before the range
      move(mash.id, '2025-02-28T21:00:00Z', 'added', 10, { note: 'Delivery' }), // 1 March 00:00: in
      move(mash.id, '2025-03-10T08:00:00Z', 'removed', -4, { reason: 'used' }),
      move(mash.id, '2025-03-15T08:00:00Z', 'corrected', -1, { note: 'Recount' }),
      move(dewormer.id, '2025-03-20T08:00:00Z', 'removed', -0.75, { reason: 'spoiled', note: 'Left open' }),
      move(dewormer.id, '2025-03-31T20:59:59Z', 'added', 2.25), // 31 March 23:59:59: in
      move(vaccine.id, '2025-03-31T21:00:00Z', 'removed', -500), // 1 April: after the range
      { ...move(foreign.id, '2025-03-05T08:00:00Z', 'removed', -7), farmId: other.farm.id },
    ]);

    const gathered = await inventoryReport.gather(app.db, request(farm.id, MARCH.start, MARCH.end));
    const { document } = gathered;
    expect(document).toMatchObject({ category: 'inventory', farmName: 'Test Farm', start: MARCH.start, end: MARCH.end, workbook: false });
    expect(gathered.records).toBeNull();

    // The figures against the exact numbers and SQL of its own.
    const value = await sqlValue('select sum(value_cents) as v from inventory_items where farm_id = $1', [farm.id]);
    expect(value).toBe(5_000_000 + 45_150 + 833); // 20 × 2,500; 3 × 150.50; 2.5 × 3.33 = 8.325 → 8.33
    expect(figure(gathered, 'Items')).toBe(3);
    expect(figure(gathered, 'Stock value')).toBe(value);
    // Strictly below: the vaccine (3 < 5), not the dewormer at its level (2.5 = 2.5), nor the other farm's.
    expect(figure(gathered, 'Items below reorder level')).toBe(1);
    const inRange = [farm.id, '2025-02-28T21:00:00Z', '2025-03-31T21:00:00Z'];
    const counted = await app.database.query<{ added: string; removed: string; n: string }>(
      `select count(*) filter (where kind = 'added') as added, count(*) filter (where kind = 'removed') as removed, count(*) as n
         from inventory_movements where farm_id = $1 and created_at >= $2 and created_at < $3`,
      inRange,
    );
    expect(figure(gathered, 'Restocks in the period')).toBe(Number(counted[0]!.added));
    expect(figure(gathered, 'Restocks in the period')).toBe(2);
    expect(figure(gathered, 'Removals in the period')).toBe(Number(counted[0]!.removed));
    expect(figure(gathered, 'Removals in the period')).toBe(2);
    expect(figure(gathered, 'Stock movements in the period')).toBe(5);

    const [items, moves, below] = document.tables;
    expect(items!.rows).toEqual([
      ['Dewormer', 'Broilers B', 2.5, 'Litres', 333, 833, 2.5, 'No'],
      ['Layers mash', 'Layers A', 20, 'Bags', 250_000, 5_000_000, 5, 'No'],
      ['Newcastle vaccine', 'Layers A', 3, 'Doses', 15_050, 45_150, 5, 'Yes'],
    ]);
    expect(items!.totals?.[5]).toBe(value);
    expect(moves!.rows).toEqual([
      ['Dewormer', 'Litres', 2.25, 0.75, 0, 2],
      ['Layers mash', 'Bags', 10, 4, -1, 3],
    ]);
    // Bags and litres do not add up: only the number of movements is totalled.
    expect(moves!.totals).toEqual(['Total', null, null, null, null, 5]);
    expect(below!.rows).toEqual([['Newcastle vaccine', 'Layers A', 3, 'Doses', 5, 2]]);
    expect(JSON.stringify(document)).not.toContain('Grower mash');

    const [pie, bars] = document.charts;
    expect(pie).toMatchObject({ kind: 'pie', unit: 'kes', categories: ['Layers A', 'Broilers B'], series: [{ values: [5_045_150, 833] }] });
    expect(bars).toMatchObject({ kind: 'bar', categories: ['Mar 2025'], series: [{ name: 'Restocks', values: [2] }, { name: 'Removals', values: [2] }] });

    // Detailed: every movement of the range, by when it was made, with who and why.
    const detailed = await inventoryReport.gather(app.db, request(farm.id, MARCH.start, MARCH.end, { reportType: 'detailed' }));
    const username = user.username;
    expect(await allRecords(detailed)).toEqual([
      ['2025-03-01', 'Layers mash', 'Added', 10, 'Bags', 100, 'Delivery', username],
      ['2025-03-10', 'Layers mash', 'Removed', -4, 'Bags', 100, 'Used', username],
      ['2025-03-15', 'Layers mash', 'Corrected', -1, 'Bags', 100, 'Recount', username],
      ['2025-03-20', 'Dewormer', 'Removed', -0.75, 'Litres', 100, 'Spoiled: Left open', username],
      ['2025-03-31', 'Dewormer', 'Added', 2.25, 'Litres', 100, null, username],
    ]);

    // April holds only the removal made at its first minute; the bounds are the farm's days.
    const april = await inventoryReport.gather(app.db, request(farm.id, '2025-04-01', '2025-04-30', { reportType: 'detailed' }));
    expect((await allRecords(april)).map((r) => r.slice(0, 4))).toEqual([['2025-04-01', 'Newcastle vaccine', 'Removed', -500]]);
  });

  it('lists every movement of a long range in order across pages, read by keyset', async () => {
    const owner = await createUser(app);
    const flock = await createFlock(app, owner, { name: 'Layers' });
    const [item] = await app.db
      .insert(inventoryItems)
      .values({ farmId: owner.farm.id, flockId: flock.id, itemName: 'Layers mash', quantity: 10, unit: 'bags', reorderLevel: 2, costPerUnitCents: 100 })
      .returning();
    const count = RECORDS_PAGE_ROWS * 2 + 17;
    // Movements at 5-minute steps, every third one sharing its instant with the one before (the id decides).
    const rows: Movement[] = Array.from({ length: count }, (_, i) => ({
      farmId: owner.farm.id,
      itemId: item!.id,
      kind: i % 2 === 0 ? 'added' : 'removed',
      change: i % 2 === 0 ? i + 1 : -(i + 1),
      balance: 10,
      createdAt: new Date(Date.UTC(2024, 0, 1) + (i - (i % 3 === 2 ? 1 : 0)) * 300_000),
    }));
    // Inserted out of order, so ids do not follow the instants.
    await app.db.insert(inventoryMovements).values(rows.slice(1000));
    await app.db.insert(inventoryMovements).values(rows.slice(0, 1000));

    const gathered = await inventoryReport.gather(app.db, request(owner.farm.id, '2024-01-01', '2024-12-31', { reportType: 'detailed' }));
    const pages: number[] = [];
    const all: unknown[][] = [];
    for await (const page of gathered.records!.pages) {
      pages.push(page.length);
      all.push(...page);
    }
    expect(pages).toEqual([RECORDS_PAGE_ROWS, RECORDS_PAGE_ROWS, 17]);
    const expected = await app.database.query<{ change: string; day: string }>(
      `select change, to_char(created_at at time zone 'Africa/Nairobi', 'YYYY-MM-DD') as day from inventory_movements where farm_id = $1 order by created_at, id`,
      [owner.farm.id],
    );
    expect(all.map((r) => [r[0], r[3]])).toEqual(expected.map((r) => [r.day, Number(r.change)]));
    expect(new Set(all.map((r) => r[3])).size).toBe(count);
    expect(figure(gathered, 'Stock movements in the period')).toBe(count);
  });
});
