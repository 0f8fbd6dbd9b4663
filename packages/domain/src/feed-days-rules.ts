/**
 * How many days the feed in the store lasts (decision 074): the store's feed in kg ÷ the farm's
 * average daily use over its last days of feed records. The server sums the store and the records
 * in SQL; this rule turns the sums into the figure, so every screen says the same. Without words or
 * zod: the dashboard's lazily loaded card reads its words from economics-summary-words.ts.
 */
import { shiftDay } from './common/dates.js';

/** The days of feed records the average daily use is read over: today and the 6 before. */
export const FEED_USE_WINDOW_DAYS = 7;

/** Fewer days left than this warns: about the week a delivery of feed takes to arrange. */
export const FEED_DAYS_LOW = 7;

/** What the figure waits for, so the screen says what to record. */
export const FEED_DAYS_MISSING = ['feed_items', 'use', 'weight'] as const;
export type FeedDaysMissing = (typeof FEED_DAYS_MISSING)[number];

/**
 * The days the average is read over: the window's, from its first day or from the farm's first feed
 * record ever if that came later (a farm that began recording feed 3 days ago has 3 days of use, not
 * 7). `firstRecordDay` null: the farm has never recorded feed.
 */
export function feedUseWindow(today: string, firstRecordDay: string | null): { start: string; days: number } {
  const start = shiftDay(today, -(FEED_USE_WINDOW_DAYS - 1));
  if (firstRecordDay === null || firstRecordDay <= start) return { start, days: FEED_USE_WINDOW_DAYS };
  if (firstRecordDay > today) return { start: today, days: 1 };
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${firstRecordDay}T00:00:00Z`)) / 86_400_000) + 1;
  return { start: firstRecordDay, days };
}

/** The farm's sums, each from SQL. */
export interface FeedDaysSums {
  /** The farm's items of kind feed. */
  feedItems: number;
  /** The feed in the store in kg (an item in kg its quantity, else quantity × one unit's weight); null when an item in stock has no weight. */
  storeKg: number | null;
  /** Feed records in the window. */
  records: number;
  /** Feed given in the window in kg; null when a record's item has no weight. */
  usedKg: number | null;
  /** The window's days (feedUseWindow). */
  days: number;
}

export interface FeedDays {
  /** The average daily use, kg with one decimal; null without use or a weight. */
  kgPerDay: number | null;
  /** Whole days the store lasts at that use, rounded down (a farmer orders on the day it says); null where kgPerDay is. */
  daysLeft: number | null;
  /** Fewer than FEED_DAYS_LOW days left. */
  low: boolean;
  /** What to record for a figure, or null when it is shown. */
  missing: FeedDaysMissing | null;
}

/**
 * Days of feed left = store kg ÷ (kg given in the window ÷ the window's days). Never 0 or infinity
 * for records that are missing: no feed items, no feed given in the window, or a weight unknown
 * give null and what is missing. An empty store with feed given is 0 days, and low.
 */
export function feedDaysLeft(sums: FeedDaysSums): FeedDays {
  const none = (missing: FeedDaysMissing): FeedDays => ({ kgPerDay: null, daysLeft: null, low: false, missing });
  if (sums.feedItems === 0) return none('feed_items');
  if (sums.records === 0 || sums.days <= 0) return none('use');
  if (sums.usedKg === null || sums.storeKg === null) return none('weight');
  if (sums.usedKg <= 0) return none('use');
  const perDay = sums.usedKg / sums.days;
  const daysLeft = Math.floor(Math.max(0, sums.storeKg) / perDay + 1e-9);
  return { kgPerDay: Math.round(perDay * 10) / 10, daysLeft, low: daysLeft < FEED_DAYS_LOW, missing: null };
}
