import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from './schema/index.js';

/**
 * Who added and who last changed a record (migration 0027): the users' usernames, null
 * when unknown or the account is gone. Each is read by the user's primary key inside the
 * record's own statement, so a list page reads a user per row in the same round trip and
 * keeps its index order (as a join the planner may hash every user, as it did the flocks
 * of the vaccination list), and a write answers them from its RETURNING.
 */
type Authored = PgTable & { createdBy: AnyPgColumn; updatedBy: AnyPgColumn };

// Spelt out in full: RETURNING writes a bare column name, which inside the subquery would
// be read as the users' own column.
function usernameOf(table: PgTable, userId: AnyPgColumn): SQL<string | null> {
  const column = sql`${sql.identifier(getTableName(table))}.${sql.identifier(userId.name)}`;
  return sql<string | null>`(select author.username from ${users} author where author.id = ${column})`;
}

/** The two names, as fields of a select from `table` (not an alias of it) or of its RETURNING. */
export function authorNames(table: Authored) {
  return { createdByName: usernameOf(table, table.createdBy), updatedByName: usernameOf(table, table.updatedBy) };
}

/** Every column of a written row and its authors' names, for `.returning(…)`: one statement. */
export function returningWithAuthors<T extends Authored>(table: T) {
  return { ...getTableColumns(table), ...authorNames(table) };
}

export interface AuthorNames {
  createdByName: string | null;
  updatedByName: string | null;
}

/** The answer's two fields (recordAuthorsSchema). */
export function toRecordAuthors(row: AuthorNames) {
  return { created_by_name: row.createdByName, updated_by_name: row.updatedByName };
}
