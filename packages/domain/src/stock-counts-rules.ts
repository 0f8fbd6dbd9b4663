/**
 * Stock counts and the balance checks (decision 077): what a worker counts (eggs in trays and loose
 * eggs, each feed item in its unit, each flock's birds), the farm's margin, and the arithmetic of a
 * balance: opening + what came in − what went out = the expected closing, against the last count.
 * Rules and words without zod (decision 017); the schemas are in stock-counts.ts.
 */
import { EGGS_PER_TRAY } from './eggs-rules.js';
import { formatCount, formatQuantity } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

/** What a count counts: the egg store, a feed item's store, a flock's birds. */
export const STOCK_COUNT_KINDS = ['eggs', 'feed', 'birds'] as const;
export type StockCountKind = (typeof STOCK_COUNT_KINDS)[number];

/** A page of counts (docs/product.md §9's usual 10). */
export const STOCK_COUNT_PAGE_SIZE = 10;
/** Trays, loose eggs, birds or a feed quantity above this is a typing slip. */
export const MAX_STOCK_COUNT = 1_000_000;
/** Feed is counted to the tenth of a bag or kg at most (a bag half used is 0.5). */
export const FEED_COUNT_DECIMALS = 3;
/** Feed items and flocks one count may carry. */
export const MAX_COUNT_LINES = 50;

/** The owner's margin (decision 077): a difference beyond this share of the expected figure is told at once. */
export const DEFAULT_MARGIN_PERCENT = 2;
export const MAX_MARGIN_PERCENT = 50;
/** Below these a difference is never told: eggs break and get eaten (one tray); a bird or a bag is always told. */
export const MARGIN_FLOOR: Record<StockCountKind, number> = { eggs: EGGS_PER_TRAY, feed: 0, birds: 0 };

/** The balance checks' range is at most this many days (a quarter). */
export const BALANCE_RANGE_MAX_DAYS = 92;
/** The screen's and the summary's week. */
export const BALANCE_WEEK_DAYS = 7;

export const stockCountMessages = words(
  'stockCounts',
  {
    dateRequired: 'Date is required.',
    dateInvalid: 'Enter a valid date.',
    dateFuture: 'The date cannot be in the future.',
    kindInvalid: 'Choose eggs, feed or birds.',
    nothingCounted: 'Count at least one thing: eggs, a feed item or a flock.',
    countInvalid: 'Enter a number.',
    countNegative: 'A count cannot be below 0.',
    countTooLarge: 'That number is too large.',
    countWhole: 'Count whole trays, eggs and birds.',
    countDecimals: `Feed can have at most ${FEED_COUNT_DECIMALS} decimal places.`,
    looseTooMany: `Loose eggs are fewer than a tray (${EGGS_PER_TRAY}): count the full trays as trays.`,
    tooManyLines: `At most ${MAX_COUNT_LINES} feed items or flocks in one count.`,
    selectItem: 'Please select a feed item.',
    selectFlock: 'Please select a flock.',
    itemNotFound: 'Feed item not found.',
    notFeed: 'This item is not feed: choose an item of kind feed.',
    flockNotFound: 'Flock not found.',
    flockArchived: 'This flock is archived: its birds are not counted.',
    repeated: 'Each feed item and each flock is counted once in a count.',
    notFound: 'Stock count not found.',
    marginInvalid: `The margin is a whole percent from 0 to ${MAX_MARGIN_PERCENT}.`,
    startAfterEnd: 'The start date must be on or before the end date.',
    rangeTooLong: `The balance checks cover at most ${BALANCE_RANGE_MAX_DAYS} days.`,
    unknownFlock: 'Unknown Flock',
    unknownItem: 'Unknown item',
  },
  { sw: () => import('./sw/stock-counts-rules.js') as Promise<Catalogues> },
);

/** The words of the screen, the notification and the summary's lines. */
export const stockCountWords = words(
  'stockCountWords',
  {
    title: 'Stock count',
    intro: 'Count what is in the store and the coops. The records are shown after you save, so count first.',
    countDate: 'Day counted',
    whatCounted: 'What you count',
    results: 'Your count against the records',
    eggs: 'Eggs',
    feed: 'Feed',
    birds: 'Birds',
    trays: 'Full trays',
    looseEggs: 'Loose eggs',
    headCount: 'Birds counted',
    feedCounted: (unit: string) => `In store (${unit})`,
    save: 'Save count',
    saved: 'Count saved.',
    expectedAfter: 'The records said',
    counted: 'Counted',
    difference: 'Difference',
    match: 'Matches the records',
    lastCounts: 'Last counts',
    noCounts: 'No counts yet.',
    noFeedItems: 'No feed items in the store.',
    noFlocks: 'No active flocks.',
    margin: 'Margin',
    marginHint: 'A difference larger than this share of the records is told to you at once (eggs: at least one tray).',
    marginSave: 'Save margin',
    marginSaved: 'Margin saved.',
    checksTitle: 'Balance checks, last 7 days',
    opening: 'Opening',
    closing: 'Expected closing',
    lastCount: 'Last count',
    noCount: 'Not counted',
    beyond: 'Beyond the margin',
    within: 'Within the margin',
    money: 'Money',
    paidBy: 'Recorded as paid',
    noBanking: 'Kuku has no record of money banked or received, so this cannot be checked against it.',
    deleteCount: 'Delete count',
    deleted: 'Count deleted.',
    // Causes of a balance line.
    collected: 'Collected',
    sold: 'Sold',
    adjusted: 'Written off',
    delivered: 'Delivered',
    fed: 'Fed',
    removed: 'Removed',
    corrected: 'Corrected',
    added: 'Added',
    deaths: 'Deaths',
    culled: 'Culled',
    /** '45 eggs (1 tray 15)'. */
    eggsText: (eggs: number, trays: number, loose: number) =>
      `${formatCount(eggs)} eggs (${formatCount(trays)} ${trays === 1 ? 'tray' : 'trays'} ${formatCount(loose)})`,
    /** '12 birds'. */
    birdsText: (birds: number) => `${formatCount(birds)} ${birds === 1 ? 'bird' : 'birds'}`,
    /** '2.5 bags'. */
    feedText: (quantity: number, unit: string) => `${formatQuantity(quantity)} ${unit}`,
    notificationTitle: 'Stock count differs from the records',
    /** 'Egg count 12 Dec: 45 eggs (1 tray 15) fewer than the records'. */
    eggNotice: (day: string, amount: string, fewer: boolean) => `Egg count ${day}: ${amount} ${fewer ? 'fewer' : 'more'} than the records`,
    /** 'Feed count 12 Dec, Layers mash: 2 bags less than the records'. */
    feedNotice: (day: string, item: string, amount: string, fewer: boolean) =>
      `Feed count ${day}, ${item}: ${amount} ${fewer ? 'less' : 'more'} than the records`,
    /** 'Head count 12 Dec, Layers A: 12 birds fewer than the records'. */
    birdNotice: (day: string, flock: string, amount: string, fewer: boolean) =>
      `Head count ${day}, ${flock}: ${amount} ${fewer ? 'fewer' : 'more'} than the records`,
  },
  { sw: () => import('./sw/stock-counts-rules.js') as Promise<Catalogues> },
);

/** Eggs as full trays and loose eggs: 45 → 1 tray and 15 eggs (of the absolute number). */
export function traysAndLoose(eggs: number): { trays: number; loose: number } {
  const whole = Math.abs(Math.round(eggs));
  return { trays: Math.floor(whole / EGGS_PER_TRAY), loose: whole % EGGS_PER_TRAY };
}

/** Trays and loose eggs counted, as eggs. */
export const countedEggs = (trays: number, loose: number): number => trays * EGGS_PER_TRAY + loose;

/** What is wrong with a count of trays, loose eggs or birds (whole, 0 or more), or null. */
export function wholeCountProblem(value: number): string | null {
  const m = stockCountMessages;
  if (typeof value !== 'number' || !Number.isFinite(value)) return m.countInvalid;
  if (value < 0) return m.countNegative;
  if (!Number.isInteger(value)) return m.countWhole;
  if (value > MAX_STOCK_COUNT) return m.countTooLarge;
  return null;
}

/** What is wrong with a feed count in its item's unit (0 or more, 3 decimals at most), or null. */
export function feedCountProblem(value: number): string | null {
  const m = stockCountMessages;
  if (typeof value !== 'number' || !Number.isFinite(value)) return m.countInvalid;
  if (value < 0) return m.countNegative;
  if (value > MAX_STOCK_COUNT) return m.countTooLarge;
  if (Math.round(value * 10 ** FEED_COUNT_DECIMALS) !== value * 10 ** FEED_COUNT_DECIMALS) return m.countDecimals;
  return null;
}

/** Loose eggs are fewer than a tray, or null. */
export function looseEggsProblem(loose: number): string | null {
  return wholeCountProblem(loose) ?? (loose >= EGGS_PER_TRAY ? stockCountMessages.looseTooMany : null);
}

/** A margin percent the owner sets: whole, 0 to 50. */
export function marginProblem(percent: number): string | null {
  return typeof percent === 'number' && Number.isInteger(percent) && percent >= 0 && percent <= MAX_MARGIN_PERCENT ? null : stockCountMessages.marginInvalid;
}

/** Rounds away float dust from a sum of quantities (three decimals, as they are stored). */
export const roundQuantity = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * A balance (decision 077): opening + everything that came in − everything that went out, each by
 * its cause (positive numbers; a correction that lowered the stock is out, one that raised it in).
 */
export function expectedClosing(opening: number, cameIn: Record<string, number>, wentOut: Record<string, number>): number {
  const sum = (parts: Record<string, number>) => Object.values(parts).reduce((total, n) => total + n, 0);
  return roundQuantity(opening + sum(cameIn) - sum(wentOut));
}

/** Counted − expected: negative when fewer were counted than the records say. */
export const countDifference = (counted: number, expected: number): number => roundQuantity(counted - expected);

/**
 * Whether a difference is beyond the farm's margin: larger than `percent` of the expected figure
 * (of the counted one when the records say 0 or less) and larger than the kind's floor.
 */
export function beyondMargin(kind: StockCountKind, difference: number, expected: number, percent: number): boolean {
  const size = Math.abs(difference);
  if (size === 0) return false;
  const base = Math.abs(expected) > 0 ? Math.abs(expected) : Math.abs(expected + difference);
  return size > (base * percent) / 100 && size > MARGIN_FLOOR[kind];
}

/** The notification's message for a count beyond the margin, in the words given (the recipient's language). */
export function countNoticeText(
  w: typeof stockCountWords,
  line: { kind: StockCountKind; dayText: string; difference: number; name: string | null; unit: string },
): string {
  const fewer = line.difference < 0;
  const size = Math.abs(line.difference);
  if (line.kind === 'eggs') {
    const { trays, loose } = traysAndLoose(size);
    return w.eggNotice(line.dayText, w.eggsText(size, trays, loose), fewer);
  }
  if (line.kind === 'birds') return w.birdNotice(line.dayText, line.name ?? '', w.birdsText(size), fewer);
  return w.feedNotice(line.dayText, line.name ?? '', w.feedText(size, line.unit), fewer);
}
