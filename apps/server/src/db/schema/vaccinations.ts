import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALL_VACCINATION_MODES, VACCINATION_STATUSES } from '@kuku/domain';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

export const vaccinations = pgTable(
  'vaccinations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    vaccineName: text('vaccine_name').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    status: text('status', { enum: VACCINATION_STATUSES }).notNull(),
    mode: text('mode_of_administration', { enum: ALL_VACCINATION_MODES }).notNull(),
    // The standard schedule's day of age, when the entry came from it: applying twice adds nothing.
    scheduleDay: integer('schedule_day'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vaccinations_farm_date_idx').on(t.farmId, t.date),
    index('vaccinations_flock_date_idx').on(t.farmId, t.flockId, t.date),
    // Overdue and due-soon counts read only the pending rows, a small part of a farm's history.
    index('vaccinations_pending_idx').on(t.farmId, t.date).where(sql`${t.status} = 'Pending'`),
    // The history's default order, 'due' (pending first, soonest first, then the rest newest first):
    // its page's ids walk this index instead of sorting every vaccination of the farm.
    index('vaccinations_farm_due_idx').on(
      t.farmId,
      sql`(${t.status} = 'Pending') desc`,
      sql`(case when ${t.status} = 'Pending' then ${t.date} end)`,
      // As the ORDER BY writes them (desc: nulls first), not drizzle's desc() (nulls last): the
      // planner walks an index only in the order the query sorts by.
      sql`${t.date} desc`,
      sql`${t.id} desc`,
    ),
    uniqueIndex('vaccinations_flock_schedule_day_key').on(t.flockId, t.scheduleDay).where(sql`${t.scheduleDay} is not null`),
  ],
);
