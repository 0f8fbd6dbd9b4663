import { z } from 'zod/mini';
import { MAX_AMOUNT_CENTS, moneyMessages, parseAmount, type Cents } from './money.js';
import { ensureEnglishMessages } from './zod-locale.js';

ensureEnglishMessages();

const centsSchema = (min: 0 | 1, minMessage: string) =>
  z.number({ error: moneyMessages.amountRequired }).check(
    z.int(moneyMessages.amountNotWholeCents),
    z.gte(min, minMessage),
    z.lte(MAX_AMOUNT_CENTS, moneyMessages.amountTooLarge),
  );

/** An amount in the API and the database: whole cents, 0 to MAX_AMOUNT_CENTS (a budget may be 0). */
export const moneyCentsSchema = centsSchema(0, moneyMessages.amountNegative);

/** An amount that must be above 0, e.g. an expense (docs/product.md §5). */
export const positiveMoneyCentsSchema = centsSchema(1, moneyMessages.amountNotPositive);

/**
 * An amount as typed in a form ("1,250.50", "KES 2,500"), parsed to cents by parseAmount with
 * its messages. Its input is text and its output cents, so a form validates on the text.
 */
export const amountTextSchema = z.pipe(
  z.string({ error: moneyMessages.amountRequired }),
  z.transform((text: string, ctx): Cents => {
    const result = parseAmount(text);
    if (result.ok) return result.cents;
    ctx.issues.push({ code: 'custom', message: result.message, input: text });
    return z.NEVER;
  }),
);

/** A typed amount that must be above 0. */
export const positiveAmountTextSchema = amountTextSchema.check(
  z.refine((cents: Cents) => cents > 0, moneyMessages.amountNotPositive),
);

const parseShillings = (value: string | number, ctx: z.core.ParsePayload): Cents => {
  // String() of a JSON number is its shortest decimal text: 1250.5 → "1250.5", 1e21 → "1e+21" (refused).
  const result = parseAmount(typeof value === 'number' ? String(value) : value);
  if (result.ok) return result.cents;
  ctx.issues.push({ code: 'custom', message: result.message, input: value });
  return z.NEVER;
};

/**
 * An amount in shillings as the product's calls carry it (`"amount": 1250.5`, or the text "1,250.50"),
 * turned into cents on the way in (decision 021): at most 2 decimals, never negative, at most
 * the maximum, each with its message. A float the client computed (0.30000000000000004) is
 * refused, not rounded.
 */
export const shillingsSchema = z.pipe(
  z.union([z.number(), z.string()], { error: moneyMessages.amountRequired }),
  z.transform(parseShillings),
);

/** Shillings that must be above 0 (an expense, docs/product.md §5). */
export const positiveShillingsSchema = shillingsSchema.check(
  z.refine((cents: Cents) => cents > 0, moneyMessages.amountNotPositive),
);
