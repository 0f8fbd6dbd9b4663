import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listBackups, writeBackup } from './backups.js';
import { openDatabase } from '../client.js';

/** Decision 050: the embedded database and its backups are the owner's only, as the secrets are. */
const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe('DATA_DIR modes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-modes-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a new database and a new backup are 0700 and 0600 whatever the umask', async () => {
    const umask = process.umask(0o022);
    try {
      const database = await openDatabase({ dataDir });
      try {
        expect(mode(path.join(dataDir, 'pglite'))).toBe('700');
        const { file } = await writeBackup(database, dataDir);
        expect(mode(path.dirname(file))).toBe('700');
        expect(mode(file)).toBe('600');
      } finally {
        await database.close();
      }
    } finally {
      process.umask(umask);
    }
  }, 60_000);

  it('an older install left readable by everyone is closed at the next start', async () => {
    const backups = path.join(dataDir, 'backups');
    const [backup] = listBackups(backups);
    const movedAside = path.join(dataDir, 'pglite.before-restore-20261101-020000');
    mkdirSync(movedAside);
    for (const dir of [path.join(dataDir, 'pglite'), backups, movedAside]) chmodSync(dir, 0o755);
    chmodSync(backup!.file, 0o644);

    const database = await openDatabase({ dataDir });
    await database.close();
    expect(mode(path.join(dataDir, 'pglite'))).toBe('700');
    expect(mode(movedAside)).toBe('700');
    expect(mode(backups)).toBe('700');
    expect(mode(backup!.file)).toBe('600');
  }, 60_000);
});
