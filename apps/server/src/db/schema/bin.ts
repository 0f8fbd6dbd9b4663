import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { farmIdColumn, users } from './auth.js';

/**
 * Records deleted together (a flock with everything it kept), held as their rows so the owner
 * can bring them back for 30 days; then a sweep deletes them for good.
 */
export const deletedRecords = pgTable(
  'deleted_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    /** What was deleted: 'flock' for now. */
    kind: text('kind', { enum: ['flock'] }).notNull(),
    /** The deleted row's id (the flock's). */
    subjectId: integer('subject_id').notNull(),
    /** Its name when it was deleted, to show in the bin. */
    label: text('label').notNull(),
    /** Each table's rows as JSON, in the order they are put back: `[{ table, rows }]`. */
    rows: jsonb('rows').notNull(),
    /** How many records of each kind went with it, for the bin's line. */
    counts: jsonb('counts').notNull(),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deleted_records_farm_idx').on(t.farmId, t.deletedAt)],
);
