/**
 * The financial report (decision 031): revenue, expenses and net per month, year and flock, and
 * the best and most efficient flocks, with decision 030's definitions (revenue is every sale
 * dated in the period, paid or pending; net profit the running total of net revenue). The
 * whole months of the period are read from the trigger-kept flock-month rollups; only the
 * days of a month the period covers in part are read from the sales and expenses themselves,
 * so ten years of 50 flocks cost a few thousand rollup rows and stay right to the cent.
 */
import {
  bestPerformingFlock,
  financeMessages,
  formatRefNo,
  mostEfficientFlock,
  profitPerBirdCents,
  runningTotals,
  shiftDay,
  shiftMonth,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { expenseFlockMonths, expenses, flocks, saleDays, saleFlockMonths, sales } from '../../../db/schema/index.js';
import { toSafeInteger } from '../../../db/sql-number.js';
import { oneRow, sqlRows } from '../../farm-scope.js';
import type { Cell, ReportChart, ReportColumn, ReportGatherer, ReportRequestContext, ReportTable } from '../document.js';
import type { ReportLanguage } from '../report-language.js';
import { documentHead, languageOfReport, pagedRows } from './common.js';

/** The words of a financial report in its language (decision 068): its own and the finance screen's. */
function financialWords(language: ReportLanguage) {
  return { f: wordsIn(language.language, financeMessages), w: language.words.financial, d: language.words.document };
}
type FinancialWords = ReturnType<typeof financialWords>;
/** Past this many months the revenue chart shows years. */
const CHART_MONTHS_MAX = 36;

/**
 * How the period splits: the whole months [fullFrom, fullTo) read from the rollups (none when
 * fullFrom >= fullTo), and the day ranges of the months it covers in part, read from the rows.
 */
function periodParts(start: string, end: string): { fullFrom: string; fullTo: string; dayRanges: [string, string][] } {
  const fullFrom = start.endsWith('-01') ? start : `${shiftMonth(start.slice(0, 7), 1)}-01`;
  const dayAfter = shiftDay(end, 1);
  const fullTo = dayAfter.endsWith('-01') ? dayAfter : `${end.slice(0, 7)}-01`;
  if (fullFrom >= fullTo) return { fullFrom, fullTo, dayRanges: [[start, end]] };
  const dayRanges: [string, string][] = [];
  if (start < fullFrom) dayRanges.push([start, shiftDay(fullFrom, -1)]);
  if (fullTo <= end) dayRanges.push([fullTo, end]);
  return { fullFrom, fullTo, dayRanges };
}

const ofFlock = (request: ReportRequestContext, alias: string) =>
  request.flockId === null ? sql`` : sql` and ${sql.raw(alias)}.flock_id = ${request.flockId}`;

/**
 * A table's amounts per flock and month over the period: the rollup's whole months and the
 * rows of the partly covered months, each read off its (farm, [flock,] month or date) index.
 */
function flockMonths(request: ReportRequestContext, rollup: typeof saleFlockMonths | typeof expenseFlockMonths, rows: typeof sales | typeof expenses): SQL {
  const farmId = request.scope.farmId;
  const { fullFrom, fullTo, dayRanges } = periodParts(request.start, request.end);
  const parts: SQL[] = [];
  if (fullFrom < fullTo) {
    parts.push(sql`select r.flock_id, r.month, r.amount_cents from ${rollup} as r
      where r.farm_id = ${farmId} and r.month >= ${fullFrom} and r.month < ${fullTo} and r.amount_cents <> 0${ofFlock(request, 'r')}`);
  }
  for (const [from, to] of dayRanges) {
    parts.push(sql`select t.flock_id, date_trunc('month', t.date)::date as month, t.amount_cents from ${rows} as t
      where t.farm_id = ${farmId} and t.date >= ${from} and t.date <= ${to}${ofFlock(request, 't')}`);
  }
  return sql.join(parts, sql` union all `);
}

async function hasData(db: Db, request: ReportRequestContext): Promise<boolean> {
  const farmId = request.scope.farmId;
  const row = await oneRow<{ found: boolean }>(
    db,
    sql`select (exists (select 1 from ${sales} as t where t.farm_id = ${farmId} and t.date >= ${request.start} and t.date <= ${request.end}${ofFlock(request, 't')})
             or exists (select 1 from ${expenses} as t where t.farm_id = ${farmId} and t.date >= ${request.start} and t.date <= ${request.end}${ofFlock(request, 't')})) as found`,
  );
  return row.found === true;
}

/** A period ('YYYY-MM' or 'YYYY'), revenue and expenses in cents (as text). */
type PeriodRow = [period: string, revenue: unknown, expenses: unknown];
type FlockRow = [id: number, name: string, birds: number, revenue: unknown, expenses: unknown];

interface FinancialRow {
  months: PeriodRow[] | null;
  years: PeriodRow[] | null;
  flocks: FlockRow[] | null;
  flock_name: string | null;
  revenue: unknown;
  expenses: unknown;
  pending: unknown;
}

/**
 * The summary in one statement: the period's sales and expenses per flock and month (rollups
 * and edge-month rows), summed per month, per year, per flock and in all in SQL; the pending
 * sales (from the farm's sale days, or one flock's pending rows); the flocks to list: every
 * one not archived, and an archived one with money in the period.
 */
function summaryRow(db: Db, request: ReportRequestContext): Promise<FinancialRow> {
  const farmId = request.scope.farmId;
  const { start, end } = request;
  const pending =
    request.flockId === null
      ? sql`(select coalesce(sum(amount_cents) - sum(paid_cents), 0)::text from ${saleDays} where farm_id = ${farmId} and day >= ${start} and day <= ${end})`
      : sql`(select coalesce(sum(t.amount_cents), 0)::text from ${sales} as t
             where t.farm_id = ${farmId} and t.status = 'pending' and t.date >= ${start} and t.date <= ${end}${ofFlock(request, 't')})`;
  return oneRow<FinancialRow>(
    db,
    sql`with money as (
        select flock_id, month, amount_cents as revenue, 0::bigint as expenses from (${flockMonths(request, saleFlockMonths, sales)}) as s
        union all
        select flock_id, month, 0::bigint, amount_cents from (${flockMonths(request, expenseFlockMonths, expenses)}) as e
      ), per_flock as (
        select flock_id, sum(revenue) as revenue, sum(expenses) as expenses from money group by flock_id
      )
      select
        (select json_agg(json_build_array(p, r, e) order by p)
           from (select to_char(month, 'YYYY-MM'), sum(revenue)::text, sum(expenses)::text from money group by 1) as x(p, r, e)) as months,
        (select json_agg(json_build_array(p, r, e) order by p)
           from (select to_char(month, 'YYYY'), sum(revenue)::text, sum(expenses)::text from money group by 1) as x(p, r, e)) as years,
        (select json_agg(json_build_array(fl.id, fl.name, fl.bird_count, coalesce(pf.revenue, 0)::text, coalesce(pf.expenses, 0)::text) order by fl.name, fl.id)
           from ${flocks} as fl left join per_flock as pf on pf.flock_id = fl.id
           where fl.farm_id = ${farmId}${request.flockId === null ? sql` and (fl.status <> 'archived' or pf.flock_id is not null)` : sql` and fl.id = ${request.flockId}`}) as flocks,
        ${request.flockId === null ? sql`null::text` : sql`(select name from ${flocks} where farm_id = ${farmId} and id = ${request.flockId})`} as flock_name,
        (select coalesce(sum(revenue), 0)::text from money) as revenue,
        (select coalesce(sum(expenses), 0)::text from money) as expenses,
        ${pending} as pending`,
  );
}

/** Every month 'YYYY-MM' from `start`'s to `end`'s. */
function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  for (let month = start.slice(0, 7); month <= end.slice(0, 7); month = shiftMonth(month, 1)) months.push(month);
  return months;
}


interface Period {
  key: string;
  revenue: number;
  expenses: number;
}

/** Every period of `keys`, in order, its amounts from `rows` (0 where none). */
function periods(keys: string[], rows: PeriodRow[] | null): Period[] {
  const found = new Map((rows ?? []).map(([key, revenue, expenses]) => [key, { revenue: toSafeInteger(revenue), expenses: toSafeInteger(expenses) }]));
  return keys.map((key) => ({ key, revenue: found.get(key)?.revenue ?? 0, expenses: found.get(key)?.expenses ?? 0 }));
}

const moneyColumns = ({ f, w }: FinancialWords): ReportColumn[] => [
  { label: f.revenue, kind: 'kes' },
  { label: f.expenses, kind: 'kes' },
  { label: w.netRevenue, kind: 'kes' },
  { label: f.netProfit, kind: 'kes' },
];

/** Revenue, expenses, net revenue and the running net profit a period, with the period's totals. */
function periodTable(
  title: string,
  first: ReportColumn,
  list: Period[],
  label: (key: string) => string,
  totals: { revenue: number; expenses: number },
  words: FinancialWords,
): ReportTable {
  const { w, d } = words;
  const profit = runningTotals(list.map((p) => p.revenue - p.expenses));
  const net = totals.revenue - totals.expenses;
  return {
    title,
    note: w.periodNote,
    columns: [first, ...moneyColumns(words)],
    rows: list.map((p, i) => [label(p.key), p.revenue, p.expenses, p.revenue - p.expenses, profit[i] ?? 0]),
    totals: [d.total, totals.revenue, totals.expenses, net, net],
  };
}

interface LedgerKey {
  day: string;
  /** 0 a sale, 1 an expense: a day's sales come before its expenses. */
  kind: 0 | 1;
  id: number;
}

/**
 * Every sale and expense of the period as one ledger by date (a day's sales first, then by
 * id): a UNION ALL of the two tables, each branch read by keyset off its date index up to a
 * page, then the page's rows of both in order.
 */
function ledger(db: Db, request: ReportRequestContext, { f, w }: FinancialWords) {
  const farmId = request.scope.farmId;
  const unknown = f.unknownFlock;
  return pagedRows<LedgerKey>(async (after, limit) => {
    const n = sql.raw(String(Math.trunc(limit)));
    // A sale is after the key when its day is, or on the key's day after a sale of a lower id.
    const saleAfter = !after ? sql`` : after.kind === 0 ? sql` and (t.date, t.id) > (${after.day}, ${after.id})` : sql` and t.date > ${after.day}`;
    const expenseAfter = !after ? sql`` : after.kind === 1 ? sql` and (t.date, t.id) > (${after.day}, ${after.id})` : sql` and t.date >= ${after.day}`;
    const range = sql`t.farm_id = ${farmId} and t.date >= ${request.start} and t.date <= ${request.end}`;
    const rows = await sqlRows<{ day: string; kind: number; id: number; category: string; ref_no: number | null; text: string; description: string | null; amount: unknown; name: string | null }>(db, sql`select * from (
          (select t.date::text as day, 0 as kind, t.id, t.flock_id, t.category, t.ref_no, t.product as text, t.description, t.amount_cents::text as amount
             from ${sales} as t where ${range}${ofFlock(request, 't')}${saleAfter} order by t.date, t.id limit ${n})
          union all
          (select t.date::text, 1, t.id, t.flock_id, t.category, null, t.description, null, t.amount_cents::text
             from ${expenses} as t where ${range}${ofFlock(request, 't')}${expenseAfter} order by t.date, t.id limit ${n})
        ) as l
        left join lateral (select fl.name from ${flocks} as fl where fl.id = l.flock_id) as fl on true
        order by l.day, l.kind, l.id limit ${n}`);
    const cells: Cell[][] = rows.map((r) => {
      const amount = toSafeInteger(r.amount);
      const flockName = r.name ?? unknown;
      return Number(r.kind) === 0
        ? [r.day, w.sale, flockName, r.category, [`${formatRefNo(r.ref_no ?? 0)} ${r.text}`, r.description].filter(Boolean).join(': '), amount, null]
        : [r.day, w.expense, flockName, r.category, r.text, null, amount];
    });
    const last = rows.at(-1);
    return { rows: cells, last: last ? { day: last.day, kind: Number(last.kind) === 0 ? 0 : 1, id: toSafeInteger(last.id) } : null };
  });
}

async function gather(db: Db, request: ReportRequestContext) {
  const language = languageOfReport(request);
  const words = financialWords(language);
  const { f, w, d } = words;
  const row = await summaryRow(db, request);
  const filters = request.flockId === null ? [] : [w.flockIs(row.flock_name ?? f.unknownFlock)];
  const document = documentHead(request, filters);
  document.workbook = true;

  const revenue = toSafeInteger(row.revenue);
  const expensesCents = toSafeInteger(row.expenses);
  const pending = toSafeInteger(row.pending);
  const net = revenue - expensesCents;

  const flockFigures = (row.flocks ?? []).map(([id, name, birds, r, e]) => {
    const flockRevenue = toSafeInteger(r);
    const flockExpenses = toSafeInteger(e);
    return {
      flock_id: id,
      flock_name: name,
      bird_count: birds,
      revenue_cents: flockRevenue,
      expenses_cents: flockExpenses,
      net_profit_cents: flockRevenue - flockExpenses,
      has_records: flockRevenue !== 0 || flockExpenses !== 0,
    };
  });
  const best = bestPerformingFlock(flockFigures);
  const efficient = mostEfficientFlock(flockFigures);

  document.summary = [
    { label: f.totalRevenue, value: revenue, kind: 'kes' },
    { label: f.paid, value: revenue - pending, kind: 'kes' },
    { label: f.pending, value: pending, kind: 'kes' },
    { label: f.totalExpenses, value: expensesCents, kind: 'kes' },
    { label: f.netProfit, value: net, kind: 'kes' },
    { label: f.bestPerforming, value: best?.flock.flock_name ?? w.noBestFlock, kind: 'text' },
    { label: w.bestRevenue(f.bestPerforming), value: best?.revenue_cents ?? null, kind: 'kes' },
    { label: f.mostEfficient, value: efficient?.flock.flock_name ?? w.noEfficientFlock, kind: 'text' },
    { label: w.efficientPerBird(f.mostEfficient), value: efficient?.per_bird_cents ?? null, kind: 'kes' },
  ];

  const months = periods(monthsOf(request.start, request.end), row.months);
  const years = periods([...new Set(months.map((month) => month.key.slice(0, 4)))], row.years);
  const totals = { revenue, expenses: expensesCents };
  const byYear = months.length > CHART_MONTHS_MAX;
  const chartPeriods = byYear ? years : months;

  const charts: ReportChart[] = [
    {
      title: byYear ? w.revenueVsExpensesByYear : w.revenueVsExpensesByMonth,
      kind: 'bar',
      categories: chartPeriods.map((p) => (byYear ? p.key : language.shortMonth(p.key))),
      series: [
        { name: f.revenue, values: chartPeriods.map((p) => p.revenue) },
        { name: f.expenses, values: chartPeriods.map((p) => p.expenses) },
      ],
      unit: 'kes',
    },
    {
      title: w.netProfitByFlock,
      kind: 'bar',
      categories: flockFigures.map((fl) => fl.flock_name),
      series: [{ name: f.netProfit, values: flockFigures.map((fl) => fl.net_profit_cents) }],
      unit: 'kes',
    },
  ];
  document.charts = charts;

  const birds = flockFigures.reduce((sum, fl) => sum + fl.bird_count, 0);
  const flockTable: ReportTable = {
    title: w.byFlock,
    note: w.flockNote,
    columns: [
      { label: d.flock, kind: 'text' },
      { label: w.birds, kind: 'count' },
      { label: f.revenue, kind: 'kes' },
      { label: f.expenses, kind: 'kes' },
      { label: f.netProfit, kind: 'kes' },
      { label: w.netProfitPerBird, kind: 'kes' },
    ],
    rows: flockFigures.map((fl) => [
      fl.flock_name,
      fl.bird_count,
      fl.revenue_cents,
      fl.expenses_cents,
      fl.net_profit_cents,
      fl.bird_count > 0 ? profitPerBirdCents(fl.net_profit_cents, fl.bird_count) : null,
    ]),
    // The flocks listed hold every shilling of the period (a deleted flock takes its records with it).
    totals: [d.total, birds, revenue, expensesCents, net, birds > 0 ? profitPerBirdCents(net, birds) : null],
  };
  if (flockFigures.length === 0) flockTable.note = f.noFlocks;

  const tables = [periodTable(w.byMonth, { label: f.monthColumn, kind: 'text' }, months, (key) => language.month(key), totals, words), flockTable];
  if (years.length > 1) tables.push(periodTable(w.byYear, { label: f.yearLabel, kind: 'text' }, years, (key) => key, totals, words));
  document.tables = tables;

  return {
    document,
    records:
      request.reportType === 'detailed'
        ? {
            title: w.recordsTitle,
            columns: [
              { label: d.date, kind: 'day' as const },
              { label: w.kind, kind: 'text' as const },
              { label: d.flock, kind: 'text' as const },
              { label: w.category, kind: 'text' as const },
              { label: w.description, kind: 'text' as const },
              { label: w.amountIn, kind: 'kes' as const },
              { label: w.amountOut, kind: 'kes' as const },
            ],
            pages: ledger(db, request, words),
          }
        : null,
  };
}

export const financialReport: ReportGatherer = { hasData, gather };
