import {
  beyondMargin,
  countDifference,
  DEFAULT_MARGIN_PERCENT,
  EGGS_PER_TRAY,
  expectedClosing,
  feedMessages,
  roundQuantity,
  traysAndLoose,
  type BalanceChecks,
  type InventoryUnit,
  type StockBalanceLine,
  type StockCountKind,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { sql, type SQL } from 'drizzle-orm';
import { notFound } from '../../app-error.js';
import type { DbOrTx } from '../../db/client.js';
import {
  eggAdjustments,
  eggProductionDays,
  farms,
  flockBirdCountEvents,
  flocks,
  inventoryItems,
  inventoryMovements,
  sales,
  stockCountSettings,
  stockCounts,
} from '../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../db/sql-number.js';

/**
 * The balance checks (decision 077), each computed in SQL in one statement:
 * - eggs: opening + collected − sold (egg-sale crates × 30) − written off = the expected closing;
 * - feed, each feed item: opening + delivered (+ corrected up) − fed − removed (− corrected down);
 * - birds, each flock not archived: opening + added (+ corrected up) − deaths − sold − culled (− corrected down);
 * - money: the range's sales recorded as paid, by payment type; Kuku keeps no record of money
 *   banked or received, so that side is null rather than invented.
 * A count on a day is the stock at that day's end. The opening is the last count before the range
 * carried forward by the records after it, or without one the records' own figure (decision 077):
 * each count starts the books again, so a week shows the week's own gap. The last count in the
 * range is compared with the opening and the records up to its day; a last count before the range
 * keeps the difference seen when it was saved.
 */

export interface BalanceRange {
  /** 'YYYY-MM-DD', the farm's days, both included. */
  start: string;
  end: string;
}

/** A raw statement's rows on a database or inside a transaction (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('The database answered a statement without rows.');
  }
  return result.rows as T[];
}

type Count = [id: number, day: string, counted: unknown, expected: unknown] | null;
type EggsRow = [opening: unknown, collected: unknown, sold: unknown, adjusted: unknown, toCount: unknown];
type FeedRow = [
  id: number, name: string, unit: InventoryUnit, anchored: boolean, quantity: unknown, anchorCounted: unknown,
  pre: unknown, afterAll: unknown, delivered: unknown, fed: unknown, removed: unknown, correctedIn: unknown, correctedOut: unknown, toCount: unknown,
  last: Count,
];
type BirdRow = [
  id: number, name: string, anchored: boolean, birds: unknown, anchorCounted: unknown,
  pre: unknown, afterAll: unknown, added: unknown, deaths: unknown, sold: unknown, culled: unknown, correctedIn: unknown, correctedOut: unknown, toCount: unknown,
  last: Count,
];

interface Row {
  margin: unknown;
  eggs: EggsRow;
  egg_last: Count;
  feed: FeedRow[] | null;
  birds: BirdRow[] | null;
  paid: [saleType: string, cents: unknown, sales: unknown][] | null;
  pending: unknown;
}

const n = (value: unknown): number => (value === null || value === undefined ? 0 : roundQuantity(toSafeNumber(value)));

/** A put-back of a feed record's edit or delete ('added', noted in the language it was written in): it undoes a use. */
function putBackNotes(): [string, string] {
  return [wordsIn('en', feedMessages).putBack('%'), wordsIn('sw', feedMessages).putBack('%')];
}

export async function balanceChecks(db: DbOrTx, farmId: number, range: BalanceRange): Promise<BalanceChecks> {
  const { start, end } = range;
  const [putBackEn, putBackSw] = putBackNotes();
  const [row] = await rowsOf<Row>(
    db,
    sql`with p as (
      select ${start}::date as s, ${end}::date as e, f.time_zone as tz,
             coalesce((select k.margin_percent from ${stockCountSettings} k where k.farm_id = f.id), ${DEFAULT_MARGIN_PERCENT}) as margin
        from ${farms} f where f.id = ${farmId}
    ),
    egg_anchor as (
      select c.day, c.counted from ${stockCounts} c, p
       where c.farm_id = ${farmId} and c.kind = 'eggs' and c.day < p.s order by c.day desc, c.id desc limit 1
    ),
    egg_last as (
      select c.id, c.day, c.counted, c.expected from ${stockCounts} c, p
       where c.farm_id = ${farmId} and c.kind = 'eggs' and c.day <= p.e order by c.day desc, c.id desc limit 1
    ),
    egg_from as (select coalesce((select day from egg_anchor), '-infinity'::date) as d),
    egg_moves as (
      select d.day, d.eggs::numeric as collected, 0::numeric as sold, 0::numeric as adjusted
        from ${eggProductionDays} d, p, egg_from where d.farm_id = ${farmId} and d.day > egg_from.d and d.day <= p.e
      union all
      select s.date, 0, s.quantity * ${EGGS_PER_TRAY}, 0
        from ${sales} s, p, egg_from where s.farm_id = ${farmId} and s.category = 'Egg Sales' and s.date > egg_from.d and s.date <= p.e
      union all
      select a.date_adjusted, 0, 0, a.eggs_adjusted
        from ${eggAdjustments} a, p, egg_from where a.farm_id = ${farmId} and a.date_adjusted > egg_from.d and a.date_adjusted <= p.e
    ),
    eggs as (
      select json_build_array(
        coalesce((select counted from egg_anchor), 0) + coalesce(sum(m.collected - m.sold - m.adjusted) filter (where m.day < p.s), 0),
        coalesce(sum(m.collected) filter (where m.day >= p.s), 0),
        coalesce(sum(m.sold) filter (where m.day >= p.s), 0),
        coalesce(sum(m.adjusted) filter (where m.day >= p.s), 0),
        coalesce(sum(m.collected - m.sold - m.adjusted) filter (where m.day >= p.s and m.day <= (select day from egg_last)), 0)
      ) as j
      from p left join egg_moves m on true
    ),
    feed as (
      select json_agg(json_build_array(
        i.id, i.item_name, i.unit, a.day is not null, i.quantity, a.counted,
        x.pre, x.after_all, x.delivered, x.fed, x.removed, x.corrected_in, x.corrected_out, x.to_count,
        case when l.id is null then null else json_build_array(l.id, l.day, l.counted, l.expected) end
      ) order by i.item_name, i.id) as j
      from ${inventoryItems} i cross join p
      left join lateral (
        select c.day, c.counted from ${stockCounts} c
         where c.farm_id = i.farm_id and c.kind = 'feed' and c.item_id = i.id and c.day < p.s order by c.day desc, c.id desc limit 1
      ) a on true
      left join lateral (
        select c.id, c.day, c.counted, c.expected from ${stockCounts} c
         where c.farm_id = i.farm_id and c.kind = 'feed' and c.item_id = i.id and c.day <= p.e order by c.day desc, c.id desc limit 1
      ) l on true
      cross join lateral (
        select
          coalesce(sum(m.change) filter (where m.d < p.s), 0) as pre,
          coalesce(sum(m.change) filter (where m.d >= p.s), 0) as after_all,
          coalesce(sum(m.change) filter (where m.d <= p.e and m.d >= p.s and m.kind = 'added' and not m.put_back), 0) as delivered,
          coalesce(-sum(m.change) filter (where m.d <= p.e and m.d >= p.s and (m.reason = 'used' or m.put_back)), 0) as fed,
          coalesce(-sum(m.change) filter (where m.d <= p.e and m.d >= p.s and m.kind = 'removed' and m.reason is distinct from 'used'), 0) as removed,
          coalesce(sum(m.change) filter (where m.d <= p.e and m.d >= p.s and m.kind = 'corrected' and m.change > 0), 0) as corrected_in,
          coalesce(-sum(m.change) filter (where m.d <= p.e and m.d >= p.s and m.kind = 'corrected' and m.change < 0), 0) as corrected_out,
          coalesce(sum(m.change) filter (where m.d >= p.s and m.d <= l.day), 0) as to_count
        from (
          select (v.created_at at time zone p.tz)::date as d, v.kind, v.reason, v.change,
                 coalesce(v.kind = 'added' and v.reason is null and (v.note like ${putBackEn} or v.note like ${putBackSw}), false) as put_back
            from ${inventoryMovements} v
           where v.farm_id = i.farm_id and v.item_id = i.id
             and v.created_at >= (coalesce(a.day + 1, p.s)::timestamp at time zone p.tz)
        ) m
      ) x
      where i.farm_id = ${farmId} and i.kind = 'feed'
    ),
    birds as (
      select json_agg(json_build_array(
        f.id, f.name, a.day is not null, f.bird_count, a.counted,
        x.pre, x.after_all, x.added, x.deaths, x.sold, x.culled, x.corrected_in, x.corrected_out, x.to_count,
        case when l.id is null then null else json_build_array(l.id, l.day, l.counted, l.expected) end
      ) order by f.name, f.id) as j
      from ${flocks} f cross join p
      left join lateral (
        select c.day, c.counted from ${stockCounts} c
         where c.farm_id = f.farm_id and c.kind = 'birds' and c.flock_id = f.id and c.day < p.s order by c.day desc, c.id desc limit 1
      ) a on true
      left join lateral (
        select c.id, c.day, c.counted, c.expected from ${stockCounts} c
         where c.farm_id = f.farm_id and c.kind = 'birds' and c.flock_id = f.id and c.day <= p.e order by c.day desc, c.id desc limit 1
      ) l on true
      cross join lateral (
        select
          coalesce(sum(e.delta) filter (where e.d < p.s), 0) as pre,
          coalesce(sum(e.delta) filter (where e.d >= p.s), 0) as after_all,
          coalesce(sum(e.delta) filter (where e.d <= p.e and e.d >= p.s and e.reason = 'added'), 0) as added,
          coalesce(-sum(e.delta) filter (where e.d <= p.e and e.d >= p.s and e.reason = 'mortality'), 0) as deaths,
          coalesce(-sum(e.delta) filter (where e.d <= p.e and e.d >= p.s and e.reason = 'sold'), 0) as sold,
          coalesce(-sum(e.delta) filter (where e.d <= p.e and e.d >= p.s and e.reason = 'culled'), 0) as culled,
          coalesce(sum(e.delta) filter (where e.d <= p.e and e.d >= p.s and e.reason = 'correction' and e.delta > 0), 0) as corrected_in,
          coalesce(-sum(e.delta) filter (where e.d <= p.e and e.d >= p.s and e.reason = 'correction' and e.delta < 0), 0) as corrected_out,
          coalesce(sum(e.delta) filter (where e.d >= p.s and e.d <= l.day), 0) as to_count
        from (
          select (v.created_at at time zone p.tz)::date as d, v.reason, v.delta
            from ${flockBirdCountEvents} v
           where v.farm_id = f.farm_id and v.flock_id = f.id
             and v.created_at >= (coalesce(a.day + 1, p.s)::timestamp at time zone p.tz)
        ) e
      ) x
      where f.farm_id = ${farmId} and f.status <> 'archived'
    )
    select p.margin,
      (select j from eggs) as eggs,
      (select json_build_array(id, day, counted, expected) from egg_last) as egg_last,
      (select j from feed) as feed,
      (select j from birds) as birds,
      (select json_agg(json_build_array(t.sale_type, t.cents, t.sales) order by t.sale_type)
         from (select s.sale_type, sum(s.amount_cents) as cents, count(*) as sales from ${sales} s
                where s.farm_id = ${farmId} and s.status = 'paid' and s.date >= p.s and s.date <= p.e group by s.sale_type) t) as paid,
      (select coalesce(sum(s.amount_cents), 0) from ${sales} s
        where s.farm_id = ${farmId} and s.status = 'pending' and s.date >= p.s and s.date <= p.e) as pending
    from p`,
  );
  if (!row) throw notFound();
  const margin = toSafeInteger(row.margin);

  /** The line's count and difference: a count in the range against opening + the records up to its day. */
  function line(kind: StockCountKind, opening: number, cameIn: Record<string, number>, wentOut: Record<string, number>, last: Count, toCount: number): StockBalanceLine {
    const closing = expectedClosing(opening, cameIn, wentOut);
    if (!last) return { opening, came_in: cameIn, went_out: wentOut, closing, last_count: null, difference: null, beyond_margin: false };
    const [id, day, countedRaw, savedRaw] = last;
    const inRange = day >= start;
    const counted = n(countedRaw);
    const expected = inRange ? roundQuantity(opening + toCount) : n(savedRaw);
    const difference = countDifference(counted, expected);
    return {
      opening,
      came_in: cameIn,
      went_out: wentOut,
      closing,
      last_count: { id, date: day, counted, expected, in_range: inRange },
      difference,
      beyond_margin: beyondMargin(kind, difference, expected, margin),
    };
  }

  /** The opening: the last count before the range carried forward, else the records' figure now less what moved since the start. */
  const opening = (anchored: boolean, anchorCounted: unknown, pre: unknown, now: unknown, afterAll: unknown) =>
    anchored ? roundQuantity(n(anchorCounted) + n(pre)) : roundQuantity(n(now) - n(afterAll));

  const [eggOpening, collected, sold, adjusted, eggToCount] = row.eggs;
  const eggs = line('eggs', n(eggOpening), { collected: n(collected) }, { sold: n(sold), adjusted: n(adjusted) }, row.egg_last, n(eggToCount));
  const split = eggs.difference === null ? null : traysAndLoose(eggs.difference);

  const feed = (row.feed ?? []).map(([id, name, unit, anchored, quantity, anchorCounted, pre, afterAll, delivered, fed, removed, correctedIn, correctedOut, toCount, last]) => ({
    item_id: id,
    item_name: name,
    unit,
    ...line(
      'feed',
      opening(anchored, anchorCounted, pre, quantity, afterAll),
      { delivered: n(delivered), corrected: n(correctedIn) },
      { fed: n(fed), removed: n(removed), corrected: n(correctedOut) },
      last,
      n(toCount),
    ),
  }));

  const birds = (row.birds ?? []).map(([id, name, anchored, count, anchorCounted, pre, afterAll, added, deaths, birdsSold, culled, correctedIn, correctedOut, toCount, last]) => ({
    flock_id: id,
    flock_name: name,
    ...line(
      'birds',
      opening(anchored, anchorCounted, pre, count, afterAll),
      { added: n(added), corrected: n(correctedIn) },
      { deaths: n(deaths), sold: n(birdsSold), culled: n(culled), corrected: n(correctedOut) },
      last,
      n(toCount),
    ),
  }));

  const paidByType = (row.paid ?? []).map(([saleType, cents, count]) => ({ sale_type: saleType, cents: toSafeInteger(cents), sales: toSafeInteger(count) }));
  return {
    start_date: start,
    end_date: end,
    margin_percent: margin,
    eggs: { ...eggs, difference_trays: split?.trays ?? null, difference_loose: split?.loose ?? null },
    feed,
    birds,
    money: {
      paid_cents: paidByType.reduce((sum, t) => sum + t.cents, 0),
      paid_by_type: paidByType,
      pending_cents: toSafeInteger(row.pending),
      received_cents: null,
      difference_cents: null,
      recorded: false,
    },
  };
}
