import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, SESSION_DAYS, trialEndsAt } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir, listBackups, restoreBackup, startNightlyBackups, writeBackup } from '../db/embedded/backups.js';
import { openDatabase, type Database } from '../db/client.js';
import { farmMembers, farms, sessions, users } from '../db/schema/index.js';
import { hashToken } from '../features/auth/secrets.js';
import { findSession } from '../features/auth/service.js';
import { fingerprintTables, type TableFingerprint } from '../test/integrity.js';
import { assertBuilt, migratedDataDir, runScript } from '../test/server-process.js';
import { seedFarmData } from './farm-data.js';

/**
 * The backup drill (docs/design.md §9), through the commands an operator types: farms
 * with history written, backed up, the database wiped, restored, and every
 * table's row count, numeric sums and content equal. Embedded database only.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const embedded = { DATABASE_URL: undefined };

async function addFarm(database: Database, name: string) {
  const now = new Date();
  const [farm] = await database.db.insert(farms).values({ name, trialStartedAt: now, trialEndsAt: trialEndsAt(now) }).returning();
  const [user] = await database.db
    .insert(users)
    .values({ username: name.toLowerCase(), email: `${name.toLowerCase()}@example.com`, passwordHash: 'not-a-login', emailVerified: true })
    .returning();
  if (!farm || !user) throw new Error('insert failed');
  await database.db.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role: 'owner' });
  return seedFarmData(database.db, farm.id, user.id, { flocks: 25, years: 2, extraVaccinationsPerFlock: 3 });
}

async function fingerprint(dataDir: string): Promise<Record<string, TableFingerprint>> {
  const database = await openDatabase({ dataDir });
  try {
    return await fingerprintTables(database);
  } finally {
    await database.close();
  }
}

describe.skipIf(onPostgres)('backup and restore of the embedded database (the drill)', () => {
  let dataDir: string;
  let before: Record<string, TableFingerprint>;
  let nightlyFile: string;

  beforeAll(async () => {
    assertBuilt();
    dataDir = migratedDataDir('kuku-drill-');
    const database = await openDatabase({ dataDir });
    try {
      const seeded = [await addFarm(database, 'Wanjiku'), await addFarm(database, 'Otieno')];
      expect(seeded.every((s) => s.flocks === 25 && s.vaccinations > 0 && s.events > 0 && s.eggProductions > 0 && s.eggAdjustments > 0)).toBe(true);
      // What the running server does at 02:00, on the open database.
      const job = startNightlyBackups(database, dataDir, { info: () => undefined, error: (obj) => expect.fail(JSON.stringify(obj)) });
      await job.trigger();
      job.stop();
      nightlyFile = listBackups(backupsDir(dataDir))[0]?.file ?? '';
      before = await fingerprintTables(database);
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('npm run backup, wipe, npm run restore (answering y): every count, sum and row equal', async () => {
    expect(before['"public"."flocks"']?.rows).toBe(50);
    expect(before['"public"."vaccinations"']?.rows).toBeGreaterThan(500);
    expect(before['"public"."egg_productions"']?.rows).toBeGreaterThan(10_000);
    expect(before['"public"."egg_adjustments"']?.rows).toBeGreaterThan(500);

    const backup = await runScript('backup', [], { ...embedded, DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    const file = /Backup written: (\S+) /.exec(backup.stdout)?.[1] ?? '';
    expect(path.basename(file)).toMatch(/^kuku-\d{8}-\d{6}(-\d+)?\.tar\.gz$/);
    expect(path.dirname(file)).toBe(backupsDir(dataDir));

    rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    const restore = await runScript('restore', [file], { ...embedded, DATA_DIR: dataDir }, 'y\n');
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Every session is ended: everyone signs in again');
    expect(restore.stdout).toContain('Restore? [y/N]');
    expect(restore.stdout).toContain('Restored: 2 farm(s), 2 user(s). Sessions ended: 0.');
    expect(await fingerprint(dataDir)).toEqual(before);
  }, 120_000);

  it('restores the nightly copy with --yes by its bare name, moving the current database aside', async () => {
    const restore = await runScript('restore', ['--yes', path.basename(nightlyFile)], { ...embedded, DATA_DIR: dataDir, INIT_CWD: tmpdir() });
    expect(restore.code, restore.stderr).toBe(0);
    const aside = readdirSync(dataDir).filter((n) => n.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(restore.stdout).toContain(path.join(dataDir, aside[0] ?? ''));
    expect(readdirSync(dataDir).filter((n) => n.startsWith('restore-'))).toEqual([]); // no staging left
    expect(await fingerprint(dataDir)).toEqual(before);
  }, 120_000);

  it('answering anything but y, or nothing, restores nothing', async () => {
    const entries = readdirSync(dataDir).sort();
    for (const input of ['n\n', '\n', '']) {
      const restore = await runScript('restore', [nightlyFile], { ...embedded, DATA_DIR: dataDir }, input);
      expect(restore.code).toBe(1);
      expect(restore.stdout).toContain('Restore cancelled; nothing changed.');
    }
    expect(readdirSync(dataDir).sort()).toEqual(entries);
  }, 60_000);

  it('a damaged or foreign file fails before the database is touched', async () => {
    const entries = readdirSync(dataDir).sort();
    const junk = path.join(dataDir, 'junk.tar.gz');
    writeFileSync(junk, Buffer.from('this is not a backup'));
    const restore = await runScript('restore', ['--yes', junk], { ...embedded, DATA_DIR: dataDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`The restore failed and the database in ${dataDir} was left as it was`);
    rmSync(junk);
    expect(readdirSync(dataDir).sort()).toEqual(entries);
    expect(await fingerprint(dataDir)).toEqual(before);
  }, 120_000);

  it('a missing file is named, with the backups there are', async () => {
    const restore = await runScript('restore', ['kuku-19990101-000000.tar.gz'], { ...embedded, DATA_DIR: dataDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('No such backup file: kuku-19990101-000000.tar.gz');
    expect(restore.stderr).toContain(path.basename(nightlyFile));
  });
});

describe.skipIf(onPostgres)('a restore ends every session (decision 049)', () => {
  it('a session ended since the backup does not come back, nor does any other; ones ended before keep their time', async () => {
    const dataDir = migratedDataDir('kuku-restore-sessions-');
    try {
      const database = await openDatabase({ dataDir });
      const endedBefore = new Date('2026-11-01T08:00:00Z');
      let file: string;
      try {
        const now = new Date();
        const [farm] = await database.db.insert(farms).values({ name: 'Kamau', trialStartedAt: now, trialEndsAt: trialEndsAt(now) }).returning();
        const [user] = await database.db.insert(users).values({ username: 'kamau', email: 'kamau@example.com', passwordHash: '!', emailVerified: true }).returning();
        await database.db.insert(farmMembers).values({ farmId: farm!.id, userId: user!.id, role: 'owner' });
        const session = (token: string, revokedAt: Date | null) => ({ tokenHash: hashToken(token), userId: user!.id, farmId: farm!.id, expiresAt: addDays(now, SESSION_DAYS), revokedAt });
        await database.db.insert(sessions).values([session('open-1', null), session('open-2', null), session('ended-before', endedBefore)]);
        file = (await writeBackup(database, dataDir)).file;
        // After the backup: open-1 logs out (and would be good again from the backup).
        await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken('open-1')));
      } finally {
        await database.close();
      }
      const restoredAt = Date.now();
      const result = await restoreBackup(dataDir, file);
      expect(result.sessionsEnded).toBe(2);
      const restored = await openDatabase({ dataDir });
      try {
        for (const token of ['open-1', 'open-2']) {
          expect((await findSession(restored.db, token)).kind).toBe('invalid');
        }
        const rows = await restored.db.select().from(sessions);
        expect(rows).toHaveLength(3);
        const byToken = (token: string) => rows.find((r) => r.tokenHash === hashToken(token))?.revokedAt?.getTime();
        expect(byToken('ended-before')).toBe(endedBefore.getTime());
        for (const token of ['open-1', 'open-2']) expect(byToken(token)).toBeGreaterThanOrEqual(restoredAt - 1000);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('backup and restore commands refuse what they cannot do', () => {
  it('with DATABASE_URL they point to pg_dump and pg_restore and exit non-zero, without connecting', async () => {
    const env = { DATABASE_URL: 'postgres://kuku@127.0.0.1:9/nowhere', DATA_DIR: tmpdir() };
    const backup = await runScript('backup', [], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump -Fc');
    const restore = await runScript('restore', ['--yes', 'kuku.dump'], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
  });

  it('a DATA_DIR without a database has nothing to back up', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'kuku-empty-'));
    try {
      const backup = await runScript('backup', [], { ...embedded, DATA_DIR: empty });
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(`There is no embedded database in ${empty} to back up`);
      expect(existsSync(path.join(empty, 'pglite'))).toBe(false); // it did not create one
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('bad arguments print the usage and exit 2', async () => {
    const env = { ...embedded, DATA_DIR: tmpdir() };
    const none = await runScript('restore', [], env);
    expect([none.code, none.stderr]).toEqual([2, 'Which backup? Give its file.\nUsage: npm run restore -- <backup file> [--yes]\n']);
    const two = await runScript('restore', ['a', 'b'], env);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('Give one backup file, not several.');
    const extra = await runScript('backup', ['--now'], env);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('Usage: npm run backup');
  });
});
