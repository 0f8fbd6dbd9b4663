/**
 * Money without zod, so a screen that shows an amount does not load the schemas (docs/design.md §9
 * first-screen budget, docs/decisions/017). The schemas are in money-schema.ts.
 *
 * Every amount is integer cents (KES minor units, docs/design.md §4): typed text becomes cents here,
 * on its digits, and cents become text only at the edge. No amount goes through a float
 * multiplication or division: 1.005 × 100 is 100.49999999999999 in floats.
 */
import { CURRENCY, NUMBER_LOCALE } from './locale.js';
import { words, type Catalogues } from './words.js';

/**
 * An amount of money in KES cents (1 shilling = 100 cents): a safe integer, never a float.
 * KES 1,234.50 is 123450. Amounts a user enters are 0 to MAX_AMOUNT_CENTS; totals may be larger.
 */
export type Cents = number;

/**
 * KES 100,000,000.00 per amount. A farm transaction is far smaller (a 100,000-layer farm sells
 * roughly KES 35 million of eggs a month), and one maximum amount for each of the 182,500
 * flock-days of a 10-year, 50-flock farm (docs/design.md §9) sums to 1.8 × 10^15 cents, 5× below 2^53.
 * It is above PostgreSQL's integer (KES 21,474,836.47), so money columns are bigint.
 */
export const MAX_AMOUNT_CENTS: Cents = 10_000_000_000;

/** A quantity (kg, crates, birds) has at most this many decimals: 2.5 kg, 0.125 kg. */
export const QUANTITY_DECIMALS_MAX = 3;

export const moneyMessages = words(
  'money',
  {
  amountRequired: 'Amount is required.',
  amountInvalid: 'Enter an amount in shillings, like 1,250.50.',
  amountNegative: 'Amount cannot be negative.',
  amountNotPositive: 'Amount must be above 0.',
  amountDecimals: 'Amount can have at most 2 decimal places.',
  amountGrouping: 'Put commas only between groups of three digits, like 1,250.50.',
  amountTooLarge: 'Amount must be at most Ksh 100,000,000.',
  amountNotWholeCents: 'Amount must be a whole number of cents.',
  quantityInvalid: 'Quantity must be a number.',
  quantityNegative: 'Quantity cannot be negative.',
  quantityDecimals: `Quantity can have at most ${QUANTITY_DECIMALS_MAX} decimal places.`,
},
  { sw: () => import('../sw/money.js') as Promise<Catalogues> },
);

/** A user's input turned into cents, or the message to show beside the field. */
export type MoneyResult = { ok: true; cents: Cents } | { ok: false; message: string };

const fail = (message: string): MoneyResult => ({ ok: false, message });

// Accepted around the number: "KES", "Ksh", "KShs" (any case, optional dot) before it, and the
// Kenyan "/=" or "/-" after it, so "Ksh 1,000/=" and formatKes's own output parse back.
const CURRENCY_PREFIX = /^(?:kes|kshs?)\.?\s*/i;
const KENYAN_SUFFIX = /\s*\/[=-]$/;
// Digits with an optional decimal part; "5." and ".5" are accepted as 5.00 and 0.50.
const DECIMAL = /^(\d*)(?:\.(\d*))?$/;
// Comma-grouped whole part: 1 to 3 digits, then groups of exactly 3.
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;

/**
 * A typed amount in shillings as cents: "1,234.50", "1234.5", "  2500 ", "KES 1,000",
 * "Ksh 1,000/=". Refused, each with its message: empty; a minus sign; anything not digits
 * (exponents, "1.2.3", "12abc", a second currency); more than 2 decimals ("1.500" could be a
 * European 1,500); commas that are not thousands separators ("1,23,4", "1,5"); above
 * MAX_AMOUNT_CENTS. Works on the digits, so "0.29" is 29 cents, not 28.999999999999996.
 */
export function parseAmount(text: string): MoneyResult {
  let rest = text.trim();
  if (rest === '') return fail(moneyMessages.amountRequired);
  rest = rest.replace(CURRENCY_PREFIX, '').replace(KENYAN_SUFFIX, '');
  if (rest.startsWith('-') || rest.startsWith('\u2212')) return fail(moneyMessages.amountNegative);

  const point = rest.indexOf('.');
  let whole = point === -1 ? rest : rest.slice(0, point);
  const fraction = point === -1 ? '' : rest.slice(point);
  if (whole.includes(',')) {
    if (!GROUPED.test(whole)) return fail(/^[\d,]+$/.test(whole) ? moneyMessages.amountGrouping : moneyMessages.amountInvalid);
    whole = whole.replaceAll(',', '');
  }
  if (fraction.includes(',')) return fail(moneyMessages.amountGrouping);

  const match = DECIMAL.exec(whole + fraction);
  const wholeDigits = match?.[1] ?? '';
  const fractionDigits = match?.[2] ?? '';
  if (!match || wholeDigits + fractionDigits === '') return fail(moneyMessages.amountInvalid);
  if (fractionDigits.length > 2) return fail(moneyMessages.amountDecimals);

  // Leading zeros cannot make it longer than the maximum's digits once stripped.
  const significant = wholeDigits.replace(/^0+/, '');
  if (significant.length > String(MAX_AMOUNT_CENTS / 100).length) return fail(moneyMessages.amountTooLarge);
  const cents = Number(significant || '0') * 100 + Number(fractionDigits.padEnd(2, '0'));
  if (cents > MAX_AMOUNT_CENTS) return fail(moneyMessages.amountTooLarge);
  return { ok: true, cents };
}

function assertSafeCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
}

/** Cents as the plain text an amount input is prefilled with: 123450 → "1234.50", no grouping. */
export function centsToAmountText(cents: Cents): string {
  assertSafeCents(cents);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Cents as the shillings the product's clients read in an answer's `amount` (decision 021): 125050 →
 * 1250.5. The division gives the double nearest the 2-decimal amount, which JSON writes as
 * exactly that decimal; our web reads the `_cents` field beside it instead.
 */
export function centsToShillings(cents: Cents): number {
  assertSafeCents(cents);
  return cents / 100;
}

let kesFormat: Intl.NumberFormat | undefined;

/**
 * Cents as the app shows money (docs/product.md §9: KES, en-KE): 123450 → "Ksh 1,234.50" (ICU puts a no-break
 * space after "Ksh"). The formatter gets the exact decimal text, not cents / 100, so totals near
 * 2^53 cents print every digit. Throws on a non-integer: that is a bug upstream, not input.
 */
export function formatKes(cents: Cents): string {
  const text = centsToAmountText(cents);
  kesFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY });
  return kesFormat.format(text as Intl.StringNumericLiteral);
}

/** Shillings as a request sends them (a number, or the text typed) or an answer holds them, as the app shows money. */
export function shillingsText(shillings: number | string): string {
  const read = parseAmount(String(shillings));
  return read.ok ? formatKes(read.cents) : String(shillings);
}

let wholeKesFormat: Intl.NumberFormat | undefined;

/** A price in whole shillings as docs/product.md shows it ("Ksh 2,500"); any cents are kept ("Ksh 2,500.50"). */
export function formatKesPrice(cents: Cents): string {
  if (cents % 100 !== 0) return formatKes(cents);
  wholeKesFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0, minimumFractionDigits: 0 });
  return wholeKesFormat.format(centsToAmountText(cents) as Intl.StringNumericLiteral);
}

/**
 * quantity × unit price, in cents rounded half up: 2.675 kg at 100 cents/kg is 268 cents,
 * 1.005 × 100 is 101 (floats say 267.49… and 100.49…). The quantity (at most 3 decimals) is read
 * from its shortest decimal text, so the product is an exact integer of thousandths of a cent.
 * Refuses a negative, non-finite or over-precise quantity, a unit price that is not whole
 * non-negative cents, and a total above MAX_AMOUNT_CENTS.
 */
export function lineTotalCents(quantity: number, unitPriceCents: Cents): MoneyResult {
  if (!Number.isFinite(quantity)) return fail(moneyMessages.quantityInvalid);
  if (quantity < 0) return fail(moneyMessages.quantityNegative);
  if (!Number.isSafeInteger(unitPriceCents)) return fail(moneyMessages.amountNotWholeCents);
  if (unitPriceCents < 0) return fail(moneyMessages.amountNegative);

  // String() gives the shortest text that reads back as the same number: 2.675 → "2.675".
  // Exponent forms are a tiny fraction (over-precise) or a huge number (too large below).
  const text = String(quantity);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return fail(text.includes('e-') ? moneyMessages.quantityDecimals : moneyMessages.amountTooLarge);
  const fractionDigits = match[2] ?? '';
  if (fractionDigits.length > QUANTITY_DECIMALS_MAX) return fail(moneyMessages.quantityDecimals);

  const thousandths = Number(match[1]) * 1000 + Number(fractionDigits.padEnd(QUANTITY_DECIMALS_MAX, '0'));
  const product = thousandths * unitPriceCents; // thousandths of a cent
  if (!Number.isSafeInteger(product)) return fail(moneyMessages.amountTooLarge);
  // Integer division by 1000 through the remainder: product / 1000 could round up in floats.
  const rest = product % 1000;
  const cents = (product - rest) / 1000 + (rest >= 500 ? 1 : 0);
  if (cents > MAX_AMOUNT_CENTS) return fail(moneyMessages.amountTooLarge);
  return { ok: true, cents };
}

/**
 * The total of some amounts. Throws a RangeError on an amount that is not an integer or a total
 * beyond 2^53 (where integers stop being exact): stored cents make that a bug, not input.
 */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const cents of amounts) {
    assertSafeCents(cents);
    total += cents;
    if (!Number.isSafeInteger(total)) throw new RangeError('A money total is beyond 2^53 cents');
  }
  return total;
}

/**
 * formatKes's text split at the space after the currency, so a card can print the figure large
 * and 'Ksh' small: 'Ksh 1,234.50' → { currency: 'Ksh', figure: '1,234.50' }.
 */
export function kesParts(cents: Cents): { currency: string; figure: string } {
  const text = formatKes(cents);
  const match = /^(\D*?)[\s\u00a0\u202f]*(-?[\d.,]+)$/.exec(text);
  return match ? { currency: match[1] ?? '', figure: match[2] ?? text } : { currency: '', figure: text };
}
