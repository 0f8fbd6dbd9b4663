import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

export const TEMPLATE_DB = 'kuku_test_template';

/** The admin URL's database swapped for `name`. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let pgliteTemplate: Uint8Array | undefined;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from
 * the dump global-setup migrated once; with DATABASE_URL set, a new PostgreSQL
 * database copied from the template database global-setup migrated once.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    pgliteTemplate ??= readFileSync(inject('pgliteTemplate'));
    // A copy (a Buffer's slice() would share the bytes): the database's thread takes what it is given.
    return openDatabase({ dataDir: 'memory://', loadDataDir: Uint8Array.from(pgliteTemplate) });
  }

  const name = `kuku_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
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
