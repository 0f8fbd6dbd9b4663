import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { databaseUrlFor, TEMPLATE_DB } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, PGlite's dumpDataDir unzipped (openTestDatabase loads it). */
    pgliteTemplate: string;
    /** The same database as a DATA_DIR, closed ('' on PostgreSQL): migratedDataDir copies it. */
    migratedDataDir: string;
  }
}

/**
 * Migrate a template once; each test file copies it (fast, isolated): on PostgreSQL a template
 * database, embedded a PGlite dump, which loads in a fraction of the migrations' time (decision 053).
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'kuku-test-template-'));
    const file = path.join(dir, 'pglite.tar');
    const database = await openDatabase({ dataDir: 'memory://' });
    let dump: Uint8Array;
    try {
      dump = await database.dumpDataDir();
    } finally {
      await database.close();
    }
    // Unpacked once here: PGlite reads a plain tar as it is, and would unzip the dump for every file.
    writeFileSync(file, gunzipSync(dump));
    project.provide('pgliteTemplate', file);
    const dataDir = path.join(dir, 'data');
    await (await openDatabase({ dataDir, loadDataDir: dump })).close();
    project.provide('migratedDataDir', dataDir);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('migratedDataDir', '');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: databaseUrlFor(adminUrl, TEMPLATE_DB), poolSize: 1 });
  await database.close();
  return undefined;
}
