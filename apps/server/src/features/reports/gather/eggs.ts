/**
 * The egg production report (decision 031): eggs collected in the range, in trays, per day (per
 * week past 92 days) and per flock, the laying rate, and the eggs that left without a sale
 * (adjustments: breakage, giveaway, consumption). A detailed report also lists every
 * production record, and every adjustment as a second table.
 *
 * The summary is one statement. Totals and the day or week rows read the day rollup
 * (egg_production_days, exact for any range); each flock's eggs and days recorded read the
 * flock-month rollup for the whole months inside the range and the records of the partial
 * months at its edges (decision 024's rollups, exact whatever day the range starts or ends
 * on). Adjustments are read from their rows: about one a day, a few thousand in ten years.
 *
 * The laying rate is the egg screen's (decision 024, domain `layingRate`): eggs over hen-days,
 * a flock's birds today × the days it was recorded, over the flocks that have birds. Per day
 * it reads that day's records (at most 92 days of them); past 92 days the rows are weeks and
 * show production days and the average a day instead, since a week's hen-days would mean
 * reading every record of the range (200 ms on a 10-year, 50-flock farm) and the rollups hold
 * no days recorded per flock per week.
 */
import {
  ADJUSTMENT_TYPE_LABELS,
  ADJUSTMENT_TYPES,
  averageEggsPerDay,
  averageTraysPerDay,
  daysBetween,
  EGGS_PER_TRAY,
  eggMessages,
  formatCount,
  layingRate,
  REPORT_PDF_RECORDS_MAX,
  shiftDay,
  shiftMonth,
  toTrays,
  type AdjustmentType,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { eggAdjustments, eggFlockMonths, eggProductionDays, eggProductions, flocks } from '../../../db/schema/index.js';
import { toSafeInteger } from '../../../db/sql-number.js';
import { oneRow, sqlRows } from '../../farm-scope.js';
import type { Cell, GatheredReport, ReportChart, ReportColumn, ReportGatherer, ReportRequestContext, ReportTable } from '../document.js';
import type { ReportLanguage } from '../report-language.js';
import { documentHead, languageOfReport, pagedRows } from './common.js';

/** Past this many days in the range, the table and the chart go by week (Monday to Sunday). */
export const EGG_DAY_ROWS_MAX_DAYS = 92;

const n = (value: unknown) => toSafeInteger(value ?? 0);

/** The words of an egg report in its language (decision 068). */
function eggWords(language: ReportLanguage) {
  return {
    w: language.words.eggProduction,
    d: language.words.document,
    adjustmentLabels: wordsIn(language.language, ADJUSTMENT_TYPE_LABELS),
    unknownFlock: wordsIn(language.language, eggMessages).unknownFlock,
  };
}
type EggWords = ReturnType<typeof eggWords>;

/** The whole months inside the range, [fullFrom, fullTo); both the day after the range when none is whole. */
function wholeMonths(start: string, end: string): { fullFrom: string; fullTo: string } {
  const after = shiftDay(end, 1);
  const fullFrom = start.endsWith('-01') ? start : `${shiftMonth(start.slice(0, 7), 1)}-01`;
  // The range's last whole month ends on `end` when the next day starts a month.
  const fullTo = after.endsWith('-01') ? after : `${end.slice(0, 7)}-01`;
  return fullFrom < fullTo ? { fullFrom, fullTo } : { fullFrom: after, fullTo: after };
}

/** The Monday of the week a day falls in. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
}

async function hasData(db: Db, request: ReportRequestContext): Promise<boolean> {
  const farmId = request.scope.farmId;
  const row = await oneRow<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${eggProductionDays} where farm_id = ${farmId} and day >= ${request.start} and day <= ${request.end} and records > 0)
      or exists (select 1 from ${eggAdjustments} where farm_id = ${farmId} and date_adjusted >= ${request.start} and date_adjusted <= ${request.end}) as found`,
  );
  return row.found === true;
}

type FlockRow = [flockId: number, name: string | null, breed: string | null, birds: number, eggs: number, days: number, adjusted: number];
/** [day or week start, days recorded or flocks recorded, eggs, eggs of flocks with birds, hen-days] */
type PeriodRow = [key: string, records: number, eggs: number, layingEggs: number | null, henDays: number | null];

interface SummaryRow {
  flocks: FlockRow[] | null;
  /** eggs, production days */
  totals: [number, number];
  /** eggs of the flocks with birds, their hen-days */
  laying: [number, number];
  /** [type, adjustments, eggs] */
  adjustment_types: [AdjustmentType, number, number][] | null;
  periods: PeriodRow[] | null;
  /** [day or week start, type, eggs] */
  period_adjustments: [string, AdjustmentType, number][] | null;
}

async function summaryRow(db: Db, request: ReportRequestContext, unit: 'day' | 'week', unknownFlock: string): Promise<SummaryRow> {
  const farmId = request.scope.farmId;
  const { start, end } = request;
  const { fullFrom, fullTo } = wholeMonths(start, end);
  const bucket = (column: string) => sql.raw(unit === 'day' ? `${column}::text` : `date_trunc('week', ${column}::timestamp)::date::text`);
  const periods =
    unit === 'day'
      ? sql`(select json_agg(json_build_array(d.day::text, d.records, d.eggs, h.laying_eggs, h.hen_days) order by d.day) from days d left join (
           select p.date_produced as day, sum(p.eggs_collected) filter (where f.bird_count > 0) as laying_eggs,
             sum(f.bird_count) filter (where f.bird_count > 0) as hen_days
           from ${eggProductions} p join ${flocks} f on f.id = p.flock_id
           where p.farm_id = ${farmId} and p.date_produced >= ${start} and p.date_produced <= ${end} group by 1) h on h.day = d.day)`
      : sql`(select json_agg(json_build_array(w.week, w.days, w.eggs, null, null) order by w.week) from (
           select ${bucket('day')} as week, count(*) as days, sum(eggs) as eggs from days group by 1) w)`;
  return oneRow<SummaryRow>(
    db,
    sql`with
      days as (
        select day, eggs, records from ${eggProductionDays}
        where farm_id = ${farmId} and day >= ${start} and day <= ${end} and records > 0
      ),
      per_flock as (
        select flock_id, sum(eggs) as eggs, sum(days) as days from (
          select flock_id, eggs, days from ${eggFlockMonths} where farm_id = ${farmId} and month >= ${fullFrom} and month < ${fullTo}
          union all
          select flock_id, eggs_collected, 1 from ${eggProductions} where farm_id = ${farmId} and date_produced >= ${start} and date_produced < ${fullFrom}
          union all
          select flock_id, eggs_collected, 1 from ${eggProductions} where farm_id = ${farmId} and date_produced >= ${fullTo} and date_produced <= ${end}
        ) x group by flock_id
      ),
      adj as (
        select flock_id, adjustment_type, eggs_adjusted, date_adjusted from ${eggAdjustments}
        where farm_id = ${farmId} and date_adjusted >= ${start} and date_adjusted <= ${end}
      ),
      flock_rows as (
        select coalesce(p.flock_id, a.flock_id) as flock_id, f.name, f.breed, coalesce(f.bird_count, 0) as birds,
          coalesce(p.eggs, 0) as eggs, coalesce(p.days, 0) as days, coalesce(a.adjusted, 0) as adjusted
        from per_flock p
          full join (select flock_id, sum(eggs_adjusted) as adjusted from adj group by flock_id) a on a.flock_id = p.flock_id
          left join ${flocks} f on f.id = coalesce(p.flock_id, a.flock_id)
        where coalesce(p.days, 0) > 0 or coalesce(a.adjusted, 0) > 0
      )
    select
      (select json_agg(json_build_array(flock_id, name, breed, birds, eggs, days, adjusted)
                       order by coalesce(name, ${unknownFlock}), flock_id) from flock_rows) as flocks,
      (select json_build_array(coalesce(sum(eggs), 0), count(*)) from days) as totals,
      (select json_build_array(coalesce(sum(eggs) filter (where birds > 0), 0), coalesce(sum(birds * days) filter (where birds > 0), 0))
         from flock_rows) as laying,
      (select json_agg(json_build_array(adjustment_type, records, eggs)) from (
         select adjustment_type, count(*) as records, sum(eggs_adjusted) as eggs from adj group by 1) t) as adjustment_types,
      ${periods} as periods,
      (select json_agg(json_build_array(period, adjustment_type, eggs)) from (
         select ${bucket('date_adjusted')} as period, adjustment_type, sum(eggs_adjusted) as eggs from adj group by 1, 2) pa) as period_adjustments`,
  );
}

const productionColumns = ({ w, d }: EggWords): ReportColumn[] => [
  { label: d.date, kind: 'day' },
  { label: d.flock, kind: 'text' },
  { label: w.eggsCollected, kind: 'count' },
  { label: w.trays, kind: 'count' },
  { label: w.looseEggs, kind: 'count' },
  { label: w.pricePerEgg, kind: 'kes' },
  { label: w.totalValue, kind: 'kes' },
];

type ProductionKey = [day: string, id: number];

/** Every production record of the range by date then id, a page at a time off the (farm, date, id) index. */
function productionPages(db: Db, request: ReportRequestContext, unknownFlock: string) {
  const farmId = request.scope.farmId;
  return pagedRows<ProductionKey>(async (after, limit) => {
    const from = after ? sql`and (p.date_produced, p.id) > (${after[0]}::date, ${after[1]})` : sql``;
    const rows = await sqlRows<{ id: number; day: string; eggs_collected: number; price_per_unit_cents: number | string; total_revenue_cents: number | string; flock: string | null }>(db, sql`
      select p.id, p.date_produced::text as day, p.eggs_collected, p.price_per_unit_cents, p.total_revenue_cents,
        (select f.name from ${flocks} f where f.id = p.flock_id) as flock
      from ${eggProductions} p
      where p.farm_id = ${farmId} and p.date_produced >= ${request.start} and p.date_produced <= ${request.end} ${from}
      order by p.date_produced, p.id limit ${limit}`);
    const cells: Cell[][] = rows.map((r) => {
      const eggs = n(r.eggs_collected);
      const trays = toTrays(eggs);
      return [r.day, r.flock ?? unknownFlock, eggs, trays.trays, trays.eggs, n(r.price_per_unit_cents), n(r.total_revenue_cents)];
    });
    const last = rows.at(-1);
    return { rows: cells, last: last ? [last.day, Number(last.id)] : null };
  });
}

/** Every adjustment of the range (a detailed report's second list), up to what a PDF lists. */
async function adjustmentTable(db: Db, request: ReportRequestContext, total: number, { w, d, adjustmentLabels, unknownFlock }: EggWords): Promise<ReportTable> {
  const rows = await sqlRows<{ day: string; adjustment_type: AdjustmentType; eggs_adjusted: number; notes: string | null; flock: string | null }>(db, sql`
    select a.date_adjusted::text as day, a.adjustment_type, a.eggs_adjusted, a.notes,
      (select f.name from ${flocks} f where f.id = a.flock_id) as flock
    from ${eggAdjustments} a
    where a.farm_id = ${request.scope.farmId} and a.date_adjusted >= ${request.start} and a.date_adjusted <= ${request.end}
    order by a.date_adjusted, a.id limit ${REPORT_PDF_RECORDS_MAX}`);
  const table: ReportTable = {
    title: w.adjustmentsTitle,
    columns: [
      { label: d.date, kind: 'day' },
      { label: d.flock, kind: 'text' },
      { label: w.type, kind: 'text' },
      { label: w.eggs, kind: 'count' },
      { label: w.notes, kind: 'text' },
    ],
    rows: rows.map((r) => [r.day, r.flock ?? unknownFlock, adjustmentLabels[r.adjustment_type], n(r.eggs_adjusted), r.notes]),
  };
  if (total > rows.length) table.note = w.adjustmentsCapped(formatCount(rows.length), formatCount(total));
  if (total === 0) table.note = w.noAdjustments;
  return table;
}

async function gather(db: Db, request: ReportRequestContext): Promise<GatheredReport> {
  const unit = daysBetween(request.start, request.end) + 1 > EGG_DAY_ROWS_MAX_DAYS ? 'week' : 'day';
  const words = eggWords(languageOfReport(request));
  const { w, d, adjustmentLabels, unknownFlock } = words;
  const row = await summaryRow(db, request, unit, unknownFlock);
  const document = documentHead(request);

  const eggs = n(row.totals[0]);
  const productionDays = n(row.totals[1]);
  const rate = layingRate(n(row.laying[0]), n(row.laying[1]), 1);
  const byType = new Map((row.adjustment_types ?? []).map(([type, records, adjusted]) => [type, { records: n(records), eggs: n(adjusted) }]));
  const adjusted = ADJUSTMENT_TYPES.reduce((sum, type) => sum + (byType.get(type)?.eggs ?? 0), 0);
  const adjustmentCount = ADJUSTMENT_TYPES.reduce((sum, type) => sum + (byType.get(type)?.records ?? 0), 0);
  const trays = toTrays(eggs);

  document.summary = [
    { label: w.eggsCollected, value: eggs, kind: 'count' },
    { label: w.traysOf(EGGS_PER_TRAY), value: trays.trays, kind: 'count' },
    { label: w.looseEggs, value: trays.eggs, kind: 'count' },
    { label: w.productionDays, value: productionDays, kind: 'count' },
    { label: w.averageEggsPerDay, value: averageEggsPerDay(eggs, productionDays), kind: 'count' },
    { label: w.averageTraysPerDay, value: averageTraysPerDay(eggs, productionDays), kind: 'decimal' },
    { label: w.layingRate, value: rate, kind: 'percent' },
    ...ADJUSTMENT_TYPES.map((type) => ({ label: w.adjustedEggs(adjustmentLabels[type]), value: byType.get(type)?.eggs ?? 0, kind: 'count' as const })),
    { label: w.eggsAdjusted, value: adjusted, kind: 'count' },
    { label: w.netEggs, value: eggs - adjusted, kind: 'count' },
  ];

  // The day or week rows: those with records or adjustments, in order.
  const adjustmentsOf = new Map<string, Record<AdjustmentType, number>>();
  for (const [key, type, count] of row.period_adjustments ?? []) {
    const kept = adjustmentsOf.get(key) ?? { giveaway: 0, breakage: 0, consumption: 0 };
    kept[type] += n(count);
    adjustmentsOf.set(key, kept);
  }
  const produced = new Map((row.periods ?? []).map((p) => [p[0], p]));
  const keys = [...new Set([...produced.keys(), ...adjustmentsOf.keys()])].sort();
  const periodRows: Cell[][] = keys.map((key) => {
    const p = produced.get(key);
    const dayEggs = n(p?.[2]);
    const records = n(p?.[1]);
    const adj = adjustmentsOf.get(key) ?? { giveaway: 0, breakage: 0, consumption: 0 };
    const adjustedEggs = adj.breakage + adj.giveaway + adj.consumption;
    const last =
      unit === 'day' ? (p && p[4] !== null ? layingRate(n(p[3]), n(p[4]), 1) : null) : averageEggsPerDay(dayEggs, records);
    return [key, records, dayEggs, toTrays(dayEggs).trays, adj.breakage, adj.giveaway, adj.consumption, dayEggs - adjustedEggs, last];
  });
  const periodTable: ReportTable = {
    title: unit === 'day' ? w.eggsPerDay : w.eggsPerWeek,
    columns: [
      { label: unit === 'day' ? d.date : w.weekStarting, kind: 'day' },
      { label: unit === 'day' ? w.flocksRecorded : w.productionDays, kind: 'count' },
      { label: w.eggsCollected, kind: 'count' },
      { label: w.trays, kind: 'count' },
      { label: adjustmentLabels.breakage, kind: 'count' },
      { label: adjustmentLabels.giveaway, kind: 'count' },
      { label: adjustmentLabels.consumption, kind: 'count' },
      { label: w.netEggs, kind: 'count' },
      unit === 'day' ? { label: w.layingRate, kind: 'percent' } : { label: w.averageEggsPerDay, kind: 'count' },
    ],
    rows: periodRows,
    totals: [
      d.total,
      productionDays,
      eggs,
      trays.trays,
      byType.get('breakage')?.eggs ?? 0,
      byType.get('giveaway')?.eggs ?? 0,
      byType.get('consumption')?.eggs ?? 0,
      eggs - adjusted,
      unit === 'day' ? rate : averageEggsPerDay(eggs, productionDays),
    ],
    note: `${unit === 'day' ? w.dayNote : w.weekNote} ${w.traysNote(EGGS_PER_TRAY)}`,
  };

  const flockRows: Cell[][] = (row.flocks ?? []).map(([, name, breed, birds, flockEggs, days, flockAdjusted]) => [
    name ?? unknownFlock,
    breed,
    n(birds),
    n(days),
    n(flockEggs),
    toTrays(n(flockEggs)).trays,
    averageEggsPerDay(n(flockEggs), n(days)),
    n(flockAdjusted),
    layingRate(n(flockEggs), n(birds), n(days)),
  ]);
  const flockTable: ReportTable = {
    title: w.eggsByFlock,
    columns: [
      { label: d.flock, kind: 'text' },
      { label: w.breed, kind: 'text' },
      { label: w.birds, kind: 'count' },
      { label: w.daysRecorded, kind: 'count' },
      { label: w.eggsCollected, kind: 'count' },
      { label: w.trays, kind: 'count' },
      { label: w.averageEggsPerDay, kind: 'count' },
      { label: w.eggsAdjusted, kind: 'count' },
      { label: w.layingRate, kind: 'percent' },
    ],
    rows: flockRows,
    totals: [d.total, null, null, null, eggs, trays.trays, averageEggsPerDay(eggs, productionDays), adjusted, rate],
    note: w.flockNote,
  };

  const typeTable: ReportTable = {
    title: w.adjustmentsByType,
    columns: [
      { label: w.type, kind: 'text' },
      { label: w.adjustments, kind: 'count' },
      { label: w.eggs, kind: 'count' },
      { label: w.trays, kind: 'count' },
    ],
    rows: ADJUSTMENT_TYPES.map((type) => {
      const kept = byType.get(type) ?? { records: 0, eggs: 0 };
      return [adjustmentLabels[type], kept.records, kept.eggs, toTrays(kept.eggs).trays];
    }),
    totals: [d.total, adjustmentCount, adjusted, toTrays(adjusted).trays],
  };
  document.tables = [periodTable, flockTable, typeTable];
  if (request.reportType === 'detailed') document.tables.push(await adjustmentTable(db, request, adjustmentCount, words));

  // The line over every day (or week) of the range, 0 where nothing was recorded.
  const points: string[] = [];
  if (unit === 'day') for (let day = request.start; day <= request.end; day = shiftDay(day, 1)) points.push(day);
  else for (let week = mondayOf(request.start); week <= request.end; week = shiftDay(week, 7)) points.push(week);
  const charts: ReportChart[] = [
    {
      title: unit === 'day' ? w.eggsCollectedPerDay : w.eggsCollectedPerWeek,
      kind: 'line',
      categories: points,
      series: [{ name: w.eggsCollected, values: points.map((key) => n(produced.get(key)?.[2])) }],
      unit: 'count',
    },
  ];
  if (flockRows.length > 0) {
    charts.push({
      title: w.eggsCollectedByFlock,
      kind: 'bar',
      categories: flockRows.map((r) => String(r[0])),
      series: [{ name: w.eggsCollected, values: flockRows.map((r) => Number(r[4])) }],
      unit: 'count',
    });
  }
  document.charts = charts;

  const records =
    request.reportType === 'detailed' ? { title: w.recordsTitle, columns: productionColumns(words), pages: productionPages(db, request, unknownFlock) } : null;
  return { document, records };
}

export const eggProductionReport: ReportGatherer = { hasData, gather };
