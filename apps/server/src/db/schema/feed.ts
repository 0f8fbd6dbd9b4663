import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { createdByColumn, farmIdColumn, updatedByColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';
import { inventoryItems, inventoryMovements } from './inventory.js';

/**
 * Feed given to a flock: a removal from the feed item's ledger, written with it in one
 * transaction from the item locked FOR NO KEY UPDATE (decisions 028, 070). `cost_cents` is the
 * quantity × the item's cost per unit when it was drawn: value moved from the store to the flock,
 * not a new expense (decision 070). The records go with their flock and with their item (its
 * ledger goes with it too).
 */
export const feedRecords = pgTable(
  'feed_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    /** The ledger's removal it made (its last, after an edit). */
    movementId: integer('movement_id').references(() => inventoryMovements.id, { onDelete: 'set null' }),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A flock's records by day, newest first, and the farm's.
    index('feed_records_flock_date_idx').on(t.farmId, t.flockId, t.date, t.id),
    index('feed_records_farm_date_idx').on(t.farmId, t.date, t.id),
    index('feed_records_item_idx').on(t.itemId),
    index('feed_records_movement_idx').on(t.movementId),
    check('feed_records_quantity_check', sql`${t.quantity} > 0`),
    check('feed_records_cost_check', sql`${t.costCents} >= 0`),
  ],
);
