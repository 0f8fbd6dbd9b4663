import { formatRefNo, type SaleCategory } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { createFlock, farmWithFlock } from '../../../test/factories.js';
import { allRecords, reportContext } from '../../../test/report-context.js';
import { RECORDS_PAGE_ROWS, type GatheredReport, type ReportTable } from '../document.js';
import { salesReport } from './sales.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type SaleInsert = typeof sales.$inferInsert;
const UNITS: Record<SaleCategory, string> = { 'Egg Sales': 'Crates', Chicks: 'Chicks', 'Layer Mash': 'Kg', Manure: 'Sacks', 'Live Birds': 'Birds', 'Dressed Birds': 'Kg', 'Culled Hens': 'Birds', Other: 'Trays' };

/** Sales written straight into the table (dates the API would refuse today), refs counted from `firstRef`. */
async function storeSales(farmId: number, flockId: number, userId: number, rows: Partial<SaleInsert>[], firstRef = 1) {
  const values: SaleInsert[] = rows.map((r, i) => {
    const category = r.category ?? 'Egg Sales';
    const quantity = r.quantity ?? 2;
    const unitPriceCents = r.unitPriceCents ?? 45_050;
    return {
      farmId,
      flockId,
      createdBy: userId,
      refNo: firstRef + i,
      category,
      product: r.product ?? category,
      quantity,
      unit: UNITS[category],
      unitPriceCents,
      amountCents: Math.round(quantity * unitPriceCents),
      date: '2025-02-10',
      saleType: 'Cash',
      status: 'paid',
      ...r,
    };
  });
  for (let i = 0; i < values.length; i += 500) await app.db.insert(sales).values(values.slice(i, i + 500));
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
const column = (table: ReportTable, label: string) => table.columns.findIndex((c) => c.label === label);
const sumOf = (table: ReportTable, label: string) => table.rows.reduce((sum, row) => sum + Number(row[column(table, label)] ?? 0), 0);

describe('the sales report', () => {
  let farm: Awaited<ReturnType<typeof farmWithFlock>>;
  let second: Awaited<ReturnType<typeof createFlock>>;
  const start = '2025-01-15';
  const end = '2025-03-10';

  beforeAll(async () => {
    farm = await farmWithFlock(app, { name: 'Layers A' });
    second = await createFlock(app, farm, { name: 'Broilers B' });
    const inRange: Partial<SaleInsert>[] = [
      // The first and last day of the range, on the edge months (only partly in the range).
      { date: '2025-01-15', category: 'Egg Sales', quantity: 10, unitPriceCents: 45_050 },
      { date: '2025-01-15', category: 'Manure', quantity: 3, unitPriceCents: 20_001, status: 'pending', saleType: 'Credit', description: 'Mama Wanjiku' },
      { date: '2025-01-31', category: 'Layer Mash', quantity: 12.5, unitPriceCents: 6_033 },
      { date: '2025-02-01', category: 'Egg Sales', quantity: 7, unitPriceCents: 44_999, status: 'pending' },
      { date: '2025-02-28', category: 'Chicks', quantity: 40, unitPriceCents: 12_075, saleType: 'Mobile Money' },
      { date: '2025-03-01', category: 'Other', quantity: 2, unitPriceCents: 99_999, product: 'Old crates' },
      { date: '2025-03-10', category: 'Egg Sales', quantity: 5, unitPriceCents: 46_001, status: 'pending' },
    ];
    const outside: Partial<SaleInsert>[] = [
      { date: '2025-01-14', category: 'Egg Sales', quantity: 9, unitPriceCents: 50_000 },
      { date: '2025-01-01', category: 'Manure', quantity: 1, unitPriceCents: 70_000, status: 'pending' },
      { date: '2025-03-11', category: 'Egg Sales', quantity: 8, unitPriceCents: 50_000, status: 'pending' },
      { date: '2025-03-31', category: 'Chicks', quantity: 3, unitPriceCents: 10_000 },
    ];
    await storeSales(farm.farm.id, farm.flock.id, farm.user.id, [...inRange.slice(0, 4), ...outside]);
    await storeSales(farm.farm.id, second.id, farm.user.id, inRange.slice(4), 100);
    // Another farm sells in the same days.
    const other = await farmWithFlock(app);
    await storeSales(other.farm.id, other.flock.id, other.user.id, inRange.map((r) => ({ ...r, quantity: 1000 })));
  });

  const ask = (overrides: Partial<Parameters<typeof reportContext>[1]> = {}) =>
    reportContext(farm.farm.id, { category: 'sales', start, end, ...overrides });

  it('has data in the range, none in an empty one or for another farm', async () => {
    expect(await salesReport.hasData(app.db, ask())).toBe(true);
    expect(await salesReport.hasData(app.db, ask({ start: '2025-01-16', end: '2025-01-30' }))).toBe(false);
    expect(await salesReport.hasData(app.db, ask({ start: '2024-01-01', end: '2024-12-31' }))).toBe(false);
    // The bounds are included: a range of the last day alone of the edges.
    expect(await salesReport.hasData(app.db, ask({ start: '2025-03-10', end: '2025-03-10' }))).toBe(true);
    const empty = await farmWithFlock(app);
    expect(await salesReport.hasData(app.db, reportContext(empty.farm.id, { category: 'sales', start, end }))).toBe(false);
  });

  it('sums the range to the cent, start and end days included, mid-month edges exact', async () => {
    const report = await salesReport.gather(app.db, ask());
    const params = [farm.farm.id, start, end];
    const where = 'from sales where farm_id = $1 and date between $2 and $3';
    const total = await sqlNumber(`select coalesce(sum(amount_cents), 0)::text as n ${where}`, params);
    const paid = await sqlNumber(`select coalesce(sum(amount_cents), 0)::text as n ${where} and status = 'paid'`, params);
    const count = await sqlNumber(`select count(*)::text as n ${where}`, params);
    // Known by hand: 450,500 + 60,003 + 75,412.5→75,413 + 314,993 + 483,000 + 199,998 + 230,005.
    expect(total).toBe(450_500 + 60_003 + 75_413 + 314_993 + 483_000 + 199_998 + 230_005);
    expect(count).toBe(7);

    const doc = report.document;
    expect(doc).toMatchObject({ category: 'sales', reportType: 'summary', title: 'Sales Report (Summary)', start, end, farmName: 'Test Farm' });
    expect(figure(report, 'Total revenue')).toBe(total);
    expect(figure(report, 'Paid')).toBe(paid);
    expect(figure(report, 'Pending (not yet paid)')).toBe(total - paid);
    expect(figure(report, 'Number of sales')).toBe(7);
    expect(figure(report, 'Pending sales')).toBe(3);
    expect(figure(report, 'Average sale')).toBe(Math.round(total / 7));
    expect(figure(report, 'Days with sales')).toBe(6);
    expect(figure(report, 'Average per sale day')).toBe(Math.round(total / 6));
    expect(figure(report, 'Egg crates sold')).toBe(22);

    // 55 days: a row a day, every day of the range, the first and last days included.
    const [byDay, byProduct, byFlock] = doc.tables as [ReportTable, ReportTable, ReportTable];
    expect(byDay.title).toBe('Revenue by day');
    expect(byDay.rows).toHaveLength(55);
    expect(byDay.rows[0]).toEqual(['2025-01-15', 2, 450_500, 60_003, 510_503]);
    expect(byDay.rows.at(-1)).toEqual(['2025-03-10', 1, 0, 230_005, 230_005]);
    expect(sumOf(byDay, 'Total')).toBe(total);
    expect(sumOf(byDay, 'Paid')).toBe(paid);
    expect(byDay.totals).toEqual(['Total', 7, paid, total - paid, total]);

    // By product: each category's sum, quantity and pending against SQL grouped by category.
    const categories = await app.database.query<{ category: string; cents: string; quantity: string; n: string; pending: string }>(
      `select category, sum(amount_cents)::text as cents, sum(quantity)::text as quantity, count(*)::text as n,
         coalesce(sum(amount_cents) filter (where status = 'pending'), 0)::text as pending ${where} group by category`,
      params,
    );
    expect(byProduct.rows.map((r) => r[0])).toEqual(['Egg Sales', 'Chicks', 'Layer Mash', 'Manure', 'Other']);
    for (const c of categories) {
      const row = byProduct.rows.find((r) => r[0] === c.category)!;
      expect(row[column(byProduct, 'Revenue')]).toBe(Number(c.cents));
      expect(row[column(byProduct, 'Sales')]).toBe(Number(c.n));
      expect(row[column(byProduct, 'Pending')]).toBe(Number(c.pending));
      expect(row[column(byProduct, 'Paid')]).toBe(Number(c.cents) - Number(c.pending));
      expect(row[column(byProduct, 'Quantity')]).toBe(c.category === 'Other' ? null : Number(c.quantity));
    }
    expect(sumOf(byProduct, 'Revenue')).toBe(total);
    expect(byProduct.rows.find((r) => r[0] === 'Layer Mash')?.slice(2, 4)).toEqual([12.5, 'Kg']);

    // By flock, the most revenue first.
    const flockA = await sqlNumber(`select sum(amount_cents)::text as n ${where} and flock_id = $4`, [...params, farm.flock.id]);
    const flockB = await sqlNumber(`select sum(amount_cents)::text as n ${where} and flock_id = $4`, [...params, second.id]);
    expect(byFlock.rows).toEqual([
      ['Layers A', 4, flockA - 60_003 - 314_993, 60_003 + 314_993, flockA, Math.round((flockA / total) * 1000) / 10],
      ['Broilers B', 3, flockB - 230_005, 230_005, flockB, Math.round((flockB / total) * 1000) / 10],
    ].sort((a, b) => Number(b[4]) - Number(a[4])));
    expect(byFlock.totals).toEqual(['Total', 7, paid, total - paid, total, 100]);

    // Charts: weeks (55 days), paid and pending stacked; the pie by product.
    const [overTime, pie] = doc.charts;
    expect(overTime?.kind).toBe('stacked');
    expect(overTime?.title).toBe('Revenue by week');
    expect(overTime?.categories[0]).toBe('Week of 15 Jan');
    const stacked = overTime!.series.flatMap((s) => s.values).reduce((a, b) => a + b, 0);
    expect(stacked).toBe(total);
    expect(overTime!.series.find((s) => s.name === 'Paid')!.values.reduce((a, b) => a + b, 0)).toBe(paid);
    expect(pie?.kind).toBe('pie');
    expect(pie!.series[0]!.values.reduce((a, b) => a + b, 0)).toBe(total);
    expect(report.records).toBeNull();
  });

  it('answers a row a month over a longer range, the edge months only their days in range', async () => {
    const report = await salesReport.gather(app.db, ask({ start: '2024-12-20', end: '2025-03-10' }));
    const [byMonth, byProduct, byFlock] = report.document.tables as [ReportTable, ReportTable, ReportTable];
    expect(byMonth.title).toBe('Revenue by month');
    expect(byMonth.rows.map((r) => r[0])).toEqual(['December 2024', 'January 2025', 'February 2025', 'March 2025']);
    const monthSum = (from: string, to: string) =>
      sqlNumber('select coalesce(sum(amount_cents), 0)::text as n from sales where farm_id = $1 and date between $2 and $3', [farm.farm.id, from, to]);
    expect(byMonth.rows.map((r) => r[column(byMonth, 'Total')])).toEqual([
      0,
      await monthSum('2025-01-01', '2025-01-31'),
      await monthSum('2025-02-01', '2025-02-28'),
      await monthSum('2025-03-01', '2025-03-10'),
    ]);
    const total = await monthSum('2024-12-20', '2025-03-10');
    expect(figure(report, 'Total revenue')).toBe(total);
    expect(sumOf(byProduct, 'Revenue')).toBe(total);
    expect(sumOf(byFlock, 'Revenue')).toBe(total);
    // The sale of 2025-03-11 and the Chicks of 2025-03-31 lie past the end: March holds one flock's chicks only if in range.
    expect(byProduct.rows.find((r) => r[0] === 'Chicks')?.[column(byProduct, 'Sales')]).toBe(1);
    expect(report.document.charts[0]?.title).toBe('Revenue by week');

    // Whole months only (rollups alone), then one long range to the month chart.
    const whole = await salesReport.gather(app.db, ask({ start: '2025-01-01', end: '2025-02-28' }));
    expect(figure(whole, 'Total revenue')).toBe(await monthSum('2025-01-01', '2025-02-28'));
    expect(sumOf(whole.document.tables[1]!, 'Revenue')).toBe(await monthSum('2025-01-01', '2025-02-28'));
    expect(sumOf(whole.document.tables[2]!, 'Revenue')).toBe(await monthSum('2025-01-01', '2025-02-28'));
    const year = await salesReport.gather(app.db, ask({ start: '2024-06-01', end: '2025-05-31' }));
    expect(year.document.charts[0]?.title).toBe('Revenue by month');
    expect(year.document.charts[0]?.categories).toHaveLength(12);
    expect(figure(year, 'Total revenue')).toBe(await monthSum('2024-06-01', '2025-05-31'));
  });

  it("lists every sale of a detailed report in date order, never another farm's", async () => {
    const report = await salesReport.gather(app.db, ask({ reportType: 'detailed' }));
    expect(report.document.title).toBe('Sales Report (Detailed)');
    const rows = await allRecords(report);
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => r[0])).toEqual(['2025-01-15', '2025-01-15', '2025-01-31', '2025-02-01', '2025-02-28', '2025-03-01', '2025-03-10']);
    expect(rows[1]).toEqual(['2025-01-15', formatRefNo(2), 'Layers A', 'Manure', 'Manure', 3, 'Sacks', 20_001, 60_003, 'Credit', 'Pending', 'Mama Wanjiku']);
    expect(rows[4]?.slice(1, 3)).toEqual([formatRefNo(100), 'Broilers B']);
    expect(rows.reduce((sum, r) => sum + Number(r[8]), 0)).toBe(figure(await salesReport.gather(app.db, ask()), 'Total revenue'));
  });

  it('reads the records a page at a time across more than one page', async () => {
    const big = await farmWithFlock(app);
    const n = RECORDS_PAGE_ROWS * 2 + 37;
    // Several a day, inserted out of date order, so the order comes from the read.
    const rows = Array.from({ length: n }, (_, i) => ({
      date: `2025-${String(1 + (i % 6)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      quantity: 1 + (i % 5),
      unitPriceCents: 10_001 + i,
    }));
    await storeSales(big.farm.id, big.flock.id, big.user.id, rows);
    await storeSales(big.farm.id, big.flock.id, big.user.id, [{ date: '2024-12-31' }, { date: '2025-07-01' }], n + 1);
    const context = reportContext(big.farm.id, { category: 'sales', start: '2025-01-01', end: '2025-06-30', reportType: 'detailed' });
    const pages: number[] = [];
    for await (const page of (await salesReport.gather(app.db, context)).records!.pages) pages.push(page.length);
    expect(pages).toEqual([RECORDS_PAGE_ROWS, RECORDS_PAGE_ROWS, 37]);
    const report = await salesReport.gather(app.db, context);
    const listed = await allRecords(report);
    expect(listed).toHaveLength(n);
    const keys = listed.map((r) => `${String(r[0])} ${String(r[1])}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(listed.map((r) => r[1])).size).toBe(n);
    const total = await sqlNumber("select sum(amount_cents)::text as n from sales where farm_id = $1 and date between '2025-01-01' and '2025-06-30'", [big.farm.id]);
    expect(listed.reduce((sum, r) => sum + Number(r[8]), 0)).toBe(total);
    expect(figure(report, 'Total revenue')).toBe(total);
    expect(report.document.tables[0]!.rows).toHaveLength(6);
  });
});
