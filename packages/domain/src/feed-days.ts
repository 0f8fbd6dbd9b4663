/** The farm's feed days left on the wire (decision 074): GET /api/feed/days-left. */
import { z } from 'zod/mini';
import { FEED_DAYS_MISSING } from './feed-days-rules.js';

const figure = z.nullable(z.number());

export const feedDaysSchema = z.object({
  /** The farm's today, 'YYYY-MM-DD', the window's last day. */
  today: z.string(),
  /** The window's first day and its days (feedUseWindow): the average daily use is read over them. */
  window_start: z.string(),
  window_days: z.number(),
  /** The farm's items of kind feed. */
  feed_items: z.number(),
  /** Feed in the store, kg; null when an item in stock has no weight of one unit. */
  store_kg: figure,
  /** Feed records of the window and the kg they gave (null when an item's weight is unknown). */
  feed_records: z.number(),
  used_kg: figure,
  /** The average daily use, kg with one decimal. */
  kg_per_day: figure,
  /** Whole days the store lasts at that use; null (shown '—') where the records are missing. */
  days_left: figure,
  /** Fewer than FEED_DAYS_LOW days left. */
  low: z.boolean(),
  /** What to record for the figure, or null when it is shown. */
  missing: z.nullable(z.enum(FEED_DAYS_MISSING)),
  /** The feed items whose weight of one unit is missing (in stock or given in the window), by name, at most 3. */
  unweighed_items: z.array(z.string()),
});
export type FeedDaysAnswer = z.infer<typeof feedDaysSchema>;
