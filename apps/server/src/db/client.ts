import { userInfo } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { lockDataDir, type DataDirLock } from './embedded/data-dir-lock.js';
import { PgliteRemote } from './embedded/pglite-remote.js';
import { restrictDataDir } from './embedded/private-files.js';
import * as schema from './schema/index.js';

/**
 * node-postgres takes the default user name only from $USER, where libpq (psql)
 * asks the OS: with $USER unset (containers, service managers) a URL without a
 * user, like postgres://127.0.0.1:5432/kuku, was refused ("no PostgreSQL user
 * name specified"). Ask the OS too; a user in the URL or PGUSER still wins.
 */
export function ensurePgDefaultUser(): void {
  if (pg.defaults.user) return;
  try {
    pg.defaults.user = userInfo().username;
  } catch {
    // no passwd entry for this uid: the URL has to name the user
  }
}
ensurePgDefaultUser();

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service function takes either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Plain SQL outside the ORM (integrity checks, VACUUM, counts in drills); rows as objects.
   * Dates and timestamps come back as text from the embedded database, as Date from PostgreSQL.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Embedded only (null on PostgreSQL): `listener` runs whenever a session, user, farm or
   * membership row changes, before the changing statement's answer arrives. Answers an
   * unsubscribe function.
   */
  onPrincipalChange: ((listener: () => void) => () => void) | null;
  /** PostgreSQL only (null embedded): where a connection of its own LISTENs for other processes' events. */
  connectionString: string | null;
  /** A consistent copy of the embedded database (PGlite's dumpDataDir, a gzipped tar). Embedded only. */
  dumpDataDir(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number;
  /** Embedded only: start from this dumpDataDir() copy (restore); the directory must be empty. */
  loadDataDir?: Uint8Array;
  /** Embedded only: load PGlite's amcheck extension (durability tests). */
  amcheck?: boolean;
  /** Embedded only: the database thread died (out of memory, say); every later query fails. */
  onFailure?: (error: Error) => void;
}

/** Any fixed number: the advisory lock every Kuku process takes around its migrations. */
const MIGRATION_LOCK_KEY = 0x6b756b75; // 'kuku'

/**
 * Processes started together on one PostgreSQL each ran the migrations, and one died on the
 * other's `CREATE SCHEMA "drizzle"` or `CREATE TABLE` (decision 050). The migrator runs on a
 * connection of its own holding a session advisory lock: the second process waits, then finds
 * every migration applied. Its own connection, not the pool's: a pool of one would deadlock.
 */
async function migrateLocked(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, whatever the migrations did.
    await client.end();
  }
}

/**
 * PGlite in DATA_DIR/pglite when no DATABASE_URL is set, a node-postgres pool
 * when it is. Migrations are applied before anything else runs.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover, idle timeout) is dropped by the
    // pool and the next query opens another; unhandled, node-postgres's 'error' would end the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    try {
      await migrateLocked(options.databaseUrl);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      onPrincipalChange: null,
      connectionString: options.databaseUrl,
      dumpDataDir: () => Promise.reject(new Error('dumpDataDir is for the embedded database; back up PostgreSQL with pg_dump')),
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const lock: DataDirLock | null = inMemory ? null : lockDataDir(options.dataDir);
  try {
    if (!inMemory) restrictDataDir(options.dataDir);
    // PGlite runs on its own thread, so a heavy query never stalls the server's event loop.
    const remote = await PgliteRemote.start({
      dataDir: inMemory ? options.dataDir : path.join(options.dataDir, 'pglite'),
      migrationsFolder,
      loadDataDir: options.loadDataDir,
      amcheck: options.amcheck,
    });
    if (options.onFailure) remote.onFailure = options.onFailure;
    const db = drizzlePglite({ client: remote as unknown as PGlite, schema });
    const principalListeners = new Set<() => void>();
    remote.onPrincipalChange = () => {
      for (const listener of principalListeners) listener();
    };
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      query: async <T>(text: string, params?: unknown[]) => (await remote.query<T>(text, params)).rows,
      onPrincipalChange: (listener) => {
        principalListeners.add(listener);
        return () => principalListeners.delete(listener);
      },
      connectionString: null,
      dumpDataDir: () => remote.dumpDataDir(),
      close: async () => {
        await remote.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
