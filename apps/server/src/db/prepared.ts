import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Drizzle queries built once per shape (decision 018). Building a query's SQL
 * cost the server's thread more than the database's own answer on the hot
 * reads, so a route the bench shows short of its goal prepares its query once per database
 * and fills `sql.placeholder`s per call. On PostgreSQL node-postgres turns the
 * name into a named statement per connection, so a name must stand for one text.
 */
const byDatabase = new WeakMap<Db, Map<string, unknown>>();

export function preparedQuery<T>(db: Db, name: string, build: (name: string) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) byDatabase.set(db, (queries = new Map()));
  if (!queries.has(name)) queries.set(name, build(name));
  return queries.get(name) as T;
}

interface Executable<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/** A list page whose rows carry the total, and the statement that answers the total alone. */
export interface PageStatement<Row extends { total: number }> {
  page: Executable<Row>;
  totalOnly: Executable<{ n: number }>;
}

/** `page` selects `total` beside each row; past the last page there is no row to carry it. */
export function pageStatement<Row extends { total: number }>(db: Db, name: string, total: SQL<number>, page: Executable<Row>): PageStatement<Row> {
  return { page, totalOnly: db.select({ n: total }).from(sql`(select 1) as one`).prepare(`${name}_total`) };
}

/** A page's placeholder values: `limit`, `offset` and the ILIKE `pattern` of a search. */
export function pageValues(query: { page: number; pageSize: number; q?: string | undefined }) {
  return {
    // The search is a substring: %, _ and \ in it are themselves.
    pattern: query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

export async function readPage<Row extends { total: number }>(statement: PageStatement<Row>, values: Record<string, unknown>) {
  const rows = await statement.page.execute(values);
  const total = rows[0]?.total ?? (await statement.totalOnly.execute(values))[0]?.n ?? 0;
  return { rows, total };
}
