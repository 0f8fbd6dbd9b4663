import type { Page } from '@kuku/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { preparedQuery } from './prepared.js';
import { sqlInteger } from './sql-number.js';

/** The page's rows as a drizzle select: awaited, or prepared once under a name. */
interface RowsQuery<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

/** A list, in the terms of docs/adding-a-feature.md "Ids and lists". */
export interface ListOf<Row extends { total: number }> {
  /** The listed table: a page is a run of its ids. */
  table: PgTable & { id: AnyPgColumn };
  /** A table the filter or the order reads (a flock's name to search or sort by), left joined on `on`. */
  join?: { table: PgTable; on: SQL } | undefined;
  /** The filter, which starts with the farm's (or the user's) id: nothing else is counted or shown. */
  where: SQL | undefined;
  /** The order, ending in the table's id so that rows with equal values keep one order across pages. */
  order: SQL[];
  /**
   * The list's count as a trigger keeps it (a rollup, decision 020), read instead of counting the
   * filter: only where the counter counts exactly what the list shows (the whole farm's list, a
   * status). Without it the filter is counted.
   */
  kept?: SQL | undefined;
  /**
   * The page's rows: the select of the answer's columns and `total` beside them, from the table
   * (and whatever it reads a name from), `where(inPage)`, ordered by `order`.
   */
  rows: (inPage: SQL, total: SQL<number>) => RowsQuery<Row>;
  /**
   * Rows of the filter before the page, when the caller has narrowed the filter to where the page
   * starts (the egg history's deep pages); by default (page − 1) × pageSize. Not for a prepared
   * list, which pages by its query.
   */
  offset?: number | undefined;
}

const noRow = sql`(select 1) as one`;

/** The ILIKE pattern of a search, a substring: %, _ and \ in it are themselves. */
export function searchPattern(q: string | undefined): string | undefined {
  return q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** A LIMIT or OFFSET written into the text: whole numbers only. */
function bound(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`a page bound must be a whole number, not ${n}`);
  return sql.raw(String(n));
}

/** The page's ids off the sort's index, and the total: the two parts every list shares. */
function pageParts<Row extends { total: number }>(list: ListOf<Row>, limit: SQL, offset: SQL) {
  const from = list.join ? sql`${list.table} left join ${list.join.table} on ${list.join.on}` : sql`${list.table}`;
  const where = list.where ?? sql`true`;
  const ids = sql`select ${list.table.id} from ${from} where ${where} order by ${sql.join(list.order, sql`, `)} limit ${limit} offset ${offset}`;
  // = any(array(…)): the ids are computed once and each row read by primary key; with `in (…)`
  // the planner hashed the ids and scanned every row of the farm instead (decision 014).
  const inPage = sql`${list.table.id} = any(array(${ids}))`;
  // An uncorrelated subquery: run once, carried by every row of the page.
  const total = sqlInteger<number>(list.kept ?? sql`(select count(*) from ${from} where ${where})`);
  return { inPage, total };
}

/** A list's statements built once and named (decision 018), its values filled per call. */
export interface PreparedList {
  /** The name of one shape of the list: the list's filter and kept count take `sql.placeholder`s. */
  prepared: string;
  values: Record<string, unknown>;
}

/**
 * One page of a list, `{ items, total, page, pageSize }` (docs/style.md rule 11): the page's ids
 * off the sort's index, then only those rows, read by primary key with the total beside them, in
 * one statement (decision 014). Past the last page no row carries the total, so it is read
 * alone; on the first page no row means none at all.
 *
 * `list` is built per call, or with `options.prepared` once per name (a function then, so that
 * later calls build nothing): only for a list whose bench row shows the difference (decision 061).
 */
export async function listPage<Row extends { total: number }, Item>(
  db: DbOrTx,
  query: { page: number; pageSize: number },
  list: ListOf<Row> | (() => ListOf<Row>),
  toItem: (row: Row) => Item,
  options?: PreparedList,
): Promise<Page<Item>> {
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const listOf = typeof list === 'function' ? list : () => list;
  let rows: Row[];
  let totalAlone: () => Promise<{ total: number }[]>;
  if (options) {
    const statement = preparedQuery(db, options.prepared, (name) => {
      const built = listOf();
      const { inPage, total } = pageParts(built, sql`${sql.placeholder('limit')}`, sql`${sql.placeholder('offset')}`);
      return { page: built.rows(inPage, total).prepare(name), total: db.select({ total }).from(noRow).prepare(`${name}_total`) };
    });
    const values = { ...options.values, limit, offset };
    rows = await statement.page.execute(values);
    totalAlone = () => statement.total.execute(values);
  } else {
    const built = listOf();
    // LIMIT and OFFSET as literals, not parameters: with a parameter there PostgreSQL's generic
    // plan guessed a tenth of the rows and the plan was never kept (decision 025).
    const { inPage, total } = pageParts(built, bound(limit), bound(built.offset ?? offset));
    rows = await built.rows(inPage, total);
    totalAlone = () => db.select({ total }).from(noRow);
  }
  const total = rows.length > 0 || query.page === 1 ? (rows[0]?.total ?? 0) : ((await totalAlone())[0]?.total ?? 0);
  return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
}
