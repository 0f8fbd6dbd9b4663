import {
  EGGS_PER_TRAY,
  EXPENSE_CATEGORIES,
  SALE_CATEGORIES,
  addDays,
  dayIn,
  shiftDay,
  type Breed,
  type LayerSums,
} from '@kuku/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  eggProductions,
  expenses,
  farmSaleCounters,
  feedRecords,
  flockBirdCountEvents,
  flocks,
  flockWeighings,
  inventoryItems,
  sales,
} from '../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { sqlRows, type FarmScope } from '../farm-scope.js';
import { flockSums, monthCut } from './service.js';

/**
 * The economics read the range's whole months from the rollups kept by trigger (migration 0043,
 * decision 071's "As built") and the days at its ends from the records. Here two flocks (laying
 * hens and a broiler batch) get random records over 14 months, edited, moved and deleted one by one
 * and in bulk; for ranges within a month, across months, a year, a day and the whole history the
 * sums must equal those the records give read whole (the query as it was before the rollups, kept
 * below), for the farm and for each flock.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

interface Range {
  start: string;
  end: string;
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

/** The sums as the economics read them before the rollups: every record of the range (and of a batch's life). */
async function flockSumsFromRecords(db: Db, scope: FarmScope, { start, end }: Range, flockId?: number) {
  const { farmId, timeZone } = scope;
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
      eg as (
        select flock_id, sum(eggs_collected) as eggs, count(*) as records from ${eggProductions}
        where farm_id = ${farmId} ${byFlock()} and date_produced between ${start}::date and ${end}::date group by flock_id
      ),
      fe as (
        select r.flock_id, count(*) as records, sum(r.cost_cents) as cost, sum(r.quantity * i.unit_weight_kg) as kg,
          bool_or(i.unit_weight_kg is null) as unweighed
        from ${feedRecords} r join ${inventoryItems} i on i.id = r.item_id
        where r.farm_id = ${farmId} ${byFlock('r')} and r.date between ${start}::date and ${end}::date group by r.flock_id
      ),
      -- A broiler batch is read over its life up to the range's end: a week's feed against the
      -- batch's whole weight would say nothing.
      fl as (
        select r.flock_id, count(*) as records, sum(r.cost_cents) as cost, sum(r.quantity * i.unit_weight_kg) as kg,
          bool_or(i.unit_weight_kg is null) as unweighed
        from ${feedRecords} r join ${inventoryItems} i on i.id = r.item_id join f on f.id = r.flock_id and f.breed = 'Broilers'
        where r.farm_id = ${farmId} ${byFlock('r')} and r.date <= ${end}::date group by r.flock_id
      ),
      xl as (
        select x.flock_id, sum(x.amount_cents) as other from ${expenses} x join f on f.id = x.flock_id and f.breed = 'Broilers'
        where x.farm_id = ${farmId} ${byFlock('x')} and x.date <= ${end}::date and x.category <> 'Feed' group by x.flock_id
      ),
      -- A batch's sales over its life (decision 072): live birds sold by weight give the kilos
      -- sold and what they brought; every sale, its profit.
      bs as (
        select s.flock_id,
          sum(s.weight_kg) filter (where s.category = 'Live Birds' and s.weight_kg is not null) as kg,
          sum(s.birds) filter (where s.category = 'Live Birds' and s.weight_kg is not null) as birds,
          sum(s.amount_cents) filter (where s.category = 'Live Birds' and s.weight_kg is not null) as kg_cents,
          sum(s.amount_cents) as cents
        from ${sales} s join f on f.id = s.flock_id and f.breed = 'Broilers'
        where s.farm_id = ${farmId} ${byFlock('s')} and s.date <= ${end}::date group by s.flock_id
      ),
      -- Feed bought is counted when it is fed (decision 070): the flock's other expenses only.
      ex as (
        select flock_id, sum(amount_cents) as other from ${expenses}
        where farm_id = ${farmId} ${byFlock()} and date between ${start}::date and ${end}::date and category <> 'Feed' group by flock_id
      ),
      sa as (
        select flock_id, sum(quantity) as crates, sum(amount_cents) as cents from ${sales}
        where farm_id = ${farmId} ${byFlock()} and date between ${start}::date and ${end}::date and category = 'Egg Sales' group by flock_id
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
      where ${flockId !== undefined ? sql`true` : sql`f.status <> 'archived' or eg.records > 0 or fe.records > 0
        or exists (select 1 from ${sales} s where s.farm_id = ${farmId} and s.flock_id = f.id and s.date between ${start}::date and ${end}::date)`}
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

/** A repeatable sequence of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('monthCut', () => {
  it('reads whole months from the rollups and the days at the ends from the records', () => {
    expect(monthCut({ start: '2026-03-15', end: '2026-06-10' })).toEqual({
      from: '2026-04-01',
      to: '2026-06-01',
      head: ['2026-03-15', '2026-03-31'],
      tail: ['2026-06-01', '2026-06-10'],
      lifeTo: '2026-06-01',
    });
    expect(monthCut({ start: '2026-03-01', end: '2026-03-31' })).toEqual({
      from: '2026-03-01',
      to: '2026-04-01',
      head: ['2026-03-01', '2026-02-28'],
      tail: ['2026-04-01', '2026-03-31'],
      lifeTo: '2026-04-01',
    });
    // No whole month: every day from the records.
    expect(monthCut({ start: '2026-03-05', end: '2026-03-20' })).toMatchObject({ head: ['2026-03-05', '2026-03-20'], tail: ['2026-03-21', '2026-03-20'], lifeTo: '2026-03-01' });
    expect(monthCut({ start: '2026-02-20', end: '2026-03-10' })).toMatchObject({ from: '2026-03-01', to: '2026-03-01', head: ['2026-02-20', '2026-03-10'] });
  });
});

describe('the economics from the rollups', () => {
  it('equal the sums of the records, for ranges within a month, across months, a year, a day and all', async () => {
    const db = app.db;
    const layers = await factories.farmWithFlock(app, { name: 'Layers', breed: 'Layers', initial_bird_count: 500, bird_count: 500 });
    const broilers = await factories.createFlock(app, layers, { name: 'Broilers', breed: 'Broilers', age: 0, initial_bird_count: 300, bird_count: 300 });
    const farmId = layers.farm.id;
    const userId = layers.user.id;
    const flockIds = [layers.flock.id, broilers.id];
    const scope: FarmScope = { farmId, timeZone: 'Africa/Nairobi' };
    const today = dayIn(new Date(), scope.timeZone);
    const first = shiftDay(today, -430);
    // Both flocks came 14 months ago, with their first counts.
    const came = addDays(new Date(), -431);
    await db.update(flocks).set({ createdAt: came }).where(inArray(flocks.id, flockIds));
    await db.update(flockBirdCountEvents).set({ createdAt: came }).where(inArray(flockBirdCountEvents.flockId, flockIds));
    await db.insert(flockBirdCountEvents).values([
      { farmId, flockId: layers.flock.id, createdBy: userId, delta: -20, countAfter: 480, reason: 'mortality', createdAt: addDays(new Date(), -200) },
      { farmId, flockId: broilers.id, createdBy: userId, delta: -10, countAfter: 290, reason: 'mortality', createdAt: addDays(new Date(), -50) },
    ]);
    await db.update(flocks).set({ birdCount: 480, deaths: 20 }).where(eq(flocks.id, layers.flock.id));
    await db.update(flocks).set({ birdCount: 290, deaths: 10 }).where(eq(flocks.id, broilers.id));
    await db.insert(flockWeighings).values({ farmId, flockId: broilers.id, createdBy: userId, date: shiftDay(today, -20), birds: 20, totalKg: 31.5 });
    const items = await db
      .insert(inventoryItems)
      .values([
        { farmId, flockId: layers.flock.id, createdBy: userId, updatedBy: userId, itemName: 'Layers mash', quantity: 0, unit: 'bags', reorderLevel: 1, costPerUnitCents: 300_000, kind: 'feed', unitWeightKg: 50 },
        { farmId, flockId: broilers.id, createdBy: userId, updatedBy: userId, itemName: 'Broiler starter', quantity: 0, unit: 'bags', reorderLevel: 1, costPerUnitCents: 350_000, kind: 'feed', unitWeightKg: 70 },
        { farmId, flockId: layers.flock.id, createdBy: userId, updatedBy: userId, itemName: 'Maize bran', quantity: 0, unit: 'bags', reorderLevel: 1, costPerUnitCents: 150_000, kind: 'feed', unitWeightKg: null },
      ])
      .returning({ id: inventoryItems.id });
    const itemIds = items.map((item) => item.id);

    const next = random(20_261_207);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const day = () => shiftDay(first, Math.floor(next() * 431));
    const flockId = () => pick(flockIds);
    const eggDays = new Set<string>();
    const eggRows = [];
    for (let i = 0; i < 500; i++) {
      const d = day();
      const flock = next() < 0.8 ? layers.flock.id : broilers.id;
      if (eggDays.has(`${flock} ${d}`)) continue;
      eggDays.add(`${flock} ${d}`);
      eggRows.push({ farmId, flockId: flock, createdBy: userId, updatedBy: userId, dateProduced: d, eggsCollected: Math.floor(next() * 450) });
    }
    await db.insert(eggProductions).values(eggRows);
    // The maize bran (no unit weight) is fed rarely: some ranges have kilos, some do not.
    const feedRow = () => ({
      farmId, flockId: flockId(), itemId: next() < 0.05 ? itemIds[2]! : pick(itemIds.slice(0, 2)), date: day(),
      quantity: Math.round(next() * 5000) / 1000 + 0.5, costCents: Math.floor(next() * 1_000_000), createdBy: userId, updatedBy: userId,
    });
    await db.insert(feedRecords).values(Array.from({ length: 400 }, feedRow));
    const expenseRow = () => ({
      farmId, flockId: flockId(), date: day(), description: 'Bill', amountCents: 1 + Math.floor(next() * 500_000), category: pick(EXPENSE_CATEGORIES), createdBy: userId, updatedBy: userId,
    });
    await db.insert(expenses).values(Array.from({ length: 200 }, expenseRow));
    let refNo = 0;
    const saleRow = () => {
      const category = next() < 0.5 ? 'Egg Sales' : next() < 0.6 ? 'Live Birds' : pick(SALE_CATEGORIES);
      const weighed = category !== 'Egg Sales' && next() < 0.7;
      const birds = category === 'Egg Sales' || next() < 0.1 ? null : 1 + Math.floor(next() * 40);
      const quantity = Math.round(next() * 20_000) / 1000 + 0.5;
      return {
        farmId, flockId: flockId(), refNo: ++refNo, category, product: category, quantity, unit: category === 'Egg Sales' ? 'Crates' : 'Kg',
        birds, weightKg: weighed ? Math.round(next() * 90_000) / 1000 + 1 : null, unitPriceCents: 45_000,
        amountCents: Math.floor(next() * 2_000_000), date: day(), saleType: 'Cash' as const, status: next() < 0.5 ? ('paid' as const) : ('pending' as const),
        createdBy: userId, updatedBy: userId,
      };
    };
    await db.insert(sales).values(Array.from({ length: 250 }, saleRow));

    const ranges = (): Range[] => {
      const monthAgo = (n: number) => {
        const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
        date.setUTCMonth(date.getUTCMonth() - n);
        return date.toISOString().slice(0, 10);
      };
      return [
        { start: shiftDay(monthAgo(5), 4), end: shiftDay(monthAgo(5), 19) }, // within a month
        { start: shiftDay(monthAgo(9), 13), end: shiftDay(monthAgo(6), 9) }, // across months
        { start: shiftDay(monthAgo(8), 20), end: shiftDay(monthAgo(7), 3) }, // across a month's end, no whole month
        { start: monthAgo(6), end: shiftDay(monthAgo(3), -1) }, // whole months
        { start: monthAgo(2), end: today }, // whole months and this month so far
        { start: shiftDay(today, -364), end: today }, // a year
        { start: shiftDay(monthAgo(4), 10), end: shiftDay(monthAgo(4), 10) }, // a day
        { start: monthAgo(7), end: monthAgo(7) }, // a month's first day
        { start: shiftDay(first, -40), end: today }, // all
      ];
    };
    const compare = async (when: string) => {
      for (const range of ranges()) {
        const label = `${when}, ${range.start} to ${range.end}`;
        expect(await flockSums(db, scope, range), label).toEqual(await flockSumsFromRecords(db, scope, range));
        for (const id of flockIds) expect(await flockSums(db, scope, range, id), `${label}, flock ${id}`).toEqual(await flockSumsFromRecords(db, scope, range, id));
        // The laying flock read alone skips the batches' lives.
        expect(await flockSums(db, scope, range, layers.flock.id, false), `${label}, layers alone`).toEqual(await flockSumsFromRecords(db, scope, range, layers.flock.id));
      }
      expect(await counterDrift(app.database, farmId), when).toEqual([]);
    };
    await db.insert(farmSaleCounters).values({ farmId, lastRefNo: refNo, sales: refNo }).onConflictDoUpdate({ target: farmSaleCounters.farmId, set: { lastRefNo: refNo, sales: refNo } });
    await compare('as loaded');

    // Edits one by one: a record moved to another day, flock, item or category, its amounts changed; deletes.
    const ids = async (table: typeof feedRecords | typeof expenses | typeof sales) => (await db.select({ id: table.id }).from(table).where(eq(table.farmId, farmId))).map((r) => r.id);
    const feedIds = await ids(feedRecords);
    for (let i = 0; i < 40; i++) {
      const { farmId: _f, createdBy: _c, updatedBy: _u, ...change } = feedRow();
      await db.update(feedRecords).set(next() < 0.5 ? change : { quantity: change.quantity }).where(eq(feedRecords.id, pick(feedIds)));
    }
    await db.delete(feedRecords).where(inArray(feedRecords.id, feedIds.filter(() => next() < 0.1)));
    const expenseIds = await ids(expenses);
    for (let i = 0; i < 30; i++) {
      const { farmId: _f, createdBy: _c, updatedBy: _u, ...change } = expenseRow();
      await db.update(expenses).set(next() < 0.5 ? change : { category: change.category }).where(eq(expenses.id, pick(expenseIds)));
    }
    await db.delete(expenses).where(inArray(expenses.id, expenseIds.filter(() => next() < 0.1)));
    const saleIds = await ids(sales);
    for (let i = 0; i < 40; i++) {
      const { farmId: _f, createdBy: _c, updatedBy: _u, refNo: _r, ...change } = saleRow();
      await db.update(sales).set(next() < 0.5 ? change : { date: change.date, weightKg: change.weightKg }).where(eq(sales.id, pick(saleIds)));
    }
    await db.delete(sales).where(inArray(sales.id, saleIds.filter(() => next() < 0.1)));
    await db.update(eggProductions).set({ eggsCollected: sql`${eggProductions.eggsCollected} + 7` }).where(eq(eggProductions.flockId, layers.flock.id));
    await compare('after edits and deletes');

    // Bulk: every record of a month moved to the other flock, a day's moved a month on; an item's
    // unit weight edited (the kilos follow it), then given to the bran that had none.
    const month = shiftDay(today, -150).slice(0, 7);
    await db.update(feedRecords).set({ flockId: sql`case when ${feedRecords.flockId} = ${layers.flock.id} then ${broilers.id}::int else ${layers.flock.id}::int end` })
      .where(sql`${feedRecords.farmId} = ${farmId} and to_char(${feedRecords.date}, 'YYYY-MM') = ${month}`);
    await db.update(expenses).set({ date: sql`${expenses.date} + 31` }).where(sql`${expenses.farmId} = ${farmId} and to_char(${expenses.date}, 'YYYY-MM') = ${month}`);
    await db.update(sales).set({ category: 'Live Birds' }).where(sql`${sales.farmId} = ${farmId} and to_char(${sales.date}, 'YYYY-MM') = ${month}`);
    await db.update(inventoryItems).set({ unitWeightKg: 25 }).where(eq(inventoryItems.id, itemIds[0]!));
    await compare('after bulk edits and a unit weight changed');
    await db.update(inventoryItems).set({ unitWeightKg: 90 }).where(eq(inventoryItems.id, itemIds[2]!));
    await compare('after the bran was weighed');

    // An item deleted takes its feed records with it.
    await db.delete(inventoryItems).where(eq(inventoryItems.id, itemIds[1]!));
    await compare('after an item was deleted');
  }, 120_000);
});
