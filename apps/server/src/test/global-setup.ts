import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { randomBytes } from 'node:crypto';
import { databaseUrlFor, templateDbName } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, PGlite's dumpDataDir unzipped (openTestDatabase loads it). */
    pgliteTemplate: string;
    /** The same database as a DATA_DIR, closed ('' on PostgreSQL): migratedDataDir copies it. */
    migratedDataDir: string;
    /** The PostgreSQL template database of this run ('' embedded). */
    templateDb: string;
  }
}

/**
 * Migrate a template once; each test file copies it (fast, isolated): on PostgreSQL a template
 * database, embedded a PGlite dump, which loads in a fraction of the migrations' time (decision 053).
 */
export default async function setup(project: TestProject): Promise<(() => void | Promise<void>) | undefined> {
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
    project.provide('templateDb', '');
    const dataDir = path.join(dir, 'data');
    await (await openDatabase({ dataDir, loadDataDir: dump })).close();
    project.provide('migratedDataDir', dataDir);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('migratedDataDir', '');
  const templateDb = templateDbName(`${process.pid}_${randomBytes(3).toString('hex')}`);
  project.provide('templateDb', templateDb);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Templates a killed run left behind (its test runner gone) are dropped; a live run's are not touched.
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'kuku\\_test\\_template\\_%'");
    for (const { datname } of rows) {
      const pid = Number(/^kuku_test_template_(\d+)_/.exec(datname)?.[1]);
      if (pid && !processAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${templateDb}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: databaseUrlFor(adminUrl, templateDb), poolSize: 1 });
  await database.close();
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
