import { ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A day column as the screens write it ('05 Mar 2019', the web's one date style). PostgreSQL's
 * 'Mon' is the English abbreviation whatever the server's locale (only 'TMMon' translates).
 */
export function dayAsShown(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column}, 'DD Mon YYYY')`;
}

/**
 * A list's search by the date as it reads on the screen ('05 Mar', 'Mar 2019'), when the text
 * has a letter, as a date written so always has its month's name (decision 054): a bare '12'
 * stays a search of references and amounts, not of every 12th of the month.
 */
export function searchDayAsShown(column: SQLWrapper, q: string | undefined, pattern: string | undefined): SQL | undefined {
  return q && pattern && /\p{L}/u.test(q) ? ilike(dayAsShown(column), pattern) : undefined;
}
