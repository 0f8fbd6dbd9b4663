import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { createdByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

/**
 * A broiler batch's sample weighing (decision 071): so many birds weighed together on a day. The
 * latest one gives the batch's average weight; the records go with their flock.
 */
export const flockWeighings = pgTable(
  'flock_weighings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    date: date('date', { mode: 'string' }).notNull(),
    birds: integer('birds').notNull(),
    totalKg: numeric('total_kg', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    createdBy: createdByColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flock_weighings_flock_date_idx').on(t.farmId, t.flockId, t.date, t.id),
    check('flock_weighings_birds_check', sql`${t.birds} > 0`),
    check('flock_weighings_total_check', sql`${t.totalKg} > 0`),
  ],
);
