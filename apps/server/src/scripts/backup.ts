/**
 * npm run backup
 *
 * Writes a consistent copy of the embedded database to
 * DATA_DIR/backups/kuku-YYYYMMDD-HHmmss.tar.gz (farm time) and keeps the newest
 * 7. It takes the DATA_DIR lock, so it refuses while the server runs: a running
 * server backs itself up each night at 02:00 instead (db/embedded/backups.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { BACKUP_TIME_ZONE, BACKUPS_KEPT, backupsDir, writeBackup } from '../db/embedded/backups.js';
import { fail, openForCli, out, runCli, UsageError } from './cli.js';

const USAGE = 'Usage: npm run backup';

async function main(): Promise<number> {
  try {
    parseArgs({ args: process.argv.slice(2), options: {}, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    fail('DATABASE_URL is set: npm run backup copies the embedded database only.');
    fail('Back up PostgreSQL with pg_dump, e.g.  pg_dump -Fc "$DATABASE_URL" > kuku-$(date +%Y%m%d).dump');
    fail('and restore with pg_restore, e.g.     pg_restore --clean --if-exists -d "$DATABASE_URL" kuku-20261123.dump');
    return 1;
  }
  if (config.dataDir.startsWith('memory://') || !existsSync(path.join(config.dataDir, 'pglite'))) {
    fail(`There is no embedded database in ${config.dataDir} to back up (DATA_DIR).`);
    return 1;
  }

  out(`Backing up the embedded database in ${config.dataDir}`);
  const database = await openForCli(
    config,
    `A running server writes a backup itself each night at 02:00 (${BACKUP_TIME_ZONE}) into ${backupsDir(config.dataDir)}; to take one now, stop it first.`,
  );
  if (!database) return 1;
  try {
    const result = await writeBackup(database, config.dataDir);
    out(`Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB).`);
    out(`The newest ${BACKUPS_KEPT} backups are kept${result.removed.length ? `; removed ${result.removed.join(', ')}` : ''}.`);
    out(`Restore it with: npm run restore -- ${path.basename(result.file)}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('backup', main);
