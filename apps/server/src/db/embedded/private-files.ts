import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Owner-only, as DATA_DIR/secrets already is: the database and its copies hold every farm's records and password hashes. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (creating it) readable by its owner only. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * At every open of the embedded database: DATA_DIR/pglite, databases a restore moved aside, and
 * the backups folder and its files lose any group or world access that an older version (0755
 * directories, 0644 files) or a copy left them (decision 050). Inside an owner-only directory
 * PGlite's own files need no change: nobody else can reach them.
 */
export function restrictDataDir(dataDir: string): void {
  privateDir(path.join(dataDir, 'pglite'));
  for (const name of readdirSync(dataDir)) {
    const entry = path.join(dataDir, name);
    if (/^pglite\.before-restore-/.test(name) && statSync(entry).isDirectory()) chmodSync(entry, PRIVATE_DIR_MODE);
  }
  const backups = path.join(dataDir, 'backups');
  if (!existsSync(backups)) return;
  chmodSync(backups, PRIVATE_DIR_MODE);
  for (const name of readdirSync(backups)) {
    const file = path.join(backups, name);
    if (statSync(file).isFile()) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
