import { z } from 'zod/mini';
import { looksLikeDay } from './dates.js';
import { ensureEnglishMessages } from './zod-locale.js';

ensureEnglishMessages();

type Values = readonly [string, ...string[]];

/**
 * An enumerated field as the product's clients send it: any case, spaces around ignored
 * ('Active', 'ACTIVE', ' active '), plus the aliases a client spells differently
 * ('Layers Mash' for 'Layer Mash'). What passes is the one canonical value in `values`,
 * which is what is stored and answered. Every enumerated field a client sends uses this.
 * `message` may depend on the input (a missing value and a wrong one can read differently).
 */
export function enumField<const T extends Values>(
  values: T,
  message: string | ((input: unknown) => string),
  aliases: Record<string, T[number]> = {},
) {
  const canonical = new Map<string, T[number]>();
  for (const value of values) canonical.set(value.toLowerCase(), value);
  for (const [alias, value] of Object.entries(aliases)) canonical.set(alias.toLowerCase(), value);
  return z.pipe(
    z.transform((input: unknown) => (typeof input === 'string' ? (canonical.get(input.trim().toLowerCase()) ?? input) : input)),
    z.enum(values, { error: typeof message === 'string' ? message : (issue) => message(issue.input) }),
  );
}

export const ID_MAX = 2_147_483_647;

/** A record's id as a path or query parameter: a positive 32-bit integer, else `message`. */
export function idField(message = 'Unknown id.') {
  return z.coerce.number({ error: message }).check(z.int(message), z.gte(1, message), z.lte(ID_MAX, message));
}

/** `/:id` of a record's route. */
export const idParamsSchema = z.object({ id: idField() });

/** Whether a client left a field out: absent, null or the empty text. */
export const isMissing = (input: unknown): boolean => input === undefined || input === null || input === '';

/**
 * A day as 'YYYY-MM-DD' or the product's ISO instant, kept as sent: the server reads it in the
 * farm's time zone (parseDay), where a range such as "not after today" is checked.
 */
export const dayField = (missing: string, invalid: string) =>
  z.string({ error: (issue) => (isMissing(issue.input) ? missing : invalid) }).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(40, invalid),
    z.refine(looksLikeDay, invalid),
  );

/**
 * docs/product.md names some fields twice (flock_id and flockId, unit_price and unitPrice): the alias
 * fills the usual name when that is absent, so either is taken and the usual name wins.
 */
export const withAliases = (aliases: Record<string, string>) =>
  z.transform((input: unknown) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const copy: Record<string, unknown> = { ...input };
    for (const [alias, name] of Object.entries(aliases)) if (copy[name] === undefined && copy[alias] !== undefined) copy[name] = copy[alias];
    return copy;
  });

/**
 * A whole number as a form or a path sends it (11 or "11"); absent, null or blank is
 * `missing`, anything else not a whole number in range is `invalid` (or `tooLow`).
 */
export const wholeNumberField = (missing: string, invalid: string, min: number, tooLow: string, max: number) =>
  z.pipe(
    z.transform((input: unknown, ctx) => {
      if (isMissing(input) || (typeof input === 'string' && input.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: missing, input });
        return z.NEVER;
      }
      return typeof input === 'string' ? Number(input.trim()) : input;
    }),
    z.number({ error: invalid }).check(z.int(invalid), z.gte(min, tooLow), z.lte(max, invalid)),
  );
