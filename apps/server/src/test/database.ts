import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';

/** The template database of one test run: a run of its own each, so two runs on one server never drop each other's. */
export const templateDbName = (run: string) => `kuku_test_template_${run}`;

/** The admin URL's database swapped for `name`. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let pgliteTemplate: Uint8Array | undefined;

/** Embedded databases this worker opened whose file has closed them: the next file empties one and takes it. */
const idle: Database[] = [];
/** Every table the migrations make, in one TRUNCATE (the same list for every database of the worker). */
let truncateAll: string | undefined;

/**
 * Empties a database some earlier file used: every row gone, every sequence back at 1. A
 * transaction that file left open would hold the TRUNCATE for ever: after 10 s it is given up.
 */
async function empty(database: Database): Promise<void> {
  if (!truncateAll) {
    const tables = await database.query<{ name: string }>(
      "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    truncateAll = `TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`;
  }
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('a transaction left open holds the database')), 10_000);
  });
  try {
    await Promise.race([database.query(truncateAll), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One file's view of a pooled embedded database: a drizzle instance of its own (the answer and
 * statement caches are keyed by it, so nothing an earlier file read is served again) and its own
 * principal-change listeners, dropped when the file closes it.
 */
function forOneFile(base: Database): Database {
  const client = (base.db as unknown as { $client: PGlite }).$client;
  const unsubscribes = new Set<() => void>();
  let closed = false;
  return {
    ...base,
    db: drizzle({ client, schema }) as unknown as Db,
    onPrincipalChange: (listener) => {
      const unsubscribe = base.onPrincipalChange!(listener);
      unsubscribes.add(unsubscribe);
      return () => {
        unsubscribes.delete(unsubscribe);
        unsubscribe();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const unsubscribe of unsubscribes) unsubscribe();
      idle.push(base);
    },
  };
}

/**
 * An empty, migrated embedded database. Opening one (a thread, PGlite's WebAssembly, the
 * template's dump) cost each file about a second of CPU; one a file of this worker has closed
 * is emptied instead, in a few milliseconds (decision 058).
 */
async function openEmbedded(): Promise<Database> {
  const reused = idle.pop();
  if (reused) {
    try {
      await empty(reused);
      return forOneFile(reused);
    } catch {
      // A file left it broken (its thread stopped, or a transaction open): open another.
      await reused.close().catch(() => undefined);
    }
  }
  pgliteTemplate ??= readFileSync(inject('pgliteTemplate'));
  // A copy (a Buffer's slice() would share the bytes): the database's thread takes what it is given.
  return forOneFile(await openDatabase({ dataDir: 'memory://', loadDataDir: Uint8Array.from(pgliteTemplate) }));
}

/**
 * A fresh, migrated database for one test file: an empty in-memory PGlite, from the dump
 * global-setup migrated once or emptied after an earlier file; with DATABASE_URL set, a new
 * PostgreSQL database copied from the template database global-setup migrated once.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openEmbedded();

  const name = `kuku_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: databaseUrlFor(adminUrl, name), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
