import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EXPENSE_CATEGORIES, LANGUAGES, REPORT_CATEGORIES, REPORT_STATES, REPORT_TYPES } from '@kuku/domain';
import { createdByColumn, farmIdColumn } from './auth.js';
import { flocks } from './flocks.js';

/**
 * A report and its job (decision 031): the row is written `generating` when asked for,
 * a worker renders its files, and the row turns `ready` with their keys or `failed` with
 * the reason. `lease_until` lets another process (or the restarted one) take a job whose
 * process stopped.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    createdBy: createdByColumn(),
    name: text('name').notNull(),
    category: text('category', { enum: REPORT_CATEGORIES }).notNull(),
    reportType: text('report_type', { enum: REPORT_TYPES }).notNull(),
    state: text('state', { enum: REPORT_STATES }).notNull().default('generating'),
    failure: text('failure'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    // A financial report of one flock; the report stays when the flock is deleted.
    flockId: integer('flock_id').references(() => flocks.id, { onDelete: 'set null' }),
    descriptionFilter: text('description_filter'),
    expenseCategory: text('expense_category', { enum: EXPENSE_CATEGORIES }),
    /** The language its files are written in: the asker's when it was asked for (decision 068). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** The storage keys of its files, set when ready. */
    pdfKey: text('pdf_key'),
    csvKey: text('csv_key'),
    xlsxKey: text('xlsx_key'),
    sizeBytes: integer('size_bytes'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When a job last took it: the next job is the farm's whose last claim is oldest (decision 052). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_farm_created_idx').on(t.farmId, t.createdAt, t.id),
    index('reports_pending_idx').on(t.leaseUntil).where(sql`${t.state} = 'generating'`),
    index('reports_farm_claimed_idx').on(t.farmId, t.claimedAt),
    // The sweep deletes reports past REPORT_KEEP_DAYS across farms.
    index('reports_created_idx').on(t.createdAt),
    check('reports_range_check', sql`${t.endDate} > ${t.startDate}`),
    check('reports_language_check', sql`${t.language} in ('en', 'sw')`),
  ],
);
