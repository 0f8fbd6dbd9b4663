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
