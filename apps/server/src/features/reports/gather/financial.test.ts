import { formatRefNo, shiftMonth } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expenses, flocks, sales } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { createFlock, createUser, farmWithFlock } from '../../../test/factories.js';
import { allRecords, reportContext } from '../../../test/report-context.js';
import { RECORDS_PAGE_ROWS, type GatheredReport, type ReportRequestContext } from '../document.js';
import { financialReport } from './financial.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type SaleRow = typeof sales.$inferInsert;
type ExpenseRow = typeof expenses.$inferInsert;

const request = (farmId: number, start: string, end: string, more: Partial<ReportRequestContext> = {}) =>
  reportContext(farmId, { category: 'financial', start, end, ...more });

const figure = (gathered: GatheredReport, label: string) => gathered.document.summary.find((f) => f.label === label)?.value;

let refNo = 0;
const sale = (farmId: number, flockId: number, date: string, amountCents: number, status: 'paid' | 'pending' = 'paid'): SaleRow => ({
  farmId,
  flockId,
  refNo: ++refNo,
  category: 'Egg Sales',
  product: 'Eggs',
  description: null,
  quantity: 1,
  unit: 'Crates',
  unitPriceCents: amountCents,
  amountCents,
  date,
  saleType: 'Cash',
  status,
});
const expense = (farmId: number, flockId: number, date: string, amountCents: number): ExpenseRow => ({
  farmId,
  flockId,
  date,
  description: 'Layers mash',
  amountCents,
  category: 'Feed',
});

/** Independent sums over the raw rows of a farm (and flock) between two days. */
async function rawSums(farmId: number, start: string, end: string, flockId: number | null = null) {
  const flock = flockId === null ? '' : ' and flock_id = $4';
  const params = flockId === null ? [farmId, start, end] : [farmId, start, end, flockId];
  const [row] = await app.database.query<Record<string, string>>(
    `select (select coalesce(sum(amount_cents), 0) from sales where farm_id = $1 and date between $2 and $3${flock}) as revenue,
            (select coalesce(sum(amount_cents), 0) from sales where farm_id = $1 and date between $2 and $3 and status = 'pending'${flock}) as pending,
            (select coalesce(sum(amount_cents), 0) from expenses where farm_id = $1 and date between $2 and $3${flock}) as expenses`,
    params,
  );
  return { revenue: Number(row!.revenue), pending: Number(row!.pending), expenses: Number(row!.expenses) };
}

/** Revenue and expenses per period ('YYYY-MM' or 'YYYY') or per flock name, from the raw rows. */
async function rawBy(farmId: number, start: string, end: string, key: 'month' | 'year' | 'flock') {
  const group = key === 'flock' ? '(select name from flocks where id = flock_id)' : `to_char(date, '${key === 'month' ? 'YYYY-MM' : 'YYYY'}')`;
  const rows = await app.database.query<{ k: string; revenue: string; expenses: string }>(
    `select k, sum(revenue) as revenue, sum(expenses) as expenses from (
       select ${group} as k, amount_cents as revenue, 0 as expenses from sales where farm_id = $1 and date between $2 and $3
       union all
       select ${group}, 0, amount_cents from expenses where farm_id = $1 and date between $2 and $3) as t
     group by k order by k`,
    [farmId, start, end],
  );
  return new Map(rows.map((r) => [r.k, [Number(r.revenue), Number(r.expenses)]]));
}

describe('financial report', () => {
  it('sums revenue, paid and pending, expenses and net per month and flock, the range’s edge days included and nothing outside', async () => {
    const { farm, user, flock: a, ...owner } = await farmWithFlock(app, { name: 'Layers A', bird_count: 100, initial_bird_count: 100 });
    const o = { farm, user, ...owner };
    const b = await createFlock(app, o, { name: 'Layers B', bird_count: 40, initial_bird_count: 40 });
    const archived = await createFlock(app, o, { name: 'Layers C', bird_count: 10, initial_bird_count: 10, status: 'archived' });
    const idle = await createFlock(app, o, { name: 'Layers D', bird_count: 10, initial_bird_count: 10 });
    const other = await farmWithFlock(app, { name: 'Layers A' });
    const f = farm.id;
    const base = refNo;
    await app.db.insert(sales).values([
      sale(f, a.id, '2024-12-31', 111_111), // outside
      sale(f, a.id, '2025-01-14', 222_222), // the day before the range
      sale(f, a.id, '2025-01-15', 1_000_050), // the first day
      sale(f, a.id, '2025-01-31', 250_000, 'pending'),
      sale(f, b.id, '2025-02-10', 600_000),
      sale(f, a.id, '2025-03-31', 300_001),
      sale(f, b.id, '2025-04-10', 99_999, 'pending'), // the last day
      sale(f, b.id, '2025-04-11', 333_333), // the day after
      sale(f, archived.id, '2025-05-02', 444_444), // outside, an archived flock
      sale(other.farm.id, other.flock.id, '2025-02-10', 777_777), // another farm
    ]);
    await app.db.insert(expenses).values([
      expense(f, a.id, '2025-01-14', 12_345),
      expense(f, a.id, '2025-01-15', 400_000),
      expense(f, b.id, '2025-02-28', 100_000),
      expense(f, b.id, '2025-03-01', 5_050),
      expense(f, a.id, '2025-04-10', 20_000),
      expense(f, a.id, '2025-04-11', 54_321),
      expense(other.farm.id, other.flock.id, '2025-03-01', 888_888),
    ]);
    const [start, end] = ['2025-01-15', '2025-04-10'];

    expect(await financialReport.hasData(app.db, request(f, start, end))).toBe(true);
    expect(await financialReport.hasData(app.db, request(f, '2025-01-01', '2025-01-13'))).toBe(false);
    expect(await financialReport.hasData(app.db, request(f, '2025-04-12', '2025-05-01'))).toBe(false);
    expect(await financialReport.hasData(app.db, request(f, start, end, { flockId: idle.id }))).toBe(false);
    expect(await financialReport.hasData(app.db, request(f, '2025-01-14', '2025-01-20', { flockId: b.id }))).toBe(false);

    const gathered = await financialReport.gather(app.db, request(f, start, end));
    const { document } = gathered;
    expect(document).toMatchObject({ category: 'financial', workbook: true, filters: [] });
    expect(gathered.records).toBeNull();

    const raw = await rawSums(f, start, end);
    expect(raw).toEqual({ revenue: 2_250_050, pending: 349_999, expenses: 525_050 });
    expect(figure(gathered, 'Total Revenue')).toBe(raw.revenue);
    expect(figure(gathered, 'Paid')).toBe(raw.revenue - raw.pending);
    expect(figure(gathered, 'Pending')).toBe(raw.pending);
    expect(figure(gathered, 'Total Expenses')).toBe(raw.expenses);
    expect(figure(gathered, 'Net Profit')).toBe(raw.revenue - raw.expenses);
    // A: 1,550,051 − 420,000 = 1,130,051 over 100 birds; B: 699,999 − 105,050 = 594,949 over 40 birds.
    expect(figure(gathered, 'Best Performing Flock')).toBe('Layers A');
    expect(figure(gathered, 'Best Performing Flock: revenue')).toBe(1_550_051);
    expect(figure(gathered, 'Most Efficient Flock')).toBe('Layers B');
    expect(figure(gathered, 'Most Efficient Flock: net profit per bird')).toBe(Math.round(594_949 / 40));

    const [byMonth, byFlock, byYear] = document.tables;
    expect(byYear).toBeUndefined();
    expect(byMonth!.rows).toEqual([
      ['January 2025', 1_250_050, 400_000, 850_050, 850_050],
      ['February 2025', 600_000, 100_000, 500_000, 1_350_050],
      ['March 2025', 300_001, 5_050, 294_951, 1_645_001],
      ['April 2025', 99_999, 20_000, 79_999, 1_725_000],
    ]);
    const months = await rawBy(f, start, end, 'month');
    expect(byMonth!.rows.map((r) => [r[1], r[2]])).toEqual(['2025-01', '2025-02', '2025-03', '2025-04'].map((m) => months.get(m)));
    expect(byMonth!.totals).toEqual(['Total', raw.revenue, raw.expenses, 1_725_000, 1_725_000]);
    // Every flock not archived (D at zero), the archived one without money in the range left out.
    expect(byFlock!.rows).toEqual([
      ['Layers A', 100, 1_550_051, 420_000, 1_130_051, 11_301],
      ['Layers B', 40, 699_999, 105_050, 594_949, 14_874],
      ['Layers D', 10, 0, 0, 0, 0],
    ]);
    const perFlock = await rawBy(f, start, end, 'flock');
    expect(byFlock!.rows.filter((r) => r[2] !== 0).map((r) => [r[2], r[3]])).toEqual([perFlock.get('Layers A'), perFlock.get('Layers B')]);
    expect(byFlock!.totals).toEqual(['Total', 150, raw.revenue, raw.expenses, 1_725_000, 11_500]);
    expect(document.charts).toEqual([
      {
        title: 'Revenue vs Expenses by Month',
        kind: 'bar',
        categories: ['Jan 2025', 'Feb 2025', 'Mar 2025', 'Apr 2025'],
        series: [
          { name: 'Revenue', values: [1_250_050, 600_000, 300_001, 99_999] },
          { name: 'Expenses', values: [400_000, 100_000, 5_050, 20_000] },
        ],
        unit: 'kes',
      },
      { title: 'Net Profit by Flock', kind: 'bar', categories: ['Layers A', 'Layers B', 'Layers D'], series: [{ name: 'Net Profit', values: [1_130_051, 594_949, 0] }], unit: 'kes' },
    ]);

    // One flock: its figures only, named among the filters; pending from its own sales.
    const ofB = await financialReport.gather(app.db, request(f, start, end, { flockId: b.id, reportType: 'detailed' }));
    const rawB = await rawSums(f, start, end, b.id);
    expect(ofB.document.filters).toEqual(['Flock: Layers B']);
    expect([figure(ofB, 'Total Revenue'), figure(ofB, 'Pending'), figure(ofB, 'Total Expenses')]).toEqual([rawB.revenue, rawB.pending, rawB.expenses]);
    expect(ofB.document.tables[1]!.rows).toEqual([['Layers B', 40, 699_999, 105_050, 594_949, 14_874]]);
    expect(await allRecords(ofB)).toEqual([
      ['2025-02-10', 'Sale', 'Layers B', 'Egg Sales', `${formatRefNo(base + 5)} Eggs`, 600_000, null],
      ['2025-02-28', 'Expense', 'Layers B', 'Feed', 'Layers mash', null, 100_000],
      ['2025-03-01', 'Expense', 'Layers B', 'Feed', 'Layers mash', null, 5_050],
      ['2025-04-10', 'Sale', 'Layers B', 'Egg Sales', `${formatRefNo(base + 7)} Eggs`, 99_999, null],
    ]);

    // The whole farm's ledger: a day's sales before its expenses; the first and last days in.
    const detailed = await allRecords(await financialReport.gather(app.db, request(f, start, end, { reportType: 'detailed' })));
    expect(detailed.map((r) => [r[0], r[1], r[5] ?? r[6]])).toEqual([
      ['2025-01-15', 'Sale', 1_000_050],
      ['2025-01-15', 'Expense', 400_000],
      ['2025-01-31', 'Sale', 250_000],
      ['2025-02-10', 'Sale', 600_000],
      ['2025-02-28', 'Expense', 100_000],
      ['2025-03-01', 'Expense', 5_050],
      ['2025-03-31', 'Sale', 300_001],
      ['2025-04-10', 'Sale', 99_999],
      ['2025-04-10', 'Expense', 20_000],
    ]);

    // Across a new year: a table a year as well, its running net from the range's start.
    const years = await financialReport.gather(app.db, request(f, '2024-12-01', '2025-01-31'));
    expect(years.document.tables[2]).toMatchObject({
      title: 'By Year',
      rows: [
        ['2024', 111_111, 0, 111_111, 111_111],
        ['2025', 1_472_272, 412_345, 1_059_927, 1_171_038],
      ],
    });
  });

  it('reads ten years of 50 flocks, its totals equal to the raw rows’ sums to the cent, edge months included (its speed: npm run bench)', async () => {
    const owner = await createUser(app);
    const farmId = owner.farm.id;
    const flockRows = await app.db
      .insert(flocks)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          farmId,
          createdBy: owner.user.id,
          name: `Flock ${String(i + 1).padStart(2, '0')}`,
          breed: 'Layers' as const,
          ageAtAddingWeeks: 10,
          initialBirdCount: 100 + i * 10,
          birdCount: 90 + i * 10,
          status: 'active' as const,
        })),
      )
      .returning({ id: flocks.id });
    const ids = flockRows.map((r) => r.id);
    // 120 months × 50 flocks: 3 sales and 2 expenses a flock-month, amounts with odd cents.
    const saleRows: SaleRow[] = [];
    const expenseRows: ExpenseRow[] = [];
    let n = 0;
    const amount = () => ((n = (n * 1_103_515_245 + 12_345) % 2_147_483_648) % 2_000_000) + 1;
    for (let m = 0; m < 120; m += 1) {
      const month = shiftMonth('2016-01', m);
      ids.forEach((flockId, i) => {
        for (const day of ['01', '14', '28']) saleRows.push(sale(farmId, flockId, `${month}-${day}`, amount(), (m + i) % 4 === 0 ? 'pending' : 'paid'));
        for (const day of ['07', '28']) expenseRows.push(expense(farmId, flockId, `${month}-${day}`, amount()));
      });
    }
    for (let i = 0; i < saleRows.length; i += 2_000) await app.db.insert(sales).values(saleRows.slice(i, i + 2_000));
    for (let i = 0; i < expenseRows.length; i += 2_000) await app.db.insert(expenses).values(expenseRows.slice(i, i + 2_000));

    for (const [start, end] of [
      ['2016-01-01', '2025-12-31'],
      ['2016-03-14', '2025-10-27'],
    ] as const) {
      const found = await financialReport.hasData(app.db, request(farmId, start, end));
      const gathered = await financialReport.gather(app.db, request(farmId, start, end));
      expect(found).toBe(true);

      const raw = await rawSums(farmId, start, end);
      expect(figure(gathered, 'Total Revenue')).toBe(raw.revenue);
      expect(figure(gathered, 'Pending')).toBe(raw.pending);
      expect(figure(gathered, 'Total Expenses')).toBe(raw.expenses);
      expect(figure(gathered, 'Net Profit')).toBe(raw.revenue - raw.expenses);

      const [byMonth, byFlock, byYear] = gathered.document.tables;
      const months = await rawBy(farmId, start, end, 'month');
      expect(byMonth!.rows).toHaveLength(months.size);
      expect(byMonth!.rows.map((r) => [r[1], r[2]])).toEqual([...months.values()]);
      expect(byMonth!.rows.at(-1)![4]).toBe(raw.revenue - raw.expenses);
      const perFlock = await rawBy(farmId, start, end, 'flock');
      expect(byFlock!.rows.map((r) => [r[2], r[3]])).toEqual([...perFlock.values()]);
      const perYear = await rawBy(farmId, start, end, 'year');
      expect(byYear!.rows.map((r) => [r[0], r[1], r[2]])).toEqual([...perYear].map(([year, [r, e]]) => [year, r, e]));
      expect(gathered.document.charts[0]!.categories).toEqual([...perYear.keys()]);
      const best = [...perFlock].sort(([, x], [, y]) => y[0]! - x[0]!)[0]!;
      expect(figure(gathered, 'Best Performing Flock')).toBe(best[0]);
    }

    // A year's ledger over several pages, in order, every row once.
    const [start, end] = ['2020-01-01', '2020-12-20'];
    const rows = await allRecords(await financialReport.gather(app.db, request(farmId, start, end, { reportType: 'detailed' })));
    const expected = await app.database.query<{ day: string; kind: string; amount: string }>(
      `select day, kind, amount from (
         select date::text as day, 0 as k, id, 'Sale' as kind, amount_cents as amount from sales where farm_id = $1 and date between $2 and $3
         union all
         select date::text, 1, id, 'Expense', amount_cents from expenses where farm_id = $1 and date between $2 and $3) as t
       order by day, k, id`,
      [farmId, start, end],
    );
    expect(expected.length).toBeGreaterThan(RECORDS_PAGE_ROWS * 2);
    expect(rows.map((r) => [r[0], r[1], r[5] ?? r[6]])).toEqual(expected.map((r) => [r.day, r.kind, Number(r.amount)]));
  });
});

