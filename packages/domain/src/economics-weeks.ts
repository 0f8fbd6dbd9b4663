/** A flock's weeks against its breed guide on the wire (decision 073): the query and the answer. */
import { z } from 'zod/mini';
import { BREED_GUIDE_IDS, GUIDE_WEEKS_DEFAULT, GUIDE_WEEKS_MAX } from './breed-guides.js';
import { breedGuideWords } from './breed-guide-words.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { BREEDS } from './flocks-rules.js';

ensureEnglishMessages();

/** `?weeks=`: how many of the flock's latest weeks, 12 by default, at most 52. */
export const economicsWeeksQuerySchema = z.object({
  weeks: z._default(
    z.coerce
      .number({ error: breedGuideWords.weeksInvalid })
      .check(z.int(breedGuideWords.weeksInvalid), z.gte(1, breedGuideWords.weeksInvalid), z.lte(GUIDE_WEEKS_MAX, breedGuideWords.weeksInvalid)),
    GUIDE_WEEKS_DEFAULT,
  ),
});
export type EconomicsWeeksQuery = z.infer<typeof economicsWeeksQuerySchema>;

const figure = z.nullable(z.number());

/** One week of the flock's life: its figures (null where the records are missing) beside the guide's. */
export const economicsWeekSchema = z.object({
  /** Week of age, as currentAgeWeeks counts it. */
  week: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  /** Days of the week the flock was on the farm, up to today: 7 for a full week. */
  days: z.number(),
  egg_days: z.number(),
  hen_day_percent: figure,
  guide_hen_day_percent: figure,
  feed_per_bird_day_grams: figure,
  guide_feed_per_bird_day_grams: figure,
  weighings: z.number(),
  /** The age in days the figures below are read at: the week's latest weighing, else its last day. */
  age_days: z.number(),
  average_weight_kg: figure,
  guide_weight_kg: figure,
  feed_conversion_ratio: figure,
  guide_feed_conversion_ratio: figure,
});
export type EconomicsWeek = z.infer<typeof economicsWeekSchema>;

export const economicsWeeksSchema = z.object({
  flock_id: z.number(),
  flock_name: z.string(),
  breed: z.enum(BREEDS),
  kind: z.enum(['layers', 'broilers']),
  /** The breed's guide (decision 073), or null. */
  guide: z.nullable(z.enum(BREED_GUIDE_IDS)),
  /** Oldest first, the current (maybe partial) week last. */
  weeks: z.array(economicsWeekSchema),
});
export type EconomicsWeeks = z.infer<typeof economicsWeeksSchema>;
