import type { ExpenseCategory } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, expenses } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { createFlock, farmWithFlock } from '../../../test/factories.js';
import { allRecords, reportContext } from '../../../test/report-context.js';
import { RECORDS_PAGE_ROWS, type GatheredReport, type ReportRequestContext, type ReportTable } from '../document.js';
import { expenseReport } from './expenses.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type ExpenseInsert = typeof expenses.$inferInsert;

/** Expenses written straight into the table (dates the API would refuse today). */
async function storeExpenses(farmId: number, flockId: number, userId: number, rows: Partial<ExpenseInsert>[]) {
  const values: ExpenseInsert[] = rows.map((r) => ({
    farmId,
    flockId,
    createdBy: userId,
    date: '2025-02-10',
    description: 'Layers mash',
    amountCents: 100_000,
    category: 'Feed',
    ...r,
  }));
  for (let i = 0; i < values.length; i += 500) await app.db.insert(expenses).values(values.slice(i, i + 500));
}

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

describe('the expense report', () => {
  let farm: Awaited<ReturnType<typeof farmWithFlock>>;
  let second: Awaited<ReturnType<typeof createFlock>>;
  const start = '2025-01-15';
  const end = '2025-03-10';

  beforeAll(async () => {
    farm = await farmWithFlock(app, { name: 'Layers A' });
    second = await createFlock(app, farm, { name: 'Broilers B' });
    const a = (date: string, amountCents: number, category: ExpenseCategory, description: string) => ({ date, amountCents, category, description, flockId: farm.flock.id });
    const b = (date: string, amountCents: number, category: ExpenseCategory, description: string) => ({ date, amountCents, category, description, flockId: second.id });
    await storeExpenses(farm.farm.id, farm.flock.id, farm.user.id, [
      // The range's first and last days, in months only partly in the range.
      a('2025-01-15', 250_050, 'Feed', 'Layers FEED 70kg'),
      a('2025-01-15', 30_001, 'Vet', 'Newcastle vaccine'),
      a('2025-01-31', 12_345, 'Transport', 'Boda to market'),
      a('2025-02-01', 480_000, 'Feed', 'Maize 1000 kg'),
      a('2025-02-14', 99_999, 'Feed', 'feed_100% premix'),
      b('2025-02-28', 66_667, 'Utilities', 'Water bill'),
      b('2025-03-01', 150_000, 'Feed', 'Chick feed'),
      b('2025-03-10', 7_777, 'Others', 'Feeders'),
      // Outside the range, on both sides, in the edge months.
      a('2025-01-14', 900_000, 'Feed', 'Layers feed'),
      a('2025-01-01', 900_000, 'Vet', 'Dewormer'),
      b('2025-03-11', 900_000, 'Feed', 'Chick feed'),
      b('2025-03-31', 900_000, 'Utilities', 'Power'),
    ]);
    await app.db.insert(budgets).values([
      { farmId: farm.farm.id, flockId: farm.flock.id, createdBy: farm.user.id, year: 2025, month: 1, amountCents: 500_000 },
      { farmId: farm.farm.id, flockId: farm.flock.id, createdBy: farm.user.id, year: 2025, month: 2, amountCents: 500_000 },
      { farmId: farm.farm.id, flockId: second.id, createdBy: farm.user.id, year: 2025, month: 3, amountCents: 100_000 },
      // Months the range does not touch.
      { farmId: farm.farm.id, flockId: farm.flock.id, createdBy: farm.user.id, year: 2024, month: 12, amountCents: 1_000_000 },
      { farmId: farm.farm.id, flockId: second.id, createdBy: farm.user.id, year: 2025, month: 4, amountCents: 1_000_000 },
    ]);
    // Another farm spends and budgets in the same days.
    const other = await farmWithFlock(app);
    await storeExpenses(other.farm.id, other.flock.id, other.user.id, [
      { date: '2025-01-15', amountCents: 5_000_000, description: 'Layers feed' },
      { date: '2025-02-20', amountCents: 5_000_000, category: 'Vet', description: 'feed_100%' },
    ]);
    await app.db.insert(budgets).values({ farmId: other.farm.id, flockId: other.flock.id, createdBy: other.user.id, year: 2025, month: 2, amountCents: 9_000_000 });
  });

  const ask = (overrides: Partial<ReportRequestContext> = {}) => reportContext(farm.farm.id, { category: 'expense', start, end, ...overrides });
  const params = () => [farm.farm.id, start, end];
  const where = 'from expenses where farm_id = $1 and date between $2 and $3';

  it('has data in the range, none in an empty one, none the filters leave out, none of another farm', async () => {
    expect(await expenseReport.hasData(app.db, ask())).toBe(true);
    expect(await expenseReport.hasData(app.db, ask({ start: '2025-03-10', end: '2025-03-10' }))).toBe(true);
    expect(await expenseReport.hasData(app.db, ask({ start: '2025-01-16', end: '2025-01-30' }))).toBe(false);
    expect(await expenseReport.hasData(app.db, ask({ descriptionFilter: 'feed' }))).toBe(true);
    expect(await expenseReport.hasData(app.db, ask({ descriptionFilter: 'tractor' }))).toBe(false);
    expect(await expenseReport.hasData(app.db, ask({ descriptionFilter: 'Power' }))).toBe(false);
    expect(await expenseReport.hasData(app.db, ask({ expenseCategory: 'Utilities', start: '2025-01-15', end: '2025-02-27' }))).toBe(false);
    const empty = await farmWithFlock(app);
    expect(await expenseReport.hasData(app.db, reportContext(empty.farm.id, { category: 'expense', start, end }))).toBe(false);
  });

  it('sums the range to the cent by month, category and flock, with each budget against its spending', async () => {
    const report = await expenseReport.gather(app.db, ask());
    const total = await sqlNumber(`select sum(amount_cents)::text as n ${where}`, params());
    expect(total).toBe(250_050 + 30_001 + 12_345 + 480_000 + 99_999 + 66_667 + 150_000 + 7_777);
    const doc = report.document;
    expect(doc).toMatchObject({ category: 'expense', title: 'Expenses Report (Summary)', filters: [], start, end });
    expect(figure(report, 'Total spent')).toBe(total);
    expect(figure(report, 'Number of expenses')).toBe(8);
    const feed = await sqlNumber(`select sum(amount_cents)::text as n ${where} and category = 'Feed'`, params());
    expect(figure(report, 'Largest category')).toBe(`Feed (${Math.round((feed / total) * 1000) / 10}%)`);
    expect(figure(report, 'Largest category spent')).toBe(feed);
    expect(figure(report, 'Budget for the period')).toBe(1_100_000);

    const [byMonth, byCategory, byFlock, budgetTable] = doc.tables as [ReportTable, ReportTable, ReportTable, ReportTable];
    const monthSum = (from: string, to: string) => sqlNumber('select coalesce(sum(amount_cents), 0)::text as n from expenses where farm_id = $1 and date between $2 and $3', [farm.farm.id, from, to]);
    expect(byMonth.rows).toEqual([
      ['January 2025', 3, await monthSum('2025-01-15', '2025-01-31'), 500_000],
      ['February 2025', 3, await monthSum('2025-02-01', '2025-02-28'), 500_000],
      ['March 2025', 2, await monthSum('2025-03-01', '2025-03-10'), 100_000],
    ]);
    expect(byMonth.totals).toEqual(['Total', 8, total, 1_100_000]);
    expect(byMonth.note).toContain('January 2025 and March 2025');

    const categories = await app.database.query<{ category: string; cents: string; n: string }>(
      `select category, sum(amount_cents)::text as cents, count(*)::text as n ${where} group by category`,
      params(),
    );
    expect(byCategory.rows.map((r) => r[0])).toEqual(['Feed', 'Vet', 'Utilities', 'Transport', 'Others']);
    for (const c of categories) expect(byCategory.rows.find((r) => r[0] === c.category)?.slice(1, 3)).toEqual([Number(c.n), Number(c.cents)]);
    expect(sumOf(byCategory, 'Spent')).toBe(total);

    const flockA = await sqlNumber(`select sum(amount_cents)::text as n ${where} and flock_id = $4`, [...params(), farm.flock.id]);
    const flockB = await sqlNumber(`select sum(amount_cents)::text as n ${where} and flock_id = $4`, [...params(), second.id]);
    expect(byFlock.rows).toEqual([
      ['Layers A', 5, flockA, Math.round((flockA / total) * 1000) / 10],
      ['Broilers B', 3, flockB, Math.round((flockB / total) * 1000) / 10],
    ]);

    // Budgets of January to March only; spent is the flock's in that month within the range.
    const janA = await sqlNumber(`select sum(amount_cents)::text as n ${where} and flock_id = $4 and date <= '2025-01-31'`, [...params(), farm.flock.id]);
    expect(janA).toBe(292_396);
    expect(budgetTable.rows).toEqual([
      ['January 2025', 'Layers A', 500_000, janA, 500_000 - janA, 58.5, 'Within budget'],
      ['February 2025', 'Layers A', 500_000, 579_999, -79_999, 116, 'Over budget'],
      ['March 2025', 'Broilers B', 100_000, 157_777, -57_777, 157.8, 'Over budget'],
    ]);
    expect(budgetTable.totals?.slice(2, 4)).toEqual([1_100_000, janA + 579_999 + 157_777]);
    expect(figure(report, 'Spent by budgeted flocks')).toBe(janA + 579_999 + 157_777);
    expect(figure(report, 'Budget used')).toBe(Math.round(((janA + 579_999 + 157_777) / 1_100_000) * 1000) / 10);

    const [pie, bars] = doc.charts;
    expect(pie?.kind).toBe('pie');
    expect(pie!.series[0]!.values.reduce((x, y) => x + y, 0)).toBe(total);
    expect(bars).toMatchObject({ kind: 'bar', title: 'Spending against budget by month', categories: ['Jan 2025', 'Feb 2025', 'Mar 2025'] });
    expect(bars!.series.map((s) => s.name)).toEqual(['Spent', 'Budget']);
    expect(bars!.series[1]!.values).toEqual([500_000, 500_000, 100_000]);
    expect(report.records).toBeNull();
  });

  it('narrows every figure, table, chart and record to the description and category filters', async () => {
    const report = await expenseReport.gather(app.db, ask({ descriptionFilter: 'feed', expenseCategory: 'Feed', reportType: 'detailed' }));
    const match = `${where} and category = 'Feed' and description ilike '%feed%'`;
    const total = await sqlNumber(`select sum(amount_cents)::text as n ${match}`, params());
    expect(total).toBe(250_050 + 99_999 + 150_000);
    expect(report.document.filters).toEqual(['Description contains "feed"', 'Category: Feed']);
    expect(figure(report, 'Total spent')).toBe(total);
    expect(figure(report, 'Number of expenses')).toBe(3);
    const [byMonth, byCategory, byFlock, budgetTable] = report.document.tables as [ReportTable, ReportTable, ReportTable, ReportTable];
    expect(byMonth.rows.map((r) => r[2])).toEqual([250_050, 99_999, 150_000]);
    expect(byCategory.rows).toEqual([['Feed', 3, total, 100]]);
    expect(byFlock.rows.map((r) => [r[0], r[2]])).toEqual([
      ['Layers A', 250_050 + 99_999],
      ['Broilers B', 150_000],
    ]);
    expect(budgetTable.rows.map((r) => r[3])).toEqual([250_050, 99_999, 150_000]);
    expect(budgetTable.note).toContain('filters');
    expect(report.document.charts[0]!.series[0]!.values).toEqual([total]);
    const records = await allRecords(report);
    expect(records.map((r) => r[3])).toEqual(['Layers FEED 70kg', 'feed_100% premix', 'Chick feed']);
    expect(records.reduce((sum, r) => sum + Number(r[4]), 0)).toBe(total);

    // The description filter alone: any category, any case; % and _ are themselves.
    const described = await expenseReport.gather(app.db, ask({ descriptionFilter: 'FEED' }));
    expect(figure(described, 'Total spent')).toBe(await sqlNumber(`select sum(amount_cents)::text as n ${where} and description ilike '%feed%'`, params()));
    expect(figure(described, 'Number of expenses')).toBe(4);
    const percent = await expenseReport.gather(app.db, ask({ descriptionFilter: '100%', reportType: 'detailed' }));
    expect(figure(percent, 'Total spent')).toBe(99_999);
    expect((await allRecords(percent)).map((r) => r[3])).toEqual(['feed_100% premix']);
    const underscore = await expenseReport.gather(app.db, ask({ descriptionFilter: 'd_1' }));
    expect(figure(underscore, 'Total spent')).toBe(99_999);
    // As a wildcard, 'd_7' would match 'FEED 70kg'; as itself it matches nothing.
    expect(await expenseReport.hasData(app.db, ask({ descriptionFilter: 'd_7' }))).toBe(false);
    // The category filter alone.
    const vet = await expenseReport.gather(app.db, ask({ expenseCategory: 'Vet' }));
    expect(vet.document.filters).toEqual(['Category: Vet']);
    expect(figure(vet, 'Total spent')).toBe(30_001);
  });

  it('lists every expense of a detailed report in date order across more than one page', async () => {
    const big = await farmWithFlock(app);
    const n = RECORDS_PAGE_ROWS + 250;
    await storeExpenses(
      big.farm.id,
      big.flock.id,
      big.user.id,
      Array.from({ length: n }, (_, i) => ({
        date: `2025-${String(1 + (i % 3)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
        amountCents: 1_000 + i,
        category: i % 2 === 0 ? 'Feed' : 'Vet',
      })),
    );
    await storeExpenses(big.farm.id, big.flock.id, big.user.id, [{ date: '2024-12-31' }, { date: '2025-04-01' }]);
    const context = reportContext(big.farm.id, { category: 'expense', start: '2025-01-01', end: '2025-03-31', reportType: 'detailed' });
    const pages: number[] = [];
    for await (const page of (await expenseReport.gather(app.db, context)).records!.pages) pages.push(page.length);
    expect(pages).toEqual([RECORDS_PAGE_ROWS, 250]);
    const report = await expenseReport.gather(app.db, context);
    const rows = await allRecords(report);
    expect(rows).toHaveLength(n);
    const dates = rows.map((r) => String(r[0]));
    expect(dates).toEqual([...dates].sort());
    const total = await sqlNumber("select sum(amount_cents)::text as n from expenses where farm_id = $1 and date between '2025-01-01' and '2025-03-31'", [big.farm.id]);
    expect(rows.reduce((sum, r) => sum + Number(r[4]), 0)).toBe(total);
    expect(figure(report, 'Total spent')).toBe(total);
    expect(figure(report, 'Budget for the period')).toBe('No budget set');
    expect(report.document.tables[3]!.note).toBe('No budget was set for a month of this period.');
    // Filtered, across pages too.
    const feed = await allRecords(await expenseReport.gather(app.db, { ...context, expenseCategory: 'Feed' }));
    expect(feed).toHaveLength(n / 2);
    expect(feed.every((r) => r[2] === 'Feed')).toBe(true);
  });
});
