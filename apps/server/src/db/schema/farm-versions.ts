import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Each farm's data version: a number that every write to a table a cached answer reads moves
 * on, in the write's own transaction (statement-level triggers, migration 0015). An answer
 * cached under a version is served only while the farm is still at it (decision 027). No
 * foreign key: the triggers run while a farm's rows are cascade-deleted.
 */
export const farmDataVersions = pgTable('farm_data_versions', {
  farmId: integer('farm_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
