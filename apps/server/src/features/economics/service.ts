import {
  broilerFigures,
  dayIn,
  EGGS_PER_TRAY,
  economicsKindOf,
  economicsRangeProblem,
  economicsWords,
  layerFigures,
  parseDay,
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
import { eggProductions, expenses, feedRecords, flockBirdCountEvents, flocks, flockWeighings, inventoryItems, sales } from '../../db/schema/index.js';
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
];

/** Each flock's sums over the range, the flocks of the farm (or one) on the farm in it. */
async function flockSums(db: Db, scope: FarmScope, { start, end }: Range, flockId?: number) {
  const { farmId, timeZone } = scope;
  // The instant the farm's day `day` ends, as a timestamptz: events before it happened on or before that day.
  const endOf = (day: SQL) => sql`((${day})::date + 1)::timestamp at time zone ${timeZone}`;
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
      d as (
        select f.id as flock_id, f.first_count, g::date as day
        from f cross join lateral generate_series(greatest(${start}::date, f.first_day), ${end}::date, interval '1 day') as g
      ),
      -- The birds present each day: the count its last change of that day or before left.
      h as (
        select d.flock_id, count(*) as days,
          sum(coalesce((select e.count_after from ${flockBirdCountEvents} e
                        where e.farm_id = ${farmId} and e.flock_id = d.flock_id and e.created_at < ${endOf(sql`d.day`)}
                        order by e.created_at desc, e.id desc limit 1), d.first_count)) as hen_days
        from d group by d.flock_id
      ),
      eg as (
        select flock_id, sum(eggs_collected) as eggs, count(*) as records from ${eggProductions}
        where farm_id = ${farmId} and date_produced between ${start}::date and ${end}::date group by flock_id
      ),
      fe as (
        select r.flock_id, count(*) as records, sum(r.cost_cents) as cost, sum(r.quantity * i.unit_weight_kg) as kg,
          bool_or(i.unit_weight_kg is null) as unweighed
        from ${feedRecords} r join ${inventoryItems} i on i.id = r.item_id
        where r.farm_id = ${farmId} and r.date between ${start}::date and ${end}::date group by r.flock_id
      ),
      -- Feed bought is counted when it is fed (decision 070): the flock's other expenses only.
      ex as (
        select flock_id, sum(amount_cents) as other from ${expenses}
        where farm_id = ${farmId} and date between ${start}::date and ${end}::date and category <> 'Feed' group by flock_id
      ),
      sa as (
        select flock_id, sum(quantity) as crates, sum(amount_cents) as cents from ${sales}
        where farm_id = ${farmId} and date between ${start}::date and ${end}::date and category = 'Egg Sales' group by flock_id
      ),
      ev as (
        select flock_id,
          -- Birds added after the flock's first count (its creation's event counts up from 0).
          coalesce(sum(delta) filter (where reason = 'added' and count_after <> delta), 0) as added,
          coalesce(-sum(delta) filter (where reason = 'mortality'), 0) as deaths,
          coalesce(-sum(delta) filter (where reason = 'sold'), 0) as sold
        from ${flockBirdCountEvents} where farm_id = ${farmId} and created_at < ${endOf(sql`${end}`)} group by flock_id
      ),
      -- The latest weighing up to the range's end, and the weighings in it.
      we as (
        select distinct on (flock_id) flock_id, birds, total_kg from ${flockWeighings}
        where farm_id = ${farmId} and date <= ${end}::date order by flock_id, date desc, id desc
      ),
      wn as (
        select flock_id, count(*) as n from ${flockWeighings}
        where farm_id = ${farmId} and date between ${start}::date and ${end}::date group by flock_id
      )
      select json_build_array(
        f.id, f.name, f.breed, h.days, h.hen_days, coalesce(eg.eggs, 0), coalesce(eg.records, 0),
        coalesce(fe.records, 0), coalesce(fe.cost, 0), fe.kg, fe.unweighed, coalesce(ex.other, 0),
        coalesce(sa.crates, 0), coalesce(sa.cents, 0),
        f.initial_bird_count, coalesce(ev.added, 0), coalesce(ev.deaths, 0), coalesce(ev.sold, 0),
        coalesce((select e.count_after from ${flockBirdCountEvents} e
                  where e.farm_id = ${farmId} and e.flock_id = f.id and e.created_at < ${endOf(sql`${end}`)}
                  order by e.created_at desc, e.id desc limit 1), f.first_count),
        f.age_at_adding_weeks * 7 + (${end}::date - f.first_day),
        we.birds, we.total_kg, coalesce(wn.n, 0)
      ) as row
      from f join h on h.flock_id = f.id
        left join eg on eg.flock_id = f.id left join fe on fe.flock_id = f.id left join ex on ex.flock_id = f.id
        left join sa on sa.flock_id = f.id left join ev on ev.flock_id = f.id
        left join we on we.flock_id = f.id left join wn on wn.flock_id = f.id
      -- An archived flock shows where it has records in the range.
      where f.status <> 'archived' or eg.records > 0 or fe.records > 0
      order by f.name, f.id`,
  );
  return rows.map(({ row }) => {
    const [id, name, breed, days, henDays, eggs, eggRecords, feedRecordCount, feedCost, feedKg, unweighed, otherCost, cratesSold, eggSales, placed, added, deaths, sold, alive, ageDays, weighedBirds, weighedKg, weighings] =
      row;
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
      layer,
      broiler: {
        birdsPlaced: toSafeInteger(placed) + toSafeInteger(added),
        birdsAlive: toSafeInteger(alive),
        deaths: toSafeInteger(deaths),
        birdsSold: toSafeInteger(sold),
        ageDays: toSafeInteger(ageDays),
        weighing: weighedBirds === null ? null : { birds: toSafeInteger(weighedBirds), totalKg: toSafeNumber(weighedKg) },
        // Bird sales by the kilo are the next records the batch keeps.
        soldKg: 0,
        birdSalesCents: 0,
        feedKg: layer.feedKg,
        feedCostCents: layer.feedCostCents,
        feedRecords: layer.feedRecords,
        otherCostCents: layer.otherCostCents,
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
});

function flockEconomics(sums: Awaited<ReturnType<typeof flockSums>>[number], range: Range): FlockEconomics {
  const kind = economicsKindOf(sums.breed);
  return {
    flock_id: sums.id,
    flock_name: sums.name,
    breed: sums.breed,
    kind,
    start_date: range.start,
    end_date: range.end,
    days: sums.days,
    feed_records: sums.layer.feedRecords,
    egg_records: sums.layer.eggRecords,
    weighings: sums.weighings,
    feed_kg: sums.layer.feedKg,
    feed_cost_cents: sums.layer.feedCostCents,
    layers: kind === 'layers' ? layersOnWire(layerFigures(sums.layer, sums.days)) : null,
    broilers: kind === 'broilers' ? broilersOnWire(broilerFigures(sums.broiler)) : null,
  };
}

/** GET /api/flocks/{flockId}/economics: the farm's flock, or 404. */
export async function economicsOfFlock(db: Db, scope: FarmScope, flockId: number, query: EconomicsQuery): Promise<FlockEconomics> {
  const flock = await findFlockRow(db, scope.farmId, flockId);
  const range = economicsRange(scope, query);
  const [sums] = await flockSums(db, scope, range, flockId);
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
  const kilos = flocksOnWire.map((f) => f.feed_kg);
  return {
    start_date: range.start,
    end_date: range.end,
    flocks: flocksOnWire,
    feed_records: flocksOnWire.reduce((n, f) => n + f.feed_records, 0),
    egg_records: flocksOnWire.reduce((n, f) => n + f.egg_records, 0),
    weighings: flocksOnWire.reduce((n, f) => n + f.weighings, 0),
    feed_kg: kilos.some((kg) => kg === null) ? null : Math.round(kilos.reduce<number>((n, kg) => n + (kg ?? 0), 0) * 1000) / 1000,
    feed_cost_cents: flocksOnWire.reduce((n, f) => n + f.feed_cost_cents, 0),
    layers: laying.length > 0 ? layersOnWire(layerFigures(total, rangeDays)) : null,
  };
}
