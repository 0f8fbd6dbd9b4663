/**
 * The owner's weekly summary (decision 078): a week's figures summed in one statement over the same
 * records and rollups the screens and reports read (eggs: the day rollup and the adjustments; sales
 * and expenses: their rows of the week; budgets: the month's budgets and what the budgeted flocks
 * spent; birds: the bird-count history; feed: the week's feed records), what is still owed from the
 * debtors screen's service and the feed days left from the dashboard's (decision 074), then the
 * balance checks. Stored one row a farm a week.
 */
import { EGGS_PER_TRAY, shiftDay, summaryWords, weekEndOf, type ListSummariesQuery, type SummaryPage, type WeeklyFigures, type WeeklySummary } from '@kuku/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { listPage } from '../../db/list-page.js';
import { budgets, eggAdjustments, eggProductionDays, expenses, feedRecords, flockBirdCountEvents, flocks, inventoryItems, sales, weeklySummaries } from '../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { oneRow, type FarmScope } from '../farm-scope.js';
import { feedDaysOfFarm } from '../feed/days-left.js';
import { listDebtors } from '../sales/debtors.js';
import { weekBalances } from './balances.js';

export interface SummaryFarm {
  id: number;
  name: string;
  timeZone: string;
}

type Json = Record<string, unknown>;
const n = (value: unknown) => toSafeInteger(value ?? 0);

/**
 * The figures of the week starting `weekStart`, counted up to `through` (its Sunday, or today for the
 * week so far). `now`: the instant the store's feed and the debts are read at.
 */
export async function weekFigures(db: Db, farm: SummaryFarm, weekStart: string, through: string, now = new Date()): Promise<WeeklyFigures> {
  const farmId = farm.id;
  const tz = farm.timeZone;
  const weekEnd = weekEndOf(weekStart);
  const month = through.slice(0, 7);
  const monthStart = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // The instants the farm's days begin: the week's first and the day after `through`.
  const startAt = sql`(${weekStart}::date)::timestamp at time zone ${tz}`;
  const endAt = sql`(${through}::date + 1)::timestamp at time zone ${tz}`;
  const kg = sql.raw(`case when i.unit = 'kg' then r.quantity else r.quantity * i.unit_weight_kg end`);
  const row = await oneRow<{ eggs: Json; sales: Json; expenses: Json; budget: Json; birds: Json; feed: Json }>(
    db,
    sql`select
      (select json_build_object(
          'collected', coalesce(sum(d.eggs), 0),
          'per_day', coalesce(json_agg(json_build_array(d.day::text, d.eggs) order by d.day), '[]'::json))
        from ${eggProductionDays} d where d.farm_id = ${farmId} and d.day between ${weekStart}::date and ${through}::date) as eggs,
      (select json_build_object(
          'count', count(*), 'total', coalesce(sum(s.amount_cents), 0),
          'paid', coalesce(sum(s.amount_cents) filter (where s.status = 'paid'), 0),
          'pending', coalesce(sum(s.amount_cents) filter (where s.status = 'pending'), 0),
          'crates', coalesce(sum(s.quantity) filter (where s.category = 'Egg Sales'), 0),
          'written_off', (select coalesce(sum(a.eggs_adjusted), 0) from ${eggAdjustments} a
                          where a.farm_id = ${farmId} and a.date_adjusted between ${weekStart}::date and ${through}::date))
        from ${sales} s where s.farm_id = ${farmId} and s.date between ${weekStart}::date and ${through}::date) as sales,
      (select json_build_object(
          'count', coalesce(sum(c.n), 0), 'total', coalesce(sum(c.cents), 0),
          'by_category', coalesce(json_agg(json_build_array(c.category, c.cents) order by c.cents desc, c.category), '[]'::json))
        from (select e.category, count(*) as n, sum(e.amount_cents) as cents from ${expenses} e
              where e.farm_id = ${farmId} and e.date between ${weekStart}::date and ${through}::date group by e.category) c) as expenses,
      (select json_build_object(
          'budget', coalesce(sum(b.amount_cents), 0), 'spent', coalesce(sum(b.spent), 0),
          'over', count(*) filter (where b.spent > b.amount_cents))
        from (select bu.amount_cents,
                (select coalesce(sum(e.amount_cents), 0) from ${expenses} e
                 where e.farm_id = ${farmId} and e.flock_id = bu.flock_id and e.date between ${monthStart}::date and ${through}::date) as spent
              from ${budgets} bu where bu.farm_id = ${farmId} and bu.year = ${year} and bu.month = ${monthNumber}) b) as budget,
      (select json_build_object(
          'deaths', coalesce(-sum(e.delta) filter (where e.reason = 'mortality' and e.created_at < ${endAt}), 0),
          'sold', coalesce(-sum(e.delta) filter (where e.reason = 'sold' and e.created_at < ${endAt}), 0),
          'culled', coalesce(-sum(e.delta) filter (where e.reason = 'culled' and e.created_at < ${endAt}), 0),
          -- A flock's first event counts its birds up from 0: that is the flock, not birds added.
          'added', coalesce(sum(e.delta) filter (where e.reason = 'added' and e.count_after <> e.delta and e.created_at < ${endAt}), 0),
          -- Birds now, less what changed after the end: the count at the end of the last day.
          'alive', (select coalesce(sum(f.bird_count), 0) from ${flocks} f where f.farm_id = ${farmId} and f.created_at < ${endAt})
                   - coalesce(sum(e.delta) filter (where e.created_at >= ${endAt}), 0))
        from ${flockBirdCountEvents} e
        where e.farm_id = ${farmId} and e.created_at >= ${startAt}
          and e.flock_id in (select f.id from ${flocks} f where f.farm_id = ${farmId} and f.created_at < ${endAt})) as birds,
      (select json_build_object('records', count(*), 'cost', coalesce(sum(r.cost_cents), 0),
          'kg', coalesce(sum(${kg}), 0), 'unweighed', coalesce(bool_or(i.unit <> 'kg' and i.unit_weight_kg is null), false))
        from ${feedRecords} r join ${inventoryItems} i on i.id = r.item_id
        where r.farm_id = ${farmId} and r.date between ${weekStart}::date and ${through}::date) as feed`,
  );
  const scope: FarmScope = { farmId, timeZone: tz };
  const [debtors, feedDays, balances] = await Promise.all([listDebtors(db, scope), feedDaysOfFarm(db, scope, now), weekBalances(db, farmId, { start: weekStart, end: through })]);

  const eggsByDay = new Map((row.eggs.per_day as [string, unknown][]).map(([day, eggs]) => [day, n(eggs)]));
  const perDay = Array.from({ length: 7 }, (_, i) => shiftDay(weekStart, i)).map((day) => ({ day, eggs: eggsByDay.get(day) ?? 0 }));
  const collected = n(row.eggs.collected);
  const writtenOff = n(row.sales.written_off);
  const crates = toSafeNumber(row.sales.crates);
  const soldEggs = Math.round(crates * EGGS_PER_TRAY);
  return {
    week_start: weekStart,
    week_end: weekEnd,
    through,
    farm_name: farm.name,
    eggs: { collected, per_day: perDay, written_off: writtenOff, sold_eggs: soldEggs, sold_trays: crates, kept_eggs: collected - writtenOff - soldEggs },
    sales: {
      count: n(row.sales.count),
      total_cents: n(row.sales.total),
      paid_cents: n(row.sales.paid),
      pending_cents: n(row.sales.pending),
      owed_cents: debtors.total_owed_cents,
      buyers_owing: debtors.buyers,
    },
    expenses: {
      count: n(row.expenses.count),
      total_cents: n(row.expenses.total),
      by_category: (row.expenses.by_category as [string, unknown][]).map(([category, cents]) => ({ category, amount_cents: n(cents) })),
      month,
      budget_cents: n(row.budget.budget),
      budget_spent_cents: n(row.budget.spent),
      over_budget_flocks: n(row.budget.over),
    },
    birds: { alive: n(row.birds.alive), deaths: n(row.birds.deaths), sold: n(row.birds.sold), culled: n(row.birds.culled), added: n(row.birds.added) },
    feed: {
      records: n(row.feed.records),
      used_kg: row.feed.unweighed ? null : Math.round(toSafeNumber(row.feed.kg) * 1000) / 1000,
      cost_cents: n(row.feed.cost),
      days_left: feedDays.days_left,
      store_kg: feedDays.store_kg,
    },
    balances,
  };
}

type SummaryRow = typeof weeklySummaries.$inferSelect;

export const toSummary = (row: SummaryRow): WeeklySummary => ({
  id: row.id,
  week_start: row.weekStart,
  partial: row.partial,
  made_at: row.madeAt.toISOString(),
  figures: row.figures,
});

/**
 * Makes and keeps a week's summary. A whole week (`partial` false) is written once: answers null
 * when it was already made (the job's claim). The week so far replaces an earlier one of the same
 * week, never a whole week.
 */
export async function storeSummary(db: Db, farmId: number, figures: WeeklyFigures, partial: boolean, now = new Date()): Promise<SummaryRow | null> {
  const [row] = await db
    .insert(weeklySummaries)
    .values({ farmId, weekStart: figures.week_start, partial, figures, madeAt: now })
    .onConflictDoUpdate({
      target: [weeklySummaries.farmId, weeklySummaries.weekStart],
      set: { partial, figures, madeAt: now },
      setWhere: sql`${weeklySummaries.partial}`,
    })
    .returning();
  return row ?? null;
}

/** GET /api/summaries: the farm's weeks, newest first (the only order: a week's list is read back in time). */
export async function listSummaries(db: Db, farmId: number, query: ListSummariesQuery): Promise<SummaryPage> {
  const order = [desc(weeklySummaries.weekStart), desc(weeklySummaries.id)];
  return listPage(
    db,
    query,
    {
      table: weeklySummaries,
      where: eq(weeklySummaries.farmId, farmId),
      order,
      rows: (inPage, total) => db.select({ row: weeklySummaries, total }).from(weeklySummaries).where(inPage).orderBy(...order),
    },
    ({ row }) => ({
      id: row.id,
      week_start: row.weekStart,
      week_end: row.figures.week_end,
      partial: row.partial,
      made_at: row.madeAt.toISOString(),
      eggs_collected: row.figures.eggs.collected,
      sales_cents: row.figures.sales.total_cents,
      expenses_cents: row.figures.expenses.total_cents,
      deaths: row.figures.birds.deaths,
      gaps: row.figures.balances === null ? null : row.figures.balances.filter((l) => l.beyond_margin).length,
    }),
  );
}

/** GET /api/summaries/{id}: the farm's summary, or 404. */
export async function findSummary(db: Db, farmId: number, id: number): Promise<WeeklySummary> {
  const [row] = await db.select().from(weeklySummaries).where(and(eq(weeklySummaries.farmId, farmId), eq(weeklySummaries.id, id)));
  if (!row) throw notFound(summaryWords.notFound);
  return toSummary(row);
}

/** The farm's summary of a week, or 404. */
export async function findWeek(db: Db, farmId: number, weekStart: string): Promise<WeeklySummary> {
  const [row] = await db.select().from(weeklySummaries).where(and(eq(weeklySummaries.farmId, farmId), eq(weeklySummaries.weekStart, weekStart)));
  if (!row) throw notFound(summaryWords.notFound);
  return toSummary(row);
}
