import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
// Rows go in batches: PGlite pays per statement, so row-by-row loads crawl (decision 014).
const BATCH = 500;
/**
 * Egg rows are many (a flock a day: 50 layer flocks over 10 years are about 170,000), so they
 * go thousands to a statement as one array per column (insertByColumns).
 */
const COLUMN_BATCH = 5_000;

/** A deterministic pseudo-random sequence, so a seeded farm looks the same each run. */
export function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * `insert into t (a, b, …) select * from unnest($1::a_type[], $2::b_type[], …)`: thousands of
 * rows a statement with one parameter per column, far below PostgreSQL's 65,535. The same rows
 * as a multi-row VALUES list (9 parameters a row, 6,600 rows a statement) took twice as long,
 * half of it in Drizzle building each statement's 60,000 placeholders (170,000 rows: 10 s
 * of 20 s on the embedded database); what is left is the database's own work (indexes and
 * foreign-key checks). Every row has the keys of the first.
 */
export async function insertByColumns<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => key in columns);
  const names = sql.join(keys.map((key) => sql.identifier(columns[key]?.name ?? key)), sql`, `);
  for (let i = 0; i < rows.length; i += COLUMN_BATCH) {
    const batch = rows.slice(i, i + COLUMN_BATCH) as Record<string, unknown>[];
    const arrays = keys.map((key) => sql`${sql.param(batch.map((row) => row[key] ?? null))}::${sql.raw(columns[key]?.getSQLType() ?? 'text')}[]`);
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/** 'YYYY-MM-DD' as a count of days since 1970-01-01, and back. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A record's time: `hourUtc` on its day (15:00 UTC is 18:00 in East Africa), never after now. */
export function recordedAt(day: number, hourUtc: number, now: Date): Date {
  return new Date(Math.min(day * DAY_MS + hourUtc * 60 * 60 * 1000, now.getTime()));
}
