import { addDays, dayIn, reportWords, type BirdCountReason, type VaccinationStatus } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flockBirdCountEvents, flocks, vaccinations } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { createFlock, createUser, farmWithFlock } from '../../../test/factories.js';
import { economicsOfFarm } from '../../economics/service.js';
import { allRecords, reportContext } from '../../../test/report-context.js';
import { RECORDS_PAGE_ROWS, type GatheredReport, type ReportTable } from '../document.js';
import { flockReport } from './flock.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Owner = Awaited<ReturnType<typeof createUser>>;

/**
 * A flock added at `at` with its first event, then its changes: the flock's count and deaths
 * kept as the service keeps them (the ledger's sum; deaths are mortality decreases).
 */
async function flockWithHistory(
  owner: Owner,
  flock: { name: string; breed?: 'Layers' | 'Broilers'; status?: 'active' | 'archived'; birds: number; at: string },
  changes: { reason: BirdCountReason; delta: number; at: string; note?: string }[] = [],
) {
  const birds = flock.birds + changes.reduce((sum, c) => sum + c.delta, 0);
  const deaths = changes.filter((c) => c.reason === 'mortality' && c.delta < 0).reduce((sum, c) => sum - c.delta, 0);
  const [row] = await app.db
    .insert(flocks)
    .values({
      farmId: owner.farm.id,
      createdBy: owner.user.id,
      name: flock.name,
      breed: flock.breed ?? 'Layers',
      ageAtAddingWeeks: 10,
      initialBirdCount: flock.birds,
      birdCount: birds,
      deaths,
      status: flock.status ?? 'active',
      createdAt: new Date(flock.at),
    })
    .returning();
  if (!row) throw new Error('no flock');
  let count = 0;
  const events = [{ reason: 'added' as const, delta: flock.birds, at: flock.at, note: 'Flock added' }, ...changes].map((c) => {
    count += c.delta;
    return {
      farmId: owner.farm.id,
      flockId: row.id,
      createdBy: owner.user.id,
      reason: c.reason,
      delta: c.delta,
      countAfter: count,
      note: c.note ?? null,
      createdAt: new Date(c.at),
    };
  });
  await app.db.insert(flockBirdCountEvents).values(events);
  return row;
}

async function vaccinate(owner: Owner, flockId: number, list: { name: string; at: string; status: VaccinationStatus }[]) {
  await app.db.insert(vaccinations).values(
    list.map((v) => ({ farmId: owner.farm.id, flockId, createdBy: owner.user.id, vaccineName: v.name, date: new Date(v.at), status: v.status, mode: 'Oral' as const })),
  );
}

/** One number out of SQL written in the test, whatever the driver answers. */
async function sqlNumber(text: string, params: unknown[]): Promise<number> {
  const [row] = await app.database.query<{ n: unknown }>(text, params);
  return Number(row?.n ?? 0);
}

const figure = (report: GatheredReport, label: string) => {
  const found = report.document.summary.find((f) => f.label === label);
  if (!found) throw new Error(`no figure ${label}`);
  return found.value;
};
const column = (table: ReportTable, label: string) => {
  const index = table.columns.findIndex((c) => c.label === label);
  if (index < 0) throw new Error(`no column ${label}`);
  return index;
};
const cellOf = (table: ReportTable, rowLabel: string, label: string) => table.rows.find((r) => r[0] === rowLabel)?.[column(table, label)];

const ZONE = 'Africa/Nairobi';
/** SQL of a range's events in the farm's zone, as the brief words it: the day of the instant, both ends included. */
const inRange = (column: string) => `(${column} at time zone '${ZONE}')::date between $2::date and $3::date`;

describe('the flock report', () => {
  let owner: Owner;
  let other: Owner;
  let alpha: { id: number };
  const start = '2025-01-01';
  const end = '2025-03-31';

  beforeAll(async () => {
    owner = await createUser(app);
    other = await createUser(app);
    // Nairobi is UTC+3: 21:30 UTC on 31 December is 00:30 on 1 January there.
    alpha = await flockWithHistory(owner, { name: 'Alpha', birds: 500, at: '2024-12-01T06:00:00Z' }, [
      { reason: 'mortality', delta: -10, at: '2024-12-20T08:00:00Z' },
      { reason: 'mortality', delta: -5, at: '2024-12-31T21:30:00Z', note: 'First day, just after midnight' },
      { reason: 'sold', delta: -100, at: '2025-02-10T09:00:00Z', note: 'Sold to a trader' },
      { reason: 'correction', delta: 2, at: '2025-02-15T09:00:00Z' },
      // A "death" that raised the count: a correction.
      { reason: 'mortality', delta: 1, at: '2025-02-16T09:00:00Z' },
      { reason: 'culled', delta: -3, at: '2025-03-31T20:30:00Z' },
      // 00:10 on 1 April in Nairobi: after the range, though still 31 March in UTC.
      { reason: 'mortality', delta: -7, at: '2025-03-31T21:10:00Z' },
    ]);
    const beta = await flockWithHistory(owner, { name: 'Beta', breed: 'Broilers', status: 'archived', birds: 200, at: '2025-02-01T07:00:00Z' }, [
      { reason: 'mortality', delta: -20, at: '2025-03-01T07:00:00Z' },
    ]);
    // Added after the range: not in it.
    await flockWithHistory(owner, { name: 'Gamma', birds: 50, at: '2025-05-01T07:00:00Z' }, [{ reason: 'mortality', delta: -1, at: '2025-05-02T07:00:00Z' }]);
    await vaccinate(owner, alpha.id, [
      { name: 'Gumboro', at: '2025-01-10T06:00:00Z', status: 'Completed' },
      // 22:00 on 31 March in Nairobi: in the range, and overdue now.
      { name: 'Newcastle', at: '2025-03-31T19:00:00Z', status: 'Pending' },
      // 23:00 on 31 December and 01:00 on 1 April in Nairobi: outside.
      { name: 'Gumboro', at: '2024-12-31T20:00:00Z', status: 'Completed' },
      { name: 'Newcastle', at: '2025-03-31T22:00:00Z', status: 'Pending' },
    ]);
    await vaccinate(owner, beta.id, [
      { name: 'Mareks', at: '2025-02-05T06:00:00Z', status: 'Cancelled' },
      { name: 'Mareks', at: '2025-02-06T06:00:00Z', status: 'Completed' },
    ]);
    // Another farm's flock, with changes and vaccinations in the range.
    const stranger = await flockWithHistory(other, { name: 'Stranger', birds: 900, at: '2024-11-01T06:00:00Z' }, [
      { reason: 'mortality', delta: -300, at: '2025-02-01T06:00:00Z' },
    ]);
    await vaccinate(other, stranger.id, [{ name: 'Gumboro', at: '2025-02-01T06:00:00Z', status: 'Completed' }]);
  });

  const ask = (overrides: Partial<Parameters<typeof reportContext>[1]> = {}) =>
    reportContext(owner.farm.id, { category: 'flock', start, end, ...overrides });

  it('has data where the farm had a flock by the range end, not before its first flock nor for an empty farm', async () => {
    expect(await flockReport.hasData(app.db, ask())).toBe(true);
    expect(await flockReport.hasData(app.db, ask({ start: '2024-11-01', end: '2024-11-30' }))).toBe(false);
    // The first flock's day counts, in the farm's zone (06:00 UTC on 1 December).
    expect(await flockReport.hasData(app.db, ask({ start: '2024-11-01', end: '2024-12-01' }))).toBe(true);
    const empty = await createUser(app);
    expect(await flockReport.hasData(app.db, reportContext(empty.farm.id, { category: 'flock', start, end }))).toBe(false);
  });

  it('sums the birds, their changes by reason and the vaccinations of the range, in the farm’s days', async () => {
    const report = await flockReport.gather(app.db, ask());
    expect(report.records).toBeNull();
    expect(report.document).toMatchObject({ category: 'flock', title: 'Flock Report (Summary)', start, end });
    expect(figure(report, 'Flocks')).toBe(2);
    // Alpha's 385; Beta is archived, so left out as the dashboard's Total Birds leaves it.
    expect(figure(report, 'Birds at End of Period')).toBe(385);
    expect(figure(report, 'Birds Added')).toBe(200);
    expect(figure(report, 'Deaths')).toBe(25);
    expect(figure(report, 'Birds Sold')).toBe(100);
    expect(figure(report, 'Birds Culled')).toBe(3);
    // 25 deaths over the 490 birds at the start and 200 added.
    expect(figure(report, 'Mortality Rate')).toBe(3.62);
    expect(figure(report, 'Vaccinations Done')).toBe(2);
    expect(figure(report, 'Vaccinations Due (Pending)')).toBe(1);
    expect(figure(report, 'Vaccinations Overdue')).toBe(1);

    // The same numbers out of SQL written here, days taken in the farm's zone.
    const params = [owner.farm.id, start, end];
    const events = (where: string) => sqlNumber(`select coalesce(sum(delta), 0) as n from flock_bird_count_events where farm_id = $1 and ${inRange('created_at')} and ${where}`, params);
    expect(figure(report, 'Deaths')).toBe(-(await events(`reason = 'mortality' and delta < 0`)));
    expect(figure(report, 'Birds Sold')).toBe(-(await events(`reason = 'sold'`)));
    expect(figure(report, 'Birds Culled')).toBe(-(await events(`reason = 'culled'`)));
    expect(figure(report, 'Birds Added')).toBe(await events(`reason = 'added'`));
    const vaccinated = (status: string) => sqlNumber(`select count(*) as n from vaccinations where farm_id = $1 and ${inRange('date')} and status = '${status}'`, params);
    expect(figure(report, 'Vaccinations Done')).toBe(await vaccinated('Completed'));
    expect(figure(report, 'Vaccinations Due (Pending)')).toBe(await vaccinated('Pending'));

    const [table, reasons, vaccines] = report.document.tables as [ReportTable, ReportTable, ReportTable];
    expect(table.title).toBe('Flocks');
    expect(table.rows.map((r) => r[0])).toEqual(['Alpha', 'Beta']);
    const a = (label: string) => cellOf(table, 'Alpha', label);
    expect([a('Birds at Start'), a('Added'), a('Deaths'), a('Sold'), a('Culled'), a('Corrections'), a('Birds at End')]).toEqual([490, 0, 5, 100, 3, 3, 385]);
    expect([a('Status'), a('Vaccinations Done'), a('Vaccinations Pending')]).toEqual(['Active', 1, 1]);
    const b = (label: string) => cellOf(table, 'Beta', label);
    expect([b('Breed'), b('Status'), b('Birds at Start'), b('Added'), b('Deaths'), b('Birds at End'), b('Mortality Rate')]).toEqual(['Broilers', 'Archived', 0, 200, 20, 180, 10]);
    // Every row adds up, and so do the totals.
    for (const row of [...table.rows, table.totals!]) {
      const v = (label: string) => Number(row[column(table, label)]);
      expect(v('Birds at Start') + v('Added') - v('Deaths') - v('Sold') - v('Culled') + v('Corrections')).toBe(v('Birds at End'));
    }
    expect(table.totals![column(table, 'Birds at End')]).toBe(565);
    // Alpha's count at the range end from its ledger: every change up to 31 March, Nairobi time.
    const ledger = await sqlNumber(
      `select sum(delta) as n from flock_bird_count_events where farm_id = $1 and flock_id = $4 and (created_at at time zone '${ZONE}')::date <= $3::date and $2::date is not null`,
      [...params, alpha.id],
    );
    expect(a('Birds at End')).toBe(ledger);

    expect(reasons.rows).toEqual([
      ['Deaths', 2, 25],
      ['Sold', 1, 100],
      ['Culled', 1, 3],
      ['Birds added', 1, 200],
      ['Count corrections', 2, 3],
    ]);
    expect(vaccines.rows).toEqual([
      ['Gumboro', 1, 1, 0, 0, 0],
      ['Mareks', 1, 1, 0, 0, 1],
      ['Newcastle', 1, 0, 1, 1, 0],
    ]);
    expect(vaccines.totals).toEqual(['Total', null, 2, 1, 1, 1]);

    expect(report.document.charts.map((c) => c.title)).toEqual(['Bird Count Changes by Reason', 'Vaccinations by Month']);
    expect(report.document.charts[1]).toMatchObject({
      categories: ['Jan 2025', 'Feb 2025', 'Mar 2025'],
      series: [
        { name: 'Done', values: [1, 1, 0] },
        { name: 'Pending', values: [0, 0, 1] },
      ],
    });
    // Another farm's flock never shows.
    expect(JSON.stringify(report.document)).not.toContain('Stranger');

    // Feed and cost (decision 071) after the tables that were: no feed, eggs nor weighings, so every
    // figure is empty; archived Beta has none of the records the figures are summed from, so no row
    // (and no broilers' table), as the economics answer leaves it out.
    const feed = report.document.tables.slice(3);
    expect(feed.map((t) => t.title)).toEqual(['Feed and Cost (Laying Flocks)']);
    expect(feed[0]!.rows).toEqual([['Alpha', null, null, null, null, null, null, null, null]]);
  });

  it('reads birds at the start and end of an earlier range from the changes after it', async () => {
    const report = await flockReport.gather(app.db, ask({ start: '2024-12-01', end: '2024-12-31' }));
    const [table] = report.document.tables as [ReportTable];
    expect(table.rows.map((r) => r[0])).toEqual(['Alpha']);
    const a = (label: string) => cellOf(table, 'Alpha', label);
    expect([a('Birds at Start'), a('Added'), a('Deaths'), a('Birds at End')]).toEqual([0, 500, 10, 490]);
    expect(figure(report, 'Vaccinations Done')).toBe(1);
    // No bird sold or culled that month: 0 birds, never '−0' (toBe tells the two apart).
    const reasons = report.document.tables[1]!;
    for (const reason of ['Sold', 'Culled']) expect(reasons.rows.find((r) => r[0] === reason)?.[2], reason).toBe(0);
  });

  it('lists every change and vaccination of a detailed report in date order', async () => {
    const report = await flockReport.gather(app.db, ask({ reportType: 'detailed' }));
    expect(report.records?.columns.map((c) => c.label)).toEqual(['Date', 'Flock', 'Record', 'Change in Birds', 'Birds After', 'Details']);
    const rows = await allRecords(report);
    expect(rows).toEqual([
      ['2025-01-01', 'Alpha', 'Deaths', -5, 485, 'First day, just after midnight'],
      ['2025-01-10', 'Alpha', 'Vaccination', null, null, 'Gumboro (Oral): Completed'],
      ['2025-02-01', 'Beta', 'Birds added', 200, 200, 'Flock added'],
      ['2025-02-05', 'Beta', 'Vaccination', null, null, 'Mareks (Oral): Cancelled'],
      ['2025-02-06', 'Beta', 'Vaccination', null, null, 'Mareks (Oral): Completed'],
      ['2025-02-10', 'Alpha', 'Sold', -100, 385, 'Sold to a trader'],
      ['2025-02-15', 'Alpha', 'Count corrections', 2, 387, null],
      ['2025-02-16', 'Alpha', 'Deaths', 1, 388, null],
      ['2025-03-01', 'Beta', 'Deaths', -20, 180, null],
      ['2025-03-31', 'Alpha', 'Vaccination', null, null, 'Newcastle (Oral): Pending'],
      ['2025-03-31', 'Alpha', 'Culled', -3, 385, null],
    ]);
  });

  it('pages more records than a page holds, in order, to the microsecond', async () => {
    const big = await createUser(app);
    const flock = await flockWithHistory(big, { name: 'Big', birds: 5_000, at: '2023-01-01T06:00:00Z' });
    const total = RECORDS_PAGE_ROWS + 150;
    const base = Date.parse('2023-01-02T06:00:00Z');
    const events = Array.from({ length: total }, (_, i) => ({
      farmId: big.farm.id,
      flockId: flock.id,
      createdBy: big.user.id,
      reason: 'mortality' as const,
      delta: -1,
      countAfter: 4_999 - i,
      note: `event ${i}`,
      // Every tenth pair shares its minute; vaccinations share some instants with events.
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
    }));
    for (let i = 0; i < events.length; i += 500) await app.db.insert(flockBirdCountEvents).values(events.slice(i, i + 500));
    await vaccinate(
      big,
      flock.id,
      Array.from({ length: 60 }, (_, i) => ({ name: `Shot ${i}`, at: new Date(base + i * 10 * 60_000).toISOString(), status: 'Completed' as const })),
    );
    // Timestamps finer than a JavaScript Date: the page's key must keep them.
    await app.database.query(`update flock_bird_count_events set created_at = created_at + interval '1 microsecond' * (id % 7) where farm_id = $1`, [big.farm.id]);

    const report = await flockReport.gather(app.db, reportContext(big.farm.id, { category: 'flock', start: '2023-01-01', end: '2023-12-31', reportType: 'detailed' }));
    const rows = await allRecords(report);
    const expected = await app.database.query<{ what: string }>(
      `select what from (
         select created_at as at, 0 as list, id, note as what from flock_bird_count_events where farm_id = $1
         union all
         select date, 1, id, vaccine_name || ' (Oral): Completed' from vaccinations where farm_id = $1
       ) u order by at, list, id`,
      [big.farm.id],
    );
    expect(rows).toHaveLength(total + 1 + 60);
    expect(rows.map((r) => r[5])).toEqual(expected.map((r) => r.what));
    const days = rows.map((r) => String(r[0]));
    expect([...days].sort()).toEqual(days);

    const summary = await flockReport.gather(app.db, reportContext(big.farm.id, { category: 'flock', start: '2023-01-01', end: '2023-12-31' }));
    expect(summary.records).toBeNull();
    expect(figure(summary, 'Deaths')).toBe(total);
  });
});

describe('the flock report’s feed and cost (decision 071)', () => {
  type Headers = Record<string, string>;
  const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), ZONE);
  async function send(headers: Headers, url: string, payload: object) {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json<{ id: number }>();
  }
  /** The flock and its first count moved 10 days back, as if it came then. */
  async function addedTenDaysAgo(flockId: number) {
    const then = addDays(new Date(), -10);
    await app.db.update(flocks).set({ createdAt: then }).where(eq(flocks.id, flockId));
    await app.db.update(flockBirdCountEvents).set({ createdAt: then }).where(eq(flockBirdCountEvents.flockId, flockId));
  }

  it('shows each flock’s figures as the economics service answers them for the range, in the report’s language', async () => {
    const f = await farmWithFlock(app, { name: 'Layers A' });
    const broilers = await createFlock(app, f, { name: 'Broilers B', breed: 'Broilers', age: 4, initial_bird_count: 1_000, bird_count: 1_000 });
    await addedTenDaysAgo(f.flock.id);
    await addedTenDaysAgo(broilers.id);
    // Three days of 85 eggs, two 50 kg bags at Ksh 3,000, a vet bill, 5 crates sold.
    for (const days of [0, 1, 2]) await send(f.headers, '/api/egg-productions', { flock_id: f.flock.id, date_produced: daysAgo(days), eggs_collected: 85 });
    const mash = await send(f.headers, '/api/inventory', { item_name: 'Layers mash', flock_id: f.flock.id, quantity: 10, unit: 'bags', reorder_level: 1, cost_per_unit: 3_000, kind: 'feed', unit_weight_kg: 50 });
    for (const days of [0, 1]) await send(f.headers, `/api/flocks/${f.flock.id}/feed`, { item_id: mash.id, date: daysAgo(days), quantity: 1 });
    await send(f.headers, '/api/expenses', { flock_id: f.flock.id, date: daysAgo(0), description: 'Vet visit', amount: 600, category: 'Vet' });
    await send(f.headers, '/api/sales', { flock_id: f.flock.id, category: 'Egg Sales', product: 'Eggs', quantity: 5, unit_price: 450, date: daysAgo(0), sale_type: 'Cash', status: 'paid' });
    // The batch: fed before the range (read over its life), weighed today.
    const finisher = await send(f.headers, '/api/inventory', { item_name: 'Broiler finisher', flock_id: broilers.id, quantity: 4_000, unit: 'kg', reorder_level: 1, cost_per_unit: 72, kind: 'feed' });
    await send(f.headers, `/api/flocks/${broilers.id}/feed`, { item_id: finisher.id, date: daysAgo(6), quantity: 3_312 });
    await send(f.headers, `/api/flocks/${broilers.id}/weighings`, { date: daysAgo(0), birds: 20, total_kg: 44 });

    const [start, end] = [daysAgo(3), daysAgo(0)];
    const request = reportContext(f.farm.id, { category: 'flock', start, end });
    const report = await flockReport.gather(app.db, request);
    const economics = await economicsOfFarm(app.db, request.scope, { start_date: start, end_date: end });
    const layer = economics.flocks.find((e) => e.flock_id === f.flock.id)!;
    const batch = economics.flocks.find((e) => e.flock_id === broilers.id)!;

    const [layersTable, broilersTable] = report.document.tables.slice(3) as [ReportTable, ReportTable];
    expect(report.document.tables.map((t) => t.title)).toEqual([
      'Flocks',
      'Bird Count Changes by Reason',
      'Vaccinations in the Period',
      'Feed and Cost (Laying Flocks)',
      'Feed and Cost (Broilers)',
    ]);
    expect(layersTable.columns.map((c) => [c.label, c.kind])).toEqual([
      ['Flock', 'text'],
      ['Hen-day Production', 'percent'],
      ['Feed a Bird a Day (g)', 'count'],
      ['Feed a Tray (kg)', 'decimal'],
      ['All Costs a Tray', 'kes'],
      ['Price a Tray', 'kes'],
      ['Margin a Tray', 'kes'],
      ['Feed Given (kg)', 'decimal'],
      ['Feed Cost', 'kes'],
    ]);
    const l = layer.layers!;
    expect(layersTable.rows).toEqual([
      ['Layers A', l.hen_day_percent, l.feed_per_bird_day_grams, l.feed_per_tray_kg, l.cost_per_tray_cents, l.price_per_tray_cents, l.margin_per_tray_cents, layer.feed_kg, layer.feed_cost_cents],
    ]);
    // The worked figures of the economics tests: 255 eggs over 400 hen-days, 100 kg for 8.5 trays.
    expect(layersTable.rows[0]).toEqual(['Layers A', 63.8, 250, 11.76, 77_647, 45_000, 45_000 - 77_647, 100, 600_000]);

    expect(broilersTable.columns.map((c) => c.label)).toEqual([
      'Flock',
      'Feed Conversion Ratio (FCR)',
      'Average Weight (kg)',
      'Cost a kg Live Weight',
      'Revenue a kg Sold',
      'Feed Given (kg)',
      'Feed Cost',
      'Profit (Loss)',
    ]);
    const b = batch.broilers!;
    expect(broilersTable.rows).toEqual([
      ['Broilers B', b.feed_conversion_ratio, b.average_weight_kg, b.cost_per_kg_cents, b.revenue_per_kg_cents, batch.feed_kg, batch.feed_cost_cents, b.profit_cents],
    ]);
    // 1,000 birds at 2.2 kg: 3,312 kg over 2,158 kg gained; Ksh 238,464 over 2,200 kg; nothing sold yet (decision 072).
    expect(broilersTable.rows[0]!.slice(1)).toEqual([1.53, 2.2, 10_839, null, 3_312, 23_846_400, -23_846_400]);

    // In Kiswahili: the same figures under its words.
    const sw = wordsIn('sw', reportWords).flock;
    const inSwahili = await flockReport.gather(app.db, { ...request, language: 'sw' });
    const swTables = inSwahili.document.tables.slice(3);
    expect(swTables.map((t) => t.title)).toEqual([sw.feedAndCostLayers, sw.feedAndCostBroilers]);
    expect(swTables.map((t) => t.title)).toEqual(['Chakula na gharama (kuku wa mayai)', 'Chakula na gharama (kuku wa nyama)']);
    expect(swTables[0]!.columns[1]!.label).toBe(sw.henDay);
    expect(swTables.map((t) => t.rows)).toEqual([layersTable.rows, broilersTable.rows]);
  });

  it('leaves the tables out of a range after today, and sums a range past the figures’ longest over its last days', async () => {
    const f = await farmWithFlock(app, { name: 'Layers C' });
    const future = await flockReport.gather(app.db, reportContext(f.farm.id, { category: 'flock', start: daysAgo(-5), end: daysAgo(-1) }));
    expect(future.document.tables.map((t) => t.title)).toEqual(['Flocks', 'Bird Count Changes by Reason', 'Vaccinations in the Period']);
    const long = await flockReport.gather(app.db, reportContext(f.farm.id, { category: 'flock', start: '2010-01-01', end: daysAgo(0) }));
    const [layersTable] = long.document.tables.slice(3) as [ReportTable];
    expect(layersTable.rows).toEqual([['Layers C', null, null, null, null, null, null, null, null]]);
    expect(layersTable.note).toContain('at most 3,660 days');
  });
});
