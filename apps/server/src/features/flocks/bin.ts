/**
 * Deleted flocks kept for FLOCK_BIN_DAYS (decision 052). A flock's delete copies the flock and
 * every row that belonged to it into `deleted_records` as JSON, then deletes the flock (its
 * records cascade, the triggers take their share out of the rollups); a restore inserts the
 * rows back with their own ids, parents first, and the triggers add their share again.
 * Both happen inside the caller's transaction and never pass the rows through JavaScript.
 */
import { FLOCK_BIN_DAYS, flockBinMessages, type DeletedFlock } from '@kuku/domain';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { AppError, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import {
  budgets,
  eggAdjustments,
  eggProductions,
  expenses,
  feedRecords,
  flockBirdCountEvents,
  flockWeighings,
  flocks,
  flockYearBudgets,
  inventoryItems,
  inventoryMovements,
  sales,
  stockCounts,
  vaccinations,
} from '../../db/schema/index.js';
import { sqlRows } from '../farm-scope.js';

interface BinTable {
  table: PgTable;
  /** The table's rows of flock `id` on farm `farm` (both SQL parameters). */
  rowsOf: (farm: SQL, id: SQL) => SQL;
  /** Columns put back with another value: counters a trigger adds up again as the records return. */
  restoreAs?: Record<string, SQL>;
}

const ofFlock = (farm: SQL, id: SQL) => sql`farm_id = ${farm} and flock_id = ${id}`;

/**
 * Every table holding a flock's rows, in the order they go back (a row after the rows it
 * points at). A table that gains a `flock_id` must be listed here: a test compares this list
 * with the database's foreign keys to flocks. Reports keep theirs set null (decision 031).
 */
export const FLOCK_BIN_TABLES: BinTable[] = [
  {
    table: flocks,
    rowsOf: (farm, id) => sql`farm_id = ${farm} and id = ${id}`,
    // The vaccinations' trigger counts them again as they go back in.
    restoreAs: { vaccinations_pending: sql`0`, vaccinations_completed: sql`0`, vaccinations_cancelled: sql`0` },
  },
  { table: flockBirdCountEvents, rowsOf: ofFlock },
  { table: vaccinations, rowsOf: ofFlock },
  { table: flockWeighings, rowsOf: ofFlock },
  { table: eggProductions, rowsOf: ofFlock },
  { table: eggAdjustments, rowsOf: ofFlock },
  { table: sales, rowsOf: ofFlock },
  { table: expenses, rowsOf: ofFlock },
  { table: budgets, rowsOf: ofFlock },
  { table: flockYearBudgets, rowsOf: ofFlock },
  { table: inventoryItems, rowsOf: ofFlock },
  {
    table: inventoryMovements,
    rowsOf: (farm, id) => sql`farm_id = ${farm} and item_id in (select i.id from inventory_items i where i.farm_id = ${farm} and i.flock_id = ${id})`,
  },
  // Feed given to the flock, and feed drawn from its items for another flock (those go with the items): after the movements they name.
  {
    table: feedRecords,
    rowsOf: (farm, id) => sql`farm_id = ${farm} and (flock_id = ${id} or item_id in (select i.id from inventory_items i where i.farm_id = ${farm} and i.flock_id = ${id}))`,
  },
  // Its head counts, and the counts of its items' feed (decision 077): after the items they name.
  {
    table: stockCounts,
    rowsOf: (farm, id) => sql`farm_id = ${farm} and (flock_id = ${id} or item_id in (select i.id from inventory_items i where i.farm_id = ${farm} and i.flock_id = ${id}))`,
  },
];

const nameOf = (table: PgTable) => getTableConfig(table).name;

/** Rows kept as `[{ table, rows }]`, and how many of each kind went (the flock itself aside). */
export async function binFlock(tx: DbOrTx, farmId: number, userId: number, flockId: number, label: string): Promise<void> {
  const farm = sql`${farmId}::int`;
  const id = sql`${flockId}::int`;
  const parts = FLOCK_BIN_TABLES.map(({ table, rowsOf }) => {
    const name = nameOf(table);
    return sql`(select jsonb_build_object('table', ${name}::text, 'rows', coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]'::jsonb))
      from ${sql.identifier(name)} t where ${rowsOf(farm, id)})`;
  });
  await (tx as Db).execute(sql`
    insert into deleted_records (farm_id, kind, subject_id, label, rows, counts, deleted_by)
    select ${farm}, 'flock', ${id}, ${label}, k.rows,
      (select jsonb_object_agg(e->>'table', jsonb_array_length(e->'rows')) from jsonb_array_elements(k.rows) e where e->>'table' <> 'flocks'),
      ${userId}::int
    from (select jsonb_build_array(${sql.join(parts, sql`, `)}) as rows) k`);
}

/** The farm's deleted flocks still kept, newest first. */
export async function listDeletedFlocks(db: Db, farmId: number): Promise<{ items: DeletedFlock[] }> {
  const rows = await sqlRows<{ id: number; subject_id: number; label: string; counts: Record<string, number>; deleted_at: string; expires_at: string; deleted_by: string | null }>(
    db,
    sql`select d.id, d.subject_id, d.label, d.counts,
          to_char(d.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deleted_at,
          to_char((d.deleted_at + make_interval(days => ${FLOCK_BIN_DAYS})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
          u.username as deleted_by
        from deleted_records d left join users u on u.id = d.deleted_by
        where d.farm_id = ${farmId} and d.kind = 'flock' and d.deleted_at > now() - make_interval(days => ${FLOCK_BIN_DAYS})
        order by d.deleted_at desc, d.id desc
        limit 100`,
  );
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      flock_id: Number(r.subject_id),
      name: r.label,
      counts: Object.fromEntries(Object.entries(r.counts ?? {}).map(([k, v]) => [k, Number(v)])),
      deleted_at: r.deleted_at,
      deleted_by: r.deleted_by,
      expires_at: r.expires_at,
    })),
  };
}

/** The columns a row is put back with: all but those the database computes (a stock value). */
function restoreColumns(table: PgTable): string[] {
  return getTableConfig(table)
    .columns.filter((c) => !c.generated)
    .map((c) => c.name);
}

/** Who made or changed a row: put back only if that account still exists (the column is set null when one goes). */
const USER_COLUMNS = new Set(['created_by', 'updated_by']);

/**
 * Puts a deleted flock and its records back as they were, with their own ids, in one
 * transaction; the bin entry goes. Another farm's entry, or one past its days, is not found.
 */
export async function restoreFlock(db: Db, farmId: number, binId: number): Promise<{ flock_id: number; name: string }> {
  try {
    return await db.transaction(async (tx) => {
      const run = tx as unknown as Db;
      const [entry] = await sqlRows<{ subject_id: number; label: string }>(
        run,
        sql`select subject_id, label from deleted_records
            where id = ${binId} and farm_id = ${farmId} and kind = 'flock' and deleted_at > now() - make_interval(days => ${FLOCK_BIN_DAYS})
            for update`,
      );
      if (!entry) throw notFound(flockBinMessages.notInBin);
      for (const { table, restoreAs } of FLOCK_BIN_TABLES) {
        const name = nameOf(table);
        const columns = restoreColumns(table);
        const values = columns.map((c) => {
          if (restoreAs?.[c]) return restoreAs[c];
          if (USER_COLUMNS.has(c)) return sql`(select u.id from users u where u.id = r.${sql.identifier(c)})`;
          return sql`r.${sql.identifier(c)}`;
        });
        await run.execute(sql`
          insert into ${sql.identifier(name)} (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)}) overriding system value
          select ${sql.join(values, sql`, `)}
          from deleted_records d,
            jsonb_populate_recordset(null::${sql.identifier(name)},
              coalesce((select e->'rows' from jsonb_array_elements(d.rows) e where e->>'table' = ${name}::text limit 1), '[]'::jsonb)) r
          where d.id = ${binId}
          order by r.id`);
      }
      await run.execute(sql`delete from deleted_records where id = ${binId}`);
      return { flock_id: Number(entry.subject_id), name: entry.label };
    });
  } catch (error) {
    // A row taken again meanwhile (it should not happen: ids and refs are never given twice).
    if (isUniqueViolation(error)) throw new AppError('conflict', flockBinMessages.restoreFailed);
    throw error;
  }
}

/** Entries past their days are deleted for good (the hourly job of features/notifications/jobs.ts). */
export async function purgeDeletedFlocks(db: DbOrTx): Promise<number> {
  const rows = await (db as Db).execute(sql`delete from deleted_records where deleted_at <= now() - make_interval(days => ${FLOCK_BIN_DAYS}) returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}
