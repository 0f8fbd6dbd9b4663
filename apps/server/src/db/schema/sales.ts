import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SALE_CATEGORIES, SALE_STATUSES, SALE_TYPES } from '@kuku/domain';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

/** A sale of a flock's produce (docs/product.md §3 Sale); money in cents, the amount computed on the server. */
export const sales = pgTable(
  'sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    // The farm's own running number from farm_sale_counters, shown as S-000123; never reused.
    refNo: integer('ref_no').notNull(),
    category: text('category', { enum: SALE_CATEGORIES }).notNull(),
    product: text('product').notNull(),
    description: text('description'),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    // A bird sale's birds taken off its flock, and their weight when known (decision 072); null for other sales.
    birds: integer('birds'),
    weightKg: numeric('weight_kg', { precision: 12, scale: 3, mode: 'number' }),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    saleType: text('sale_type', { enum: SALE_TYPES }).notNull(),
    status: text('status', { enum: SALE_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An index per sortable column, starting with farm_id and ending in id like the list's ORDER BY.
  (t) => [
    uniqueIndex('sales_farm_ref_key').on(t.farmId, t.refNo),
    index('sales_farm_date_idx').on(t.farmId, t.date, t.id),
    index('sales_farm_product_idx').on(t.farmId, t.product, t.id),
    index('sales_farm_category_idx').on(t.farmId, t.category, t.id),
    index('sales_farm_quantity_idx').on(t.farmId, t.quantity, t.id),
    index('sales_farm_amount_idx').on(t.farmId, t.amountCents, t.id),
    index('sales_farm_status_idx').on(t.farmId, t.status, t.id),
    index('sales_farm_flock_date_idx').on(t.farmId, t.flockId, t.date, t.id),
    // The credit still owed, read by the remarks without walking the paid history.
    index('sales_farm_pending_date_idx').on(t.farmId, t.date).where(sql`${t.status} = 'pending'`),
    check('sales_quantity_check', sql`${t.quantity} > 0`),
    check('sales_money_check', sql`${t.unitPriceCents} >= 0 and ${t.amountCents} >= 0`),
    check('sales_birds_check', sql`${t.birds} is null or ${t.birds} > 0`),
    check('sales_weight_check', sql`${t.weightKg} is null or ${t.weightKg} > 0`),
  ],
);

/**
 * Each farm's last sale number, taken by the insert that locks this row (docs/design.md §9: sequences
 * jump after a crash), and its count of sales, kept by the rollup trigger for the list's total.
 * No foreign key: the trigger counts down while a farm's sales are cascade-deleted.
 */
export const farmSaleCounters = pgTable('farm_sale_counters', {
  farmId: integer('farm_id').primaryKey(),
  lastRefNo: integer('last_ref_no').notNull().default(0),
  sales: integer('sales').notNull().default(0),
});

/*
 * Rollups of the sales, kept by statement-level triggers on every insert, update and delete
 * (decision 020): the statistics and charts read a month's worth of these rows, never years of
 * sales. No foreign keys: the triggers write while a farm's or flock's rows are cascade-deleted.
 */

/** A farm's sales summed per day: all of them and the paid ones (pending = all − paid). */
export const saleDays = pgTable(
  'sale_days',
  {
    farmId: integer('farm_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    sales: integer('sales').notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    paidSales: integer('paid_sales').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);

/** A farm's sales per month and category (`month` is its first day): the trend, the categories, egg crates sold. */
export const saleCategoryMonths = pgTable(
  'sale_category_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category', { enum: SALE_CATEGORIES }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    quantity: numeric('quantity', { precision: 18, scale: 3, mode: 'number' }).notNull().default(0),
    sales: integer('sales').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month, t.category] })],
);

/** Each flock's sales per month: the six-month chart per flock. */
export const saleFlockMonths = pgTable(
  'sale_flock_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    flockId: integer('flock_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    sales: integer('sales').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month, t.flockId] })],
);
