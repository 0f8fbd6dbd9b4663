/**
 * npm run migrate
 *
 * Applies the committed migrations (apps/server/src/db/migrations) to the
 * embedded database in DATA_DIR, or to PostgreSQL when DATABASE_URL is set,
 * and says where the database now stands. The server does the same at start;
 * this is for applying them ahead of a deploy. On the embedded database it
 * takes the DATA_DIR lock, so it refuses while the server runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrationsFolder } from '../paths.js';
import { describeDatabase, openForCli, out, runCli, UsageError } from './cli.js';

const USAGE = 'Usage: npm run migrate';

async function main(): Promise<number> {
  try {
    parseArgs({ args: process.argv.slice(2), options: {}, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const config = loadConfig();
  out(`Migrating ${describeDatabase(config)}`);
  const database = await openForCli(config);
  if (!database) return 1;
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const [applied] = await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    out(`Up to date: ${applied?.n ?? 0} of ${journal.entries.length} migrations applied, the newest ${journal.entries.at(-1)?.tag ?? '(none)'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('migrate', main);
