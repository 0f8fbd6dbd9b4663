/**
 * A flock's economics (decision 071): what a tray of eggs or a kilo of live broiler costs, from
 * the records the farm keeps. The server sums the records in SQL (hen-days, feed kg, costs…);
 * these rules turn the sums into the figures a farmer reads, so the server, its reports and the
 * screens say the same. A figure whose records are missing is null (shown '—', never 0).
 */
import { type Cents } from './common/money.js';
import { formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';
import { EGGS_PER_TRAY } from './eggs-rules.js';
import type { Breed } from './flocks-rules.js';

/** Broilers are weighed and sold by the kilo; every other breed lays and is read by the tray. */
export type EconomicsKind = 'layers' | 'broilers';
export const economicsKindOf = (breed: Breed): EconomicsKind => (breed === 'Broilers' ? 'broilers' : 'layers');

/** The longest range the figures are summed over (a flock's life rarely passes 2 years; a farm's history, 10). */
export const ECONOMICS_RANGE_MAX_DAYS = 3_660;

/** What is wrong with a range of days ('YYYY-MM-DD', both already read in the farm's zone), or null. */
export function economicsRangeProblem(start: string, end: string): string | null {
  if (start > end) return economicsWords.startAfterEnd;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
  return days > ECONOMICS_RANGE_MAX_DAYS ? economicsWords.rangeTooLong : null;
}

/** A day-old broiler chick's weight, the start of its gain (breeders' guides give 40-42 g). */
export const DAY_OLD_CHICK_KG = 0.042;

/**
 * Below this hen-day production a flock is not yet (or no longer) in lay: its feed a tray would be
 * the feed of birds that do not lay over a handful of eggs (thousands of kg a tray), so the tray
 * figures wait for it.
 */
export const IN_LAY_HEN_DAY_PERCENT = 5;

/** A layer flock's sums over a range: each from SQL over its records. */
export interface LayerSums {
  /** Eggs collected in the range. */
  eggs: number;
  /** Σ over the range's days of the hens present that day. */
  henDays: number;
  /** Days with an egg record. */
  eggRecords: number;
  /** Feed given in kg, from the feed records (null when an item's unit weight is unknown). */
  feedKg: number | null;
  /** What the feed given cost, at the store's cost when drawn. */
  feedCostCents: Cents;
  feedRecords: number;
  /** The flock's other costs in the range: its expenses but feed bought (counted once, decision 070). */
  otherCostCents: Cents;
  /** Eggs sold (crates × 30) and what they brought. */
  eggsSold: number;
  eggSalesCents: Cents;
}

export interface LayerFigures {
  /** Eggs ÷ hen-days, in %, one decimal. */
  henDayPercent: number | null;
  eggsPerDay: number | null;
  traysPerDay: number | null;
  /** Feed a bird a day, in whole grams. */
  feedPerBirdDayGrams: number | null;
  /** Feed for one tray of 30 eggs, in kg with two decimals. */
  feedPerTrayKg: number | null;
  feedCostPerTrayCents: Cents | null;
  /** Feed and the flock's other costs, for one tray. */
  costPerTrayCents: Cents | null;
  /** What a tray sold for: egg sales ÷ trays sold. */
  pricePerTrayCents: Cents | null;
  /** Price less cost, a tray. */
  marginPerTrayCents: Cents | null;
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};
/** a ÷ b, or null when b is not a positive number. */
const per = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** The layer figures of `sums` over `days` days of the range. */
export function layerFigures(sums: LayerSums, days: number): LayerFigures {
  const trays = sums.eggs / EGGS_PER_TRAY;
  const laid = sums.eggRecords > 0 && sums.eggs > 0;
  const fed = sums.feedRecords > 0;
  const henDay = laid ? per(sums.eggs * 100, sums.henDays) : null;
  const inLay = henDay !== null && henDay >= IN_LAY_HEN_DAY_PERCENT;
  const feedPerBird = fed && sums.feedKg !== null ? per(sums.feedKg * 1000, sums.henDays) : null;
  const feedPerTray = fed && inLay && sums.feedKg !== null ? per(sums.feedKg, trays) : null;
  const feedCostPerTray = fed && inLay ? per(sums.feedCostCents, trays) : null;
  const costPerTray = feedCostPerTray === null ? null : feedCostPerTray + (per(sums.otherCostCents, trays) ?? 0);
  const pricePerTray = sums.eggsSold > 0 ? per(sums.eggSalesCents, sums.eggsSold / EGGS_PER_TRAY) : null;
  return {
    henDayPercent: henDay === null ? null : round(henDay, 1),
    eggsPerDay: laid ? round(per(sums.eggs, days) ?? 0, 1) : null,
    traysPerDay: laid ? round(per(trays, days) ?? 0, 1) : null,
    feedPerBirdDayGrams: feedPerBird === null ? null : Math.round(feedPerBird),
    feedPerTrayKg: feedPerTray === null ? null : round(feedPerTray, 2),
    feedCostPerTrayCents: feedCostPerTray === null ? null : Math.round(feedCostPerTray),
    costPerTrayCents: costPerTray === null ? null : Math.round(costPerTray),
    pricePerTrayCents: pricePerTray === null ? null : Math.round(pricePerTray),
    marginPerTrayCents: pricePerTray === null || costPerTray === null ? null : Math.round(pricePerTray) - Math.round(costPerTray),
  };
}

/** A broiler batch's sums over its life (or a range): each from SQL over its records. */
export interface BroilerSums {
  birdsPlaced: number;
  birdsAlive: number;
  deaths: number;
  birdsSold: number;
  /** The batch's age in days at the range's end (or at its sale). */
  ageDays: number;
  /** The latest weighing: birds weighed and their total kg (null without one). */
  weighing: { birds: number; totalKg: number } | null;
  /** Live birds sold by weight (decision 072): their kg, their birds and what they brought. */
  soldKg: number;
  soldWeighedBirds: number;
  birdSalesCents: Cents;
  /** Everything the batch sold (birds, manure…), for its profit or loss. */
  salesCents: Cents;
  feedKg: number | null;
  feedCostCents: Cents;
  feedRecords: number;
  otherCostCents: Cents;
}

export interface BroilerFigures {
  /** Deaths ÷ birds placed, in %, one decimal. */
  mortalityPercent: number | null;
  /** The latest weighing's average, in kg with three decimals. */
  averageWeightKg: number | null;
  /** Live weight now: the birds alive at the average weight, and what was sold, in kg. */
  liveWeightKg: number | null;
  /** Feed kg ÷ live weight gained kg (from day-old weight), two decimals. */
  feedConversionRatio: number | null;
  /** European production efficiency factor, whole. */
  productionEfficiency: number | null;
  /** Feed and the batch's other costs, for one kg of live weight. */
  costPerKgCents: Cents | null;
  /** Bird sales ÷ kg sold. */
  revenuePerKgCents: Cents | null;
  /** What the batch sold, and that less its feed and other costs: its profit (below 0, its loss). */
  salesCents: Cents;
  profitCents: Cents | null;
}

/** The broiler figures of `sums`. */
export function broilerFigures(sums: BroilerSums): BroilerFigures {
  const average = sums.weighing && sums.weighing.birds > 0 && sums.weighing.totalKg > 0 ? sums.weighing.totalKg / sums.weighing.birds : null;
  // Birds sold by weight count their weight; birds alive, and birds sold unweighed, the latest weighing's average.
  const soldUnweighed = Math.max(0, sums.birdsSold - sums.soldWeighedBirds);
  const liveKg =
    average === null
      ? sums.birdsAlive === 0 && soldUnweighed === 0 && sums.soldKg > 0
        ? sums.soldKg
        : null
      : (sums.birdsAlive + soldUnweighed) * average + sums.soldKg;
  const gainedKg = liveKg === null ? null : liveKg - sums.birdsPlaced * DAY_OLD_CHICK_KG;
  const fcr = sums.feedRecords > 0 && sums.feedKg !== null && gainedKg !== null ? per(sums.feedKg, gainedKg) : null;
  const livability = sums.birdsPlaced > 0 ? ((sums.birdsPlaced - sums.deaths) / sums.birdsPlaced) * 100 : null;
  // EPEF = livability % × average weight kg ÷ (age days × FCR) × 100; the weight of the birds sold
  // counts with the living when the batch is sold out.
  const endWeight = average ?? (liveKg !== null && sums.birdsSold > 0 ? liveKg / sums.birdsSold : null);
  const epef = livability !== null && endWeight !== null && fcr !== null && sums.ageDays > 0 ? (livability * endWeight * 100) / (sums.ageDays * fcr) : null;
  const costPerKg = sums.feedRecords > 0 && liveKg !== null ? per(sums.feedCostCents + sums.otherCostCents, liveKg) : null;
  return {
    mortalityPercent: sums.birdsPlaced > 0 ? round((sums.deaths / sums.birdsPlaced) * 100, 1) : null,
    averageWeightKg: average === null ? null : round(average, 3),
    liveWeightKg: liveKg === null ? null : round(liveKg, 1),
    feedConversionRatio: fcr === null ? null : round(fcr, 2),
    productionEfficiency: epef === null ? null : Math.round(epef),
    costPerKgCents: costPerKg === null ? null : Math.round(costPerKg),
    revenuePerKgCents: sums.soldKg > 0 ? Math.round(sums.birdSalesCents / sums.soldKg) : null,
    salesCents: sums.salesCents,
    profitCents: sums.feedRecords > 0 ? sums.salesCents - sums.feedCostCents - sums.otherCostCents : null,
  };
}

export const economicsWords = words(
  'economics',
  {
    title: 'Feed and cost',
    thisMonth: 'This month',
    flockLife: 'Since the flock came',
    henDay: 'Hen-day production',
    eggsPerDay: 'Eggs a day',
    traysPerDay: 'Trays a day',
    feedPerBirdDay: 'Feed a bird a day',
    feedPerTray: 'Feed a tray',
    feedCostPerTray: 'Feed cost a tray',
    costPerTray: 'All costs a tray',
    pricePerTray: 'Price a tray',
    marginPerTray: 'Margin a tray',
    mortality: 'Mortality',
    averageWeight: 'Average weight',
    liveWeight: 'Live weight',
    feedConversion: 'Feed conversion ratio (FCR)',
    productionEfficiency: 'Production efficiency (EPEF)',
    costPerKg: 'Cost a kg live weight',
    revenuePerKg: 'Revenue a kg sold',
    grams: (grams: string) => `${grams} g`,
    kilograms: (kg: string) => `${kg} kg`,
    /** What the figures are from, so a farmer can judge them. */
    fromRecords: (feed: number, eggs: number) =>
      `From ${feed === 1 ? '1 feed record' : `${formatCount(feed)} feed records`} and ${eggs === 1 ? '1 egg record' : `${formatCount(eggs)} egg records`}.`,
    fromBroilerRecords: (feed: number, weighings: number) =>
      `From ${feed === 1 ? '1 feed record' : `${formatCount(feed)} feed records`} and ${weighings === 1 ? '1 weighing' : `${formatCount(weighings)} weighings`}.`,
    missing: 'Record feed given and eggs collected to see what a tray costs.',
    missingBroilers: 'Record feed given and weigh a sample of birds to see what a kilo costs.',
    /** A percentage already rounded by the server, e.g. '82.5%'. */
    percent: (percent: string) => `${percent}%`,
    loading: 'Loading the figures...',
    loadFailed: 'The figures could not be loaded.',
    dateInvalid: 'Enter a valid date.',
    startAfterEnd: 'Start date cannot be after end date.',
    rangeTooLong: `The figures cover at most ${formatCount(ECONOMICS_RANGE_MAX_DAYS)} days.`,
  },
  { sw: () => import('./sw/economics-rules.js') as Promise<Catalogues> },
);
