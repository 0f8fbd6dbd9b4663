/**
 * The sales report (decision 031): revenue in the range, paid against pending, by period, by
 * product (the sale's category, as the sales screen names it) and by flock; a detailed report
 * also lists every sale. The summary is one statement over the rollups (decision 025): the
 * day rollup is exact for any range; the month rollups answer the whole months inside the
 * range and the sales rows of the partial months at its edges answer the rest, so every
 * figure is right to the cent whatever days the range starts and ends on.
 */
import {
  averagePerSaleDay,
  formatRefNo,
  SALE_CATEGORIES,
  SALE_CATEGORY_LABELS,
  SALE_STATUS_LABELS,
  SALE_TYPE_LABELS,
  SALE_UNIT_BY_CATEGORY,
  SALE_UNIT_LABELS,
  saleMessages,
  type SaleCategory,
  type SaleStatus,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { flocks, saleCategoryMonths, saleDays, saleFlockMonths, sales } from '../../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../../db/sql-number.js';
import { oneRow } from '../../farm-scope.js';
import type { Cell, GatheredReport, ReportChart, ReportColumn, ReportGatherer, ReportRequestContext, ReportTable } from '../document.js';
import type { ReportLanguage } from '../report-language.js';
import { documentHead, languageOfReport, pagedRows } from './common.js';
import { chartUnit, fromJson, monthCell, periodKeys, periodLabel, rangeParts, shareOf, tableUnit, type PeriodUnit } from './periods.js';

// ---------------------------------------------------------------- the summary

const kes = (label: string): ReportColumn => ({ label, kind: 'kes' });
const count = (label: string): ReportColumn => ({ label, kind: 'count' });

/** The words of a sales report in its language (decision 068). */
function salesWords(language: ReportLanguage) {
  const messages = wordsIn(language.language, saleMessages);
  const statuses = wordsIn(language.language, SALE_STATUS_LABELS);
  // What is stored stays English; a value the tables do not hold (an 'Other' sale's own unit) as stored.
  const said = (labels: Record<string, string>) => {
    const inLanguage = wordsIn(language.language, labels);
    return (value: string) => (Object.hasOwn(inLanguage, value) ? (inLanguage[value] ?? value) : value);
  };
  return {
    w: language.words.sales,
    d: language.words.document,
    units: language.words.periods.units,
    unknownFlock: messages.unknownFlock,
    /** As the domain's saleStatusLabel, in the language. */
    status: (status: SaleStatus | null | undefined) => (status ? statuses[status] : messages.statusEmpty),
    category: said(SALE_CATEGORY_LABELS),
    saleType: said(SALE_TYPE_LABELS),
    unit: said(SALE_UNIT_LABELS),
  };
}
type SalesWords = ReturnType<typeof salesWords>;

interface SummaryRow {
  /** [total cents, sales, paid cents, paid sales, days with sales] */
  totals: unknown;
  /** [period key, cents, sales, paid cents] by period */
  periods: unknown;
  buckets: unknown;
  /** [category, cents, quantity, sales, pending cents, pending sales] */
  categories: unknown;
  /** [flock id, name, cents, sales, pending cents, pending sales] by revenue */
  flocks: unknown;
}

/**
 * Everything but the records in one statement: the day rollup in the range (totals, table
 * rows, chart bars, grouped in SQL by date_trunc), the category and flock month rollups of
 * the whole months plus the sales rows of the edge days, and the range's pending sales off
 * their partial index (a sale's status is only in the day rollup): about a row a month of
 * each rollup, whatever the farm's history.
 */
function summaryRow(db: Db, request: ReportRequestContext, table: PeriodUnit, chart: PeriodUnit): Promise<SummaryRow> {
  const { farmId } = request.scope;
  const { start, end } = request;
  const { fullFrom, fullTo } = rangeParts(start, end);
  return oneRow<SummaryRow>(
    db,
    sql`with edge as (
        select category, flock_id, amount_cents, quantity from ${sales} where farm_id = ${farmId} and date >= ${start} and date < ${fullFrom}
        union all
        select category, flock_id, amount_cents, quantity from ${sales} where farm_id = ${farmId} and date >= ${fullTo} and date <= ${end}
      ), pend as (
        select category, flock_id, amount_cents from ${sales} where farm_id = ${farmId} and status = 'pending' and date >= ${start} and date <= ${end}
      ), cat as (
        select category, sum(amount)::bigint as amount, sum(quantity) as quantity, sum(n)::bigint as n from (
          select category, amount_cents as amount, quantity, sales as n from ${saleCategoryMonths}
            where farm_id = ${farmId} and month >= ${fullFrom} and month < ${fullTo}
          union all
          select category, amount_cents, quantity, 1 from edge
        ) as x group by category having sum(n) > 0
      ), fl as (
        select flock_id, sum(amount)::bigint as amount, sum(n)::bigint as n from (
          select flock_id, amount_cents as amount, sales as n from ${saleFlockMonths}
            where farm_id = ${farmId} and month >= ${fullFrom} and month < ${fullTo}
          union all
          select flock_id, amount_cents, 1 from edge
        ) as x group by flock_id having sum(n) > 0
      ), d as (
        select day, amount_cents, sales, paid_cents, paid_sales from ${saleDays}
        where farm_id = ${farmId} and day >= ${start} and day <= ${end} and sales > 0
      )
      select
        (select json_build_array(coalesce(sum(amount_cents), 0), coalesce(sum(sales), 0), coalesce(sum(paid_cents), 0), coalesce(sum(paid_sales), 0), count(*)) from d) as totals,
        (select coalesce(json_agg(json_build_array(p, a, n, pd) order by p), '[]'::json) from (
          select date_trunc(${table}, day::timestamp)::date as p, sum(amount_cents)::bigint as a, sum(sales)::bigint as n, sum(paid_cents)::bigint as pd from d group by 1
        ) as t) as periods,
        (select coalesce(json_agg(json_build_array(p, a, n, pd) order by p), '[]'::json) from (
          select date_trunc(${chart}, day::timestamp)::date as p, sum(amount_cents)::bigint as a, sum(sales)::bigint as n, sum(paid_cents)::bigint as pd from d group by 1
        ) as t) as buckets,
        (select coalesce(json_agg(json_build_array(cat.category, cat.amount, cat.quantity, cat.n, coalesce(pc.amount, 0), coalesce(pc.n, 0))), '[]'::json)
          from cat left join (select category, sum(amount_cents)::bigint as amount, count(*) as n from pend group by category) as pc using (category)) as categories,
        (select coalesce(json_agg(json_build_array(fl.flock_id, f.name, fl.amount, fl.n, coalesce(pf.amount, 0), coalesce(pf.n, 0)) order by fl.amount desc, f.name, fl.flock_id), '[]'::json)
          from fl left join (select flock_id, sum(amount_cents)::bigint as amount, count(*) as n from pend group by flock_id) as pf using (flock_id)
          left join ${flocks} as f on f.id = fl.flock_id and f.farm_id = ${farmId}) as flocks`,
  );
}

interface Period {
  cents: number;
  sales: number;
  paid: number;
}

/** The [key, cents, sales, paid] rows by key. */
function periodsByKey(value: unknown): Map<string, Period> {
  return new Map(
    fromJson<[string, unknown, unknown, unknown][]>(value).map(([key, cents, n, paid]) => [
      key,
      { cents: toSafeInteger(cents), sales: toSafeInteger(n), paid: toSafeInteger(paid) },
    ]),
  );
}

const categoryOrder = (category: SaleCategory) => SALE_CATEGORIES.indexOf(category);

async function gather(db: Db, request: ReportRequestContext): Promise<GatheredReport> {
  const { start, end } = request;
  const table = tableUnit(start, end);
  const chart = chartUnit(start, end);
  const row = await summaryRow(db, request, table, chart);
  const language = languageOfReport(request);
  const words = salesWords(language);
  const { w, d, units } = words;

  const [totalValue, salesValue, paidValue, paidSalesValue, daysValue] = fromJson<unknown[]>(row.totals);
  const total = toSafeInteger(totalValue);
  const salesCount = toSafeInteger(salesValue);
  const paid = toSafeInteger(paidValue);
  const paidSales = toSafeInteger(paidSalesValue);
  const saleDayCount = toSafeInteger(daysValue);
  const pending = total - paid;

  const categories = fromJson<[SaleCategory, unknown, unknown, unknown, unknown, unknown][]>(row.categories)
    .map(([category, cents, quantity, n, pendingCents, pendingSales]) => ({
      category,
      cents: toSafeInteger(cents),
      quantity: toSafeNumber(quantity),
      sales: toSafeInteger(n),
      pending: toSafeInteger(pendingCents),
      pendingSales: toSafeInteger(pendingSales),
    }))
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
  const flockRows = fromJson<[unknown, string | null, unknown, unknown, unknown, unknown][]>(row.flocks).map(([id, name, cents, n, pendingCents]) => ({
    id: toSafeInteger(id),
    name: name ?? words.unknownFlock,
    cents: toSafeInteger(cents),
    sales: toSafeInteger(n),
    pending: toSafeInteger(pendingCents),
  }));
  const eggCrates = categories.find((c) => c.category === 'Egg Sales')?.quantity ?? 0;

  const document = documentHead(request);
  document.summary = [
    { label: w.totalRevenue, value: total, kind: 'kes' },
    { label: w.paid, value: paid, kind: 'kes' },
    { label: w.pendingNotPaid, value: pending, kind: 'kes' },
    { label: w.numberOfSales, value: salesCount, kind: 'count' },
    { label: w.pendingSales, value: salesCount - paidSales, kind: 'count' },
    { label: w.averageSale, value: salesCount > 0 ? Math.round(total / salesCount) : 0, kind: 'kes' },
    { label: w.daysWithSales, value: saleDayCount, kind: 'count' },
    { label: w.averagePerSaleDay, value: averagePerSaleDay(total, saleDayCount), kind: 'kes' },
    { label: w.eggCratesSold, value: eggCrates, kind: 'count' },
  ];

  // Revenue over time, paid and pending stacked.
  const buckets = periodsByKey(row.buckets);
  const bucketKeys = periodKeys(start, end, chart);
  const bars = bucketKeys.map((key) => buckets.get(key) ?? { cents: 0, sales: 0, paid: 0 });
  const overTime: ReportChart = {
    title: w.revenueBy(units[chart]),
    kind: 'stacked',
    categories: bucketKeys.map((key) => periodLabel(key, chart, start, language)),
    series: [
      { name: w.paid, values: bars.map((b) => b.paid) },
      { name: w.pending, values: bars.map((b) => b.cents - b.paid) },
    ],
    unit: 'kes',
  };
  const selling = categories.filter((c) => c.cents > 0);
  const byProduct: ReportChart = {
    title: w.revenueByProduct,
    kind: 'pie',
    categories: selling.map((c) => words.category(c.category)),
    series: [{ name: w.revenue, values: selling.map((c) => c.cents) }],
    unit: 'kes',
  };
  document.charts = selling.length > 0 ? [overTime, byProduct] : [overTime];

  // Revenue per day or month: every period of the range, those without sales at 0.
  const periods = periodsByKey(row.periods);
  const periodTable: ReportTable = {
    title: w.revenueBy(units[table]),
    columns: [{ label: table === 'day' ? d.date : d.month, kind: table === 'day' ? 'day' : 'text' }, count(w.sales), kes(w.paid), kes(w.pending), kes(d.total)],
    rows: periodKeys(start, end, table).map((key) => {
      const p = periods.get(key) ?? { cents: 0, sales: 0, paid: 0 };
      return [table === 'day' ? key : monthCell(key, language), p.sales, p.paid, p.cents - p.paid, p.cents];
    }),
    totals: [d.total, salesCount, paid, pending, total],
  };
  const productTable: ReportTable = {
    title: w.revenueByProduct,
    columns: [
      { label: w.product, kind: 'text' },
      count(w.sales),
      { label: w.quantity, kind: 'decimal' },
      { label: w.unit, kind: 'text' },
      kes(w.paid),
      kes(w.pending),
      kes(w.revenue),
      { label: w.shareOfRevenue, kind: 'percent' },
    ],
    rows: categories.map((c) => {
      // 'Other' sales each carry their own unit: their quantities do not add up.
      const unit = SALE_UNIT_BY_CATEGORY[c.category];
      return [words.category(c.category), c.sales, unit ? c.quantity : null, unit ? words.unit(unit) : w.variousUnits, c.cents - c.pending, c.pending, c.cents, shareOf(c.cents, total)];
    }),
    totals: [d.total, salesCount, null, null, paid, pending, total, total > 0 ? 100 : null],
  };
  const flockTable: ReportTable = {
    title: w.revenueByFlock,
    columns: [{ label: d.flock, kind: 'text' }, count(w.sales), kes(w.paid), kes(w.pending), kes(w.revenue), { label: w.shareOfRevenue, kind: 'percent' }],
    rows: flockRows.map((f) => [f.name, f.sales, f.cents - f.pending, f.pending, f.cents, shareOf(f.cents, total)]),
    totals: [d.total, salesCount, paid, pending, total, total > 0 ? 100 : null],
  };
  document.tables = [periodTable, productTable, flockTable];

  return { document, records: request.reportType === 'detailed' ? saleRecords(db, request, words) : null };
}

// ---------------------------------------------------------------- every sale

const recordColumns = ({ w, d }: SalesWords): ReportColumn[] => [
  { label: d.date, kind: 'day' },
  { label: w.refNo, kind: 'text' },
  { label: d.flock, kind: 'text' },
  { label: w.category, kind: 'text' },
  { label: w.product, kind: 'text' },
  { label: w.quantity, kind: 'decimal' },
  { label: w.unit, kind: 'text' },
  kes(w.unitPrice),
  kes(d.total),
  { label: w.saleType, kind: 'text' },
  { label: w.status, kind: 'text' },
  { label: w.customerDescription, kind: 'text' },
];

/** Every sale of the range by date then id, a page at a time off the (farm_id, date, id) index. */
function saleRecords(db: Db, request: ReportRequestContext, words: SalesWords) {
  const { farmId } = request.scope;
  type Key = { date: string; id: number };
  const page = async (after: Key | null, limit: number) => {
    const rows = await db
      .select({
        id: sales.id,
        date: sales.date,
        refNo: sales.refNo,
        flock: flocks.name,
        category: sales.category,
        product: sales.product,
        quantity: sales.quantity,
        unit: sales.unit,
        unitPriceCents: sales.unitPriceCents,
        amountCents: sales.amountCents,
        saleType: sales.saleType,
        status: sales.status,
        description: sales.description,
      })
      .from(sales)
      .leftJoin(flocks, eq(flocks.id, sales.flockId))
      .where(
        and(
          eq(sales.farmId, farmId),
          gte(sales.date, request.start),
          lte(sales.date, request.end),
          after ? sql`(${sales.date}, ${sales.id}) > (${after.date}::date, ${after.id}::int)` : undefined,
        ),
      )
      .orderBy(asc(sales.date), asc(sales.id))
      .limit(limit);
    const last = rows.at(-1);
    return {
      rows: rows.map((r): Cell[] => [
        r.date,
        formatRefNo(r.refNo),
        r.flock ?? words.unknownFlock,
        words.category(r.category),
        r.product,
        toSafeNumber(r.quantity),
        words.unit(r.unit),
        r.unitPriceCents,
        r.amountCents,
        words.saleType(r.saleType),
        words.status(r.status),
        r.description,
      ]),
      last: last ? { date: last.date, id: last.id } : null,
    };
  };
  return { title: words.w.recordsTitle, columns: recordColumns(words), pages: pagedRows<Key>(page) };
}

/** Whether the range holds a sale: a look at the day rollup's primary key. */
async function hasData(db: Db, request: ReportRequestContext): Promise<boolean> {
  const found = await db
    .select({ one: sql<number>`1` })
    .from(saleDays)
    .where(and(eq(saleDays.farmId, request.scope.farmId), gte(saleDays.day, request.start), lte(saleDays.day, request.end), sql`${saleDays.sales} > 0`))
    .limit(1);
  return found.length > 0;
}

export const salesReport: ReportGatherer = { hasData, gather };
