import { feedDaysLeft, feedUseWindow, FEED_USE_WINDOW_DAYS, shiftDay, type FeedDaysAnswer } from '@kuku/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedRecords, inventoryItems } from '../../db/schema/index.js';
import { toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { farmMonth, oneRow, type FarmScope } from '../farm-scope.js';

/** The names of the feed items without a weight a hint lists. */
const UNWEIGHED_LISTED = 3;

/**
 * GET /api/feed/days-left (decision 074): the store's feed and the last 7 days' feed records summed
 * in one statement, the days by the domain's rule. An item counted in kg weighs its quantity; another
 * its quantity × the weight of one unit, unknown (null) while that weight is missing. Reads the
 * store's rows of kind feed and the window's records by the (farm, date) index: no history.
 */
export async function feedDaysOfFarm(db: Db, scope: FarmScope, now = new Date()): Promise<FeedDaysAnswer> {
  const { farmId } = scope;
  const { today } = farmMonth(scope, now);
  const start = shiftDay(today, -(FEED_USE_WINDOW_DAYS - 1));
  const kgOf = (quantity: string) => sql.raw(`case when i.unit = 'kg' then ${quantity} else ${quantity} * i.unit_weight_kg end`);
  const row = await oneRow<{
    feed_items: number | string;
    store_kg: number | string | null;
    store_unweighed: boolean | null;
    records: number | string;
    used_kg: number | string | null;
    used_unweighed: boolean | null;
    first_day: string | null;
    unweighed: string[] | null;
  }>(
    db,
    sql`with used as (
          select r.item_id, count(*) as records, sum(r.quantity) as quantity from ${feedRecords} r
          where r.farm_id = ${farmId} and r.date between ${start}::date and ${today}::date group by r.item_id
        )
        select
          (select count(*) from ${inventoryItems} i where i.farm_id = ${farmId} and i.kind = 'feed') as feed_items,
          (select coalesce(sum(${kgOf('i.quantity')}), 0) from ${inventoryItems} i where i.farm_id = ${farmId} and i.kind = 'feed') as store_kg,
          (select bool_or(i.unit <> 'kg' and i.unit_weight_kg is null and i.quantity > 0) from ${inventoryItems} i
            where i.farm_id = ${farmId} and i.kind = 'feed') as store_unweighed,
          (select coalesce(sum(u.records), 0) from used u) as records,
          -- A record follows its item, whatever kind the item is now.
          (select coalesce(sum(${kgOf('u.quantity')}), 0) from used u join ${inventoryItems} i on i.id = u.item_id) as used_kg,
          (select bool_or(i.unit <> 'kg' and i.unit_weight_kg is null) from used u join ${inventoryItems} i on i.id = u.item_id) as used_unweighed,
          (select min(r.date)::text from ${feedRecords} r where r.farm_id = ${farmId}) as first_day,
          array(select i.item_name from ${inventoryItems} i
                where i.farm_id = ${farmId} and i.unit <> 'kg' and i.unit_weight_kg is null
                  and ((i.kind = 'feed' and i.quantity > 0) or i.id in (select item_id from used))
                order by i.item_name, i.id limit ${UNWEIGHED_LISTED}) as unweighed`,
  );
  const window = feedUseWindow(today, row.first_day);
  const feedItems = toSafeInteger(row.feed_items);
  const records = toSafeInteger(row.records);
  const storeKg = row.store_unweighed ? null : round3(toSafeNumber(row.store_kg));
  const usedKg = row.used_unweighed ? null : round3(toSafeNumber(row.used_kg));
  const figures = feedDaysLeft({ feedItems, storeKg, records, usedKg, days: window.days });
  return {
    today,
    window_start: window.start,
    window_days: window.days,
    feed_items: feedItems,
    store_kg: storeKg,
    feed_records: records,
    used_kg: usedKg,
    kg_per_day: figures.kgPerDay,
    days_left: figures.daysLeft,
    low: figures.low,
    missing: figures.missing,
    unweighed_items: row.unweighed ?? [],
  };
}

/** kg to the gram, as the store keeps quantities (3 decimals). */
const round3 = (kg: number) => Math.round(kg * 1000) / 1000;
