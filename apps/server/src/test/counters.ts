import type { Database } from '../db/client.js';

/**
 * Every counter and rollup of a farm recounted from the rows it stands for, in SQL. Each
 * line names a counter that differs from its fresh count; none means all agree. A feature
 * that keeps a counter adds its recount here (docs/adding-a-feature.md).
 */
export async function counterDrift(database: Database, farmId: number): Promise<string[]> {
  const flockCounters = await database.query<{ id: number; counter: string; kept: string; counted: string }>(
    `with counted as (
       select f.id,
         f.vaccinations_pending as kept_pending, f.vaccinations_completed as kept_completed, f.vaccinations_cancelled as kept_cancelled,
         f.bird_count as kept_birds, f.deaths as kept_deaths,
         (select count(*) from vaccinations v where v.flock_id = f.id and v.status = 'Pending') as pending,
         (select count(*) from vaccinations v where v.flock_id = f.id and v.status = 'Completed') as completed,
         (select count(*) from vaccinations v where v.flock_id = f.id and v.status = 'Cancelled') as cancelled,
         (select coalesce(sum(e.delta), 0) from flock_bird_count_events e where e.flock_id = f.id) as birds,
         (select coalesce(sum(-e.delta), 0) from flock_bird_count_events e
           where e.flock_id = f.id and e.reason = 'mortality' and e.delta < 0) as deaths
       from flocks f where f.farm_id = $1
     )
     select id, counter, kept::text, counted::text from counted, lateral (values
       ('vaccinations_pending', kept_pending::bigint, pending::bigint),
       ('vaccinations_completed', kept_completed, completed),
       ('vaccinations_cancelled', kept_cancelled, cancelled),
       ('bird_count', kept_birds, birds),
       ('deaths', kept_deaths, deaths)
     ) as c(counter, kept, counted)
     where kept is distinct from counted
     order by id, counter`,
    [farmId],
  );
  const farmTotals = await database.query<{ status: string; kept: string; counted: string }>(
    `with kept as (
       select status, flocks::bigint, birds, weighted_rate, vaccinations_pending, vaccinations_completed, vaccinations_cancelled
       from farm_flock_totals where farm_id = $1
     ), counted as (
       select status, count(*) as flocks, sum(bird_count)::bigint as birds,
         coalesce(sum(bird_count::numeric * deaths * 100 / nullif(initial_bird_count, 0)), 0) as weighted_rate,
         sum(vaccinations_pending)::bigint as vaccinations_pending,
         sum(vaccinations_completed)::bigint as vaccinations_completed,
         sum(vaccinations_cancelled)::bigint as vaccinations_cancelled
       from flocks where farm_id = $1 group by status
     )
     select coalesce(k.status, c.status) as status,
       row(k.flocks, k.birds, k.weighted_rate, k.vaccinations_pending, k.vaccinations_completed, k.vaccinations_cancelled)::text as kept,
       row(c.flocks, c.birds, c.weighted_rate, c.vaccinations_pending, c.vaccinations_completed, c.vaccinations_cancelled)::text as counted
     from kept k full join counted c on c.status = k.status
     where row(coalesce(k.flocks, 0), coalesce(k.birds, 0), coalesce(k.weighted_rate, 0), coalesce(k.vaccinations_pending, 0),
               coalesce(k.vaccinations_completed, 0), coalesce(k.vaccinations_cancelled, 0))
       is distinct from
           row(coalesce(c.flocks, 0), coalesce(c.birds, 0), coalesce(c.weighted_rate, 0), coalesce(c.vaccinations_pending, 0),
               coalesce(c.vaccinations_completed, 0), coalesce(c.vaccinations_cancelled, 0))
     order by 1`,
    [farmId],
  );
  const eggTotals = await database.query<{ kept: string; counted: string }>(
    `select row(coalesce(t.productions, 0), coalesce(t.adjustments, 0))::text as kept,
       row((select count(*) from egg_productions where farm_id = $1), (select count(*) from egg_adjustments where farm_id = $1))::text as counted
     from (select 1) one left join farm_egg_totals t on t.farm_id = $1`,
    [farmId],
  );
  // Each egg rollup against its records regrouped; a kept row at 0 equals no records.
  const rollup = (name: string, kept: string, counted: string) =>
    `select '${name}' as rollup, coalesce(k.key, c.key) as key, coalesce(k.sums, '(0,0)') as kept, coalesce(c.sums, '(0,0)') as counted
     from (${kept}) k full join (${counted}) c on c.key = k.key
     where coalesce(k.sums, '(0,0)') is distinct from coalesce(c.sums, '(0,0)')`;
  const eggRollups = await database.query<{ rollup: string; key: string; kept: string; counted: string }>(
    [
      rollup(
        'egg_production_days',
        `select day::text as key, row(eggs, records)::text as sums from egg_production_days where farm_id = $1`,
        `select date_produced::text as key, row(sum(eggs_collected), count(*))::text as sums from egg_productions where farm_id = $1 group by 1`,
      ),
      rollup(
        'egg_production_months',
        `select month::text as key, row(eggs, records)::text as sums from egg_production_months where farm_id = $1`,
        `select date_trunc('month', date_produced)::date::text as key, row(sum(eggs_collected), count(*))::text as sums from egg_productions where farm_id = $1 group by 1`,
      ),
      rollup(
        'egg_flock_months',
        `select month::text || ' flock ' || flock_id as key, row(eggs, days)::text as sums from egg_flock_months where farm_id = $1`,
        `select date_trunc('month', date_produced)::date::text || ' flock ' || flock_id as key, row(sum(eggs_collected), count(*))::text as sums
         from egg_productions where farm_id = $1 group by date_trunc('month', date_produced), flock_id`,
      ),
      rollup(
        'egg_adjustment_months',
        `select month::text || ' ' || adjustment_type as key, row(eggs, records)::text as sums from egg_adjustment_months where farm_id = $1`,
        `select date_trunc('month', date_adjusted)::date::text || ' ' || adjustment_type as key, row(sum(eggs_adjusted), count(*))::text as sums
         from egg_adjustments where farm_id = $1 group by date_trunc('month', date_adjusted), adjustment_type`,
      ),
    ].join(' union all ') + ' order by 1, 2',
    [farmId],
  );
  // Each flock-month's 31 day slots against that flock's record of the day (0 without one).
  const eggDaily = await database.query<{ key: string; kept: string; counted: string }>(
    `select m.month::text || ' flock ' || m.flock_id || ' day ' || g.dom as key,
       coalesce(m.daily[g.dom], 0)::text as kept, coalesce(p.eggs_collected, 0)::text as counted
     from egg_flock_months m cross join generate_series(1, 31) as g(dom)
     left join egg_productions p on p.flock_id = m.flock_id and p.farm_id = m.farm_id
       and p.date_produced = m.month + (g.dom - 1) and date_trunc('month', m.month + (g.dom - 1)) = m.month
     where m.farm_id = $1 and (coalesce(m.daily[g.dom], 0) <> coalesce(p.eggs_collected, 0) or cardinality(m.daily) <> 31)
     order by 1`,
    [farmId],
  );
  // The sales' kept count, ref counter and rollups against the sales regrouped; a kept row at 0 equals no sales.
  const saleRollup = (name: string, zero: string, kept: string, counted: string) =>
    `select '${name}' as rollup, coalesce(k.key, c.key) as key, coalesce(k.sums, '${zero}') as kept, coalesce(c.sums, '${zero}') as counted
     from (${kept}) k full join (${counted}) c on c.key = k.key
     where coalesce(k.sums, '${zero}') is distinct from coalesce(c.sums, '${zero}')`;
  const saleRollups = await database.query<{ rollup: string; key: string; kept: string; counted: string }>(
    [
      // The list's total, and a last ref number at least every ref given (a ref is never given twice).
      `select 'farm_sale_counters' as rollup, 'sales' as key, coalesce(t.sales, 0)::text as kept, (select count(*) from sales where farm_id = $1)::text as counted
       from (select 1) one left join farm_sale_counters t on t.farm_id = $1
       where coalesce(t.sales, 0) <> (select count(*) from sales where farm_id = $1)`,
      `select 'farm_sale_counters' as rollup, 'last_ref_no below a ref in use' as key, coalesce(t.last_ref_no, 0)::text as kept,
         (select max(ref_no) from sales where farm_id = $1)::text as counted
       from (select 1) one left join farm_sale_counters t on t.farm_id = $1
       where coalesce(t.last_ref_no, 0) < (select coalesce(max(ref_no), 0) from sales where farm_id = $1)`,
      saleRollup(
        'sale_days',
        '(0,0,0,0)',
        `select day::text as key, row(amount_cents, sales, paid_cents, paid_sales)::text as sums from sale_days where farm_id = $1`,
        `select date::text as key, row(sum(amount_cents), count(*), coalesce(sum(amount_cents) filter (where status = 'paid'), 0),
           count(*) filter (where status = 'paid'))::text as sums
         from sales where farm_id = $1 group by 1`,
      ),
      saleRollup(
        'sale_category_months',
        '(0,0.000,0)',
        `select month::text || ' ' || category as key, row(amount_cents, quantity::numeric(18, 3), sales)::text as sums from sale_category_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' ' || category as key, row(sum(amount_cents), sum(quantity)::numeric(18, 3), count(*))::text as sums
         from sales where farm_id = $1 group by date_trunc('month', date), category`,
      ),
      saleRollup(
        'sale_flock_months',
        '(0,0)',
        `select month::text || ' flock ' || flock_id as key, row(amount_cents, sales)::text as sums from sale_flock_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' flock ' || flock_id as key, row(sum(amount_cents), count(*))::text as sums
         from sales where farm_id = $1 group by date_trunc('month', date), flock_id`,
      ),
    ].join(' union all ') + ' order by 1, 2',
    [farmId],
  );
  // The expense rollups against the expenses regrouped; a kept row at 0 equals no expenses.
  const expenseRollups = await database.query<{ rollup: string; key: string; kept: string; counted: string }>(
    [
      saleRollup(
        'expense_days',
        '(0,0)',
        `select day::text as key, row(amount_cents, expenses)::text as sums from expense_days where farm_id = $1`,
        `select date::text as key, row(sum(amount_cents), count(*))::text as sums from expenses where farm_id = $1 group by 1`,
      ),
      saleRollup(
        'expense_flock_months',
        '(0,0)',
        `select month::text || ' flock ' || flock_id as key, row(amount_cents, expenses)::text as sums from expense_flock_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' flock ' || flock_id as key, row(sum(amount_cents), count(*))::text as sums
         from expenses where farm_id = $1 group by date_trunc('month', date), flock_id`,
      ),
      saleRollup(
        'expense_category_months',
        '(0,0)',
        `select month::text || ' ' || category as key, row(amount_cents, expenses)::text as sums from expense_category_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' ' || category as key, row(sum(amount_cents), count(*))::text as sums
         from expenses where farm_id = $1 group by date_trunc('month', date), category`,
      ),
    ].join(' union all ') + ' order by 1, 2',
    [farmId],
  );
  // The flock economics' rollups (migration 0043) against the records regrouped; a kept row at 0 equals no records.
  const economicsRollups = await database.query<{ rollup: string; key: string; kept: string; counted: string }>(
    [
      saleRollup(
        'feed_flock_months',
        '(0,0.000,0)',
        `select month::text || ' flock ' || flock_id || ' item ' || item_id as key, row(records, quantity::numeric(18, 3), cost_cents)::text as sums
         from feed_flock_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' flock ' || flock_id || ' item ' || item_id as key,
           row(count(*), sum(quantity)::numeric(18, 3), sum(cost_cents))::text as sums
         from feed_records where farm_id = $1 group by date_trunc('month', date), flock_id, item_id`,
      ),
      saleRollup(
        'expense_flock_category_months',
        '(0,0)',
        `select month::text || ' flock ' || flock_id || ' ' || category as key, row(amount_cents, expenses)::text as sums
         from expense_flock_category_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' flock ' || flock_id || ' ' || category as key, row(sum(amount_cents), count(*))::text as sums
         from expenses where farm_id = $1 group by date_trunc('month', date), flock_id, category`,
      ),
      saleRollup(
        'sale_flock_category_months',
        '(0,0.000,0,0.000,0,0)',
        `select month::text || ' flock ' || flock_id || ' ' || category as key,
           row(sales, quantity::numeric(18, 3), amount_cents, weighed_kg::numeric(18, 3), weighed_birds, weighed_cents)::text as sums
         from sale_flock_category_months where farm_id = $1`,
        `select date_trunc('month', date)::date::text || ' flock ' || flock_id || ' ' || category as key,
           row(count(*), sum(quantity)::numeric(18, 3), sum(amount_cents), coalesce(sum(weight_kg), 0)::numeric(18, 3),
             coalesce(sum(birds) filter (where weight_kg is not null), 0)::bigint,
             coalesce(sum(amount_cents) filter (where weight_kg is not null), 0)::bigint)::text as sums
         from sales where farm_id = $1 group by date_trunc('month', date), flock_id, category`,
      ),
    ].join(' union all ') + ' order by 1, 2',
    [farmId],
  );
  // Each item's stock against its ledger: the sum of its movements, and the last movement's balance;
  // each movement's balance the running sum of the changes up to it; the farm's kept totals against its items.
  const inventory = await database.query<{ key: string; kept: string; counted: string }>(
    `with ledger as (
       select mv.item_id, mv.id, mv.balance, sum(mv.change) over (partition by mv.item_id order by mv.id) as running,
         row_number() over (partition by mv.item_id order by mv.id desc) as newest
       from inventory_movements mv where mv.farm_id = $1
     )
     select 'item ' || i.id || ' quantity' as key, i.quantity::text as kept, coalesce((select sum(change) from inventory_movements mv where mv.item_id = i.id), 0)::text as counted
     from inventory_items i where i.farm_id = $1
       and i.quantity is distinct from coalesce((select sum(change) from inventory_movements mv where mv.item_id = i.id), 0)
     union all
     select 'item ' || i.id || ' last balance', i.quantity::text, l.balance::text
     from inventory_items i join ledger l on l.item_id = i.id and l.newest = 1
     where i.farm_id = $1 and l.balance <> i.quantity
     union all
     select 'movement ' || l.id || ' balance', l.balance::text, l.running::text from ledger l where l.balance <> l.running
     union all
     select 'farm_inventory_totals (items, value_cents, low_stock)',
       row(coalesce(t.items, 0), coalesce(t.value_cents, 0), coalesce(t.low_stock, 0))::text,
       row(c.items, c.value_cents, c.low_stock)::text
     from (select count(*)::int as items, coalesce(sum(value_cents), 0)::bigint as value_cents, (count(*) filter (where quantity <= reorder_level))::int as low_stock
           from inventory_items where farm_id = $1) c
     left join farm_inventory_totals t on t.farm_id = $1
     where row(coalesce(t.items, 0), coalesce(t.value_cents, 0), coalesce(t.low_stock, 0)) is distinct from row(c.items, c.value_cents, c.low_stock)
     order by 1`,
    [farmId],
  );
  return [
    ...inventory.map((r) => `inventory ${r.key}: kept ${r.kept}, counted ${r.counted}`),
    ...economicsRollups.map((r) => `${r.rollup} ${r.key}: kept ${r.kept}, counted ${r.counted}`),
    ...expenseRollups.map((r) => `${r.rollup} ${r.key}: kept ${r.kept}, counted ${r.counted}`),
    ...saleRollups.map((r) => `${r.rollup} ${r.key}: kept ${r.kept}, counted ${r.counted}`),
    ...eggDaily.map((r) => `egg_flock_months.daily ${r.key}: kept ${r.kept}, counted ${r.counted}`),
    ...eggRollups.map((r) => `${r.rollup} ${r.key}: kept ${r.kept}, counted ${r.counted}`),
    ...eggTotals.filter((r) => r.kept !== r.counted).map((r) => `farm egg totals (productions, adjustments): kept ${r.kept}, counted ${r.counted}`),
    ...flockCounters.map((r) => `flock ${r.id} ${r.counter}: kept ${r.kept}, counted ${r.counted}`),
    ...farmTotals.map((r) => `farm totals ${r.status}: kept ${r.kept}, counted ${r.counted}`),
  ];
}
