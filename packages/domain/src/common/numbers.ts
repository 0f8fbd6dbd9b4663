import { NUMBER_LOCALE } from './locale.js';

// Each formatter is built on first use, not at module load: building one costs the first screen
// time it may not need.
let countFormat: Intl.NumberFormat | undefined;
let compactFormat: Intl.NumberFormat | undefined;

/** A count as the farmer reads it (docs/product.md §9: en-KE): 12345 → '12,345'. */
export function formatCount(value: number): string {
  countFormat ??= new Intl.NumberFormat(NUMBER_LOCALE);
  return countFormat.format(value);
}

/**
 * 1234567.5 → '1,234,567.5', as en-KE writes it, without building a formatter at module load. Here,
 * not with the store's words: the dashboard's Today block writes stock without loading them.
 */
export function formatQuantity(quantity: number): string {
  const [whole = '0', fraction] = String(quantity).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** A chart axis's tick, short: 12500 → '12.5K', 2000000 → '2M'. */
export function formatCompact(value: number): string {
  compactFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
  return compactFormat.format(value);
}

/** '300 eggs'; signed, '+5 birds' or '-3 birds': a count with its unit, in a record's line. */
export const countDetail = (n: number, unit: string, signed = false): string => `${signed && n > 0 ? '+' : ''}${formatCount(n)} ${unit}`;
