import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUPS_KEPT, backupsDir, backupStamp, findBackupFile, listBackups, pruneBackups, startNightlyBackups, writeBackup } from './backups.js';
import type { Database } from '../client.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuku-backups-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The backup code uses dumpDataDir, and query for the vacuum after it; the real dump is exercised by the drill in scripts/. */
function dumpingDatabase(dump: () => Promise<Uint8Array>, queries: string[] = []): Database {
  return { dumpDataDir: dump, query: async (sql: string) => (queries.push(sql), []) } as unknown as Database;
}

const logs = () => {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
  };
};

describe('backup file names', () => {
  it('are stamped in farm time (Africa/Nairobi, UTC+3)', () => {
    expect(backupStamp(new Date('2026-11-22T23:00:00Z'))).toBe('20261123-020000');
    expect(backupStamp(new Date('2026-01-05T07:08:09Z'))).toBe('20260105-100809');
  });

  it('never overwrite: a second backup in the same second gets -2', async () => {
    const dataDir = tempDir();
    const at = new Date('2026-11-22T23:00:00Z');
    const db = dumpingDatabase(async () => new Uint8Array([1, 2, 3]));
    const first = await writeBackup(db, dataDir, at);
    const second = await writeBackup(db, dataDir, at);
    expect(path.basename(first.file)).toBe('kuku-20261123-020000.tar.gz');
    expect(path.basename(second.file)).toBe('kuku-20261123-020000-2.tar.gz');
    expect(listBackups(backupsDir(dataDir)).map((b) => b.name)).toEqual(['kuku-20261123-020000-2.tar.gz', 'kuku-20261123-020000.tar.gz']);
    expect([...readFileSync(second.file)]).toEqual([1, 2, 3]);
  });
});

describe('keeping the newest 7', () => {
  it('removes the oldest and half-written copies, never a file it did not name', async () => {
    const dataDir = tempDir();
    const dir = backupsDir(dataDir);
    const db = dumpingDatabase(async () => new Uint8Array([7]));
    // Nine nights, written out of order.
    for (const day of [5, 1, 9, 3, 7, 2, 8, 4, 6]) await writeBackup(db, dataDir, new Date(Date.UTC(2026, 10, day, 23, 0, 0)));
    writeFileSync(path.join(dir, 'my-own-copy.tar.gz'), 'x');
    writeFileSync(path.join(dir, '.kuku-20261101-020000.tar.gz.partial'), 'x');
    const removed = pruneBackups(dir);
    expect(removed).toEqual([]); // writeBackup already pruned after each write
    const names = listBackups(dir).map((b) => b.name);
    expect(names).toHaveLength(BACKUPS_KEPT);
    expect(names[0]).toBe('kuku-20261110-020000.tar.gz');
    expect(names.at(-1)).toBe('kuku-20261104-020000.tar.gz');
    expect(readdirSync(dir).sort()).toEqual([...names, 'my-own-copy.tar.gz'].sort());
    expect(pruneBackups(dir, 2)).toEqual(names.slice(2));
  });
});

describe('the nightly job', () => {
  it('runs at 02:00 Africa/Nairobi (23:00 UTC), one at a time', () => {
    const job = startNightlyBackups(dumpingDatabase(async () => new Uint8Array()), tempDir(), logs());
    try {
      expect(job.getPattern()).toBe('0 2 * * *');
      expect(job.options).toMatchObject({ timezone: 'Africa/Nairobi', protect: true });
      const next = job.nextRun(new Date('2026-11-22T12:00:00Z'));
      expect(next?.toISOString()).toBe('2026-11-22T23:00:00.000Z');
      expect(job.nextRun(new Date('2026-11-22T23:30:00Z'))?.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    } finally {
      job.stop();
    }
  });

  it('writes the dump into DATA_DIR/backups and logs it', async () => {
    const dataDir = tempDir();
    const log = logs();
    const queries: string[] = [];
    const job = startNightlyBackups(dumpingDatabase(async () => new Uint8Array([4, 2]), queries), dataDir, log);
    try {
      await job.trigger();
    } finally {
      job.stop();
    }
    const [backup] = listBackups(backupsDir(dataDir));
    expect(backup && [...readFileSync(backup.file)]).toEqual([4, 2]);
    expect(log.lines).toMatchObject([
      { level: 'info', msg: 'nightly backup written', obj: { file: backup?.file, bytes: 2 } },
      { level: 'info', msg: 'nightly vacuum done' },
    ]);
    // PGlite has no autovacuum: the nightly job is its vacuum (decision 014).
    expect(queries).toEqual(['vacuum analyze']);
  });

  it('logs a failed dump and leaves no file behind (the server keeps running)', async () => {
    const dataDir = tempDir();
    const log = logs();
    const job = startNightlyBackups(dumpingDatabase(() => Promise.reject(new Error('disk full'))), dataDir, log);
    try {
      await job.trigger();
    } finally {
      job.stop();
    }
    expect(log.lines).toMatchObject([{ level: 'error', msg: 'nightly backup failed' }, { level: 'info', msg: 'nightly vacuum done' }]);
    expect(listBackups(backupsDir(dataDir))).toEqual([]);
  });
});

describe('finding the file to restore', () => {
  it('takes a path from where npm was typed, or a bare name from DATA_DIR/backups', async () => {
    const dataDir = tempDir();
    const { file } = await writeBackup(dumpingDatabase(async () => new Uint8Array([1])), dataDir);
    expect(findBackupFile(dataDir, path.basename(file), '/')).toBe(file);
    expect(findBackupFile(dataDir, path.relative(dataDir, file), dataDir)).toBe(file);
    expect(findBackupFile(dataDir, 'kuku-19990101-000000.tar.gz', dataDir)).toBeNull();
    expect(findBackupFile(dataDir, 'backups', dataDir)).toBeNull(); // a directory is not a backup
    expect(existsSync(file)).toBe(true);
  });
});
