import { bigint, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { BIRD_COUNT_REASONS, BREEDS, FLOCK_STATUSES } from '@kuku/domain';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';

export const flocks = pgTable(
  'flocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    name: text('name').notNull(),
    breed: text('breed', { enum: BREEDS }).notNull(),
    // Age when added; today's age is derived from created_at (domain currentAgeWeeks).
    ageAtAddingWeeks: integer('age_at_adding_weeks').notNull(),
    initialBirdCount: integer('initial_bird_count').notNull(),
    birdCount: integer('bird_count').notNull(),
    // Sum of mortality events, kept with each event so rates need no scan of history.
    deaths: integer('deaths').notNull().default(0),
    status: text('status', { enum: FLOCK_STATUSES }).notNull(),
    // Vaccinations by status, kept in the same transaction as each vaccination change:
    // statistics read these instead of counting a farm's whole history (docs/design.md §9 rollups).
    vaccinationsPending: integer('vaccinations_pending').notNull().default(0),
    vaccinationsCompleted: integer('vaccinations_completed').notNull().default(0),
    vaccinationsCancelled: integer('vaccinations_cancelled').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index per sortable column, ending in id like the list's ORDER BY, so a page
  // is read from the index instead of sorting every flock of the farm.
  (t) => [
    index('flocks_farm_idx').on(t.farmId, t.id),
    index('flocks_farm_name_idx').on(t.farmId, t.name, t.id),
    index('flocks_farm_breed_idx').on(t.farmId, t.breed, t.id),
    index('flocks_farm_status_idx').on(t.farmId, t.status, t.id),
    index('flocks_farm_bird_count_idx').on(t.farmId, t.birdCount, t.id),
    index('flocks_farm_created_idx').on(t.farmId, t.createdAt, t.id),
  ],
);

/** A flock's records (history, vaccinations, and later eggs and feed) go with it. */
export const flockIdColumn = () =>
  integer('flock_id')
    .notNull()
    .references(() => flocks.id, { onDelete: 'cascade' });

/** Every bird-count change, with its reason (docs/design.md §4): the flock's history. */
export const flockBirdCountEvents = pgTable(
  'flock_bird_count_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    reason: text('reason', { enum: BIRD_COUNT_REASONS }).notNull(),
    delta: integer('delta').notNull(),
    countAfter: integer('count_after').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flock_events_flock_idx').on(t.farmId, t.flockId, t.createdAt)],
);

/**
 * Each farm's flocks summed by status, kept by a trigger on flocks (migration
 * 0008) so no code path can forget it: statistics and list totals read at most
 * five rows instead of every flock of the farm (docs/design.md §9 rollups).
 */
export const farmFlockTotals = pgTable(
  'farm_flock_totals',
  {
    // No foreign key: the trigger decrements while a farm's flocks are cascade-deleted.
    farmId: integer('farm_id').notNull(),
    status: text('status', { enum: FLOCK_STATUSES }).notNull(),
    flocks: integer('flocks').notNull().default(0),
    birds: bigint('birds', { mode: 'number' }).notNull().default(0),
    // Sum of bird_count x mortality rate, so the farm's rate is weighted by birds.
    // numeric, not float: adding and later subtracting a flock's share cancels exactly.
    weightedRate: numeric('weighted_rate').notNull().default('0'),
    vaccinationsPending: bigint('vaccinations_pending', { mode: 'number' }).notNull().default(0),
    vaccinationsCompleted: bigint('vaccinations_completed', { mode: 'number' }).notNull().default(0),
    vaccinationsCancelled: bigint('vaccinations_cancelled', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.status] })],
);
