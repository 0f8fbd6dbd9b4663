import type { Database } from '../db/client.js';

/**
 * PGlite's amcheck over the whole database: bt_index_check (with heapallindexed:
 * every heap tuple must be found in the index) on every btree index and
 * verify_heapam on every table, catalog and TOAST included. Needs a database
 * opened with { amcheck: true }. Returns what it checked and every problem found.
 */
export async function amcheckAll(database: Database): Promise<{ indexes: number; tables: number; problems: string[] }> {
  await database.query('create extension if not exists amcheck');
  const indexes = await database.query<{ name: string }>(
    `select c.oid::regclass::text as name
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where a.amname = 'btree' and c.relpersistence <> 't' and i.indisready and i.indisvalid`,
  );
  const problems: string[] = [];
  for (const { name } of indexes) {
    try {
      await database.query('select bt_index_check($1::regclass, true)', [name]);
    } catch (error) {
      problems.push(`index ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const tables = await database.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't'`,
  );
  for (const { name } of tables) {
    const rows = await database.query<{ blkno: number; offnum: number; msg: string }>('select blkno, offnum, msg from verify_heapam($1::regclass)', [name]);
    for (const r of rows) problems.push(`table ${name} block ${r.blkno} item ${r.offnum}: ${r.msg}`);
  }
  return { indexes: indexes.length, tables: tables.length, problems };
}

export interface TableFingerprint {
  rows: number;
  /** Sum of each numeric column. */
  sums: Record<string, string>;
  /** md5 of every row's text, in order: equal only if every value is. */
  md5: string;
}

/** Every table of the app (public and drizzle schemas): count, numeric sums, content hash. */
export async function fingerprintTables(database: Database): Promise<Record<string, TableFingerprint>> {
  const columns = await database.query<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
    `select c.table_schema, c.table_name, c.column_name, c.data_type
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in ('public', 'drizzle') and t.table_type = 'BASE TABLE'
      order by c.table_schema, c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, { name: string; numeric: boolean }[]>();
  for (const c of columns) {
    const key = `"${c.table_schema}"."${c.table_name}"`;
    const list = byTable.get(key) ?? [];
    list.push({ name: c.column_name, numeric: ['integer', 'bigint', 'smallint', 'numeric', 'real', 'double precision'].includes(c.data_type) });
    byTable.set(key, list);
  }
  const result: Record<string, TableFingerprint> = {};
  for (const [table, cols] of byTable) {
    const numeric = cols.filter((c) => c.numeric);
    const sumsSql = numeric.map((c, i) => `coalesce(sum("${c.name}"), 0)::text as s${i}`).join(', ');
    const [row] = await database.query<Record<string, string | number>>(
      `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5${sumsSql ? `, ${sumsSql}` : ''} from ${table} t`,
    );
    if (!row) throw new Error(`no row for ${table}`);
    result[table] = {
      rows: Number(row.n),
      md5: String(row.md5),
      sums: Object.fromEntries(numeric.map((c, i) => [c.name, String(row[`s${i}`])])),
    };
  }
  return result;
}
