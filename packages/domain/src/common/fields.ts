import { z } from 'zod/mini';
import { ensureEnglishMessages } from './zod-locale.js';

ensureEnglishMessages();

type Values = readonly [string, ...string[]];

/**
 * An enumerated field as SPEC's clients send it: any case, spaces around ignored
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
