/**
 * Feed use (decision 070): feed given to a flock, a removal from the feed item's ledger. Rules and words
 * without zod (decision 017); the schemas are in feed.ts. The quantity's words are the inventory's
 * ('Cannot remove more than available. Stock: {n}' as a stock removal says it).
 */
import { lineTotalCents, type Cents } from './common/money.js';
import { words, type Catalogues } from './common/words.js';
import { inventoryMessages, quantityProblem, type InventoryUnit } from './inventory-rules.js';

/** A page of feed records (docs/product.md §9's usual 10). */
export const FEED_PAGE_SIZE = 10;

export const feedMessages = words(
  'feed',
  {
    selectFlock: 'Please select a flock.',
    selectItem: 'Please select a feed item.',
    notFeed: 'This item is not feed: choose an item of kind feed.',
    flockArchived: 'This flock is archived: feed cannot be recorded for it.',
    dateRequired: 'Date is required.',
    dateInvalid: 'Enter a valid date.',
    dateFuture: 'The date cannot be in the future.',
    /** The flock's first day, 'YYYY-MM-DD'. */
    dateBeforeFlock: (firstDay: string) => `The date cannot be before the flock was added (${firstDay}).`,
    notFound: 'Feed record not found.',
    nothingToUpdate: 'Nothing has changed.',
    /** The ledger's note of a feed record's removal: 'Fed to Layers A'. */
    fedTo: (flockName: string) => `Fed to ${flockName}`,
    /** The ledger's note of a feed record's stock put back by its edit or delete. */
    putBack: (flockName: string) => `Feed record of ${flockName} corrected`,
    unknownFlock: 'Unknown Flock',
  },
  { sw: () => import('./sw/feed-rules.js') as Promise<Catalogues> },
);

/**
 * What is wrong with a quantity of feed in the item's unit (above 0, up to 3 decimals, whole for bags
 * and any unit not kg or litres), or null. More than the stock is asked on the locked item (feedDrawProblem).
 */
export function feedQuantityProblem(quantity: number, unit: InventoryUnit): string | null {
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return inventoryMessages.quantityInvalid;
  return quantityProblem(quantity, unit);
}

/** On the locked item: more than its stock is 'Cannot remove more than available. Stock: {n}'. */
export function feedDrawProblem(quantity: number, stock: number): string | null {
  return quantity > stock ? inventoryMessages.removalTooMuch(stock) : null;
}

/** A feed day ('YYYY-MM-DD') after the farm's today or before the flock's first day, or null. */
export function feedDateProblem(day: string, today: string, flockFirstDay: string): string | null {
  if (day > today) return feedMessages.dateFuture;
  if (day < flockFirstDay) return feedMessages.dateBeforeFlock(flockFirstDay);
  return null;
}

/** The kg a record gave: quantity × the weight of one unit, to the gram; null when the weight is unknown. */
export function feedKg(quantity: number, unitWeightKg: number | null): number | null {
  if (unitWeightKg === null) return null;
  return Math.round(quantity * unitWeightKg * 1000) / 1000;
}

/**
 * What a record's feed cost: quantity × the item's cost per unit when it was drawn, in cents
 * rounded half up (lineTotalCents); 0 past the maximum (the stock value's own cap keeps it within).
 */
export function feedCostCents(quantity: number, costPerUnitCents: Cents): Cents {
  const total = lineTotalCents(quantity, costPerUnitCents);
  return total.ok ? total.cents : 0;
}
