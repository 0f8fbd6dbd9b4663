import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATE_PARTS_LOCALE, DEFAULT_TIME_ZONE } from '@kuku/domain';
import { Cron } from 'croner';
import { openDatabase, type Database } from '../client.js';
import { PRIVATE_FILE_MODE, privateDir } from './private-files.js';

/**
 * Backups of the embedded database (docs/design.md §9): PGlite never fsyncs, so a power
 * cut can damage DATA_DIR; a daily consistent copy (dumpDataDir) is the way back.
 * `npm run backup` (server stopped) and the server's nightly job both come here.
 */

/** Kept after each backup; older ones are removed. */
export const BACKUPS_KEPT = 7;
/** Every night at 02:00 farm time: the quietest hour of a farm's day. */
export const NIGHTLY_BACKUP_PATTERN = '0 2 * * *';
export const BACKUP_TIME_ZONE = DEFAULT_TIME_ZONE;

const BACKUP_NAME = /^kuku-(\d{8})-(\d{6})(?:-(\d+))?\.tar\.gz$/;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** 20261123-020000 in farm time, for file names an operator reads. */
export function backupStamp(at: Date, timeZone = BACKUP_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(DATE_PARTS_LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}

export interface BackupFile {
  name: string;
  file: string;
}

/** Backups in `dir`, newest first; files not named by us are never listed (nor pruned). */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const key = (m: RegExpExecArray) => `${m[1]}${m[2]}${(m[3] ?? '1').padStart(4, '0')}`;
  return readdirSync(dir)
    .map((name) => ({ name, match: BACKUP_NAME.exec(name) }))
    .filter((b): b is { name: string; match: RegExpExecArray } => b.match !== null)
    .sort((a, b) => key(b.match).localeCompare(key(a.match)))
    .map(({ name }) => ({ name, file: path.join(dir, name) }));
}

/** Removes all but the newest `keep` backups, and any copy a crash left half-written; returns the removed names. */
export function pruneBackups(dir: string, keep = BACKUPS_KEPT): string[] {
  if (!existsSync(dir)) return [];
  const old = listBackups(dir).slice(keep);
  for (const b of old) rmSync(b.file, { force: true });
  for (const name of readdirSync(dir)) if (/^\.kuku-.*\.partial$/.test(name)) rmSync(path.join(dir, name), { force: true });
  return old.map((b) => b.name);
}

export interface BackupResult {
  file: string;
  bytes: number;
  removed: string[];
}

/**
 * Writes database.dumpDataDir() to DATA_DIR/backups/kuku-YYYYMMDD-HHmmss.tar.gz
 * and keeps the newest BACKUPS_KEPT. The copy is written under a temporary name
 * and renamed, so a crash mid-write never leaves a truncated file that looks
 * like a backup (and would push a good one out).
 */
export async function writeBackup(database: Database, dataDir: string, now = new Date()): Promise<BackupResult> {
  const bytes = await database.dumpDataDir();
  const dir = backupsDir(dataDir);
  privateDir(dir);
  const stamp = backupStamp(now);
  let name = `kuku-${stamp}.tar.gz`;
  for (let n = 2; existsSync(path.join(dir, name)); n++) name = `kuku-${stamp}-${n}.tar.gz`;
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  writeFileSync(partial, bytes, { mode: PRIVATE_FILE_MODE });
  chmodSync(partial, PRIVATE_FILE_MODE); // a partial file a crash left keeps its old mode otherwise
  renameSync(partial, file);
  return { file, bytes: bytes.length, removed: pruneBackups(dir) };
}

export interface RestoreResult {
  /** Where the database that was replaced now lives, or null if there was none. */
  movedAside: string | null;
  counts: { farms: number; users: number };
  /** Sessions the backup held open, all ended by the restore. */
  sessionsEnded: number;
}

/**
 * Replaces DATA_DIR/pglite with the backup in `file`. The caller holds the
 * DATA_DIR lock (the server is stopped). The backup is loaded, and migrated,
 * into a staging directory first, so a damaged file fails here and leaves the
 * live database where it was; only then is the old directory moved aside (not
 * deleted) and the restored one moved in. Every session in the backup is ended first: one
 * revoked since the backup was taken (a logout, a password change, a removed member) would
 * otherwise be good again, so everyone signs in again (decision 049).
 */
export async function restoreBackup(dataDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  const bytes = readFileSync(file);
  const stamp = backupStamp(now);
  const staging = path.join(dataDir, `restore-${stamp}`);
  rmSync(staging, { recursive: true, force: true });
  let counts: RestoreResult['counts'];
  let sessionsEnded: number;
  try {
    const database = await openDatabase({ dataDir: staging, loadDataDir: bytes });
    try {
      const [row] = await database.query<{ farms: number; users: number }>(
        'select (select count(*) from farms)::int as farms, (select count(*) from users)::int as users',
      );
      counts = row ?? { farms: 0, users: 0 };
      const [ended] = await database.query<{ n: number }>(
        'with ended as (update sessions set revoked_at = now() where revoked_at is null returning 1) select count(*)::int as n from ended',
      );
      sessionsEnded = ended?.n ?? 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }

  const live = path.join(dataDir, 'pglite');
  let movedAside: string | null = null;
  if (existsSync(live)) {
    movedAside = path.join(dataDir, `pglite.before-restore-${stamp}`);
    for (let n = 2; existsSync(movedAside); n++) movedAside = path.join(dataDir, `pglite.before-restore-${stamp}-${n}`);
    renameSync(live, movedAside);
  }
  try {
    renameSync(path.join(staging, 'pglite'), live);
  } catch (error) {
    if (movedAside) renameSync(movedAside, live);
    throw error;
  }
  rmSync(staging, { recursive: true, force: true });
  return { movedAside, counts, sessionsEnded };
}

/** Resolves a restore argument: a path, or the bare name of a file in DATA_DIR/backups. */
export function findBackupFile(dataDir: string, arg: string, cwd: string): string | null {
  const direct = path.resolve(cwd, arg);
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  const inBackups = path.join(backupsDir(dataDir), arg);
  if (!arg.includes('/') && existsSync(inBackups) && statSync(inBackups).isFile()) return inBackups;
  return null;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The running server's backup: it holds the DATA_DIR lock, so `npm run backup`
 * cannot run beside it and this job is how a live install is backed up.
 * protect: a slow dump is never overlapped by the next run.
 */
export function startNightlyBackups(database: Database, dataDir: string, log: Log): Cron {
  return new Cron(NIGHTLY_BACKUP_PATTERN, { timezone: BACKUP_TIME_ZONE, protect: true, unref: true }, async () => {
    const began = performance.now();
    try {
      const result = await writeBackup(database, dataDir);
      log.info({ file: result.file, bytes: result.bytes, removed: result.removed, ms: Math.round(performance.now() - began) }, 'nightly backup written');
    } catch (error) {
      log.error({ err: error }, 'nightly backup failed');
    }
    await vacuum(database, log);
  });
}

/**
 * PGlite has no autovacuum: without this, dead rows pile up and index-only scans
 * (list pages, overdue counts) visit the heap again (decision 014).
 */
export async function vacuum(database: Database, log: Log): Promise<void> {
  const began = performance.now();
  try {
    await database.query('vacuum analyze');
    log.info({ ms: Math.round(performance.now() - began) }, 'nightly vacuum done');
  } catch (error) {
    log.error({ err: error }, 'nightly vacuum failed');
  }
}
