/** A flock's and the farm's economics on the wire (decision 071): the query and the answers. */
import { z } from 'zod/mini';
import { dayField, idField } from './common/fields.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { economicsWords } from './economics-rules.js';
import { BREEDS } from './flocks-rules.js';
import { flockMessages } from './flock-messages.js';

ensureEnglishMessages();

// dayField takes plain text, as reports.ts's days do: the server says it in the request's language.
const day = z.optional(dayField(economicsWords.dateInvalid, economicsWords.dateInvalid));

export const flockEconomicsParamsSchema = z.object({ flockId: idField(flockMessages.notFound) });

/** `?start_date&end_date`: both optional, this month up to today by default. */
export const economicsQuerySchema = z.object({
  start_date: day,
  end_date: day,
});
export type EconomicsQuery = z.infer<typeof economicsQuerySchema>;

const figure = z.nullable(z.number());

export const layerFiguresSchema = z.object({
  hen_day_percent: figure,
  eggs_per_day: figure,
  trays_per_day: figure,
  feed_per_bird_day_grams: figure,
  feed_per_tray_kg: figure,
  feed_cost_per_tray_cents: figure,
  cost_per_tray_cents: figure,
  price_per_tray_cents: figure,
  margin_per_tray_cents: figure,
});

export const broilerFiguresSchema = z.object({
  mortality_percent: figure,
  average_weight_kg: figure,
  live_weight_kg: figure,
  feed_conversion_ratio: figure,
  production_efficiency: figure,
  cost_per_kg_cents: figure,
  revenue_per_kg_cents: figure,
  /** The batch's sales over its life, and them less its feed and other costs (decision 072). */
  sales_cents: z.number(),
  profit_cents: figure,
});

/** What the figures are from: the records of the range. */
const recordCounts = {
  feed_records: z.number(),
  egg_records: z.number(),
  weighings: z.number(),
  /** Feed given in the range, kg (null when an item's unit weight is unknown) and its cost. */
  feed_kg: figure,
  feed_cost_cents: z.number(),
};

export const flockEconomicsSchema = z.object({
  flock_id: z.number(),
  flock_name: z.string(),
  breed: z.enum(BREEDS),
  kind: z.enum(['layers', 'broilers']),
  start_date: z.string(),
  end_date: z.string(),
  /** Days of the range the flock was on the farm. */
  days: z.number(),
  ...recordCounts,
  layers: z.nullable(layerFiguresSchema),
  broilers: z.nullable(broilerFiguresSchema),
});
export type FlockEconomics = z.infer<typeof flockEconomicsSchema>;

/** The farm's: each flock's figures, and the laying flocks' together. */
export const farmEconomicsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  flocks: z.array(flockEconomicsSchema),
  ...recordCounts,
  layers: z.nullable(layerFiguresSchema),
});
export type FarmEconomics = z.infer<typeof farmEconomicsSchema>;
