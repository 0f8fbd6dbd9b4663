import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ADJUSTMENT_TYPES, ADJUSTMENT_UNITS } from '@kuku/domain';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

/** A flock's collection on one calendar day of the farm's time zone (decision 024: one a day). */
export const eggProductions = pgTable(
  'egg_productions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    dateProduced: date('date_produced', { mode: 'string' }).notNull(),
    eggsCollected: integer('eggs_collected').notNull(),
    pricePerUnitCents: bigint('price_per_unit_cents', { mode: 'number' }).notNull().default(0),
    totalRevenueCents: bigint('total_revenue_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An index per sortable column, starting with farm_id and ending in id like the list's ORDER BY.
  (t) => [
    uniqueIndex('egg_productions_flock_day_key').on(t.flockId, t.dateProduced),
    index('egg_productions_farm_date_idx').on(t.farmId, t.dateProduced, t.id),
    index('egg_productions_farm_eggs_idx').on(t.farmId, t.eggsCollected, t.id),
    index('egg_productions_farm_revenue_idx').on(t.farmId, t.totalRevenueCents, t.id),
    index('egg_productions_farm_flock_date_idx').on(t.farmId, t.flockId, t.dateProduced),
    check('egg_productions_eggs_check', sql`${t.eggsCollected} >= 0`),
  ],
);

/** Eggs that left the stock without a sale: given away, broken, eaten. */
export const eggAdjustments = pgTable(
  'egg_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    adjustmentType: text('adjustment_type', { enum: ADJUSTMENT_TYPES }).notNull(),
    // Always eggs; `unit` keeps how it was entered, so the edit form shows crates as crates.
    eggsAdjusted: integer('eggs_adjusted').notNull(),
    unit: text('unit', { enum: ADJUSTMENT_UNITS }).notNull().default('eggs'),
    dateAdjusted: date('date_adjusted', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('egg_adjustments_farm_date_idx').on(t.farmId, t.dateAdjusted, t.id),
    index('egg_adjustments_farm_eggs_idx').on(t.farmId, t.eggsAdjusted, t.id),
    index('egg_adjustments_farm_type_idx').on(t.farmId, t.adjustmentType, t.id),
    index('egg_adjustments_farm_flock_date_idx').on(t.farmId, t.flockId, t.dateAdjusted),
    check('egg_adjustments_eggs_check', sql`${t.eggsAdjusted} > 0`),
  ],
);

/**
 * Each farm's egg records counted, kept by statement-level triggers (migration 0012,
 * decision 020): a list's total reads one row instead of counting years of records.
 */
export const farmEggTotals = pgTable('farm_egg_totals', {
  // No foreign key: the triggers decrement while a farm's rows are cascade-deleted.
  farmId: integer('farm_id').primaryKey(),
  productions: bigint('productions', { mode: 'number' }).notNull().default(0),
  adjustments: bigint('adjustments', { mode: 'number' }).notNull().default(0),
});

/*
 * Rollups of the egg records, kept by statement-level triggers on every insert, update and
 * delete (migration 0013, decision 020): the statistics, the charts and a deep page of the
 * list read a month's worth of these rows, never years of records. No foreign keys: the
 * triggers write while a farm's or flock's rows are cascade-deleted; a row may fall to 0.
 */

/** A farm's production summed per calendar day: eggs and records (one a laying flock). */
export const eggProductionDays = pgTable(
  'egg_production_days',
  {
    farmId: integer('farm_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    eggs: bigint('eggs', { mode: 'number' }).notNull().default(0),
    records: integer('records').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);

/** A farm's production summed per month (`month` is its first day): a deep page skips whole months. */
export const eggProductionMonths = pgTable(
  'egg_production_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    eggs: bigint('eggs', { mode: 'number' }).notNull().default(0),
    records: integer('records').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month] })],
);

/**
 * Each flock's production per month: its eggs, the days it was recorded (the laying rate's
 * hen-days) and its eggs on each day of the month (`daily[1]` is the 1st; 31 slots), so the
 * 30-day chart reads a row a flock a month instead of a record a flock a day.
 */
export const eggFlockMonths = pgTable(
  'egg_flock_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    flockId: integer('flock_id').notNull(),
    eggs: bigint('eggs', { mode: 'number' }).notNull().default(0),
    days: integer('days').notNull().default(0),
    daily: integer('daily').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month, t.flockId] })],
);

/** A farm's adjustments per month and type, in eggs. */
export const eggAdjustmentMonths = pgTable(
  'egg_adjustment_months',
  {
    farmId: integer('farm_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    adjustmentType: text('adjustment_type', { enum: ADJUSTMENT_TYPES }).notNull(),
    eggs: bigint('eggs', { mode: 'number' }).notNull().default(0),
    records: integer('records').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.month, t.adjustmentType] })],
);
