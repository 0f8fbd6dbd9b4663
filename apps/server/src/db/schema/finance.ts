import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

/**
 * A flock's budget for a whole year (PUT /api/flock-financial/ sets it, DELETE clears it;
 * decision 030). Without one the financial dashboard shows the sum of the flock's monthly
 * budgets (the budgets table) instead.
 */
export const flockYearBudgets = pgTable(
  'flock_year_budgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    year: integer('year').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One a flock a year: a second PUT updates it, even when two arrive at once.
    uniqueIndex('flock_year_budgets_farm_year_flock_key').on(t.farmId, t.year, t.flockId),
    check('flock_year_budgets_amount_check', sql`${t.amountCents} >= 0`),
  ],
);
