/**
 * Breed guides as data (decision 073): what a flock of a breed should lay, eat or weigh at its age,
 * rounded from the published guide each table names, and the rule that says a flock fell below
 * its guide. No zod and no words (those are in breed-guide-words.ts): the server and the domain's
 * tests read these tables; a screen gets the guide's figures from the server beside the flock's.
 */
import { broilerFigures, DAY_OLD_CHICK_KG, type BroilerSums } from './economics-rules.js';
import type { Breed } from './flocks-rules.js';

/** The guides Kuku knows; decision 073 names the published source of each. */
export const BREED_GUIDE_IDS = ['hy-line-brown', 'kalro-improved-kienyeji', 'free-range-kienyeji', 'cobb-500'] as const;
export type BreedGuideId = (typeof BREED_GUIDE_IDS)[number];

/** A laying breed's week of age: hen-day % (null before it lays) and feed a bird a day in grams. */
export type LayerGuideRow = readonly [week: number, henDayPercent: number | null, feedGrams: number];
/** A broiler's day of age: body weight in grams and the cumulative feed conversion ratio (feed ÷ body weight). */
export type BroilerGuideRow = readonly [day: number, weightGrams: number, fcr: number | null];

export type BreedGuide =
  | {
      id: BreedGuideId;
      kind: 'layers';
      rows: readonly LayerGuideRow[];
      /**
       * The week of age from which a flock laying below its guide is told (null: never). Before
       * it, a flock coming into lay a week later than the guide's would read far below it.
       */
      alertFromWeek: number | null;
    }
  | { id: BreedGuideId; kind: 'broilers'; rows: readonly BroilerGuideRow[]; alertFromDay: number | null };

/**
 * Hy-Line Brown commercial layers (management guide's performance tables), mid-range, rounded to
 * whole % and grams; the rearing weeks' feed and the decline past 50 weeks are the least sure
 * (decision 073). Weeks of age as currentAgeWeeks counts them.
 */
const HY_LINE_BROWN: readonly LayerGuideRow[] = [
  [1, null, 14], [2, null, 19], [3, null, 24], [4, null, 28], [5, null, 35], [6, null, 39], [7, null, 42], [8, null, 46],
  [9, null, 50], [10, null, 54], [11, null, 59], [12, null, 63], [13, null, 67], [14, null, 70], [15, null, 72], [16, null, 75],
  [17, null, 80], [18, 8, 88], [19, 30, 92], [20, 58, 96], [21, 78, 100], [22, 88, 103], [23, 91, 106], [24, 93, 109],
  [25, 94, 111], [26, 95, 112], [30, 95, 113], [35, 94, 113], [40, 92, 113], [45, 91, 113], [50, 89, 113], [60, 86, 113],
  [70, 82, 113], [80, 78, 113], [90, 73, 113],
];

/**
 * KALRO improved indigenous chicken (improved kienyeji) under semi-intensive keeping, from the
 * Kenyan extension figures (first eggs at about 21-22 weeks, 220-280 eggs a year, about 110 g of
 * feed a laying bird a day). Unsure throughout: shown on the chart, never a notification.
 */
const KALRO_IMPROVED_KIENYEJI: readonly LayerGuideRow[] = [
  [1, null, 12], [4, null, 25], [8, null, 45], [12, null, 60], [16, null, 75], [20, null, 90], [21, 10, 95], [22, 25, 100],
  [24, 50, 110], [26, 60, 110], [28, 65, 110], [30, 68, 110], [40, 65, 110], [50, 60, 110], [60, 55, 110], [72, 50, 110],
];

/**
 * Indigenous chicken on free range with a supplement (Kenyan extension figures: first eggs at
 * about 24-26 weeks, laying in clutches, about 100 eggs a year when fed a supplement of 50-70 g).
 * The least sure of the tables: shown on the chart, never a notification.
 */
const FREE_RANGE_KIENYEJI: readonly LayerGuideRow[] = [
  [1, null, 10], [4, null, 20], [8, null, 35], [12, null, 45], [16, null, 50], [20, null, 55], [24, null, 60], [26, 10, 60],
  [28, 25, 60], [30, 35, 60], [45, 35, 60], [60, 30, 60], [72, 25, 60],
];

/**
 * Cobb 500 broiler performance objectives (as hatched), rounded to 10 g and 0.01 of FCR; the
 * 56-day row is the least sure (decision 073).
 */
const COBB_500: readonly BroilerGuideRow[] = [
  [0, 42, null], [7, 185, 0.9], [14, 465, 1.08], [21, 940, 1.26], [28, 1_520, 1.41], [35, 2_190, 1.53], [42, 2_860, 1.65],
  [49, 3_490, 1.77], [56, 4_050, 1.89],
];

export const BREED_GUIDES: Record<BreedGuideId, BreedGuide> = {
  'hy-line-brown': { id: 'hy-line-brown', kind: 'layers', rows: HY_LINE_BROWN, alertFromWeek: 24 },
  'kalro-improved-kienyeji': { id: 'kalro-improved-kienyeji', kind: 'layers', rows: KALRO_IMPROVED_KIENYEJI, alertFromWeek: null },
  'free-range-kienyeji': { id: 'free-range-kienyeji', kind: 'layers', rows: FREE_RANGE_KIENYEJI, alertFromWeek: null },
  'cobb-500': { id: 'cobb-500', kind: 'broilers', rows: COBB_500, alertFromDay: 7 },
};

/** Each breed's guide (docs/product.md §9 Breeds). */
export const BREED_GUIDE_OF: Record<Breed, BreedGuideId | null> = {
  Layers: 'hy-line-brown',
  'Improved Free Range': 'kalro-improved-kienyeji',
  'Free Range': 'free-range-kienyeji',
  Broilers: 'cobb-500',
};

export function breedGuideOf(breed: Breed): BreedGuide | null {
  const id = BREED_GUIDE_OF[breed];
  return id === null ? null : BREED_GUIDES[id];
}

/** The breeds whose guide tells a flock that falls below it (the server's job reads only these). */
export const ALERTING_BREEDS: readonly Breed[] = (Object.keys(BREED_GUIDE_OF) as Breed[]).filter((breed) => {
  const guide = breedGuideOf(breed);
  return guide !== null && (guide.kind === 'layers' ? guide.alertFromWeek !== null : guide.alertFromDay !== null);
});

/** The value at `x` on the line through the table's rows (each row's x first), or null outside it or next to a null. */
function along<Row extends readonly (number | null)[]>(rows: readonly Row[], x: number, column: number): number | null {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Row;
    const at = row[0] as number;
    if (at === x) return row[column] ?? null;
    if (at > x) {
      const before = rows[i - 1];
      if (!before) return null;
      const [from, to] = [before[column], row[column]];
      if (from === null || from === undefined || to === null || to === undefined) return null;
      const start = before[0] as number;
      return from + ((to - from) * (x - start)) / (at - start);
    }
  }
  return null;
}

export interface LayerGuideFigures {
  henDayPercent: number | null;
  feedGrams: number | null;
}

/** A laying guide at a week of age: whole % and grams, between its rows on a straight line; null outside its table. */
export function layerGuideAt(guide: BreedGuide, week: number): LayerGuideFigures | null {
  if (guide.kind !== 'layers') return null;
  const henDay = along(guide.rows, week, 1);
  const feed = along(guide.rows, week, 2);
  if (henDay === null && feed === null) return null;
  return { henDayPercent: henDay === null ? null : Math.round(henDay), feedGrams: feed === null ? null : Math.round(feed) };
}

export interface BroilerGuideFigures {
  /** Body weight, kg to the gram. */
  weightKg: number;
  /**
   * The guide's FCR as Kuku reads a batch's (decision 071): its feed to date ÷ the weight gained
   * since a day-old chick's, so the two lines compare like with like (null before day 7).
   */
  feedConversionRatio: number | null;
}

/** A broiler guide at a day of age, between its rows on a straight line; null outside its table. */
export function broilerGuideAt(guide: BreedGuide, day: number): BroilerGuideFigures | null {
  if (guide.kind !== 'broilers') return null;
  const weight = along(guide.rows, day, 1);
  if (weight === null) return null;
  const fcr = along(guide.rows, day, 2);
  // The guide's feed a bird to date (its FCR is feed ÷ body weight) over the gain Kuku divides by.
  const gained = weight - DAY_OLD_CHICK_KG * 1000;
  return {
    weightKg: Math.round(weight) / 1000,
    feedConversionRatio: fcr === null || gained <= 0 ? null : Math.round(((fcr * weight) / gained) * 100) / 100,
  };
}

/** How far under its guide a flock falls before it is told (decision 073). */
export const BELOW_GUIDE_HEN_DAY_POINTS = 10;
export const BELOW_GUIDE_WEIGHT_PERCENT = 15;
/** A laying week is judged only with eggs recorded on this many of its 7 days. */
export const GUIDE_WEEK_EGG_DAYS_MIN = 5;

/** The weeks a flock's chart shows by default, and at most. */
export const GUIDE_WEEKS_DEFAULT = 12;
export const GUIDE_WEEKS_MAX = 52;

/** A laying flock's sums over one week of its life, from SQL. */
export interface LayerWeekSums {
  eggs: number;
  /** Days of the week with an egg record, and the hens present on those days summed. */
  eggDays: number;
  eggHenDays: number;
  /** The hens present on each of the week's days (on the farm), summed. */
  henDays: number;
  feedRecords: number;
  /** Feed given in the week, kg (null when an item's unit weight is unknown). */
  feedKg: number | null;
}

/**
 * A laying week's hen-day % (eggs ÷ the hens on the days eggs were recorded, so a day not
 * recorded is not read as a day without eggs; one decimal) and feed a bird a day (whole grams).
 * Null where the records are missing, never 0.
 */
export function layerWeekFigures(sums: LayerWeekSums): { henDayPercent: number | null; feedGrams: number | null } {
  const henDay = sums.eggDays > 0 && sums.eggHenDays > 0 ? Math.round((sums.eggs * 1000) / sums.eggHenDays) / 10 : null;
  const feed = sums.feedRecords > 0 && sums.feedKg !== null && sums.henDays > 0 ? Math.round((sums.feedKg * 1000) / sums.henDays) : null;
  return { henDayPercent: henDay, feedGrams: feed };
}

/** A broiler week's average weight and FCR to date, as the flock's figures work them out (economics-rules.ts). */
export function broilerWeekFigures(sums: BroilerSums): { averageWeightKg: number | null; feedConversionRatio: number | null } {
  const figures = broilerFigures(sums);
  return { averageWeightKg: figures.averageWeightKg, feedConversionRatio: figures.feedConversionRatio };
}

/** One week of a flock's life beside its guide, as the weekly series answers it. */
export interface GuideWeek {
  /** Week of age (as currentAgeWeeks counts it). */
  week: number;
  /** Days of the week the flock was on the farm, up to today (7 for a full week). */
  days: number;
  eggDays: number;
  henDayPercent: number | null;
  guideHenDayPercent: number | null;
  weighings: number;
  /** Age in days at the week's latest weighing (null without one). */
  weighedAtDay: number | null;
  averageWeightKg: number | null;
  guideWeightKg: number | null;
}

export type BelowGuide =
  | { kind: 'layers'; week: number; henDayPercent: number; guideHenDayPercent: number }
  | { kind: 'broilers'; week: number; day: number; averageWeightKg: number; guideWeightKg: number };

/**
 * Whether a full week of a flock's life fell below its guide by more than the margin: a laying
 * flock BELOW_GUIDE_HEN_DAY_POINTS under the guide's hen-day % with eggs recorded on at least
 * GUIDE_WEEK_EGG_DAYS_MIN days; a broiler batch weighed that week BELOW_GUIDE_WEIGHT_PERCENT under
 * the guide's weight at the day weighed. Null otherwise, and for a guide that does not tell.
 */
export function belowGuide(guide: BreedGuide | null, week: GuideWeek): BelowGuide | null {
  if (!guide || week.days < 7) return null;
  if (guide.kind === 'layers') {
    const { henDayPercent: laid, guideHenDayPercent: expected } = week;
    if (guide.alertFromWeek === null || week.week < guide.alertFromWeek || week.eggDays < GUIDE_WEEK_EGG_DAYS_MIN) return null;
    if (laid === null || expected === null || laid >= expected - BELOW_GUIDE_HEN_DAY_POINTS) return null;
    return { kind: 'layers', week: week.week, henDayPercent: laid, guideHenDayPercent: expected };
  }
  const { averageWeightKg: weight, guideWeightKg: expected, weighedAtDay: day } = week;
  if (guide.alertFromDay === null || week.weighings === 0 || day === null || day < guide.alertFromDay) return null;
  if (weight === null || expected === null || weight >= expected * (1 - BELOW_GUIDE_WEIGHT_PERCENT / 100)) return null;
  return { kind: 'broilers', week: week.week, day, averageWeightKg: weight, guideWeightKg: expected };
}
