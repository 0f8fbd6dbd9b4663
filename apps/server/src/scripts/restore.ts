/**
 * npm run restore -- <file> [--yes]
 *
 * Replaces the embedded database in DATA_DIR/pglite with a backup, after a
 * y/N question (--yes answers it for scripts). Only with the server stopped:
 * it takes the DATA_DIR lock. The database it replaces is moved aside to
 * DATA_DIR/pglite.before-restore-<time>, never deleted. Every session is
 * ended: everyone signs in again (decision 049).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { backupsDir, findBackupFile, listBackups, restoreBackup } from '../db/embedded/backups.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../db/embedded/data-dir-lock.js';
import { fail, out, runCli, UsageError } from './cli.js';

const USAGE = 'Usage: npm run restore -- <backup file> [--yes]';

function parseOptions(argv: string[]): { file: string; yes: boolean } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { yes: { type: 'boolean', short: 'y' } }, strict: true, allowPositionals: true });
    if (positionals.length !== 1 || !positionals[0]) throw new Error(positionals.length ? 'Give one backup file, not several.' : 'Which backup? Give its file.');
    return { file: positionals[0], yes: values.yes ?? false };
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

/** y or yes restores; anything else, or the end of input, does not. */
function confirm(question: string): Promise<boolean> {
  process.stdout.write(question);
  const rl = createInterface({ input: process.stdin });
  return new Promise<boolean>((resolve) => {
    rl.once('line', (answer) => resolve(/^\s*y(es)?\s*$/i.test(answer)));
    rl.once('close', () => resolve(false));
  }).finally(() => rl.close());
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  if (config.databaseUrl) {
    fail('DATABASE_URL is set: npm run restore restores the embedded database only.');
    fail('Restore PostgreSQL from a pg_dump file with pg_restore, e.g.  pg_restore --clean --if-exists -d "$DATABASE_URL" kuku-20261123.dump');
    return 1;
  }
  if (config.dataDir.startsWith('memory://')) {
    fail('DATA_DIR is memory://: there is no directory to restore into.');
    return 1;
  }
  // npm runs the script in apps/server, and the nested npm of the root script resets
  // INIT_CWD, so the root script passes where npm was typed as KUKU_INIT_CWD.
  const typedIn = [process.env.KUKU_INIT_CWD, process.env.INIT_CWD].find((d) => d && path.isAbsolute(d)) ?? process.cwd();
  const file = findBackupFile(config.dataDir, options.file, typedIn);
  if (!file) {
    const known = listBackups(backupsDir(config.dataDir)).map((b) => `  ${b.name}`);
    fail(`No such backup file: ${options.file}`);
    fail(known.length ? `Backups in ${backupsDir(config.dataDir)}:\n${known.join('\n')}` : `There are no backups in ${backupsDir(config.dataDir)}.`);
    return 1;
  }

  let lock: DataDirLock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(error.message);
      fail('Stop the server before restoring: a restore replaces the database under it.');
      return 1;
    }
    throw error;
  }
  try {
    const live = path.join(config.dataDir, 'pglite');
    out(`Restore ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB)`);
    out(`into ${live}. The database there now is moved aside to ${live}.before-restore-<time>, not deleted.`);
    out('Every session is ended: everyone signs in again (a session ended since the backup must not come back).');
    if (!options.yes && !(await confirm('Restore? [y/N] '))) {
      out('Restore cancelled; nothing changed.');
      return 1;
    }
    const result = await restoreBackup(config.dataDir, file);
    out(`Restored: ${result.counts.farms} farm(s), ${result.counts.users} user(s). Sessions ended: ${result.sessionsEnded}.`);
    if (result.movedAside) out(`The previous database is in ${result.movedAside}; delete it once you are sure.`);
    return 0;
  } catch (error) {
    fail(`The restore failed and the database in ${config.dataDir} was left as it was: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    lock.release();
  }
}

runCli('restore', main);
