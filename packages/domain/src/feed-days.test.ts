import { describe, expect, it } from 'vitest';
import { economicsSummaryWords } from './economics-summary-words.js';
import { FEED_DAYS_LOW, FEED_USE_WINDOW_DAYS, feedDaysLeft, feedUseWindow, type FeedDaysSums } from './feed-days-rules.js';
import { feedDaysSchema } from './feed-days.js';

/** Decision 074: the store's feed kg ÷ the average daily use of the last 7 days, worked by hand. */
const sums = (over: Partial<FeedDaysSums> = {}): FeedDaysSums => ({ feedItems: 2, storeKg: 700, records: 14, usedKg: 980, days: 7, ...over });

describe('feedUseWindow', () => {
  it('reads today and the 6 days before', () => {
    expect(FEED_USE_WINDOW_DAYS).toBe(7);
    expect(feedUseWindow('2026-03-07', '2025-01-01')).toEqual({ start: '2026-03-01', days: 7 });
    expect(feedUseWindow('2026-03-07', null)).toEqual({ start: '2026-03-01', days: 7 });
    // Across a month's end.
    expect(feedUseWindow('2026-03-03', '2026-02-01')).toEqual({ start: '2026-02-25', days: 7 });
  });

  it('starts at the farm’s first feed record when that came inside the window', () => {
    expect(feedUseWindow('2026-03-07', '2026-03-05')).toEqual({ start: '2026-03-05', days: 3 });
    expect(feedUseWindow('2026-03-07', '2026-03-07')).toEqual({ start: '2026-03-07', days: 1 });
    expect(feedUseWindow('2026-03-07', '2026-03-01')).toEqual({ start: '2026-03-01', days: 7 });
  });
});

describe('feedDaysLeft', () => {
  it('divides the store by the average day: 10 bags of 70 kg against 14 bags in 7 days is 5 days, low', () => {
    // 980 kg ÷ 7 days = 140 kg a day; 700 kg ÷ 140 = 5 days.
    expect(feedDaysLeft(sums())).toEqual({ kgPerDay: 140, daysLeft: 5, low: true, missing: null });
  });

  it('rounds the days down and the kg a day to one decimal', () => {
    // 1,000 kg a week = 142.857 kg a day; 2,450 kg lasts 17.15 days: 17.
    expect(feedDaysLeft(sums({ storeKg: 2_450, usedKg: 1_000 }))).toEqual({ kgPerDay: 142.9, daysLeft: 17, low: false, missing: null });
    // 6.99 days is still under a week.
    expect(feedDaysLeft(sums({ storeKg: 139.8, usedKg: 140 })).daysLeft).toBe(6);
  });

  it(`warns under ${FEED_DAYS_LOW} days, not at it`, () => {
    expect(FEED_DAYS_LOW).toBe(7);
    // 140 kg a week is 20 kg a day: 140 kg is 7 days, 139 kg 6.
    expect(feedDaysLeft(sums({ storeKg: 140, usedKg: 140 }))).toMatchObject({ daysLeft: 7, low: false });
    expect(feedDaysLeft(sums({ storeKg: 139, usedKg: 140 }))).toMatchObject({ daysLeft: 6, low: true });
  });

  it('averages over the days since the first record when the farm began recording this week', () => {
    // 3 days of 50 kg: 50 kg a day, 400 kg lasts 8 days (over 7 days it would read 18).
    expect(feedDaysLeft(sums({ storeKg: 400, usedKg: 150, days: 3, records: 3 }))).toMatchObject({ kgPerDay: 50, daysLeft: 8, low: false });
  });

  it('says 0 days, low, for an empty store that was feeding', () => {
    expect(feedDaysLeft(sums({ storeKg: 0 }))).toEqual({ kgPerDay: 140, daysLeft: 0, low: true, missing: null });
  });

  it('is null (—), never 0 or infinity, where the records are missing, and says what to record', () => {
    const none = (missing: string) => ({ kgPerDay: null, daysLeft: null, low: false, missing });
    expect(feedDaysLeft(sums({ feedItems: 0, storeKg: 0, records: 0, usedKg: 0 }))).toEqual(none('feed_items'));
    expect(feedDaysLeft(sums({ records: 0, usedKg: 0 }))).toEqual(none('use'));
    expect(feedDaysLeft(sums({ usedKg: null }))).toEqual(none('weight'));
    expect(feedDaysLeft(sums({ storeKg: null }))).toEqual(none('weight'));
    // No use and no weight: feed given is what to record first.
    expect(feedDaysLeft(sums({ storeKg: null, records: 0, usedKg: 0 }))).toEqual(none('use'));
  });
});

describe('the answer and its words', () => {
  it('parses the wire answer', () => {
    const answer = {
      today: '2026-03-07',
      window_start: '2026-03-01',
      window_days: 7,
      feed_items: 2,
      store_kg: 700,
      feed_records: 14,
      used_kg: 980,
      kg_per_day: 140,
      days_left: 5,
      low: true,
      missing: null,
      unweighed_items: [],
    };
    expect(feedDaysSchema.parse(answer)).toEqual(answer);
    expect(feedDaysSchema.safeParse({ ...answer, missing: 'eggs' }).success).toBe(false);
  });

  it('writes the figure and the hints', () => {
    const w = economicsSummaryWords;
    expect(w.days(1)).toBe('1 day');
    expect(w.days(1_200)).toBe('1,200 days');
    expect(w.storeAndUse(1_240.5, 103.5, 7)).toBe('1,240.5 kg in the store; 103.5 kg a day given over the last 7 days.');
    expect(w.low(FEED_DAYS_LOW)).toBe('Under 7 days: order feed soon.');
    expect(w.noWeight('Layers mash')).toContain('one bag of Layers mash');
  });
});
