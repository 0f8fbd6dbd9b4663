import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EXPENSE_CATEGORIES } from '@kuku/domain';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

/** A cost recorded against a flock (docs/product.md §3 Expense); money in cents, the date a calendar day of the farm. */
export const expenses = pgTable(
  'expenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An index per sortable column, starting with farm_id and ending in id like the list's ORDER BY.
  (t) => [
    index('expenses_farm_date_idx').on(t.farmId, t.date, t.id),
    index('expenses_farm_description_idx').on(t.farmId, t.description, t.id),
    index('expenses_farm_category_idx').on(t.farmId, t.category, t.id),
    index('expenses_farm_amount_idx').on(t.farmId, t.amountCents, t.id),
    index('expenses_farm_flock_date_idx').on(t.farmId, t.flockId, t.date, t.id),
    check('expenses_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** A flock's budget for one month (docs/product.md §3 Budget): one per flock, month and year. */
export const budgets = pgTable(
  'budgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The one budget of a flock and month: a second create conflicts here (409), even when two arrive at once.
    uniqueIndex('budgets_farm_flock_period_key').on(t.farmId, t.flockId, t.year, t.month),
    index('budgets_farm_period_idx').on(t.farmId, t.year, t.month, t.id),
    index('budgets_farm_amount_idx').on(t.farmId, t.amountCents, t.id),
    check('budgets_month_check', sql`${t.month} between 1 and 12`),
    check('budgets_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/*
 * Rollups of the expenses, kept by statement-level triggers on every insert, update and delete
 * (decision 020, migration 0016): the statistics, charts and budgets read these rows, never
 * years of expenses. No foreign keys: the triggers write while a farm's or flock's rows are
 * cascade-deleted.
 */

/** A farm's expenses summed per day: this week's chart and this month's weeks. */
export const expenseDays = pgTable(
  'expense_days',
  {
    farmId: integer('farm_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    expenses: integer('expenses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);

/** Each flock's expenses per month (`month` is its first day): what a flock spent against its budget. */
export const expenseFlockMonths = pgTable(
  'expense_flock_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    flockId: integer('flock_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    expenses: integer('expenses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month, t.flockId] })],
);

/** A farm's expenses per month and category: the month and year totals, the largest category, the pie, the list's total. */
export const expenseCategoryMonths = pgTable(
  'expense_category_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    expenses: integer('expenses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month, t.category] })],
);
