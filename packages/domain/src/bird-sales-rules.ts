/**
 * Sales of a flock's own birds (decision 072): live or dressed birds and culled hens, priced by the
 * bird or by the kilo. A bird sale takes its birds off the flock's count as sold (not deaths, so
 * mortality stays true); by the kilo it says how many birds, by the bird it may say their weight.
 * Rules and words without zod (decision 017).
 */
import { QUANTITY_DECIMALS_MAX } from './common/money.js';
import { formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';
import { isBirdSale, saleUnit, type SaleCategory } from './sales-rules.js';
import { WEIGHING_AVERAGE_MAX_KG, WEIGHING_AVERAGE_MIN_KG } from './weighings-rules.js';

/** Birds in one sale: no flock holds more (the flock's own maximum). */
export const BIRD_SALE_BIRDS_MAX = 1_000_000;

export const birdSaleMessages = words(
  'birdSales',
  {
    pricedLabel: 'Priced',
    byBird: 'By the bird',
    byKg: 'By the kg',
    birdsLabel: 'Birds sold',
    weightLabel: 'Total weight (kg)',
    weightHint: 'Optional: their weight gives the revenue a kg.',
    birdsRequired: 'Enter how many birds were sold.',
    birdsWhole: 'Birds sold must be a whole number above 0.',
    weightInvalid: `Enter the weight in kg, above 0, with up to ${QUANTITY_DECIMALS_MAX} decimals.`,
    averageOutOfRange: `A bird weighs between ${WEIGHING_AVERAGE_MIN_KG} and ${WEIGHING_AVERAGE_MAX_KG} kg: check the birds and the weight.`,
    /** More birds sold than the flock has now. */
    moreThanFlock: (birds: number) => `The flock has ${formatCount(birds)} ${birds === 1 ? 'bird' : 'birds'}: a sale cannot take more.`,
    /** The note of the bird-count change a sale makes: 'Sale S-000123'. */
    saleNote: (ref: string) => `Sale ${ref}`,
    saleChangedNote: (ref: string) => `Sale ${ref} changed`,
    saleDeletedNote: (ref: string) => `Sale ${ref} deleted`,
    /** Shown under a bird sale's quantity: '40 birds leave the flock.' */
    leaveFlock: (birds: number) => `${formatCount(birds)} ${birds === 1 ? 'bird leaves' : 'birds leave'} the flock.`,
  },
  { sw: () => import('./sw/bird-sales-rules.js') as Promise<Catalogues> },
);

/** A sale as far as its birds go: its category, unit and quantity, and the birds and weight it says. */
export interface BirdSaleInput {
  category: SaleCategory;
  unit?: string | null | undefined;
  quantity: number;
  birds?: number | null | undefined;
  weight_kg?: number | null | undefined;
}

export type BirdSaleField = 'birds' | 'weight_kg';

/** The birds a sale takes off its flock and the weight sold (null when not weighed); null for a sale of no birds. */
export interface BirdsOfSale {
  birds: number;
  weightKg: number | null;
}

const decimals = (value: number) => {
  const match = /^\d+(?:\.(\d+))?$/.exec(String(value));
  return match ? (match[1]?.length ?? 0) : null;
};

/**
 * What a sale's birds and weight are, or what is wrong with them. By the bird, the quantity is the
 * birds and a weight may be given; by the kilo, the quantity is the weight and the birds are asked.
 * The quantity itself is checked by saleQuantityProblem first.
 */
export function birdsOfSale(sale: BirdSaleInput): { ok: true; value: BirdsOfSale | null } | { ok: false; field: BirdSaleField; message: string } {
  if (!isBirdSale(sale.category)) return { ok: true, value: null };
  const byKg = saleUnit(sale.category, sale.unit) === 'Kg';
  let birds: number;
  if (byKg) {
    if (sale.birds === undefined || sale.birds === null) return { ok: false, field: 'birds', message: birdSaleMessages.birdsRequired };
    if (!Number.isSafeInteger(sale.birds) || sale.birds < 1 || sale.birds > BIRD_SALE_BIRDS_MAX) {
      return { ok: false, field: 'birds', message: birdSaleMessages.birdsWhole };
    }
    birds = sale.birds;
  } else {
    birds = sale.quantity;
  }
  let weightKg = byKg ? sale.quantity : (sale.weight_kg ?? null);
  if (!byKg && weightKg !== null) {
    const places = Number.isFinite(weightKg) ? decimals(weightKg) : null;
    if (places === null || places > QUANTITY_DECIMALS_MAX || weightKg <= 0) return { ok: false, field: 'weight_kg', message: birdSaleMessages.weightInvalid };
  }
  if (weightKg !== null) {
    const average = weightKg / birds;
    if (average < WEIGHING_AVERAGE_MIN_KG || average > WEIGHING_AVERAGE_MAX_KG) {
      return { ok: false, field: byKg ? 'birds' : 'weight_kg', message: birdSaleMessages.averageOutOfRange };
    }
  } else weightKg = null;
  return { ok: true, value: { birds, weightKg } };
}

/** Closing a broiler batch (decision 072): the whole batch sold by the kilo, its result, the flock archived. */
export const closeBatchMessages = words(
  'closeBatch',
  {
    open: 'Close the batch',
    title: 'Sell the whole batch and close it',
    /** 'The 960 birds left leave the flock, and Broiler batch 7 is archived.' */
    intro: (birds: number, flock: string) =>
      birds === 0
        ? `${flock} has no birds left: it is archived with its result.`
        : `The ${formatCount(birds)} ${birds === 1 ? 'bird' : 'birds'} left are sold, and ${flock} is archived with its result.`,
    dateLabel: 'Date sold',
    weightLabel: 'Total live weight (kg)',
    /** Under the weight, when a weighing gives a suggestion: 'Suggested from the latest weighing: 2.105 kg a bird.' */
    weightHint: (averageKg: string) => `Suggested from the latest weighing: ${averageKg} kg a bird.`,
    priceLabel: 'Price a kg (Ksh)',
    buyerLabel: 'Buyer',
    /** The sale's product. */
    product: 'Whole batch',
    weightRequired: 'Enter the birds’ total live weight in kg.',
    priceRequired: 'Enter the price a kg.',
    notBroilers: 'Only a broiler batch is closed this way: record a sale of its birds instead.',
    alreadyClosed: 'This batch is already closed.',
    confirm: 'Sell and close',
    closing: 'Closing...',
    cancel: 'Cancel',
    failed: 'Could not close the batch.',
    /** 'Broiler batch 7 is closed and archived.' */
    closed: (flock: string) => `${flock} is closed and archived.`,
    resultTitle: 'The batch’s result',
    birdsPlaced: 'Birds placed',
    birdsSold: 'Birds sold',
    sales: 'Sales',
    costs: 'Feed and other costs',
    profit: 'Profit',
    loss: 'Loss',
    done: 'Done',
  },
  { sw: () => import('./sw/bird-sales-rules.js') as Promise<Catalogues> },
);
