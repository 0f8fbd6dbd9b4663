import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { STOCK_COUNT_KINDS } from '@kuku/domain';
import { createdByColumn, farmIdColumn, farms, updatedByColumn } from './auth.js';
import { flocks } from './flocks.js';
import { inventoryItems } from './inventory.js';

/**
 * A thing counted on a day (decision 077): the egg store, a feed item's store (in its unit) or a
 * flock's birds, with what the records said when it was saved (`expected`), so the difference is
 * kept as it was seen. A count on a day is the stock at that day's end. A feed count goes with its
 * item, a head count with its flock.
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    kind: text('kind', { enum: STOCK_COUNT_KINDS }).notNull(),
    flockId: integer('flock_id').references(() => flocks.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => inventoryItems.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    counted: numeric('counted', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    expected: numeric('expected', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** eggs, birds, or the feed item's unit when counted. */
    unit: text('unit').notNull(),
    /** Whether the difference was beyond the farm's margin when saved (the owner was told). */
    beyondMargin: boolean('beyond_margin').notNull().default(false),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest day first, and the last count of a thing on or before a day (the balance checks).
    index('stock_counts_farm_day_idx').on(t.farmId, t.day, t.id),
    index('stock_counts_farm_thing_day_idx').on(t.farmId, t.kind, t.itemId, t.flockId, t.day, t.id),
    index('stock_counts_flock_idx').on(t.flockId),
    index('stock_counts_item_idx').on(t.itemId),
    check('stock_counts_counted_check', sql`${t.counted} >= 0`),
    check('stock_counts_kind_check', sql`${t.kind} in ('eggs', 'feed', 'birds')`),
    check(
      'stock_counts_thing_check',
      sql`(${t.kind} = 'eggs' and ${t.flockId} is null and ${t.itemId} is null)
        or (${t.kind} = 'feed' and ${t.itemId} is not null and ${t.flockId} is null)
        or (${t.kind} = 'birds' and ${t.flockId} is not null and ${t.itemId} is null)`,
    ),
  ],
);

/** The owner's margin for the counts (decision 077); a farm without a row has the default. */
export const stockCountSettings = pgTable(
  'stock_count_settings',
  {
    farmId: integer('farm_id')
      .primaryKey()
      .references(() => farms.id, { onDelete: 'cascade' }),
    marginPercent: integer('margin_percent').notNull(),
    updatedBy: updatedByColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_count_settings_margin_check', sql`${t.marginPercent} between 0 and 50`)],
);
