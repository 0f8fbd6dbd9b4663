import { boolean, date, integer, jsonb, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WeeklyFigures } from '@kuku/domain';
import { farmIdColumn } from './auth.js';

/**
 * The owner's weekly summaries (decision 078): one row a farm a week, its figures as made. The
 * Monday job writes the week that ended; asking for the week so far writes it `partial`, and
 * the job's row replaces it once the week is over. The unique (farm, week) is the job's claim:
 * a second process's insert finds the week made and tells nobody.
 */
export const weeklySummaries = pgTable(
  'weekly_summaries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    partial: boolean('partial').notNull().default(false),
    figures: jsonb('figures').$type<WeeklyFigures>().notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('weekly_summaries_farm_week_idx').on(t.farmId, t.weekStart)],
);
