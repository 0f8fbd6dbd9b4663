/**
 * The inventory report (decision 031): the stock on hand and its value, the items below their
 * reorder level, and the stock moved in the period (decision 028: a ledger of added, removed
 * and corrected movements). Items are the farm's as they are now; movements are those made on
 * the period's farm days, counted in the farm's time zone.
 */
import {
  INVENTORY_UNIT_LABELS,
  INVENTORY_UNITS,
  inventoryMessages,
  type InventoryUnit,
  lowStockWarning,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KINDS,
  type MovementKind,
  REMOVAL_REASON_LABELS,
  REMOVAL_REASONS,
  type RemovalReason,
  shiftDay,
  shiftMonth,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { flocks, inventoryItems, inventoryMovements, users } from '../../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../../db/sql-number.js';
import { oneRow, sqlRows } from '../../farm-scope.js';
import type { Cell, ReportChart, ReportGatherer, ReportRequestContext, ReportTable } from '../document.js';
import type { ReportLanguage } from '../report-language.js';
import { documentHead, languageOfReport, pagedRows } from './common.js';

/** A pie of more slices than this sums the smallest into one. */
const PIE_SLICES = 8;
/** Past this many months the movements chart shows years. */
const CHART_MONTHS_MAX = 36;

/**
 * docs/product.md §5: an item is below its reorder level when what is left is strictly less than the
 * level: the domain's rule of the low-stock warning (the screen's badge counts "at or below").
 */
const belowReorder = (quantity: number, reorderLevel: number) => lowStockWarning(quantity, reorderLevel) !== null;

/** The words of an inventory report in its language (decision 068): its own, the units, movements and removal reasons. */
function inventoryWords(language: ReportLanguage) {
  const units = wordsIn(language.language, INVENTORY_UNIT_LABELS);
  const kinds = wordsIn(language.language, MOVEMENT_KIND_LABELS);
  const reasons = wordsIn(language.language, REMOVAL_REASON_LABELS);
  return {
    w: language.words.inventory,
    d: language.words.document,
    m: wordsIn(language.language, inventoryMessages),
    language,
    unitLabel: (unit: string) => ((INVENTORY_UNITS as readonly string[]).includes(unit) ? units[unit as InventoryUnit] : unit),
    kindLabel: (kind: string) => ((MOVEMENT_KINDS as readonly string[]).includes(kind) ? kinds[kind as MovementKind] : kind),
    reasonLabel: (reason: string | null) => (reason && (REMOVAL_REASONS as readonly string[]).includes(reason) ? reasons[reason as RemovalReason] : reason),
  };
}
type InventoryWords = ReturnType<typeof inventoryWords>;

/** The instants of the period: from the farm's midnight of `start` to the one after `end`. */
function periodBounds(request: ReportRequestContext) {
  const tz = request.scope.timeZone;
  return {
    from: sql`(${request.start}::date::timestamp at time zone ${tz})`,
    to: sql`(${shiftDay(request.end, 1)}::date::timestamp at time zone ${tz})`,
  };
}

/** The movements of the farm made in the period. */
function movementsInPeriod(request: ReportRequestContext, alias: string): SQL {
  const { from, to } = periodBounds(request);
  const a = sql.raw(alias);
  return sql`${a}.farm_id = ${request.scope.farmId} and ${a}.created_at >= ${from} and ${a}.created_at < ${to}`;
}

async function hasData(db: Db, request: ReportRequestContext): Promise<boolean> {
  const row = await oneRow<{ found: boolean }>(
    db,
    sql`select (exists (select 1 from ${inventoryItems} where farm_id = ${request.scope.farmId})
             or exists (select 1 from ${inventoryMovements} as mv where ${movementsInPeriod(request, 'mv')})) as found`,
  );
  return row.found === true;
}

type ItemRow = [id: number, name: string, flock: string, quantity: unknown, unit: string, cost: unknown, value: unknown, reorderLevel: unknown];
/** Per item: id, added, removed (a negative sum), corrected (signed), movements. */
type ItemMovesRow = [itemId: number, name: string, unit: string, added: unknown, removed: unknown, corrected: unknown, moves: unknown];
/** Per month ('YYYY-MM') or year ('YYYY'): added, removed (negative). */
type PeriodMovesRow = [period: string, added: unknown, removed: unknown];
type FlockValueRow = [flock: string, value: unknown];

interface InventoryRow {
  items: ItemRow[] | null;
  item_count: unknown;
  value: unknown;
  moves: ItemMovesRow[] | null;
  months: PeriodMovesRow[] | null;
  years: PeriodMovesRow[] | null;
  by_flock: FlockValueRow[] | null;
  added: unknown;
  removed: unknown;
  movements: unknown;
}

/**
 * Everything but the records in one statement: the items with their flock, their count and
 * value summed in SQL (value_cents is round(quantity × cost per unit), as the statistics
 * sum it), the period's movements summed per item, per month, per year and in all, and the
 * stock value per flock.
 */
function summaryRow(db: Db, request: ReportRequestContext, unknown: string): Promise<InventoryRow> {
  const farmId = request.scope.farmId;
  const tz = request.scope.timeZone;
  const sums = sql`coalesce(sum(change) filter (where kind = 'added'), 0)::text, coalesce(sum(change) filter (where kind = 'removed'), 0)::text`;
  // Items count in their own units (bags, litres, doses): across items only the number of movements adds up.
  const counts = sql`count(*) filter (where kind = 'added')::text, (-count(*) filter (where kind = 'removed'))::text`;
  return oneRow<InventoryRow>(
    db,
    sql`with mv as (
        select mv.item_id, mv.kind, mv.change, (mv.created_at at time zone ${tz})::date as day
        from ${inventoryMovements} as mv where ${movementsInPeriod(request, 'mv')}
      ), it as (
        select i.id, i.item_name, coalesce(f.name, ${unknown}) as flock, i.quantity, i.unit, i.cost_per_unit_cents, i.value_cents, i.reorder_level
        from ${inventoryItems} as i left join ${flocks} as f on f.id = i.flock_id
        where i.farm_id = ${farmId}
      )
      select
        (select json_agg(json_build_array(id, item_name, flock, quantity::text, unit, cost_per_unit_cents::text, value_cents::text, reorder_level::text) order by item_name, id)
           from it) as items,
        (select count(*)::text from it) as item_count,
        (select coalesce(sum(value_cents), 0)::text from it) as value,
        (select json_agg(json_build_array(x.item_id, i.item_name, i.unit, x.added, x.removed, x.corrected, x.moves) order by i.item_name, x.item_id)
           from (select item_id, ${sums}, coalesce(sum(change) filter (where kind = 'corrected'), 0)::text as corrected, count(*)::text as moves
                   from mv group by item_id) as x(item_id, added, removed, corrected, moves)
           join ${inventoryItems} as i on i.id = x.item_id) as moves,
        (select json_agg(json_build_array(p, a, r) order by p)
           from (select to_char(day, 'YYYY-MM'), ${counts} from mv group by 1) as x(p, a, r)) as months,
        (select json_agg(json_build_array(p, a, r) order by p)
           from (select to_char(day, 'YYYY'), ${counts} from mv group by 1) as x(p, a, r)) as years,
        (select json_agg(json_build_array(flock, v) order by v::numeric desc, flock)
           from (select flock, sum(value_cents)::text as v from it group by flock) as x) as by_flock,
        (select count(*) filter (where kind = 'added')::text from mv) as added,
        (select (-count(*) filter (where kind = 'removed'))::text from mv) as removed,
        (select count(*)::text from mv) as movements`,
  );
}

/** Every month 'YYYY-MM' from `start`'s to `end`'s. */
function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  for (let month = start.slice(0, 7); month <= end.slice(0, 7); month = shiftMonth(month, 1)) months.push(month);
  return months;
}


/** Restocks against removals (how many movements), a bar a month (a year past 36 months), every period of the range shown. */
function movementsChart(request: ReportRequestContext, row: InventoryRow, { w, language }: InventoryWords): ReportChart {
  const months = monthsOf(request.start, request.end);
  const byYear = months.length > CHART_MONTHS_MAX;
  const periods = byYear ? [...new Set(months.map((month) => month.slice(0, 4)))] : months;
  const index = new Map(periods.map((p, i) => [p, i]));
  const added = periods.map(() => 0);
  const removed = periods.map(() => 0);
  for (const [period, a, r] of (byYear ? row.years : row.months) ?? []) {
    const i = index.get(period);
    if (i === undefined) continue;
    added[i] = toSafeNumber(a);
    removed[i] = -toSafeNumber(r);
  }
  return {
    title: byYear ? w.restocksAndRemovalsByYear : w.restocksAndRemovalsByMonth,
    kind: 'bar',
    categories: byYear ? periods : periods.map((month) => language.shortMonth(month)),
    series: [
      { name: w.restocks, values: added },
      { name: w.removals, values: removed },
    ],
    unit: 'count',
  };
}

/** The stock value of each flock's store, the smallest summed into one slice past eight. */
function valueChart(row: InventoryRow, { w }: InventoryWords): ReportChart {
  const slices = (row.by_flock ?? []).map(([flock, value]) => ({ flock, value: toSafeInteger(value) })).filter((s) => s.value !== 0);
  const shown = slices.length > PIE_SLICES ? slices.slice(0, PIE_SLICES - 1) : slices;
  const rest = slices.slice(shown.length);
  const categories = shown.map((s) => s.flock);
  const values = shown.map((s) => s.value);
  if (rest.length > 0) {
    categories.push(w.otherFlocks(rest.length));
    values.push(rest.reduce((sum, s) => sum + s.value, 0));
  }
  return { title: w.stockValueByFlock, kind: 'pie', categories, series: [{ name: w.stockValue, values }], unit: 'kes' };
}

/** A movement of the detailed report, as its page statement answers it. */
interface MovementRecordRow {
  id: number;
  at: string;
  day: string;
  item_name: string;
  kind: string;
  change: unknown;
  unit: string;
  balance: unknown;
  reason: string | null;
  note: string | null;
  username: string | null;
}

/** Every movement of the period, by when it was made, read a page at a time. */
function movementRecords(db: Db, request: ReportRequestContext, { unitLabel, kindLabel, reasonLabel }: InventoryWords) {
  const tz = request.scope.timeZone;
  return pagedRows<{ at: string; id: number }>(async (after, limit) => {
    const keyset = after ? sql` and (mv.created_at, mv.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
    const rows = await sqlRows<MovementRecordRow>(db, sql`select mv.id, mv.created_at::text as at, to_char(mv.created_at at time zone ${tz}, 'YYYY-MM-DD') as day,
            i.item_name, mv.kind, mv.change::text as change, i.unit, mv.balance::text as balance, mv.reason, mv.note, u.username
          from ${inventoryMovements} as mv
          join ${inventoryItems} as i on i.id = mv.item_id
          left join ${users} as u on u.id = mv.created_by
          where ${movementsInPeriod(request, 'mv')}${keyset}
          order by mv.created_at, mv.id
          limit ${sql.raw(String(Math.trunc(limit)))}`);
    const cells: Cell[][] = rows.map((r) => [
      r.day,
      r.item_name,
      kindLabel(r.kind),
      toSafeNumber(r.change),
      unitLabel(r.unit),
      toSafeNumber(r.balance),
      [reasonLabel(r.reason), r.note].filter(Boolean).join(': ') || null,
      r.username,
    ]);
    const last = rows.at(-1);
    return { rows: cells, last: last ? { at: last.at, id: toSafeInteger(last.id) } : null };
  });
}

async function gather(db: Db, request: ReportRequestContext) {
  const words = inventoryWords(languageOfReport(request));
  const { w, d, m, unitLabel } = words;
  const row = await summaryRow(db, request, m.unknownFlock);
  const document = documentHead(request);

  const items = (row.items ?? []).map(([id, name, flock, quantity, unit, cost, value, level]) => {
    const q = toSafeNumber(quantity);
    const reorderLevel = toSafeNumber(level);
    return { id, name, flock, quantity: q, unit: unitLabel(unit), cost: toSafeInteger(cost), value: toSafeInteger(value), reorderLevel, below: belowReorder(q, reorderLevel) };
  });
  const below = items.filter((item) => item.below).sort((a, b) => a.quantity / a.reorderLevel - b.quantity / b.reorderLevel || a.id - b.id);
  const stockValue = toSafeInteger(row.value);
  const added = toSafeNumber(row.added);
  const removed = -toSafeNumber(row.removed);
  const movements = toSafeInteger(row.movements);

  document.summary = [
    { label: w.items, value: toSafeInteger(row.item_count), kind: 'count' },
    { label: w.stockValue, value: stockValue, kind: 'kes' },
    { label: w.itemsBelowReorderLevel, value: below.length, kind: 'count' },
    { label: w.restocksInPeriod, value: added, kind: 'count' },
    { label: w.removalsInPeriod, value: removed, kind: 'count' },
    { label: w.movementsInPeriod, value: movements, kind: 'count' },
  ];
  document.charts = [valueChart(row, words), movementsChart(request, row, words)];

  const itemsTable: ReportTable = {
    title: w.itemsTitle,
    note: w.itemsNote,
    columns: [
      { label: w.item, kind: 'text' },
      { label: d.flock, kind: 'text' },
      { label: w.quantity, kind: 'decimal' },
      { label: w.unit, kind: 'text' },
      { label: w.costPerUnit, kind: 'kes' },
      { label: w.value, kind: 'kes' },
      { label: w.reorderLevel, kind: 'decimal' },
      { label: w.belowReorderLevel, kind: 'text' },
    ],
    rows: items.map((item) => [item.name, item.flock, item.quantity, item.unit, item.cost, item.value, item.reorderLevel, item.below ? w.yes : w.no]),
    totals: [d.total, null, null, null, null, stockValue, null, w.belowCount(below.length)],
  };
  if (items.length === 0) itemsTable.note = m.noItems;

  const movesTable: ReportTable = {
    title: w.movementsByItem,
    note: movements === 0 ? w.noMovements : w.movementsNote,
    columns: [
      { label: w.item, kind: 'text' },
      { label: w.unit, kind: 'text' },
      { label: w.added, kind: 'decimal' },
      { label: w.removed, kind: 'decimal' },
      { label: w.corrections, kind: 'decimal' },
      { label: w.movements, kind: 'count' },
    ],
    rows: (row.moves ?? []).map(([, name, unit, a, r, c, n]) => [name, unitLabel(unit), toSafeNumber(a), -toSafeNumber(r), toSafeNumber(c), toSafeInteger(n)]),
    totals: [d.total, null, null, null, null, movements],
  };

  const belowTable: ReportTable = {
    title: w.belowTitle,
    note: below.length === 0 ? w.noneBelow : w.belowNote,
    columns: [
      { label: w.item, kind: 'text' },
      { label: d.flock, kind: 'text' },
      { label: w.quantity, kind: 'decimal' },
      { label: w.unit, kind: 'text' },
      { label: w.reorderLevel, kind: 'decimal' },
      { label: w.shortBy, kind: 'decimal' },
    ],
    rows: below.map((item) => [item.name, item.flock, item.quantity, item.unit, item.reorderLevel, Math.round((item.reorderLevel - item.quantity) * 1000) / 1000]),
  };
  document.tables = [itemsTable, movesTable, belowTable];

  return {
    document,
    records:
      request.reportType === 'detailed'
        ? {
            title: w.recordsTitle,
            columns: [
              { label: d.date, kind: 'day' as const },
              { label: w.item, kind: 'text' as const },
              { label: w.movement, kind: 'text' as const },
              { label: w.change, kind: 'decimal' as const },
              { label: w.unit, kind: 'text' as const },
              { label: w.balance, kind: 'decimal' as const },
              { label: w.reason, kind: 'text' as const },
              { label: w.recordedBy, kind: 'text' as const },
            ],
            pages: movementRecords(db, request, words),
          }
        : null,
  };
}

export const inventoryReport: ReportGatherer = { hasData, gather };
