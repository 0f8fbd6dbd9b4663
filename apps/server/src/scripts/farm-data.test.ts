import { dayIn, trialEndsAt } from '@kuku/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { farmMembers, farms, users } from '../db/schema/index.js';
import { economicsOfFarm } from '../features/economics/service.js';
import { counterDrift } from '../test/counters.js';
import { openTestDatabase } from '../test/database.js';
import { seedFarmData } from './farm-data.js';
import { henDayRate, statusForAge } from './farm-data/flocks.js';

/** The demo and bench farms' data (seedFarmData): flocks, history, vaccinations, eggs and sales. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

async function addFarm(name: string, timeZone = 'Africa/Nairobi') {
  const now = new Date();
  const [farm] = await database.db.insert(farms).values({ name, timeZone, trialStartedAt: now, trialEndsAt: trialEndsAt(now) }).returning();
  const [user] = await database.db
    .insert(users)
    .values({ username: name.toLowerCase(), email: `${name.toLowerCase()}@example.com`, passwordHash: 'not-a-login', emailVerified: true })
    .returning();
  if (!farm || !user) throw new Error('insert failed');
  await database.db.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role: 'owner' });
  return { farmId: farm.id, userId: user.id };
}

const one = async <T>(sql: string, params: unknown[]) => (await database.query<T>(sql, params))[0] as T;

describe('statusForAge: the demo farm’s statuses fit its flocks’ ages', () => {
  it.each([
    ['Layers', 2, 'chicks'],
    ['Layers', 12, 'growing'],
    ['Layers', 30, 'active'],
    ['Layers', 80, 'mature'],
    ['Layers', 120, 'archived'],
    ['Free Range', 19, 'growing'],
    ['Broilers', 5, 'growing'],
    ['Broilers', 9, 'archived'],
  ] as const)('%s at %i weeks is %s', (breed, weeks, status) => {
    expect(statusForAge(breed, weeks)).toBe(status);
  });
});

describe('henDayRate', () => {
  it('follows a laying curve: nothing before point of lay, a peak at 26-30 weeks, a slow decline to about 65%', () => {
    expect(henDayRate('Layers', 17)).toBe(0);
    expect(henDayRate('Layers', 20)).toBeGreaterThan(0);
    expect(henDayRate('Layers', 20)).toBeLessThan(0.3);
    expect(henDayRate('Layers', 28)).toBeGreaterThanOrEqual(0.9);
    expect(henDayRate('Layers', 28)).toBeLessThanOrEqual(0.95);
    const weekly = henDayRate('Layers', 50) - henDayRate('Layers', 51);
    expect(weekly).toBeGreaterThan(0.004);
    expect(weekly).toBeLessThan(0.008);
    expect(henDayRate('Layers', 72)).toBeCloseTo(0.65, 1);
    expect(henDayRate('Layers', 120)).toBe(henDayRate('Layers', 72));
    for (const breed of ['Improved Free Range', 'Free Range'] as const) {
      expect(henDayRate(breed, 19)).toBe(0);
      expect(henDayRate(breed, 28)).toBeGreaterThanOrEqual(0.5);
      expect(henDayRate(breed, 28)).toBeLessThanOrEqual(0.6);
    }
    for (const age of [10, 28, 80]) expect(henDayRate('Broilers', age)).toBe(0);
  });
});

describe('seedFarmData', () => {
  let farm: { farmId: number; userId: number };
  let seeded: Awaited<ReturnType<typeof seedFarmData>>;
  const today = () => dayIn(new Date(), 'Africa/Nairobi');

  beforeAll(async () => {
    farm = await addFarm('Wanjiku');
    seeded = await seedFarmData(database.db, farm.farmId, farm.userId, { flocks: 12, years: 1, extraVaccinationsPerFlock: 2 });
  }, 60_000);

  it('answers what it wrote, the counters agree with the rows, and a second run writes nothing', async () => {
    const counted = await one<{ flocks: number; vaccinations: number; events: number; productions: number; adjustments: number; sales: number }>(
      `select (select count(*)::int from flocks where farm_id = $1) as flocks,
              (select count(*)::int from vaccinations where farm_id = $1) as vaccinations,
              (select count(*)::int from flock_bird_count_events where farm_id = $1) as events,
              (select count(*)::int from egg_productions where farm_id = $1) as productions,
              (select count(*)::int from egg_adjustments where farm_id = $1) as adjustments,
              (select count(*)::int from sales where farm_id = $1) as sales`,
      [farm.farmId],
    );
    expect(counted).toEqual({
      flocks: seeded.flocks,
      vaccinations: seeded.vaccinations,
      events: seeded.events,
      productions: seeded.eggProductions,
      adjustments: seeded.eggAdjustments,
      sales: seeded.sales,
    });
    expect(seeded.flocks).toBe(12);
    expect(seeded.eggProductions).toBeGreaterThan(500);
    expect(seeded.eggAdjustments).toBeGreaterThan(50);
    expect(await counterDrift(database, farm.farmId)).toEqual([]);
    const again = await seedFarmData(database.db, farm.farmId, farm.userId, { flocks: 12, years: 1, extraVaccinationsPerFlock: 2 });
    expect(again).toEqual({ flocks: 0, vaccinations: 0, events: 0, eggProductions: 0, eggAdjustments: 0, sales: 0, expenses: 0, budgets: 0, inventoryItems: 0, inventoryMovements: 0, feedRecords: 0, weighings: 0 });
  });

  it('inventory: feed, vaccines, drugs and litter with a year of movements, the ledger agreeing, one item below its reorder level', async () => {
    expect(seeded.inventoryItems).toBeGreaterThanOrEqual(10);
    expect(seeded.inventoryMovements).toBeGreaterThan(seeded.inventoryItems * 50);
    const shape = await one<{ items: number; movements: number; low: number; units: number; kinds: number; reasons: number; first: string; future: number; archived: number }>(
      `select (select count(*)::int from inventory_items where farm_id = $1) as items,
              (select count(*)::int from inventory_movements where farm_id = $1) as movements,
              (select count(*)::int from inventory_items where farm_id = $1 and quantity < reorder_level) as low,
              (select count(distinct unit)::int from inventory_items where farm_id = $1) as units,
              (select count(distinct kind)::int from inventory_movements where farm_id = $1) as kinds,
              (select count(distinct reason)::int from inventory_movements where farm_id = $1) as reasons,
              (select (now() - min(created_at) > interval '360 days')::text from inventory_movements where farm_id = $1) as first,
              (select count(*)::int from inventory_movements where farm_id = $1 and created_at > now()) as future,
              (select count(*)::int from inventory_items i join flocks f on f.id = i.flock_id where i.farm_id = $1 and f.status = 'archived') as archived`,
      [farm.farmId],
    );
    expect(shape).toEqual({
      items: seeded.inventoryItems,
      movements: seeded.inventoryMovements,
      low: 1,
      units: 4,
      kinds: 2,
      reasons: 4,
      first: 'true',
      future: 0,
      archived: 0,
    });
  });

  it('feed: each record a removal of its feed item, whole bags, within the flock’s life; the stock never below 0 and ending above its level', async () => {
    expect(seeded.feedRecords).toBeGreaterThan(300);
    const shape = await one<{ n: number; unlinked: number; mismatched: number; notFeed: number; partBags: number; outOfLife: number; future: number; free: number; negative: number; lowFeed: number; bags: string }>(
      `select count(*)::int as n,
              count(*) filter (where m.id is null)::int as unlinked,
              count(*) filter (where m.item_id <> r.item_id or m.kind <> 'removed' or m.change <> -r.quantity or m.reason <> 'used' or m.note <> 'Fed to ' || f.name)::int as mismatched,
              count(*) filter (where i.kind <> 'feed')::int as "notFeed",
              count(*) filter (where i.unit = 'bags' and r.quantity <> round(r.quantity))::int as "partBags",
              count(*) filter (where r.date < (f.created_at at time zone 'Africa/Nairobi')::date)::int as "outOfLife",
              count(*) filter (where r.date > $2::date or r.created_at > now())::int as future,
              count(*) filter (where r.cost_cents <= 0)::int as free,
              (select count(*)::int from inventory_movements where farm_id = $1 and balance < 0) as negative,
              (select count(*)::int from inventory_items where farm_id = $1 and kind = 'feed' and quantity <= reorder_level) as "lowFeed",
              min(r.cost_cents / r.quantity) filter (where i.unit = 'bags') || '-' || max(r.cost_cents / r.quantity) filter (where i.unit = 'bags') as bags
         from feed_records r join inventory_items i on i.id = r.item_id join flocks f on f.id = r.flock_id
         left join inventory_movements m on m.id = r.movement_id
        where r.farm_id = $1`,
      [farm.farmId, today()],
    );
    expect(shape).toMatchObject({ n: seeded.feedRecords, unlinked: 0, mismatched: 0, notFeed: 0, partBags: 0, outOfLife: 0, future: 0, free: 0, negative: 0, lowFeed: 0 });
    // A bag of feed costs KES 2,700 to 4,000 (50 or 70 kg).
    const [cheapest, dearest] = shape.bags.split('-').map(Number) as [number, number];
    expect(cheapest).toBeGreaterThanOrEqual(270_000);
    expect(dearest).toBeLessThanOrEqual(400_000);
    // Every flock on the farm was fed in the last week.
    const unfed = await database.query<{ name: string }>(
      `select f.name from flocks f where f.farm_id = $1 and f.status <> 'archived'
          and not exists (select 1 from feed_records r where r.flock_id = f.id and r.date > $2::date - 7)`,
      [farm.farmId, today()],
    );
    expect(unfed).toEqual([]);
  });

  it('feed and weighings make the economics of a real farm: layers eat 100-130 g a bird a day, broilers gain on the curve', async () => {
    const now = new Date();
    const end = today();
    const start = dayIn(new Date(now.getTime() - 89 * 86_400_000), 'Africa/Nairobi');
    const figures = await economicsOfFarm(database.db, { farmId: farm.farmId, timeZone: 'Africa/Nairobi' }, { start_date: start, end_date: end });
    const layers = figures.flocks.filter((f) => f.breed === 'Layers' && (f.layers?.hen_day_percent ?? 0) >= 70);
    expect(layers.length).toBeGreaterThan(0);
    for (const f of layers) {
      expect(f.layers?.feed_per_bird_day_grams, f.flock_name).toBeGreaterThanOrEqual(100);
      expect(f.layers?.feed_per_bird_day_grams, f.flock_name).toBeLessThanOrEqual(130);
      expect(f.layers?.feed_per_tray_kg, f.flock_name).toBeLessThan(5.5);
      expect(f.layers?.cost_per_tray_cents, f.flock_name).toBeLessThan(f.layers?.price_per_tray_cents ?? 0);
    }
    for (const f of figures.flocks.filter((f) => f.breed !== 'Broilers')) {
      // Free-ranging birds forage for part of theirs.
      if (f.breed !== 'Layers' && f.feed_records > 0) expect(f.layers?.feed_per_bird_day_grams, f.flock_name).toBeLessThanOrEqual(110);
    }

    const weighings = await database.query<{ flock_id: number; breed: string; day: string; birds: number; average: number; age: number }>(
      `select w.flock_id, f.breed, w.date::text as day, w.birds, (w.total_kg / w.birds)::float as average,
              f.age_at_adding_weeks * 7 + (w.date - (f.created_at at time zone 'Africa/Nairobi')::date) as age
         from flock_weighings w join flocks f on f.id = w.flock_id where w.farm_id = $1 order by w.flock_id, w.date`,
      [farm.farmId],
    );
    expect(weighings.length).toBe(seeded.weighings);
    expect(weighings.length).toBeGreaterThan(3);
    for (const w of weighings) {
      expect(w.breed).toBe('Broilers');
      expect(w.age % 7).toBe(0);
      expect(w.birds).toBeGreaterThanOrEqual(20);
      expect(w.birds).toBeLessThanOrEqual(50);
      expect(w.day <= end).toBe(true);
      // 0.19 kg at a week, 0.95 at three, 2.1 at five, within a tenth.
      const curve = [0, 0.19, 0.5, 0.95, 1.5, 2.1, 2.6, 3.0][w.age / 7] ?? 3;
      expect(Math.abs(w.average - curve) / curve, `${w.day} at ${w.age} days`).toBeLessThan(0.1);
    }
    // A broiler batch weighed in the range and not sold converts feed at 1.5-2.2 (about 1.7-1.9).
    for (const f of figures.flocks.filter((f) => f.broilers?.live_weight_kg && f.weighings > 0 && f.days >= 21)) {
      expect(f.broilers?.feed_conversion_ratio, f.flock_name).toBeGreaterThanOrEqual(1.5);
      expect(f.broilers?.feed_conversion_ratio, f.flock_name).toBeLessThanOrEqual(2.2);
    }
  });

  it('egg production: layers only, one a flock a day, none after the farm’s today, never more eggs than birds', async () => {
    const byBreed = await database.query<{ breed: string; records: number }>(
      `select f.breed, count(e.id)::int as records from flocks f left join egg_productions e on e.flock_id = f.id
        where f.farm_id = $1 group by f.breed order by f.breed`,
      [farm.farmId],
    );
    expect(byBreed.find((b) => b.breed === 'Broilers')?.records).toBe(0);
    for (const breed of ['Layers', 'Improved Free Range', 'Free Range']) expect(byBreed.find((b) => b.breed === breed)?.records).toBeGreaterThan(100);

    const shape = await one<{ rows: number; flockDays: number; last: string; lastCreated: Date | string; overBirds: number; revenue: number; priced: number }>(
      `select count(*)::int as rows, count(distinct (e.flock_id, e.date_produced))::int as "flockDays",
              max(e.date_produced)::text as last, max(e.created_at) as "lastCreated",
              count(*) filter (where e.eggs_collected > f.initial_bird_count)::int as "overBirds",
              count(*) filter (where e.total_revenue_cents <> e.eggs_collected * e.price_per_unit_cents)::int as revenue,
              count(*) filter (where e.price_per_unit_cents > 0)::int as priced
         from egg_productions e join flocks f on f.id = e.flock_id where e.farm_id = $1`,
      [farm.farmId],
    );
    expect(shape.flockDays).toBe(shape.rows);
    expect(shape.last <= today()).toBe(true);
    expect(new Date(shape.lastCreated).getTime()).toBeLessThanOrEqual(Date.now());
    expect(shape.overBirds).toBe(0);
    expect(shape.revenue).toBe(0);
    expect(shape.priced).toBeGreaterThan(0);
    expect(shape.priced).toBeLessThan(shape.rows);

    // Each flock's records run day after day from its first egg, on or after the day it was added.
    const gaps = await database.query<{ id: number }>(
      `select f.id from flocks f join egg_productions e on e.flock_id = f.id where f.farm_id = $1
        group by f.id, f.created_at
       having max(e.date_produced) - min(e.date_produced) + 1 <> count(*) or min(e.date_produced) < (f.created_at at time zone 'Africa/Nairobi')::date`,
      [farm.farmId],
    );
    expect(gaps).toEqual([]);
  });

  it('fills this month: every laying flock that is not archived has records, and there are adjustments', async () => {
    const month = `${today().slice(0, 7)}-01`;
    const laying = await database.query<{ name: string; status: string; days: number }>(
      `select f.name, f.status, count(e.id)::int as days from flocks f
         left join egg_productions e on e.flock_id = f.id and e.date_produced >= $2::date
        where f.farm_id = $1 and f.breed <> 'Broilers' and exists (select 1 from egg_productions p where p.flock_id = f.id)
        group by f.id order by f.id`,
      [farm.farmId, month],
    );
    const active = laying.filter((f) => f.status !== 'archived');
    expect(active.length).toBeGreaterThanOrEqual(5);
    for (const f of active) expect(f.days, f.name).toBeGreaterThan(0);
    const adjustments = await one<{ n: number }>('select count(*)::int as n from egg_adjustments where farm_id = $1 and date_adjusted >= $2::date', [farm.farmId, month]);
    expect(adjustments.n).toBeGreaterThan(0);
  });

  it('adjustments: of eggs laid that day by that flock, crates stored as whole crates of 30, some of each type', async () => {
    const check = await one<{ orphans: number; tooMany: number; badCrates: number; future: number; types: number; crates: number }>(
      `select count(*) filter (where p.id is null)::int as orphans,
              count(*) filter (where a.eggs_adjusted > p.eggs_collected)::int as "tooMany",
              count(*) filter (where a.unit = 'crates' and a.eggs_adjusted % 30 <> 0)::int as "badCrates",
              count(*) filter (where a.date_adjusted > $2::date)::int as future,
              count(distinct a.adjustment_type)::int as types,
              count(*) filter (where a.unit = 'crates')::int as crates
         from egg_adjustments a left join egg_productions p on p.flock_id = a.flock_id and p.date_produced = a.date_adjusted
        where a.farm_id = $1`,
      [farm.farmId, today()],
    );
    expect(check).toMatchObject({ orphans: 0, tooMany: 0, badCrates: 0, future: 0, types: 3 });
    expect(check.crates).toBeGreaterThan(0);
  });

  it('expenses: feed every week, vet and utilities every month, transport now and then; budgets with one flock over this month’s', async () => {
    // 12 flocks arriving over the year: half a year each on average.
    expect(seeded.expenses).toBeGreaterThan(12 * 26);
    const shape = await one<{ n: number; future: number; categories: number; feed: number; vet: number; utilities: number; transport: number }>(
      `select count(*)::int as n, count(*) filter (where date > $2::date)::int as future, count(distinct category)::int as categories,
              count(*) filter (where category = 'Feed')::int as feed, count(*) filter (where category = 'Vet')::int as vet,
              count(*) filter (where category = 'Utilities')::int as utilities, count(*) filter (where category = 'Transport')::int as transport
         from expenses where farm_id = $1`,
      [farm.farmId, today()],
    );
    expect(shape).toMatchObject({ n: seeded.expenses, future: 0, categories: 5 });
    // About four feed purchases a month to each vet bill and utilities bill.
    expect(shape.feed / shape.vet).toBeGreaterThan(3);
    expect(shape.feed / shape.vet).toBeLessThan(6);
    expect(Math.abs(shape.vet - shape.utilities) / shape.vet).toBeLessThan(0.2);
    expect(shape.transport).toBeGreaterThan(shape.vet / 3);

    const month = Number(today().slice(5, 7));
    const year = Number(today().slice(0, 4));
    const planned = await database.query<{ month: number; year: number; over: boolean }>(
      `select b.month, b.year, coalesce(s.amount_cents, 0) >= b.amount_cents as over from budgets b
         left join expense_flock_months s on s.farm_id = b.farm_id and s.flock_id = b.flock_id and s.month = make_date(b.year, b.month, 1)
        where b.farm_id = $1`,
      [farm.farmId],
    );
    expect(planned).toHaveLength(seeded.budgets);
    expect(new Set(planned.map((b) => `${b.year}-${b.month}`)).size).toBe(4);
    expect(planned.filter((b) => b.month === month && b.year === year && b.over).length).toBeGreaterThanOrEqual(1);
  });

  it('sales: refs 1 to n in date order, the counter at the last, crates within what each flock laid, amounts computed', async () => {
    expect(seeded.sales).toBeGreaterThan(100);
    const refs = await one<{ n: number; distinct: number; min: number; max: number; outOfOrder: number; counter: number; kept: number }>(
      `select count(*)::int as n, count(distinct ref_no)::int as distinct, min(ref_no) as min, max(ref_no) as max,
              (select count(*)::int from sales a join sales b on b.farm_id = a.farm_id and b.ref_no = a.ref_no + 1 where a.farm_id = $1 and b.date < a.date) as "outOfOrder",
              (select last_ref_no from farm_sale_counters where farm_id = $1) as counter,
              (select sales from farm_sale_counters where farm_id = $1) as kept
         from sales where farm_id = $1`,
      [farm.farmId],
    );
    expect(refs).toEqual({ n: seeded.sales, distinct: seeded.sales, min: 1, max: seeded.sales, outOfOrder: 0, counter: seeded.sales, kept: seeded.sales });

    const shape = await one<{ badAmounts: number; badUnits: number; uncountedBirds: number; future: number; categories: number; types: number; pending: number; oldCredit: number; unnamedCredit: number; eggShare: number; cratePrices: string }>(
      `select count(*) filter (where amount_cents <> round(quantity * unit_price_cents))::int as "badAmounts",
              count(*) filter (where unit <> case category when 'Egg Sales' then 'Crates' when 'Chicks' then 'Chicks' when 'Layer Mash' then 'Kg' when 'Manure' then 'Sacks' when 'Live Birds' then 'Kg' when 'Culled Hens' then 'Birds' end)::int as "badUnits",
              -- Bird sales say their birds (decision 072), the broilers their weight too.
              count(*) filter (where category in ('Live Birds', 'Culled Hens') and (birds is null or (category = 'Live Birds' and weight_kg is null)))::int as "uncountedBirds",
              count(*) filter (where date > $2::date)::int as future,
              count(distinct category)::int as categories,
              count(distinct sale_type)::int as types,
              count(*) filter (where status = 'pending')::int as pending,
              count(*) filter (where status = 'pending' and sale_type = 'Credit' and date < $2::date - 30)::int as "oldCredit",
              count(*) filter (where sale_type = 'Credit' and description is null)::int as "unnamedCredit",
              (count(*) filter (where category = 'Egg Sales'))::float / count(*) as "eggShare",
              min(unit_price_cents) filter (where category = 'Egg Sales') || '-' || max(unit_price_cents) filter (where category = 'Egg Sales') as "cratePrices"
         from sales where farm_id = $1`,
      [farm.farmId, today()],
    );
    // Credit names its buyer, so who owes (decision 055) lists people.
    expect(shape).toMatchObject({ badAmounts: 0, badUnits: 0, uncountedBirds: 0, future: 0, categories: 6, types: 4, unnamedCredit: 0 });
    expect(shape.pending).toBeGreaterThan(0);
    expect(shape.pending).toBeLessThan(seeded.sales / 5);
    expect(shape.eggShare).toBeGreaterThan(0.6);
    const [low, high] = shape.cratePrices.split('-').map(Number) as [number, number];
    expect(low).toBeGreaterThanOrEqual(33_000);
    expect(high).toBeLessThanOrEqual(45_000);
    // Birds that left sold are sold: each 'sold' change has its sale of as many birds, that day.
    const unsold = await database.query<{ flock_id: number }>(
      `select e.flock_id from flock_bird_count_events e
        where e.farm_id = $1 and e.reason = 'sold'
          and not exists (select 1 from sales s where s.farm_id = e.farm_id and s.flock_id = e.flock_id and s.category in ('Live Birds', 'Culled Hens') and s.birds = -e.delta)`,
      [farm.farmId],
    );
    expect(unsold).toEqual([]);
    expect((await one<{ n: number }>(`select count(*)::int as n from flock_bird_count_events where farm_id = $1 and reason = 'sold'`, [farm.farmId])).n).toBeGreaterThan(0);
    // Mobile money is the most common way to pay.
    const types = await database.query<{ sale_type: string }>('select sale_type from sales where farm_id = $1 group by sale_type order by count(*) desc', [farm.farmId]);
    expect(types[0]?.sale_type).toBe('Mobile Money');

    // Never more crates in a flock's month than it laid that month.
    const oversold = await database.query<{ flock_id: number; month: string }>(
      `with sold as (select flock_id, date_trunc('month', date) as month, sum(quantity) * 30 as eggs from sales
                      where farm_id = $1 and category = 'Egg Sales' group by 1, 2),
            laid as (select flock_id, date_trunc('month', date_produced) as month, sum(eggs_collected) as eggs from egg_productions
                      where farm_id = $1 group by 1, 2)
       select s.flock_id, s.month::text from sold s left join laid l on l.flock_id = s.flock_id and l.month = s.month
        where s.eggs > coalesce(l.eggs, 0)`,
      [farm.farmId],
    );
    expect(oversold).toEqual([]);

    // This month has sales, today included.
    const thisMonth = await one<{ n: number; today: number }>(
      `select count(*)::int as n, count(*) filter (where date = $2::date)::int as today from sales where farm_id = $1 and date >= date_trunc('month', $2::date)`,
      [farm.farmId, today()],
    );
    expect(thisMonth.today).toBeGreaterThan(0);
    expect(thisMonth.n).toBeGreaterThanOrEqual(thisMonth.today);
  });

  it("counts days in the farm's zone: at 01:30 in Nairobi on the 1st, that day is already recorded", async () => {
    const other = await addFarm('Otieno');
    const now = new Date('2026-11-30T22:30:00Z'); // 2026-12-01 01:30 in Nairobi
    const result = await seedFarmData(database.db, other.farmId, other.userId, { flocks: 4, years: 1, extraVaccinationsPerFlock: 0, now });
    expect(result.eggProductions).toBeGreaterThan(0);
    const last = await one<{ day: string; created: Date | string }>(
      'select max(date_produced)::text as day, max(created_at) as created from egg_productions where farm_id = $1',
      [other.farmId],
    );
    expect(last.day).toBe('2026-12-01');
    expect(new Date(last.created).getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('eggs: false, breeds and arrivalSpread: the bench farms', async () => {
    const noEggs = await addFarm('Kamau');
    const plain = await seedFarmData(database.db, noEggs.farmId, noEggs.userId, { flocks: 4, years: 1, extraVaccinationsPerFlock: 0, eggs: false, sales: false });
    expect(plain).toMatchObject({ flocks: 4, eggProductions: 0, eggAdjustments: 0, sales: 0 });
    // Sales without egg records: the crates still follow what the flocks would have laid.
    const salesOnly = await addFarm('Mwangi');
    const sold = await seedFarmData(database.db, salesOnly.farmId, salesOnly.userId, { flocks: 4, years: 1, extraVaccinationsPerFlock: 0, eggs: false });
    expect(sold).toMatchObject({ eggProductions: 0, eggAdjustments: 0 });
    expect(sold.sales).toBeGreaterThan(0);
    expect(await counterDrift(database, salesOnly.farmId)).toEqual([]);

    const layers = await addFarm('Achieng');
    const now = new Date();
    const result = await seedFarmData(database.db, layers.farmId, layers.userId, {
      flocks: 4,
      years: 2,
      extraVaccinationsPerFlock: 0,
      breeds: ['Layers'],
      arrivalSpread: 0,
      statusesByAge: false,
      now,
    });
    const flocks = await database.query<{ breed: string; created: Date | string }>('select breed, created_at as created from flocks where farm_id = $1', [layers.farmId]);
    expect(new Set(flocks.map((f) => f.breed))).toEqual(new Set(['Layers']));
    // All stocked two years ago: each lays nearly every day since point of lay.
    for (const f of flocks) expect(Math.round((now.getTime() - new Date(f.created).getTime()) / 86_400_000)).toBe(730);
    expect(result.eggProductions).toBeGreaterThan(4 * 730 * 0.75);
  });
});
