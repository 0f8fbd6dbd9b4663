import { describe, expect, it } from 'vitest';
import {
  centsToAmountText,
  formatKes,
  lineTotalCents,
  MAX_AMOUNT_CENTS,
  moneyMessages,
  parseAmount,
  sumCents,
} from './money.js';

const m = moneyMessages;
// ICU's en-KE currency pattern puts a no-break space between "Ksh" and the number.
const NBSP = '\u00a0';

describe('parseAmount', () => {
  it.each([
    ['1,234.50', 123_450],
    ['1234.5', 123_450],
    ['  2500 ', 250_000],
    ['0', 0],
    ['0.29', 29],
    ['0.1', 10],
    ['.5', 50],
    ['5.', 500],
    ['007', 700],
    ['1,000,000', 100_000_000],
    ['KES 1,000', 100_000],
    ['kes1000', 100_000],
    ['Ksh 2,500', 250_000],
    ['KShs. 2,500.75', 250_075],
    ['Ksh 1,000/=', 100_000],
    ['1,000/-', 100_000],
    [`Ksh${NBSP}1,234.50`, 123_450],
    ['100,000,000', MAX_AMOUNT_CENTS],
    ['100000000.00', MAX_AMOUNT_CENTS],
    ['000000000000100000000', MAX_AMOUNT_CENTS],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', m.amountRequired],
    ['   ', m.amountRequired],
    ['-5', m.amountNegative],
    ['−5', m.amountNegative],
    ['KES -1,000', m.amountNegative],
    ['abc', m.amountInvalid],
    ['12abc', m.amountInvalid],
    ['1e5', m.amountInvalid],
    ['1E-2', m.amountInvalid],
    ['Infinity', m.amountInvalid],
    ['NaN', m.amountInvalid],
    ['0x10', m.amountInvalid],
    ['+5', m.amountInvalid],
    ['.', m.amountInvalid],
    ['KES', m.amountInvalid],
    ['USD 5', m.amountInvalid],
    ['5 KES', m.amountInvalid],
    ['KES KES 5', m.amountInvalid],
    ['1 234', m.amountInvalid],
    ['1.2.3', m.amountInvalid],
    ['١٢٣', m.amountInvalid],
    ['1.234', m.amountDecimals],
    ['1.500', m.amountDecimals],
    ['0.001', m.amountDecimals],
    ['1,23,4', m.amountGrouping],
    ['1,5', m.amountGrouping],
    ['12,34', m.amountGrouping],
    [',123', m.amountGrouping],
    ['1,234,', m.amountGrouping],
    ['1234,567', m.amountGrouping],
    ['1,234.5,6', m.amountGrouping],
    ['1,2a4', m.amountInvalid],
    ['100,000,000.01', m.amountTooLarge],
    ['1000000000', m.amountTooLarge],
    ['9'.repeat(400), m.amountTooLarge],
  ])('refuses %j: %s', (text, message) => {
    expect(parseAmount(text)).toEqual({ ok: false, message });
  });

  it('reads back every amount it writes, exactly', () => {
    const samples = [...Array.from({ length: 20_000 }, (_, i) => i), 999_999_999, 1_000_000_001, MAX_AMOUNT_CENTS - 1, MAX_AMOUNT_CENTS];
    for (const cents of samples) {
      expect(parseAmount(centsToAmountText(cents))).toEqual({ ok: true, cents });
      expect(parseAmount(formatKes(cents))).toEqual({ ok: true, cents });
    }
  });
});

describe('formatKes', () => {
  it.each([
    [0, 'Ksh 0.00'],
    [1, 'Ksh 0.01'],
    [10, 'Ksh 0.10'],
    [123_450, 'Ksh 1,234.50'],
    [250_000, 'Ksh 2,500.00'],
    [MAX_AMOUNT_CENTS, 'Ksh 100,000,000.00'],
    [-500, '-Ksh 5.00'],
    // cents / 100 as a float would print …409.90
    [Number.MAX_SAFE_INTEGER, 'Ksh 90,071,992,547,409.91'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatKes(cents)).toBe(text.replace(' ', NBSP));
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('throws on %d, which is not cents', (cents) => {
    expect(() => formatKes(cents)).toThrow(RangeError);
  });

  it('names the maximum in its message as it formats it', () => {
    expect(m.amountTooLarge).toContain(formatKes(MAX_AMOUNT_CENTS).replace(NBSP, ' ').replace('.00', ''));
  });
});

describe('centsToAmountText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [123_450, '1234.50'],
    [MAX_AMOUNT_CENTS, '100000000.00'],
    [-1, '-0.01'],
    [-123_456, '-1234.56'],
  ])('prefills %i cents as %s', (cents, text) => {
    expect(centsToAmountText(cents)).toBe(text);
  });

  it('throws on a fraction of a cent', () => {
    expect(() => centsToAmountText(1.5)).toThrow(RangeError);
  });
});

describe('lineTotalCents', () => {
  it.each([
    [0.1, 3, 0], // 0.3 cents
    [0.3, 5, 2], // 1.5 cents, half up
    [1.005, 100, 101], // floats: 1.005 × 100 = 100.49999999999999
    [2.675, 100, 268], // floats: 267.49999999999997
    [2.5, 12_000, 30_000], // 2.5 kg at KES 120
    [1.1, 110, 121], // floats: 121.00000000000001
    [0.125, 1, 0], // 0.125 cents
    [0.5, 1, 1], // 0.5 cents, half up
    [0.499, 1, 0],
    [4.35, 100, 435], // floats: 434.99999999999994
    [0, 999_999, 0],
    [1_000_000, 0, 0],
    [1, MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS],
    [100, 45_000, 4_500_000], // 100 crates at KES 450
  ])('%d × %i cents is %i cents', (quantity, unitPriceCents, cents) => {
    expect(lineTotalCents(quantity, unitPriceCents)).toEqual({ ok: true, cents });
  });

  it.each([
    [Number.NaN, 100, m.quantityInvalid],
    [Number.POSITIVE_INFINITY, 100, m.quantityInvalid],
    [-1, 100, m.quantityNegative],
    [1.0005, 100, m.quantityDecimals],
    [1e-7, 100, m.quantityDecimals],
    [0.1 * 3, 100, m.quantityDecimals], // 0.30000000000000004: a float-computed quantity is refused, not guessed
    [1, 1.5, m.amountNotWholeCents],
    [1, Number.NaN, m.amountNotWholeCents],
    [1, -100, m.amountNegative],
    [1.001, MAX_AMOUNT_CENTS, m.amountTooLarge],
    [2, MAX_AMOUNT_CENTS, m.amountTooLarge],
    [1e21, 1, m.amountTooLarge],
    [1e15, 100, m.amountTooLarge], // the product passes 2^53 thousandths
  ])('refuses %d × %d: %s', (quantity, unitPriceCents, message) => {
    expect(lineTotalCents(quantity, unitPriceCents)).toEqual({ ok: false, message });
  });

  it('agrees with exact integer arithmetic on many quantities and prices', () => {
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 20_000; i++) {
      const thousandths = next(10_000_000);
      const price = next(5_000_000);
      const quantity = thousandths / 1000;
      const exact = BigInt(thousandths) * BigInt(price);
      const cents = Number((exact + 500n) / 1000n);
      const expected = cents > MAX_AMOUNT_CENTS ? { ok: false, message: m.amountTooLarge } : { ok: true, cents };
      expect(lineTotalCents(quantity, price)).toEqual(expected);
    }
  });
});

describe('sumCents', () => {
  it('adds whole cents', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents(new Set([MAX_AMOUNT_CENTS, 1]))).toBe(MAX_AMOUNT_CENTS + 1);
    expect(sumCents([Number.MAX_SAFE_INTEGER - 1, 1])).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('throws on a fraction of a cent or a total past 2^53', () => {
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumCents([-Number.MAX_SAFE_INTEGER, -1])).toThrow(RangeError);
    expect(() => sumCents([Number.NaN])).toThrow(RangeError);
  });
});
