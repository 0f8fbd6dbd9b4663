import {
  broilerFigures,
  dayIn,
  EGGS_PER_TRAY,
  economicsKindOf,
  economicsRangeProblem,
  economicsWords,
  layerFigures,
  parseDay,
  shiftDay,
  type BroilerFigures,
  type Breed,
  type EconomicsQuery,
  type FarmEconomics,
  type FlockEconomics,
  type LayerFigures,
  type LayerSums,
} from '@kuku/domain';
import { sql, type SQL } from 'drizzle-orm';
import { invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import {
  eggFlockMonths,
  eggProductions,
  expenseFlockCategoryMonths,
  expenses,
  feedFlockMonths,
  feedRecords,
  flockBirdCountEvents,
  flocks,
  flockWeighings,
  inventoryItems,
  saleFlockCategoryMonths,
  sales,
} from '../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { sqlRows, type FarmScope } from '../farm-scope.js';
import { findFlockRow } from '../flocks/service.js';

/**
 * A flock's and the farm's economics (decision 071): one statement sums each flock's records of
 * the range (hen-days from its bird-count history, eggs, feed given with its kilos and cost, its
 * other expenses, egg sales, its birds placed, dead and sold); the domain's rules make the figures.
 */

interface Range {
  start: string;
  end: string;
}

/** The range asked for, in the farm's days: this month up to today by default, never past today. */
export function economicsRange(scope: FarmScope, query: EconomicsQuery, now = new Date()): Range {
  const today = dayIn(now, scope.timeZone);
  const day = (value: string | undefined, field: 'start_date' | 'end_date', fallback: string) => {
    if (value === undefined) return fallback;
    const parsed = parseDay(value, scope.timeZone);
    if (parsed === null) throw invalid(economicsWords.dateInvalid, { [field]: economicsWords.dateInvalid });
    return parsed;
  };
  const start = day(query.start_date, 'start_date', `${today.slice(0, 7)}-01`);
  const asked = day(query.end_date, 'end_date', today);
  const end = asked > today ? today : asked;
  const problem = economicsRangeProblem(start, end);
  if (problem) throw invalid(problem, { end_date: problem });
  return { start, end };
}

type SumsRow = [
  id: number,
  name: string,
  breed: Breed,
  days: unknown,
  henDays: unknown,
  eggs: unknown,
  eggRecords: unknown,
  feedRecords: unknown,
  feedCost: unknown,
  feedKg: unknown,
  unweighed: boolean | null,
  otherCost: unknown,
  cratesSold: unknown,
  eggSales: unknown,
  placed: unknown,
  added: unknown,
  deaths: unknown,
  sold: unknown,
  alive: unknown,
  ageDays: unknown,
  weighedBirds: unknown,
  weighedKg: unknown,
  weighings: unknown,
  lifeFeedRecords: unknown,
  lifeFeedCost: unknown,
  lifeFeedKg: unknown,
  lifeUnweighed: boolean | null,
  lifeOtherCost: unknown,
  firstDay: string,
  soldKg: unknown,
  soldWeighedBirds: unknown,
  birdSales: unknown,
  lifeSales: unknown,
];

/** The first day of the month after `day`'s. */
const nextMonth = (day: string) => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The range cut at whole months (the rollups' rows): the months from `from` up to, not including,
 * `to` (none where `from` is not before `to`), and the days before and after them read from the
 * records (`head`, `tail`; a pair whose first day is after its last is empty). A broiler batch's
 * life up to the range's end: the months before `lifeTo`, then its days up to the end.
 */
export function monthCut({ start, end }: Range) {
  const from = start.endsWith('-01') ? start : nextMonth(start);
  const lifeTo = `${shiftDay(end, 1).slice(0, 7)}-01`;
  const empty: [string, string] = [shiftDay(end, 1), end];
  if (from >= lifeTo) return { from, to: from, head: [start, end] as [string, string], tail: empty, lifeTo };
  return { from, to: lifeTo, head: [start, shiftDay(from, -1)] as [string, string], tail: [lifeTo, end] as [string, string], lifeTo };
}

/**
 * Each flock's sums over the range, the flocks of the farm (or one) on the farm in it. `broilers`
 * false: the one flock asked for is not a broiler batch, so no batch's life is read.
 */
export async function flockSums(db: Db, scope: FarmScope, range: Range, flockId?: number, broilers = true) {
  const { start, end } = range;
  const { farmId, timeZone } = scope;
  const cut = monthCut(range);
  const lives = broilers ? sql`f.breed = 'Broilers'` : sql`false`;
  // The records of the range's days outside its whole months.
  const partial = (column: SQL) =>
    sql`(${column} between ${cut.head[0]}::date and ${cut.head[1]}::date or ${column} between ${cut.tail[0]}::date and ${cut.tail[1]}::date)`;
  // The instant the farm's day `day` ends, as a timestamptz: events before it happened on or before that day.
  const endOf = (day: SQL) => sql`((${day})::date + 1)::timestamp at time zone ${timeZone}`;
  // One flock's sums read its rows alone, by the tables' (farm, flock, day) indexes.
  const byFlock = (alias?: string) => (flockId === undefined ? sql`` : sql`and ${sql.raw(alias ? `${alias}.` : '')}flock_id = ${flockId}`);
  const rows = await sqlRows<{ row: SumsRow }>(
    db,
    sql`
      with f as (
        select fl.id, fl.name, fl.breed, fl.status, fl.initial_bird_count, fl.age_at_adding_weeks,
          (fl.created_at at time zone ${timeZone})::date as first_day,
          -- The count before its first change; with none, the count as it is.
          coalesce((select e.count_after - e.delta from ${flockBirdCountEvents} e
                    where e.farm_id = ${farmId} and e.flock_id = fl.id order by e.created_at, e.id limit 1), fl.bird_count) as first_count
        from ${flocks} fl
        where fl.farm_id = ${farmId} ${flockId === undefined ? sql`` : sql`and fl.id = ${flockId}`}
          and (fl.created_at at time zone ${timeZone})::date <= ${end}::date
      ),
      -- The count each day a change happened on left (its last change of the day), up to the range's end.
      ch as (
        select distinct on (flock_id, day) flock_id, day, birds
        from (
          select e.flock_id, (e.created_at at time zone ${timeZone})::date as day, e.count_after as birds, e.created_at, e.id
          from ${flockBirdCountEvents} e
          where e.farm_id = ${farmId} ${byFlock('e')} and e.created_at < ${endOf(sql`${end}`)}
        ) as x
        order by flock_id, day, created_at desc, id desc
      ),
      -- Stretches of days one count held: from a change's day to the day before the next (or the
      -- range's end), and before the first change the count it started from.
      st as (
        select flock_id, day as from_day, coalesce(lead(day) over (partition by flock_id order by day) - 1, ${end}::date) as to_day, birds from ch
        union all
        select f.id, f.first_day, coalesce((select min(ch.day) from ch where ch.flock_id = f.id) - 1, ${end}::date), f.first_count from f
      ),
      -- Each flock's count as its last change up to the range's end left it, and that day.
      la as (select distinct on (flock_id) flock_id, day, birds from ch order by flock_id, day desc),
      -- Hen-days: each stretch's birds times its days inside the range and the flock's life.
      h as (
        select f.id as flock_id, ${end}::date - greatest(${start}::date, f.first_day) + 1 as days,
          coalesce(sum(st.birds * greatest(0, least(st.to_day, ${end}::date) - greatest(st.from_day, ${start}::date, f.first_day) + 1)), 0) as hen_days
        from f left join st on st.flock_id = f.id
        group by f.id, f.first_day
      ),
      -- Eggs: the range's whole months from the flock-months (0013), the days before and after from the records.
      eg as (
        select flock_id, sum(eggs) as eggs, sum(records) as records from (
          select flock_id, eggs, days as records from ${eggFlockMonths}
          where farm_id = ${farmId} ${byFlock()} and month >= ${cut.from}::date and month < ${cut.to}::date
          union all
          select flock_id, eggs_collected, 1 from ${eggProductions}
          where farm_id = ${farmId} ${byFlock()} and ${partial(sql`date_produced`)}
        ) as x group by flock_id
      ),
      -- Feed given per flock and item (the kilos follow the item's unit weight as it is now). Each
      -- flock's rollup rows and records by its own (farm, flock, …) keys.
      fm as (
        select f.id as flock_id, x.item_id, sum(x.records) as records, sum(x.quantity) as quantity, sum(x.cost) as cost
        from f cross join lateral (
          select item_id, records, quantity, cost_cents as cost from ${feedFlockMonths}
          where farm_id = ${farmId} and flock_id = f.id and month >= ${cut.from}::date and month < ${cut.to}::date and records <> 0
          union all
          select item_id, 1, quantity, cost_cents from ${feedRecords}
          where farm_id = ${farmId} and flock_id = f.id and ${partial(sql`date`)}
        ) as x group by f.id, x.item_id
      ),
      fe as (
        select m.flock_id, sum(m.records) as records, sum(m.cost) as cost, sum(m.quantity * i.unit_weight_kg) as kg,
          bool_or(i.unit_weight_kg is null) as unweighed
        from fm m join ${inventoryItems} i on i.id = m.item_id group by m.flock_id
      ),
      -- A broiler batch is read over its life up to the range's end: a week's feed against the
      -- batch's whole weight would say nothing. Its months before the end's from the rollups.
      flm as (
        select f.id as flock_id, x.item_id, sum(x.records) as records, sum(x.quantity) as quantity, sum(x.cost) as cost
        from f cross join lateral (
          select item_id, records, quantity, cost_cents as cost from ${feedFlockMonths}
          where farm_id = ${farmId} and flock_id = f.id and month < ${cut.lifeTo}::date and records <> 0
          union all
          select item_id, 1, quantity, cost_cents from ${feedRecords}
          where farm_id = ${farmId} and flock_id = f.id and date between ${cut.lifeTo}::date and ${end}::date
        ) as x
        where ${lives} group by f.id, x.item_id
      ),
      fl as (
        select m.flock_id, sum(m.records) as records, sum(m.cost) as cost, sum(m.quantity * i.unit_weight_kg) as kg,
          bool_or(i.unit_weight_kg is null) as unweighed
        from flm m join ${inventoryItems} i on i.id = m.item_id group by m.flock_id
      ),
      xl as (
        select f.id as flock_id, sum(x.amount) as other
        from f cross join lateral (
          select amount_cents as amount from ${expenseFlockCategoryMonths}
          where farm_id = ${farmId} and flock_id = f.id and month < ${cut.lifeTo}::date and category <> 'Feed'
          union all
          select amount_cents from ${expenses}
          where farm_id = ${farmId} and flock_id = f.id and date between ${cut.lifeTo}::date and ${end}::date and category <> 'Feed'
        ) as x
        where ${lives} group by f.id
      ),
      -- A batch's sales over its life (decision 072): live birds sold by weight give the kilos
      -- sold and what they brought; every sale, its profit.
      bs as (
        select f.id as flock_id, sum(x.kg) as kg, sum(x.birds) as birds, sum(x.kg_cents) as kg_cents, sum(x.cents) as cents
        from f cross join lateral (
          select case when category = 'Live Birds' then weighed_kg else 0 end as kg,
            case when category = 'Live Birds' then weighed_birds else 0 end as birds,
            case when category = 'Live Birds' then weighed_cents else 0 end as kg_cents,
            amount_cents as cents
          from ${saleFlockCategoryMonths}
          where farm_id = ${farmId} and flock_id = f.id and month < ${cut.lifeTo}::date
          union all
          select case when category = 'Live Birds' and weight_kg is not null then weight_kg else 0 end,
            case when category = 'Live Birds' and weight_kg is not null then coalesce(birds, 0) else 0 end,
            case when category = 'Live Birds' and weight_kg is not null then amount_cents else 0 end,
            amount_cents
          from ${sales}
          where farm_id = ${farmId} and flock_id = f.id and date between ${cut.lifeTo}::date and ${end}::date
        ) as x
        where ${lives} group by f.id
      ),
      -- Feed bought is counted when it is fed (decision 070): the flock's other expenses only.
      ex as (
        select f.id as flock_id, sum(x.amount) as other
        from f cross join lateral (
          select amount_cents as amount from ${expenseFlockCategoryMonths}
          where farm_id = ${farmId} and flock_id = f.id and month >= ${cut.from}::date and month < ${cut.to}::date and category <> 'Feed'
          union all
          select amount_cents from ${expenses}
          where farm_id = ${farmId} and flock_id = f.id and ${partial(sql`date`)} and category <> 'Feed'
        ) as x group by f.id
      ),
      -- Egg sales' crates and money, and every sale of the range (an archived flock's answer).
      sa as (
        select f.id as flock_id, sum(x.crates) as crates, sum(x.cents) as cents, sum(x.n) as n
        from f cross join lateral (
          select case when category = 'Egg Sales' then quantity else 0 end as crates,
            case when category = 'Egg Sales' then amount_cents else 0 end as cents, sales as n
          from ${saleFlockCategoryMonths}
          where farm_id = ${farmId} and flock_id = f.id and month >= ${cut.from}::date and month < ${cut.to}::date
          union all
          select case when category = 'Egg Sales' then quantity else 0 end, case when category = 'Egg Sales' then amount_cents else 0 end, 1
          from ${sales}
          where farm_id = ${farmId} and flock_id = f.id and ${partial(sql`date`)}
        ) as x group by f.id
      ),
      ev as (
        select flock_id,
          -- Birds added after the flock's first count (its creation's event counts up from 0).
          coalesce(sum(delta) filter (where reason = 'added' and count_after <> delta), 0) as added,
          coalesce(-sum(delta) filter (where reason = 'mortality'), 0) as deaths,
          coalesce(-sum(delta) filter (where reason = 'sold'), 0) as sold
        from ${flockBirdCountEvents} where farm_id = ${farmId} ${byFlock()} and created_at < ${endOf(sql`${end}`)} group by flock_id
      ),
      -- The latest weighing up to the range's end, and the weighings in it.
      we as (
        select distinct on (flock_id) flock_id, birds, total_kg from ${flockWeighings}
        where farm_id = ${farmId} ${byFlock()} and date <= ${end}::date order by flock_id, date desc, id desc
      ),
      wn as (
        select flock_id, count(*) as n from ${flockWeighings}
        where farm_id = ${farmId} ${byFlock()} and date between ${start}::date and ${end}::date group by flock_id
      )
      select json_build_array(
        f.id, f.name, f.breed, h.days, h.hen_days, coalesce(eg.eggs, 0), coalesce(eg.records, 0),
        coalesce(fe.records, 0), coalesce(fe.cost, 0), fe.kg, fe.unweighed, coalesce(ex.other, 0),
        coalesce(sa.crates, 0), coalesce(sa.cents, 0),
        f.initial_bird_count, coalesce(ev.added, 0), coalesce(ev.deaths, 0), coalesce(ev.sold, 0),
        coalesce(la.birds, f.first_count),
        -- A batch sold out is as old as it was on its last day.
        f.age_at_adding_weeks * 7 + ((case when la.birds = 0 then la.day else ${end}::date end) - f.first_day),
        we.birds, we.total_kg, coalesce(wn.n, 0),
        coalesce(fl.records, 0), coalesce(fl.cost, 0), fl.kg, fl.unweighed, coalesce(xl.other, 0), f.first_day::text,
        coalesce(bs.kg, 0), coalesce(bs.birds, 0), coalesce(bs.kg_cents, 0), coalesce(bs.cents, 0)
      ) as row
      from f join h on h.flock_id = f.id
        left join eg on eg.flock_id = f.id left join fe on fe.flock_id = f.id left join ex on ex.flock_id = f.id
        left join sa on sa.flock_id = f.id left join ev on ev.flock_id = f.id
        left join we on we.flock_id = f.id left join wn on wn.flock_id = f.id
        left join fl on fl.flock_id = f.id left join xl on xl.flock_id = f.id left join bs on bs.flock_id = f.id left join la on la.flock_id = f.id
      -- An archived flock shows on the farm's answer where it has records in the range (a closed
      -- batch, its sale); asked for alone, it always answers.
      where ${flockId !== undefined ? sql`true` : sql`f.status <> 'archived' or eg.records > 0 or fe.records > 0 or sa.n > 0`}
      order by f.name, f.id`,
  );
  return rows.map(({ row }) => {
    const [
      id, name, breed, days, henDays, eggs, eggRecords, feedRecordCount, feedCost, feedKg, unweighed, otherCost, cratesSold, eggSales,
      placed, added, deaths, sold, alive, ageDays, weighedBirds, weighedKg, weighings, lifeFeedRecords, lifeFeedCost, lifeFeedKg, lifeUnweighed, lifeOtherCost, firstDay,
      soldKg, soldWeighedBirds, birdSales, lifeSales,
    ] = row;
    const lifeFeedCount = toSafeInteger(lifeFeedRecords);
    const feedRecordsCount = toSafeInteger(feedRecordCount);
    const layer: LayerSums = {
      eggs: toSafeInteger(eggs),
      henDays: toSafeInteger(henDays),
      eggRecords: toSafeInteger(eggRecords),
      feedKg: feedRecordsCount === 0 ? 0 : unweighed ? null : toSafeNumber(feedKg),
      feedCostCents: toSafeInteger(feedCost),
      feedRecords: feedRecordsCount,
      otherCostCents: toSafeInteger(otherCost),
      eggsSold: Math.round(toSafeNumber(cratesSold) * EGGS_PER_TRAY),
      eggSalesCents: toSafeInteger(eggSales),
    };
    return {
      id,
      name,
      breed,
      days: toSafeInteger(days),
      weighings: toSafeInteger(weighings),
      firstDay,
      layer,
      broiler: {
        birdsPlaced: toSafeInteger(placed) + toSafeInteger(added),
        birdsAlive: toSafeInteger(alive),
        deaths: toSafeInteger(deaths),
        birdsSold: toSafeInteger(sold),
        ageDays: toSafeInteger(ageDays),
        weighing: weighedBirds === null ? null : { birds: toSafeInteger(weighedBirds), totalKg: toSafeNumber(weighedKg) },
        soldKg: toSafeNumber(soldKg),
        soldWeighedBirds: toSafeInteger(soldWeighedBirds),
        birdSalesCents: toSafeInteger(birdSales),
        salesCents: toSafeInteger(lifeSales),
        feedKg: lifeFeedCount === 0 ? 0 : lifeUnweighed ? null : toSafeNumber(lifeFeedKg),
        feedCostCents: toSafeInteger(lifeFeedCost),
        feedRecords: lifeFeedCount,
        otherCostCents: toSafeInteger(lifeOtherCost),
      },
    };
  });
}

const layersOnWire = (f: LayerFigures) => ({
  hen_day_percent: f.henDayPercent,
  eggs_per_day: f.eggsPerDay,
  trays_per_day: f.traysPerDay,
  feed_per_bird_day_grams: f.feedPerBirdDayGrams,
  feed_per_tray_kg: f.feedPerTrayKg,
  feed_cost_per_tray_cents: f.feedCostPerTrayCents,
  cost_per_tray_cents: f.costPerTrayCents,
  price_per_tray_cents: f.pricePerTrayCents,
  margin_per_tray_cents: f.marginPerTrayCents,
});

const broilersOnWire = (f: BroilerFigures) => ({
  mortality_percent: f.mortalityPercent,
  average_weight_kg: f.averageWeightKg,
  live_weight_kg: f.liveWeightKg,
  feed_conversion_ratio: f.feedConversionRatio,
  production_efficiency: f.productionEfficiency,
  cost_per_kg_cents: f.costPerKgCents,
  revenue_per_kg_cents: f.revenuePerKgCents,
  sales_cents: f.salesCents,
  profit_cents: f.profitCents,
});

/**
 * One flock's answer. A laying flock is read over the range; a broiler batch over its life up to
 * the range's end (its start is the batch's first day), since its weight is the whole life's.
 */
function flockEconomics(sums: Awaited<ReturnType<typeof flockSums>>[number], range: Range): FlockEconomics {
  const kind = economicsKindOf(sums.breed);
  const broilers = kind === 'broilers';
  const read = broilers ? sums.broiler : sums.layer;
  return {
    flock_id: sums.id,
    flock_name: sums.name,
    breed: sums.breed,
    kind,
    start_date: broilers ? sums.firstDay : range.start,
    end_date: range.end,
    days: sums.days,
    feed_records: read.feedRecords,
    egg_records: sums.layer.eggRecords,
    weighings: sums.weighings,
    feed_kg: read.feedKg,
    feed_cost_cents: read.feedCostCents,
    layers: broilers ? null : layersOnWire(layerFigures(sums.layer, sums.days)),
    broilers: broilers ? broilersOnWire(broilerFigures(sums.broiler)) : null,
  };
}

/** GET /api/flocks/{flockId}/economics: the farm's flock, or 404. */
export async function economicsOfFlock(db: Db, scope: FarmScope, flockId: number, query: EconomicsQuery): Promise<FlockEconomics> {
  const flock = await findFlockRow(db, scope.farmId, flockId);
  const range = economicsRange(scope, query);
  const [sums] = await flockSums(db, scope, range, flockId, flock.breed === 'Broilers');
  if (sums) return flockEconomics(sums, range);
  // A flock added after the range (or archived without records in it): nothing to sum.
  const kind = economicsKindOf(flock.breed);
  return {
    flock_id: flock.id,
    flock_name: flock.name,
    breed: flock.breed,
    kind,
    start_date: range.start,
    end_date: range.end,
    days: 0,
    feed_records: 0,
    egg_records: 0,
    weighings: 0,
    feed_kg: 0,
    feed_cost_cents: 0,
    layers: null,
    broilers: null,
  };
}

/** GET /api/economics: each flock's figures, and the laying flocks' together. */
export async function economicsOfFarm(db: Db, scope: FarmScope, query: EconomicsQuery): Promise<FarmEconomics> {
  const range = economicsRange(scope, query);
  const all = await flockSums(db, scope, range);
  const laying = all.filter((sums) => economicsKindOf(sums.breed) === 'layers');
  const total: LayerSums = {
    eggs: 0,
    henDays: 0,
    eggRecords: 0,
    feedKg: 0,
    feedCostCents: 0,
    feedRecords: 0,
    otherCostCents: 0,
    eggsSold: 0,
    eggSalesCents: 0,
  };
  for (const { layer } of laying) {
    total.eggs += layer.eggs;
    total.henDays += layer.henDays;
    total.eggRecords += layer.eggRecords;
    total.feedKg = total.feedKg === null || layer.feedKg === null ? null : total.feedKg + layer.feedKg;
    total.feedCostCents += layer.feedCostCents;
    total.feedRecords += layer.feedRecords;
    total.otherCostCents += layer.otherCostCents;
    total.eggsSold += layer.eggsSold;
    total.eggSalesCents += layer.eggSalesCents;
  }
  const rangeDays = Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000) + 1;
  const flocksOnWire = all.map((sums) => flockEconomics(sums, range));
  // The farm's feed over the range, every flock's (a broiler batch's own answer is its life's).
  const kilos = all.map((sums) => sums.layer.feedKg);
  return {
    start_date: range.start,
    end_date: range.end,
    flocks: flocksOnWire,
    feed_records: all.reduce((n, sums) => n + sums.layer.feedRecords, 0),
    egg_records: all.reduce((n, sums) => n + sums.layer.eggRecords, 0),
    weighings: all.reduce((n, sums) => n + sums.weighings, 0),
    feed_kg: kilos.some((kg) => kg === null) ? null : Math.round(kilos.reduce<number>((n, kg) => n + (kg ?? 0), 0) * 1000) / 1000,
    feed_cost_cents: all.reduce((n, sums) => n + sums.layer.feedCostCents, 0),
    layers: laying.length > 0 ? layersOnWire(layerFigures(total, rangeDays)) : null,
  };
}
