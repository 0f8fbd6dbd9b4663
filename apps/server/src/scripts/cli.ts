import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirLockedError } from '../db/embedded/data-dir-lock.js';

/** Shared shape of the operator commands (migrate, backup, restore, admin). */

export function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function fail(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Bad arguments: the message and the usage line go to stderr, exit code 2. */
export class UsageError extends Error {}

/** Runs main and sets the exit code; an unexpected error prints its stack and exits 1. */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        fail(error.message);
        process.exitCode = 2;
        return;
      }
      fail(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    },
  );
}

/**
 * Opens the database as the server does: on the embedded database that takes
 * the DATA_DIR lock, so while a server (or another command) holds it this
 * prints who holds it, and `hint`, and returns null (docs/design.md §9: one opener).
 */
export async function openForCli(config: Config, hint?: string): Promise<Database | null> {
  try {
    return await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(error.message);
      if (hint) fail(hint);
      return null;
    }
    throw error;
  }
}

/** Where the database is, in words, for a command's first line. */
export function describeDatabase(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
}
