/**
 * Numbers out of SQL, the same on both drivers. PostgreSQL answers count(*) as bigint, sum() of
 * integer or bigint as bigint or numeric, avg() as numeric. node-postgres hands bigint and numeric
 * over as text ('3'); PGlite gives a bigint as a number, or as a BigInt past 2^53, and numeric as
 * text. These helpers decode every form to a JS number, and throw where a number would be wrong:
 * a total past 2^53 would come back rounded, so money (integer cents) would silently change.
 * Use them in a select's field map: `db.select({ total: sqlSum(sales.amountCents) })`.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

function shown(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/**
 * Any numeric value a driver answers (number, BigInt, or numeric text such as '1.5000') as a
 * number. Throws a RangeError on anything else, on NaN or ±Infinity (numeric has them), and past
 * ±(2^53 - 1), where a number no longer holds every integer. Also for rows of Database.query.
 */
export function toSafeNumber(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'bigint') n = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : Number.NaN;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
  else n = Number.NaN;
  // Above 2^53 - 1 the text or BigInt rounds to 2^53 or more, so this bound is exact.
  if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`The database answered ${shown(value)}, not a number within ±2^53`);
  }
  return n;
}

/** As toSafeNumber, and the number must be whole: counts, integer cents. */
export function toSafeInteger(value: unknown): number {
  const n = toSafeNumber(value);
  if (!Number.isInteger(n)) throw new RangeError(`The database answered ${shown(value)}, not a whole number`);
  return n;
}

/** count(*), or count(expr) (its non-null values; `sql\`distinct ${column}\`` works too). */
export function sqlCount(expr?: SQLWrapper): SQL<number> {
  return (expr ? sql`count(${expr})` : sql`count(*)`).mapWith(toSafeInteger);
}

/** The sum of a whole-number column (cents, counts), 0 when there are no rows. Throws past 2^53. */
export function sqlSum(expr: SQLWrapper): SQL<number> {
  return sql`coalesce(sum(${expr}), 0)`.mapWith(toSafeInteger);
}

/** The sum of a fractional column (a numeric quantity in kg), 0 when there are no rows. */
export function sqlSumDecimal(expr: SQLWrapper): SQL<number> {
  return sql`coalesce(sum(${expr}), 0)`.mapWith(toSafeNumber);
}

/**
 * Any numeric expression as a number: `sqlNumber(sql\`avg(${flocks.age})\`)`. SQL null stays null
 * (avg of no rows), so the type says so; give `number` when the expression cannot be null.
 */
export function sqlNumber<T extends number | null = number | null>(expr: SQLWrapper): SQL<T> {
  return sql`${expr}`.mapWith(toSafeNumber) as SQL<T>;
}

/** A whole-number expression (max of cents, a bigint column or arithmetic) as a number; null stays null. */
export function sqlInteger<T extends number | null = number | null>(expr: SQLWrapper): SQL<T> {
  return sql`${expr}`.mapWith(toSafeInteger) as SQL<T>;
}
