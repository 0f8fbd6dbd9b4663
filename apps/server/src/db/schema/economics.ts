import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { EXPENSE_CATEGORIES, SALE_CATEGORIES } from '@kuku/domain';

/*
 * The flock economics' rollups (decision 071), kept by statement-level triggers on every insert,
 * update and delete of feed records, expenses and sales (decision 020): a flock's answer over
 * years reads a row a flock a month (an item, a category) for the range's whole months and the
 * records of its partial months only. Keyed flock first, so one flock's months are one index
 * range, and the farm's answer reads each flock's range. No foreign keys: the triggers write while a farm's, flock's or item's rows are
 * cascade-deleted.
 */

/**
 * Feed given to each flock per month and item. The quantity, not the kilos: an item's unit weight
 * may be edited after, so the kilos are the quantity times the item's weight when read.
 */
export const feedFlockMonths = pgTable(
  'feed_flock_months',
  {
    farmId: integer('farm_id').notNull(),
    flockId: integer('flock_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    itemId: integer('item_id').notNull(),
    records: integer('records').notNull().default(0),
    quantity: numeric('quantity', { precision: 18, scale: 3, mode: 'number' }).notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.flockId, t.month, t.itemId] })],
);

/** Each flock's expenses per month and category: its costs other than feed (decision 070). */
export const expenseFlockCategoryMonths = pgTable(
  'expense_flock_category_months',
  {
    farmId: integer('farm_id').notNull(),
    flockId: integer('flock_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    expenses: integer('expenses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.flockId, t.month, t.category] })],
);

/**
 * Each flock's sales per month and category: the egg sales' crates and money, and the bird sales
 * sold with a weight (decision 072: their kilos, birds and money, `weighed_*`).
 */
export const saleFlockCategoryMonths = pgTable(
  'sale_flock_category_months',
  {
    farmId: integer('farm_id').notNull(),
    flockId: integer('flock_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category', { enum: SALE_CATEGORIES }).notNull(),
    sales: integer('sales').notNull().default(0),
    quantity: numeric('quantity', { precision: 18, scale: 3, mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    weighedKg: numeric('weighed_kg', { precision: 18, scale: 3, mode: 'number' }).notNull().default(0),
    weighedBirds: bigint('weighed_birds', { mode: 'number' }).notNull().default(0),
    weighedCents: bigint('weighed_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.flockId, t.month, t.category] })],
);
