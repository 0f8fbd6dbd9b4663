import { describe, expect, it } from 'vitest';
import {
  ALERTING_BREEDS,
  belowGuide,
  BREED_GUIDE_OF,
  BREED_GUIDES,
  breedGuideOf,
  broilerGuideAt,
  layerGuideAt,
  layerWeekFigures,
  type GuideWeek,
} from './breed-guides.js';
import { BREEDS } from './flocks-rules.js';

// Decision 073: the guides' tables, read by week (layers) or day (broilers) of age, and the rule
// that tells a flock it fell below its guide, on hand-worked weeks.

const hyLine = BREED_GUIDES['hy-line-brown'];
const cobb = BREED_GUIDES['cobb-500'];

describe('the guides', () => {
  it('maps every breed to a guide of its kind', () => {
    for (const breed of BREEDS) {
      const guide = breedGuideOf(breed);
      expect(guide?.kind, breed).toBe(breed === 'Broilers' ? 'broilers' : 'layers');
    }
    expect(BREED_GUIDE_OF.Layers).toBe('hy-line-brown');
    // The indigenous breeds' guides are rough: shown, never told.
    expect(ALERTING_BREEDS).toEqual(['Layers', 'Broilers']);
  });

  it('lists each table in rising order of age, laying peaks at 93-95 % between 25 and 30 weeks', () => {
    for (const guide of Object.values(BREED_GUIDES)) {
      const ages = guide.rows.map((row) => row[0]);
      expect(ages, guide.id).toEqual([...ages].sort((a, b) => a - b));
      expect(new Set(ages).size, guide.id).toBe(ages.length);
    }
    const peak = Math.max(...hyLine.rows.map((row) => (row[1] as number | null) ?? 0));
    expect(peak).toBeGreaterThanOrEqual(93);
    expect(peak).toBeLessThanOrEqual(95);
    expect(hyLine.rows.find((row) => row[1] === peak)?.[0]).toBeGreaterThanOrEqual(25);
  });
});

describe('layerGuideAt', () => {
  it.each([
    // A listed week as listed.
    [30, { henDayPercent: 95, feedGrams: 113 }],
    [18, { henDayPercent: 8, feedGrams: 88 }],
    // Before lay: no hen-day, the rearing feed.
    [10, { henDayPercent: null, feedGrams: 54 }],
    // Between rows on a straight line: 95 → 94 over weeks 30-35, 2/5 of the way at 32 (94.6 → 95).
    [32, { henDayPercent: 95, feedGrams: 113 }],
    // 89 → 86 over weeks 50-60: 87.5 at 55, rounded to 88.
    [55, { henDayPercent: 88, feedGrams: 113 }],
  ])('week %i', (week, expected) => {
    expect(layerGuideAt(hyLine, week)).toEqual(expected);
  });

  it('answers null outside its table and for a broiler guide', () => {
    expect(layerGuideAt(hyLine, 0)).toBeNull();
    expect(layerGuideAt(hyLine, 91)).toBeNull();
    expect(layerGuideAt(cobb, 30)).toBeNull();
  });
});

describe('broilerGuideAt', () => {
  it('reads the weight and the FCR as Kuku reads a batch’s (feed ÷ weight gained)', () => {
    // Day 35: 2,190 g; feed to date 1.53 × 2,190 = 3,350.7 g over 2,148 g gained = 1.56.
    expect(broilerGuideAt(cobb, 35)).toEqual({ weightKg: 2.19, feedConversionRatio: 1.56 });
    // Day 31, 3/7 of the way from 1,520 to 2,190 g: 1,807.1 g; FCR 1.41 + 3/7 × 0.12 = 1.4614;
    // feed 2,641.0 g ÷ 1,765.1 g gained = 1.50.
    expect(broilerGuideAt(cobb, 31)).toEqual({ weightKg: 1.807, feedConversionRatio: 1.5 });
    // A day-old: no FCR yet; past the table: null.
    expect(broilerGuideAt(cobb, 0)).toEqual({ weightKg: 0.042, feedConversionRatio: null });
    expect(broilerGuideAt(cobb, 57)).toBeNull();
    expect(broilerGuideAt(hyLine, 35)).toBeNull();
  });
});

describe('layerWeekFigures', () => {
  it('reads hen-day over the days recorded and feed over every day, null where missing', () => {
    // 5 days recorded of 500 hens (2,500 hen-days), 1,700 eggs: 68 %; 7 × 500 = 3,500 hen-days, 420 kg: 120 g.
    expect(layerWeekFigures({ eggs: 1_700, eggDays: 5, eggHenDays: 2_500, henDays: 3_500, feedRecords: 3, feedKg: 420 })).toEqual({ henDayPercent: 68, feedGrams: 120 });
    expect(layerWeekFigures({ eggs: 0, eggDays: 7, eggHenDays: 3_500, henDays: 3_500, feedRecords: 0, feedKg: 0 })).toEqual({ henDayPercent: 0, feedGrams: null });
    expect(layerWeekFigures({ eggs: 0, eggDays: 0, eggHenDays: 0, henDays: 3_500, feedRecords: 2, feedKg: null })).toEqual({ henDayPercent: null, feedGrams: null });
  });
});

const week = (over: Partial<GuideWeek>): GuideWeek => ({
  week: 30,
  days: 7,
  eggDays: 7,
  henDayPercent: 90,
  guideHenDayPercent: 95,
  weighings: 0,
  weighedAtDay: null,
  averageWeightKg: null,
  guideWeightKg: null,
  ...over,
});

describe('belowGuide', () => {
  it('tells a laying flock more than 10 points under its guide, with eggs recorded on 5 days or more', () => {
    // 68 % against 88 %: 20 points under.
    expect(belowGuide(hyLine, week({ henDayPercent: 68, guideHenDayPercent: 88, eggDays: 5 }))).toEqual({
      kind: 'layers',
      week: 30,
      henDayPercent: 68,
      guideHenDayPercent: 88,
    });
    // 10 points under is the margin itself: not told.
    expect(belowGuide(hyLine, week({ henDayPercent: 85, guideHenDayPercent: 95 }))).toBeNull();
    expect(belowGuide(hyLine, week({ henDayPercent: 84.9, guideHenDayPercent: 95 }))?.kind).toBe('layers');
  });

  it('waits for enough records, a full week, a flock past the point of lay and a guide that tells', () => {
    const low = { henDayPercent: 50, guideHenDayPercent: 95 };
    expect(belowGuide(hyLine, week({ ...low, eggDays: 4 }))).toBeNull();
    expect(belowGuide(hyLine, week({ ...low, days: 6 }))).toBeNull();
    expect(belowGuide(hyLine, week({ ...low, week: 21 }))).toBeNull();
    expect(belowGuide(hyLine, week({ henDayPercent: null, guideHenDayPercent: 95 }))).toBeNull();
    expect(belowGuide(BREED_GUIDES['kalro-improved-kienyeji'], week({ henDayPercent: 20, guideHenDayPercent: 68 }))).toBeNull();
    expect(belowGuide(null, week(low))).toBeNull();
  });

  it('tells a broiler batch weighed more than 15 % under its guide that week', () => {
    const weighed = { week: 5, weighings: 1, weighedAtDay: 35, guideWeightKg: 2.19 };
    // 1.6 kg against 2.19 kg: 27 % under.
    expect(belowGuide(cobb, week({ ...weighed, averageWeightKg: 1.6 }))).toEqual({ kind: 'broilers', week: 5, day: 35, averageWeightKg: 1.6, guideWeightKg: 2.19 });
    // 85 % of 2.19 kg is 1.8615 kg: 1.87 kg is within the margin.
    expect(belowGuide(cobb, week({ ...weighed, averageWeightKg: 1.87 }))).toBeNull();
    // Not weighed that week, or a chick's first days.
    expect(belowGuide(cobb, week({ ...weighed, weighings: 0, weighedAtDay: null, averageWeightKg: null }))).toBeNull();
    expect(belowGuide(cobb, week({ week: 0, weighings: 1, weighedAtDay: 5, averageWeightKg: 0.05, guideWeightKg: 0.144 }))).toBeNull();
  });
});
