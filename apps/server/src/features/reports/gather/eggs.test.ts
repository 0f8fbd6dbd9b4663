import { layingRate, shiftDay, type AdjustmentType } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggAdjustments, eggProductions } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { createFlock, farmWithFlock } from '../../../test/factories.js';
import { allRecords, reportContext } from '../../../test/report-context.js';
import { RECORDS_PAGE_ROWS, type GatheredReport, type ReportTable } from '../document.js';
import { eggProductionReport } from './eggs.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Farm = Awaited<ReturnType<typeof farmWithFlock>>;

/** Production records straight into the table (past days the API would take too, faster). */
async function produce(farm: Farm, flockId: number, rows: { day: string; eggs: number; priceCents?: number }[]) {
  const values = rows.map((r) => ({
    farmId: farm.farm.id,
    flockId,
    createdBy: farm.user.id,
    dateProduced: r.day,
    eggsCollected: r.eggs,
    pricePerUnitCents: r.priceCents ?? 0,
    totalRevenueCents: r.eggs * (r.priceCents ?? 0),
  }));
  for (let i = 0; i < values.length; i += 500) await app.db.insert(eggProductions).values(values.slice(i, i + 500));
}

async function adjust(farm: Farm, flockId: number, rows: { day: string; type: AdjustmentType; eggs: number; notes?: string }[]) {
  await app.db.insert(eggAdjustments).values(
    rows.map((r) => ({ farmId: farm.farm.id, flockId, createdBy: farm.user.id, adjustmentType: r.type, eggsAdjusted: r.eggs, dateAdjusted: r.day, notes: r.notes ?? null })),
  );
}

/** The days from `from` to `to`, both included. */
const daysFrom = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
};

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
const sumOf = (table: ReportTable, label: string) => table.rows.reduce((sum, row) => sum + Number(row[column(table, label)] ?? 0), 0);
const cellOf = (table: ReportTable, rowLabel: string, label: string) => table.rows.find((r) => r[0] === rowLabel)?.[column(table, label)];

describe('the egg production report', () => {
  let farm: Farm;
  let second: Awaited<ReturnType<typeof createFlock>>;
  let empty: Awaited<ReturnType<typeof createFlock>>;
  // 50 days: by day; a partial January and March around a whole February.
  const start = '2025-01-20';
  const end = '2025-03-10';

  beforeAll(async () => {
    farm = await farmWithFlock(app, { name: 'Layers A', bird_count: 100, initial_bird_count: 100 });
    second = await createFlock(app, farm, { name: 'Layers B', bird_count: 50, initial_bird_count: 50 });
    // A flock sold out: its eggs count, its (birdless) days do not enter the laying rate.
    empty = await createFlock(app, farm, { name: 'Layers C', bird_count: 0, initial_bird_count: 30 });
    await produce(
      farm,
      farm.flock.id,
      daysFrom('2025-01-15', '2025-03-15').map((day, i) => ({ day, eggs: 80 + (i % 5), priceCents: 1_500 })),
    );
    await produce(farm, second.id, [...daysFrom('2025-02-01', '2025-02-28').map((day) => ({ day, eggs: 40 })), { day: '2025-03-01', eggs: 0 }]);
    await produce(farm, empty.id, [{ day: '2025-01-25', eggs: 10 }]);
    await adjust(farm, farm.flock.id, [
      { day: '2025-01-19', type: 'breakage', eggs: 4 },
      { day: '2025-01-20', type: 'breakage', eggs: 5, notes: 'Cracked' },
      { day: '2025-03-10', type: 'consumption', eggs: 12 },
      { day: '2025-03-11', type: 'breakage', eggs: 3 },
      { day: '2025-03-20', type: 'consumption', eggs: 6 },
    ]);
    await adjust(farm, second.id, [{ day: '2025-02-14', type: 'giveaway', eggs: 60, notes: 'Church harvest' }]);
    // Another farm's records in the same days.
    const other = await farmWithFlock(app, { name: 'Stranger' });
    await produce(other, other.flock.id, daysFrom(start, end).map((day) => ({ day, eggs: 9_999 })));
    await adjust(other, other.flock.id, [{ day: start, type: 'breakage', eggs: 999 }]);
  });

  const ask = (overrides: Partial<Parameters<typeof reportContext>[1]> = {}) =>
    reportContext(farm.farm.id, { category: 'eggProduction', start, end, ...overrides });

  /** The SQL the test trusts: sums over the records of the range, both ends included. */
  const totals = async (from: string, to: string) => {
    const params = [farm.farm.id, from, to];
    const where = `farm_id = $1 and date_produced between $2::date and $3::date`;
    // Hen-days: a record of a flock with birds is its birds (today's count) for a day.
    const ofLaying = `where p.farm_id = $1 and p.date_produced between $2::date and $3::date and f.bird_count > 0`;
    const adjusted = (type: string) =>
      sqlNumber(`select coalesce(sum(eggs_adjusted), 0) as n from egg_adjustments where farm_id = $1 and date_adjusted between $2::date and $3::date and adjustment_type = '${type}'`, params);
    return {
      eggs: await sqlNumber(`select coalesce(sum(eggs_collected), 0) as n from egg_productions where ${where}`, params),
      days: await sqlNumber(`select count(distinct date_produced) as n from egg_productions where ${where}`, params),
      layingEggs: await sqlNumber(`select coalesce(sum(p.eggs_collected), 0) as n from egg_productions p join flocks f on f.id = p.flock_id ${ofLaying}`, params),
      henDays: await sqlNumber(`select coalesce(sum(f.bird_count), 0) as n from egg_productions p join flocks f on f.id = p.flock_id ${ofLaying}`, params),
      breakage: await adjusted('breakage'),
      giveaway: await adjusted('giveaway'),
      consumption: await adjusted('consumption'),
      flock: async (flockId: number) => ({
        eggs: await sqlNumber(`select coalesce(sum(eggs_collected), 0) as n from egg_productions where ${where} and flock_id = $4`, [...params, flockId]),
        days: await sqlNumber(`select count(*) as n from egg_productions where ${where} and flock_id = $4`, [...params, flockId]),
      }),
    };
  };

  it('has data where the range holds a record or an adjustment, both ends included', async () => {
    expect(await eggProductionReport.hasData(app.db, ask())).toBe(true);
    expect(await eggProductionReport.hasData(app.db, ask({ start: '2024-12-01', end: '2025-01-14' }))).toBe(false);
    expect(await eggProductionReport.hasData(app.db, ask({ start: '2024-12-01', end: '2025-01-15' }))).toBe(true);
    // An adjustment alone is data: the 20 March one, days after the last record.
    expect(await eggProductionReport.hasData(app.db, ask({ start: '2025-03-16', end: '2025-03-19' }))).toBe(false);
    expect(await eggProductionReport.hasData(app.db, ask({ start: '2025-03-16', end: '2025-03-20' }))).toBe(true);
  });

  it('sums eggs, trays, days, the laying rate and adjustments as SQL over the records does', async () => {
    const report = await eggProductionReport.gather(app.db, ask());
    expect(report.records).toBeNull();
    expect(report.document).toMatchObject({ category: 'eggProduction', title: 'Egg Production Report (Summary)', start, end });
    const t = await totals(start, end);
    expect(t.eggs).toBeGreaterThan(0);
    expect(figure(report, 'Eggs Collected')).toBe(t.eggs);
    expect(figure(report, 'Trays (30 eggs)')).toBe(Math.floor(t.eggs / 30));
    expect(figure(report, 'Loose Eggs')).toBe(t.eggs % 30);
    expect(figure(report, 'Production Days')).toBe(t.days);
    expect(t.days).toBe(50);
    expect(figure(report, 'Average Eggs per Day')).toBe(Math.round(t.eggs / t.days));
    expect(figure(report, 'Laying Rate')).toBe(layingRate(t.layingEggs, t.henDays, 1));
    expect(figure(report, 'Breakage (eggs)')).toBe(t.breakage);
    expect(t.breakage).toBe(5);
    expect(figure(report, 'Giveaway (eggs)')).toBe(60);
    expect(figure(report, 'Consumption (eggs)')).toBe(12);
    expect(figure(report, 'Eggs Adjusted')).toBe(77);
    expect(figure(report, 'Net Eggs')).toBe(t.eggs - 77);

    const [days, byFlock, types] = report.document.tables as [ReportTable, ReportTable, ReportTable];
    expect(days.title).toBe('Eggs per Day');
    expect(days.rows[0]?.[0]).toBe(start);
    expect(days.rows.at(-1)?.[0]).toBe(end);
    expect(days.rows).toHaveLength(50);
    expect(sumOf(days, 'Eggs Collected')).toBe(t.eggs);
    expect(sumOf(days, 'Breakage') + sumOf(days, 'Giveaway') + sumOf(days, 'Consumption')).toBe(77);
    expect(days.totals?.[column(days, 'Eggs Collected')]).toBe(t.eggs);
    // 1 March: Layers A and a Layers B record of no eggs, both recorded.
    const march1 = days.rows.find((r) => r[0] === '2025-03-01')!;
    expect(march1[column(days, 'Flocks Recorded')]).toBe(2);
    expect(march1[column(days, 'Laying Rate')]).toBe(layingRate(Number(march1[column(days, 'Eggs Collected')]), 150, 1));
    // 25 January: Layers C's eggs are counted, its day (no birds) is not a hen-day.
    const jan25 = days.rows.find((r) => r[0] === '2025-01-25')!;
    const aJan25 = Number(jan25[column(days, 'Eggs Collected')]) - 10;
    expect(jan25[column(days, 'Laying Rate')]).toBe(layingRate(aJan25, 100, 1));

    expect(byFlock.rows.map((r) => r[0])).toEqual(['Layers A', 'Layers B', 'Layers C']);
    for (const [name, id] of [['Layers A', farm.flock.id], ['Layers B', second.id], ['Layers C', empty.id]] as const) {
      const f = await t.flock(id);
      expect(cellOf(byFlock, name, 'Eggs Collected')).toBe(f.eggs);
      expect(cellOf(byFlock, name, 'Days Recorded')).toBe(f.days);
    }
    expect(cellOf(byFlock, 'Layers B', 'Laying Rate')).toBe(layingRate(28 * 40, 50, 29));
    expect(cellOf(byFlock, 'Layers C', 'Laying Rate')).toBeNull();
    expect(cellOf(byFlock, 'Layers A', 'Eggs Adjusted')).toBe(17);
    expect(sumOf(byFlock, 'Eggs Collected')).toBe(t.eggs);

    expect(types.rows).toEqual([
      ['Giveaway', 1, 60, 2],
      ['Breakage', 1, 5, 0],
      ['Consumption', 1, 12, 0],
    ]);
    expect(report.document.charts.map((c) => [c.title, c.kind])).toEqual([
      ['Eggs Collected per Day', 'line'],
      ['Eggs Collected by Flock', 'bar'],
    ]);
    expect(report.document.charts[0]?.categories).toHaveLength(50);
    expect(report.document.charts[0]?.series[0]?.values.reduce((a, b) => a + b, 0)).toBe(t.eggs);
    expect(JSON.stringify(report.document)).not.toContain('Stranger');
  });

  it('reads each flock right whatever days the range starts and ends on', async () => {
    for (const [from, to] of [
      ['2025-02-01', '2025-02-28'],
      ['2025-01-20', '2025-01-31'],
      ['2025-02-01', '2025-03-05'],
      ['2025-01-31', '2025-02-01'],
      ['2025-01-01', '2025-03-31'],
    ] as const) {
      const report = await eggProductionReport.gather(app.db, ask({ start: from, end: to }));
      const t = await totals(from, to);
      const byFlock = report.document.tables[1]!;
      expect(figure(report, 'Eggs Collected'), `${from} to ${to}`).toBe(t.eggs);
      expect(figure(report, 'Laying Rate'), `${from} to ${to}`).toBe(layingRate(t.layingEggs, t.henDays, 1));
      for (const [name, id] of [['Layers A', farm.flock.id], ['Layers B', second.id]] as const) {
        const f = await t.flock(id);
        expect(cellOf(byFlock, name, 'Eggs Collected') ?? 0, `${name} ${from} to ${to}`).toBe(f.eggs);
        expect(cellOf(byFlock, name, 'Days Recorded') ?? 0, `${name} ${from} to ${to}`).toBe(f.days);
      }
    }
  });

  it('goes by week past 92 days, Monday to Sunday', async () => {
    const from = '2024-12-01';
    const to = '2025-03-31';
    const report = await eggProductionReport.gather(app.db, ask({ start: from, end: to }));
    const t = await totals(from, to);
    const [weeks] = report.document.tables as [ReportTable];
    expect(weeks.title).toBe('Eggs per Week');
    expect(weeks.columns[0]?.label).toBe('Week Starting');
    for (const row of weeks.rows) expect(new Date(`${String(row[0])}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(sumOf(weeks, 'Eggs Collected')).toBe(t.eggs);
    expect(sumOf(weeks, 'Production Days')).toBe(t.days);
    expect(sumOf(weeks, 'Breakage')).toBe(t.breakage);
    // 13 January is the Monday of the week of the first record (15 January).
    expect(weeks.rows[0]?.[0]).toBe('2025-01-13');
    expect(report.document.charts[0]?.title).toBe('Eggs Collected per Week');
    expect(report.document.charts[0]?.categories[0]).toBe('2024-11-25');
  });

  it('lists every record of a detailed report by date, across pages, and the adjustments as a table', async () => {
    const big = await farmWithFlock(app, { name: 'Big A' });
    const other = await createFlock(app, big, { name: 'Big B' });
    const count = Math.ceil((RECORDS_PAGE_ROWS + 100) / 2);
    const days = Array.from({ length: count }, (_, i) => shiftDay('2022-01-01', i));
    // Big B's rows first, so a day's ids do not follow the flocks' order.
    await produce(big, other.id, days.map((day, i) => ({ day, eggs: i, priceCents: 1_250 })));
    await produce(big, big.flock.id, days.map((day, i) => ({ day, eggs: 1_000 + i })));
    await adjust(big, big.flock.id, [{ day: '2022-01-02', type: 'breakage', eggs: 3, notes: 'Dropped' }]);
    const last = days.at(-1)!;

    const report = await eggProductionReport.gather(app.db, reportContext(big.farm.id, { category: 'eggProduction', start: '2022-01-01', end: last, reportType: 'detailed' }));
    const rows = await allRecords(report);
    const expected = await app.database.query<{ day: string; eggs: number }>(
      `select date_produced::text as day, eggs_collected as eggs from egg_productions where farm_id = $1 order by date_produced, id`,
      [big.farm.id],
    );
    expect(rows).toHaveLength(count * 2);
    expect(rows.length).toBeGreaterThan(RECORDS_PAGE_ROWS);
    expect(rows.map((r) => [r[0], r[2]])).toEqual(expected.map((r) => [r.day, Number(r.eggs)]));
    expect(rows[0]).toEqual(['2022-01-01', 'Big B', 0, 0, 0, 1_250, 0]);
    expect(rows[1]).toEqual(['2022-01-01', 'Big A', 1_000, 33, 10, 0, 0]);
    expect(report.records?.columns.map((c) => c.label)).toEqual(['Date', 'Flock', 'Eggs Collected', 'Trays', 'Loose Eggs', 'Price per Egg', 'Total Value']);
    const adjustments = report.document.tables.at(-1)!;
    expect(adjustments.title).toBe('Egg Adjustments');
    expect(adjustments.rows).toEqual([['2022-01-02', 'Big A', 'Breakage', 3, 'Dropped']]);
    // A summary report has neither.
    const summary = await eggProductionReport.gather(app.db, reportContext(big.farm.id, { category: 'eggProduction', start: '2022-01-01', end: last }));
    expect(summary.records).toBeNull();
    expect(summary.document.tables.map((t) => t.title)).not.toContain('Egg Adjustments');
  });
});
