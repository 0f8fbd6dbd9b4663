import {
  belowGuide,
  breedGuideOf,
  broilerGuideAt,
  broilerWeekFigures,
  economicsKindOf,
  layerGuideAt,
  layerWeekFigures,
  type BelowGuide,
  type Breed,
  type EconomicsWeek,
  type EconomicsWeeks,
  type EconomicsWeeksQuery,
} from '@kuku/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eggProductions, farms, feedRecords, flockBirdCountEvents, flocks, flockWeighings, inventoryItems, sales } from '../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { sqlRows, type FarmScope } from '../farm-scope.js';
import { findFlockRow } from '../flocks/service.js';

/**
 * A flock's weeks of life against its breed guide (decision 073): one statement sums each week's
 * records (hen-days from the bird-count history, eggs and the hens on the days they were recorded,
 * feed given, and for a broiler batch its latest weighing with the feed, deaths and birds to that
 * day); the domain's rules make the figures and read the guide, as economics-rules.ts does for
 * the flock's figures (decision 071). A week is a week of age, as currentAgeWeeks counts it.
 */

type WeekRow = [
  farmId: number,
  flockId: number,
  name: string,
  breed: Breed,
  week: number,
  fromDay: string,
  toDay: string,
  days: unknown,
  ageDays: unknown,
  henDays: unknown,
  eggs: unknown,
  eggDays: unknown,
  eggHenDays: unknown,
  feedRecords: unknown,
  feedKg: unknown,
  unweighed: boolean | null,
  weighings: unknown,
  weighedAt: unknown,
  weighedBirds: unknown,
  weighedKg: unknown,
  placed: unknown,
  added: unknown,
  deaths: unknown,
  sold: unknown,
  alive: unknown,
  lifeFeedRecords: unknown,
  lifeFeedKg: unknown,
  lifeUnweighed: boolean | null,
  soldKg: unknown,
  soldWeighedBirds: unknown,
];

/** Which flocks and weeks: a flock's latest `weeks` weeks, or each flock's last full week on some farms. */
type Target = { farmId: number; flockId: number; weeks: number } | { farmIds: number[]; breeds: readonly Breed[] };

async function weekSums(db: Db, target: Target, now: Date) {
  const series = 'flockId' in target;
  const which = series
    ? sql`fl.farm_id = ${target.farmId} and fl.id = ${target.flockId}`
    : sql`fl.farm_id in (${sql.join(target.farmIds.map((id) => sql`${id}`), sql`, `)}) and fl.status <> 'archived'
          and fl.breed in (${sql.join(target.breeds.map((breed) => sql`${breed}`), sql`, `)})`;
  // The flock's weeks by week of age (its first is the week it came in): the latest N up to its
  // last day, or the one before the week under way (whose last day is yesterday or before).
  const last = sql`fe.age0 + (fe.end_day - fe.first_day) / 7`;
  const weeks = series ? sql`greatest(fe.age0, ${last} - ${target.weeks} + 1), ${last}` : sql`greatest(fe.age0, ${last} - 1), ${last} - 1`;
  const rows = await sqlRows<{ row: WeekRow }>(
    db,
    sql`
      with f as (
        select fl.id, fl.farm_id, fl.name, fl.breed, fl.status, fl.initial_bird_count, fl.age_at_adding_weeks as age0, fa.time_zone as tz,
          (fl.created_at at time zone fa.time_zone)::date as first_day,
          (${now.toISOString()}::timestamptz at time zone fa.time_zone)::date as today,
          -- The count before its first change; with none, the count as it is.
          coalesce((select e.count_after - e.delta from ${flockBirdCountEvents} e
                    where e.farm_id = fl.farm_id and e.flock_id = fl.id order by e.created_at, e.id limit 1), fl.bird_count) as first_count
        from ${flocks} fl join ${farms} fa on fa.id = fl.farm_id
        where ${which}
      ),
      -- The weeks end today; an archived flock's at its last record (a batch sold months ago shows its life).
      fe as (
        select f.*, case when f.status <> 'archived' then f.today else least(f.today, greatest(f.first_day,
          (select max(e.date_produced) from ${eggProductions} e where e.farm_id = f.farm_id and e.flock_id = f.id),
          (select max(r.date) from ${feedRecords} r where r.farm_id = f.farm_id and r.flock_id = f.id),
          (select max(g.date) from ${flockWeighings} g where g.farm_id = f.farm_id and g.flock_id = f.id))) end as end_day
        from f
      ),
      w as (
        select fe.id as flock_id, fe.farm_id, k as week, fe.first_day + (k - fe.age0) * 7 as from_day,
          least(fe.first_day + (k - fe.age0) * 7 + 6, fe.end_day) as to_day
        from fe cross join lateral generate_series(${weeks}) as k
        where fe.end_day >= fe.first_day
      ),
      -- The count each day a change happened on left (its last change of the day).
      ch as (
        select distinct on (flock_id, day) flock_id, day, birds
        from (
          select e.flock_id, (e.created_at at time zone fe.tz)::date as day, e.count_after as birds, e.created_at, e.id
          from ${flockBirdCountEvents} e join fe on fe.farm_id = e.farm_id and fe.id = e.flock_id
        ) as x
        order by flock_id, day, created_at desc, id desc
      ),
      -- Stretches of days one count held, and before the first change the count it started from.
      st as (
        select flock_id, day as from_day, coalesce(lead(day) over (partition by flock_id order by day) - 1, '9999-12-31'::date) as to_day, birds from ch
        union all
        select fe.id, fe.first_day, coalesce((select min(ch.day) from ch where ch.flock_id = fe.id) - 1, '9999-12-31'::date), fe.first_count from fe
      ),
      hd as (
        select w.flock_id, w.week,
          coalesce(sum(st.birds * greatest(0, least(st.to_day, w.to_day) - greatest(st.from_day, w.from_day) + 1)), 0) as hen_days
        from w left join st on st.flock_id = w.flock_id and st.from_day <= w.to_day and st.to_day >= w.from_day
        group by w.flock_id, w.week
      ),
      -- Eggs, the days recorded and the hens present on those days: a day not recorded is no day without eggs.
      eg as (
        select w.flock_id, w.week, sum(e.eggs_collected) as eggs, count(*) as days, coalesce(sum(st.birds), 0) as hen_days
        from w join ${eggProductions} e on e.farm_id = w.farm_id and e.flock_id = w.flock_id and e.date_produced between w.from_day and w.to_day
          left join st on st.flock_id = e.flock_id and e.date_produced between st.from_day and st.to_day
        group by w.flock_id, w.week
      ),
      fd as (
        select w.flock_id, w.week, count(*) as records, sum(r.quantity * i.unit_weight_kg) as kg, bool_or(i.unit_weight_kg is null) as unweighed
        from w join ${feedRecords} r on r.farm_id = w.farm_id and r.flock_id = w.flock_id and r.date between w.from_day and w.to_day
          join ${inventoryItems} i on i.id = r.item_id
        group by w.flock_id, w.week
      ),
      -- The week's latest weighing, and how many it had.
      wg as (
        select distinct on (w.flock_id, w.week) w.flock_id, w.week, g.date, g.birds, g.total_kg,
          count(*) over (partition by w.flock_id, w.week) as n
        from w join ${flockWeighings} g on g.farm_id = w.farm_id and g.flock_id = w.flock_id and g.date between w.from_day and w.to_day
        order by w.flock_id, w.week, g.date desc, g.id desc
      )
      select json_build_array(
        fe.farm_id, w.flock_id, fe.name, fe.breed, w.week, w.from_day::text, w.to_day::text, w.to_day - w.from_day + 1,
        fe.age0 * 7 + (w.to_day - fe.first_day),
        hd.hen_days, coalesce(eg.eggs, 0), coalesce(eg.days, 0), coalesce(eg.hen_days, 0),
        coalesce(fd.records, 0), fd.kg, fd.unweighed,
        coalesce(wg.n, 0), fe.age0 * 7 + (wg.date - fe.first_day), wg.birds, wg.total_kg,
        fe.initial_bird_count, coalesce(le.added, 0), coalesce(le.deaths, 0), coalesce(le.sold, 0), la.birds,
        coalesce(lf.records, 0), lf.kg, lf.unweighed, coalesce(ls.kg, 0), coalesce(ls.birds, 0)
      ) as row
      from w join fe on fe.id = w.flock_id join hd on hd.flock_id = w.flock_id and hd.week = w.week
        left join eg on eg.flock_id = w.flock_id and eg.week = w.week
        left join fd on fd.flock_id = w.flock_id and fd.week = w.week
        left join wg on wg.flock_id = w.flock_id and wg.week = w.week
        -- A weighed week's batch up to the day weighed: its feed, birds added, dead and sold, and alive that day.
        left join lateral (
          select count(*) as records, sum(r.quantity * i.unit_weight_kg) as kg, bool_or(i.unit_weight_kg is null) as unweighed
          from ${feedRecords} r join ${inventoryItems} i on i.id = r.item_id
          where r.farm_id = fe.farm_id and r.flock_id = fe.id and r.date <= wg.date
        ) lf on wg.date is not null
        left join lateral (
          select coalesce(sum(e.delta) filter (where e.reason = 'added' and e.count_after <> e.delta), 0) as added,
            coalesce(-sum(e.delta) filter (where e.reason = 'mortality'), 0) as deaths,
            coalesce(-sum(e.delta) filter (where e.reason = 'sold'), 0) as sold
          from ${flockBirdCountEvents} e
          where e.farm_id = fe.farm_id and e.flock_id = fe.id and e.created_at < ((wg.date + 1)::timestamp at time zone fe.tz)
        ) le on wg.date is not null
        left join lateral (select st.birds from st where st.flock_id = fe.id and wg.date between st.from_day and st.to_day limit 1) la on true
        -- Live birds sold by weight up to that day (decision 072): their kg count in the batch's weight.
        left join lateral (
          select sum(s.weight_kg) as kg, sum(s.birds) as birds from ${sales} s
          where s.farm_id = fe.farm_id and s.flock_id = fe.id and s.category = 'Live Birds' and s.weight_kg is not null and s.date <= wg.date
        ) ls on wg.date is not null
      order by w.flock_id, w.week`,
  );
  return rows.map(({ row }) => toWeek(row));
}

const orNull = (value: unknown): number | null => (value === null || value === undefined ? null : toSafeNumber(value));

/** A week's sums made into its figures beside the guide's. */
function toWeek(row: WeekRow) {
  const [
    farmId, flockId, name, breed, week, fromDay, toDay, days, ageDays, henDays, eggs, eggDays, eggHenDays, feedRecordCount, feedKg, unweighed,
    weighings, weighedAt, weighedBirds, weighedKg, placed, added, deaths, sold, alive, lifeFeedRecords, lifeFeedKg, lifeUnweighed, soldKg, soldWeighedBirds,
  ] = row;
  const guide = breedGuideOf(breed);
  const kind = economicsKindOf(breed);
  const weighedAtDay = orNull(weighedAt);
  const atDay = weighedAtDay ?? toSafeInteger(ageDays);
  const layerGuide = guide && kind === 'layers' ? layerGuideAt(guide, week) : null;
  const broilerGuide = guide && kind === 'broilers' ? broilerGuideAt(guide, atDay) : null;
  const feedCount = toSafeInteger(feedRecordCount);
  const layer =
    kind === 'layers'
      ? layerWeekFigures({
          eggs: toSafeInteger(eggs),
          eggDays: toSafeInteger(eggDays),
          eggHenDays: toSafeInteger(eggHenDays),
          henDays: toSafeInteger(henDays),
          feedRecords: feedCount,
          feedKg: feedCount === 0 ? 0 : unweighed ? null : toSafeNumber(feedKg),
        })
      : null;
  const lifeFeedCount = toSafeInteger(lifeFeedRecords);
  const broiler =
    kind === 'broilers' && weighedAtDay !== null
      ? broilerWeekFigures({
          birdsPlaced: toSafeInteger(placed) + toSafeInteger(added),
          birdsAlive: toSafeInteger(alive),
          deaths: toSafeInteger(deaths),
          birdsSold: toSafeInteger(sold),
          ageDays: weighedAtDay,
          weighing: { birds: toSafeInteger(weighedBirds), totalKg: toSafeNumber(weighedKg) },
          soldKg: toSafeNumber(soldKg),
          soldWeighedBirds: toSafeInteger(soldWeighedBirds),
          // Money is no part of these figures.
          birdSalesCents: 0,
          salesCents: 0,
          feedKg: lifeFeedCount === 0 ? 0 : lifeUnweighed ? null : toSafeNumber(lifeFeedKg),
          feedCostCents: 0,
          feedRecords: lifeFeedCount,
          otherCostCents: 0,
        })
      : null;
  const answer: EconomicsWeek = {
    week,
    start_date: fromDay,
    end_date: toDay,
    days: toSafeInteger(days),
    egg_days: toSafeInteger(eggDays),
    hen_day_percent: layer?.henDayPercent ?? null,
    guide_hen_day_percent: layerGuide?.henDayPercent ?? null,
    feed_per_bird_day_grams: layer?.feedGrams ?? null,
    guide_feed_per_bird_day_grams: layerGuide?.feedGrams ?? null,
    weighings: toSafeInteger(weighings),
    age_days: atDay,
    average_weight_kg: broiler?.averageWeightKg ?? null,
    guide_weight_kg: broilerGuide?.weightKg ?? null,
    feed_conversion_ratio: broiler?.feedConversionRatio ?? null,
    guide_feed_conversion_ratio: broilerGuide?.feedConversionRatio ?? null,
  };
  return { farmId, flockId, name, breed, answer, weighedAtDay };
}

/** GET /api/flocks/{flockId}/economics/weeks: the farm's flock's latest weeks beside its guide, or 404. */
export async function economicsWeeksOfFlock(db: Db, scope: FarmScope, flockId: number, query: EconomicsWeeksQuery, now = new Date()): Promise<EconomicsWeeks> {
  const flock = await findFlockRow(db, scope.farmId, flockId);
  const weeks = await weekSums(db, { farmId: scope.farmId, flockId, weeks: query.weeks }, now);
  return {
    flock_id: flock.id,
    flock_name: flock.name,
    breed: flock.breed,
    kind: economicsKindOf(flock.breed),
    guide: breedGuideOf(flock.breed)?.id ?? null,
    weeks: weeks.map((week) => week.answer),
  };
}

export interface FlockBelowGuide {
  farmId: number;
  flockId: number;
  flockName: string;
  /** The week's first day: with the flock, what the notification is about (told once). */
  weekStart: string;
  below: BelowGuide;
}

/** The flocks of these farms whose last full week fell below their guide (decision 073), for the hourly job. */
export async function flocksBelowGuide(db: Db, farmIds: number[], breeds: readonly Breed[], now = new Date()): Promise<FlockBelowGuide[]> {
  if (farmIds.length === 0 || breeds.length === 0) return [];
  const weeks = await weekSums(db, { farmIds, breeds }, now);
  const out: FlockBelowGuide[] = [];
  for (const { farmId, flockId, name, breed, answer, weighedAtDay } of weeks) {
    const below = belowGuide(breedGuideOf(breed), {
      week: answer.week,
      days: answer.days,
      eggDays: answer.egg_days,
      henDayPercent: answer.hen_day_percent,
      guideHenDayPercent: answer.guide_hen_day_percent,
      weighings: answer.weighings,
      weighedAtDay,
      averageWeightKg: answer.average_weight_kg,
      guideWeightKg: answer.guide_weight_kg,
    });
    if (below) out.push({ farmId, flockId, flockName: name, weekStart: answer.start_date, below });
  }
  return out;
}
