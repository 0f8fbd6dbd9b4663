import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { centsToShillings, MAX_AMOUNT_CENTS, moneyMessages as m } from './money.js';
import {
  amountTextSchema,
  moneyCentsSchema,
  positiveAmountTextSchema,
  positiveMoneyCentsSchema,
  positiveShillingsSchema,
  shillingsSchema,
} from './money-schema.js';

const messages = (result: { success: boolean; error?: z.core.$ZodError }) => result.error?.issues.map((issue) => issue.message);

describe('moneyCentsSchema', () => {
  it.each([0, 1, 250_000, MAX_AMOUNT_CENTS])('takes %i cents', (cents) => {
    expect(moneyCentsSchema.parse(cents)).toBe(cents);
  });

  it.each([
    [undefined, m.amountRequired],
    ['100', m.amountRequired],
    [Number.NaN, m.amountRequired],
    [12.5, m.amountNotWholeCents],
    [-1, m.amountNegative],
    [MAX_AMOUNT_CENTS + 1, m.amountTooLarge],
  ])('refuses %j: %s', (value, message) => {
    expect(messages(moneyCentsSchema.safeParse(value))).toEqual([message]);
  });

  it('needs above 0 in its positive form', () => {
    expect(positiveMoneyCentsSchema.parse(1)).toBe(1);
    expect(messages(positiveMoneyCentsSchema.safeParse(0))).toEqual([m.amountNotPositive]);
  });
});

describe('amountTextSchema', () => {
  it('turns typed text into cents', () => {
    expect(amountTextSchema.parse(' KES 1,250.50 ')).toBe(125_050);
    expect(amountTextSchema.parse('0')).toBe(0);
  });

  it.each([
    [undefined, m.amountRequired],
    [12, m.amountRequired],
    ['', m.amountRequired],
    ['1,23,4', m.amountGrouping],
    ['1.234', m.amountDecimals],
    ['-3', m.amountNegative],
    ['1e3', m.amountInvalid],
    ['100,000,001', m.amountTooLarge],
  ])('refuses %j: %s', (value, message) => {
    expect(messages(amountTextSchema.safeParse(value))).toEqual([message]);
  });

  it('needs above 0 in its positive form, with one message per mistake', () => {
    expect(positiveAmountTextSchema.parse('0.01')).toBe(1);
    expect(messages(positiveAmountTextSchema.safeParse('0.00'))).toEqual([m.amountNotPositive]);
    expect(messages(positiveAmountTextSchema.safeParse('abc'))).toEqual([m.amountInvalid]);
  });
});

describe('shillingsSchema', () => {
  it('takes shillings as a JSON number or text and answers cents', () => {
    expect(shillingsSchema.parse(1250.5)).toBe(125_050);
    expect(shillingsSchema.parse(0.29)).toBe(29);
    expect(shillingsSchema.parse(2500)).toBe(250_000);
    expect(shillingsSchema.parse('1,250.50')).toBe(125_050);
    expect(shillingsSchema.parse(0)).toBe(0);
  });

  it.each([
    [undefined, m.amountRequired],
    [null, m.amountRequired],
    [true, m.amountRequired],
    [-5, m.amountNegative],
    [0.1 + 0.2, m.amountDecimals],
    [12.345, m.amountDecimals],
    [1e21, m.amountInvalid],
    [100_000_000.01, m.amountTooLarge],
    ['abc', m.amountInvalid],
  ])('refuses %j: %s', (value, message) => {
    expect(messages(shillingsSchema.safeParse(value))).toEqual([message]);
  });

  it('needs above 0 in its positive form', () => {
    expect(messages(positiveShillingsSchema.safeParse(0))).toEqual([m.amountNotPositive]);
    expect(positiveShillingsSchema.parse(0.01)).toBe(1);
  });

  it('reads back what centsToShillings answers, for every cent of a range', () => {
    for (let cents = 0; cents < 20_000; cents += 7) expect(shillingsSchema.parse(centsToShillings(cents))).toBe(cents);
    for (const cents of [MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS - 1, 1_234_567_891]) expect(shillingsSchema.parse(centsToShillings(cents))).toBe(cents);
  });
});
