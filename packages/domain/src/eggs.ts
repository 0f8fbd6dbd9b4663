import { z } from 'zod/mini';
import { dayField as sharedDayField, enumField, idField, isMissing, withAliases } from './common/fields.js';
import { shillingsSchema } from './common/money-schema.js';
import { recordAuthorsSchema } from './staff.js';
import { listQuerySchema, pageSchema, SORT_ORDERS } from './common/pagination.js';
import {
  ADJUSTMENT_TYPES,
  ADJUSTMENT_UNITS,
  EGG_DAY_ROW_STATUSES,
  EGG_DAY_ROWS_MAX,
  EGG_NOTES_MAX,
  eggMessages,
  MAX_ADJUSTMENT_NUMBER,
  MAX_EGGS_PER_DAY,
} from './eggs-rules.js';

/** A day as 'YYYY-MM-DD' or the product's ISO instant; the server reads it in the farm's time zone. */
const dayField = (missing: string) => sharedDayField(missing, eggMessages.dateInvalid);

const eggsCollectedSchema = z
  .number({ error: (issue) => (isMissing(issue.input) ? eggMessages.eggsRequired : eggMessages.eggsInvalid) })
  // The maximum first: 1e21 is too many before it is a non-integer (beyond 2^53 zod's int check fails).
  .check(z.lte(MAX_EGGS_PER_DAY, eggMessages.eggsTooMany), z.int(eggMessages.eggsInvalid), z.gte(0, eggMessages.eggsInvalid));

const productionAliases = { flockId: 'flock_id', eggsCollected: 'eggs_collected', dateProduced: 'date_produced', pricePerUnit: 'price_per_unit' };

/** POST /egg-productions/ (docs/product.md §7): price_per_unit is per egg, in shillings (the product's client sends 0). */
export const createEggProductionSchema = z.pipe(
  withAliases(productionAliases),
  z.object({
    flock_id: idField(eggMessages.selectFlock),
    date_produced: dayField(eggMessages.dateRequired),
    eggs_collected: eggsCollectedSchema,
    price_per_unit: z._default(shillingsSchema, 0),
  }),
);
export type CreateEggProductionInput = z.infer<typeof createEggProductionSchema>;

/** PUT /egg-productions/{id}: the flock and the total revenue are read-only (a flock in the body is ignored). */
export const updateEggProductionSchema = z.pipe(
  withAliases(productionAliases),
  z.object({
    date_produced: dayField(eggMessages.dateRequired),
    eggs_collected: eggsCollectedSchema,
    price_per_unit: z.optional(shillingsSchema),
  }),
);
export type UpdateEggProductionInput = z.infer<typeof updateEggProductionSchema>;

export const eggProductionSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  flockId: z.number(),
  flock_name: z.string(),
  date_produced: z.string(),
  eggs_collected: z.number(),
  eggsCollected: z.number(),
  trays: z.number(),
  remainder_eggs: z.number(),
  // Money (MONEY_FIELDS): left out of the answers of a role that does not see money.
  price_per_unit: z.optional(z.number()),
  price_per_unit_cents: z.optional(z.number()),
  total_revenue: z.optional(z.number()),
  total_revenue_cents: z.optional(z.number()),
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type EggProduction = z.infer<typeof eggProductionSchema>;

const newestFirst = { order: z._default(enumField(SORT_ORDERS, eggMessages.orderInvalid), 'desc') };

export const EGG_PRODUCTION_SORTS = ['date', 'flock', 'eggs', 'trays', 'revenue'] as const;
export const listEggProductionsQuerySchema = listQuerySchema(EGG_PRODUCTION_SORTS, {
  ...newestFirst,
  flock_id: z.optional(idField(eggMessages.selectFlock)),
});
export type ListEggProductionsQuery = z.infer<typeof listEggProductionsQuerySchema>;
export const eggProductionPageSchema = pageSchema(eggProductionSchema);

const adjustmentNumberSchema = (belowOne: string) =>
  z
    .number({ error: (issue) => (isMissing(issue.input) ? eggMessages.fillAllRequired : eggMessages.numberWhole) })
    .check(z.gte(1, belowOne), z.lte(MAX_ADJUSTMENT_NUMBER, eggMessages.numberTooLarge), z.int(eggMessages.numberWhole));

const adjustmentFields = {
  adjustment_type: enumField(ADJUSTMENT_TYPES, (input) => (isMissing(input) ? eggMessages.fillAllRequired : eggMessages.typeInvalid)),
  unit: z._default(enumField(ADJUSTMENT_UNITS, eggMessages.unitInvalid), 'eggs'),
  date_adjusted: dayField(eggMessages.fillAllRequired),
  notes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(EGG_NOTES_MAX, eggMessages.notesTooLong)))),
};
const adjustmentAliases = { flockId: 'flock_id', adjustmentType: 'adjustment_type', eggsAdjusted: 'eggs_adjusted', dateAdjusted: 'date_adjusted' };

/**
 * POST /egg-adjustments/ (docs/product.md §7): eggs_adjusted is the number in `unit` (eggs, or crates
 * of 30); a number not above 0 is a missing one (docs/product.md §5).
 */
export const createEggAdjustmentSchema = z.pipe(
  withAliases(adjustmentAliases),
  z.object({
    flock_id: idField(eggMessages.fillAllRequired),
    eggs_adjusted: adjustmentNumberSchema(eggMessages.fillAllRequired),
    ...adjustmentFields,
  }),
);
export type CreateEggAdjustmentInput = z.infer<typeof createEggAdjustmentSchema>;

/** PUT /egg-adjustments/{id}: the full adjustment; its flock is read-only (ignored in the body). */
export const updateEggAdjustmentSchema = z.pipe(
  withAliases(adjustmentAliases),
  z.object({ eggs_adjusted: adjustmentNumberSchema(eggMessages.numberMin), ...adjustmentFields }),
);
export type UpdateEggAdjustmentInput = z.infer<typeof updateEggAdjustmentSchema>;

export const eggAdjustmentSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  flock_name: z.string(),
  adjustment_type: z.enum(ADJUSTMENT_TYPES),
  /** In eggs, whatever the unit it was entered in. */
  eggs_adjusted: z.number(),
  unit: z.enum(ADJUSTMENT_UNITS),
  /** The number as entered, in `unit`. */
  number: z.number(),
  date_adjusted: z.string(),
  notes: z.nullable(z.string()),
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type EggAdjustment = z.infer<typeof eggAdjustmentSchema>;

export const EGG_ADJUSTMENT_SORTS = ['date', 'flock', 'type', 'eggs'] as const;
export const listEggAdjustmentsQuerySchema = listQuerySchema(EGG_ADJUSTMENT_SORTS, {
  ...newestFirst,
  flock_id: z.optional(idField(eggMessages.fillAllRequired)),
  adjustment_type: z.optional(enumField(ADJUSTMENT_TYPES, eggMessages.typeInvalid)),
});
export type ListEggAdjustmentsQuery = z.infer<typeof listEggAdjustmentsQuerySchema>;
export const eggAdjustmentPageSchema = pageSchema(eggAdjustmentSchema);

const byType = z.object({ giveaway: z.number(), breakage: z.number(), consumption: z.number() });

/** GET /egg-productions/stats: this month in the farm's time zone, summed in SQL. */
export const eggStatsSchema = z.object({
  /** 'YYYY-MM' of the farm's current month. */
  month: z.string(),
  eggs_this_month: z.number(),
  trays_this_month: z.number(),
  remainder_eggs_this_month: z.number(),
  production_days: z.number(),
  average_per_day: z.number(),
  average_trays_per_day: z.number(),
  adjusted_eggs_this_month: z.number(),
  egg_sale_crates_this_month: z.number(),
  available_stock: z.number(),
  available_stock_trays: z.number(),
  available_stock_remainder: z.number(),
  /** The farm's hen-day rate over its laying flocks, percent; null without birds. */
  laying_rate: z.nullable(z.number()),
  flocks: z.array(
    z.object({
      flock_id: z.number(),
      flock_name: z.string(),
      birds: z.number(),
      eggs: z.number(),
      days: z.number(),
      laying_rate: z.nullable(z.number()),
    }),
  ),
  adjustments: byType,
});
export type EggStats = z.infer<typeof eggStatsSchema>;

/** GET /egg-productions/series: the charts' points, summed in SQL. */
export const eggSeriesSchema = z.object({
  /** The last 30 days, oldest first, in the farm's time zone. */
  days: z.array(z.string()),
  /** Each flock that laid in those days, its eggs per day aligned with `days`. */
  flocks: z.array(z.object({ flock_id: z.number(), flock_name: z.string(), eggs: z.array(z.number()) })),
  /** This month's 7-day weeks (docs/product.md §9 chart buckets): week 1 is days 1-7. */
  weeks: z.array(z.object({ week: z.number(), start: z.string(), end: z.string(), eggs: z.number() })),
  /** This month's adjustments by type, in eggs. */
  adjustments: byType,
});
export type EggSeries = z.infer<typeof eggSeriesSchema>;

/** What a client sends to create or update a production record; price_per_unit in shillings (the product's client sends 0). */
export interface EggProductionBody {
  flock_id: number;
  date_produced: string;
  eggs_collected: number;
  price_per_unit?: number;
}

/** What a client sends to create or update an adjustment; eggs_adjusted is the number in `unit`. */
export interface EggAdjustmentBody {
  flock_id: number;
  adjustment_type: (typeof ADJUSTMENT_TYPES)[number];
  eggs_adjusted: number;
  unit: (typeof ADJUSTMENT_UNITS)[number];
  date_adjusted: string;
  notes?: string | null;
}

/** GET /egg-productions/day: the day to show (the farm's today when left out). */
export const eggDayQuerySchema = z.object({ date: z.optional(dayField(eggMessages.dateRequired)) });
export type EggDayQuery = z.infer<typeof eggDayQuerySchema>;

const dayRecordSchema = z.object({ id: z.number(), eggs_collected: z.number() });

/**
 * The day's eggs of every laying flock (LAYING_STATUSES, or eggs recorded lately), in natural
 * order: the record of the day if there is one, and the day before's eggs beside it.
 */
export const eggDaySchema = z.object({
  date: z.string(),
  previous_date: z.string(),
  flocks: z.array(
    z.object({
      flock_id: z.number(),
      flock_name: z.string(),
      bird_count: z.number(),
      record: z.nullable(dayRecordSchema),
      previous_eggs: z.nullable(z.number()),
    }),
  ),
});
export type EggDay = z.infer<typeof eggDaySchema>;
export type EggDayFlock = EggDay['flocks'][number];

/**
 * POST /egg-productions/day: one save for the day's rows, each its own record. A row names the
 * record it changes (`record_id`, as the day was shown); without one it adds the flock's record
 * of the day, and is refused if someone else recorded it meanwhile.
 */
export const recordEggDaySchema = z.object({
  date_produced: dayField(eggMessages.dateRequired),
  rows: z
    .array(
      z.object({
        flock_id: idField(eggMessages.selectFlock),
        eggs_collected: eggsCollectedSchema,
        record_id: z.optional(z.nullable(idField(eggMessages.productionNotFound))),
      }),
    )
    .check(
      z.minLength(1, eggMessages.dayNothingToSave),
      z.maxLength(EGG_DAY_ROWS_MAX, eggMessages.dayTooManyRows),
      z.refine((rows) => new Set(rows.map((row) => row.flock_id)).size === rows.length, { message: eggMessages.dayFlockTwice }),
    ),
});
export type RecordEggDayInput = z.infer<typeof recordEggDaySchema>;

/** Each row's outcome, in the order sent: its record as it now stands, or why it failed. */
export const eggDayResultSchema = z.object({
  results: z.array(
    z.object({
      flock_id: z.number(),
      status: z.enum(EGG_DAY_ROW_STATUSES),
      record: z.nullable(dayRecordSchema),
      message: z.optional(z.string()),
    }),
  ),
});
export type EggDayResult = z.infer<typeof eggDayResultSchema>;
