import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.js';
import { assertBuilt, freePort, startServer, waitHealthy, type RunningServer } from '../test/server-process.js';

/**
 * Decision 050: server processes started together on one PostgreSQL (the README's load
 * balancer) each ran the migrations, and one died on the other's CREATE SCHEMA or CREATE
 * TABLE. Two BUILT servers start at once on a database of their own, empty or one migration
 * behind, and both must answer. The databases are made here and dropped after.
 */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe.skipIf(!process.env.DATABASE_URL)('two servers migrating one PostgreSQL at once', () => {
  const admin = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1/');
  admin.pathname = '/postgres';
  const made: string[] = [];
  const dirs: string[] = [];
  const servers: RunningServer[] = [];

  const sql = async (connectionString: string, text: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query(text)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };

  async function newDatabase(): Promise<string> {
    const name = `kuku_mig_${randomBytes(6).toString('hex')}`;
    await sql(admin.href, `create database ${name}`);
    made.push(name);
    const url = new URL(admin.href);
    url.pathname = `/${name}`;
    return url.href;
  }

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    for (const name of made) await sql(admin.href, `drop database if exists ${name} with (force)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Until both servers wait on a lock in `databaseUrl` (the migration table held, or each other). */
  async function bothWaiting(databaseUrl: string) {
    const name = new URL(databaseUrl).pathname.slice(1);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const [row] = await sql(admin.href, `select count(*)::int as n from pg_stat_activity where datname = '${name}' and wait_event_type = 'Lock'`);
      if (Number(row?.n) >= 2) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the two servers never both waited');
  }

  async function twoAtOnce(databaseUrl: string, held?: pg.Client) {
    assertBuilt();
    const ports = [await freePort(), await freePort()];
    const pair = ports.map((port) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-mig-'));
      dirs.push(dataDir);
      return startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1' }, port);
    });
    servers.push(...pair);
    if (held) {
      // Both have read which migrations are applied and started on the newest: let them go together.
      await bothWaiting(databaseUrl);
      await held.query('commit');
      await held.end();
    }
    await Promise.all(pair.map((s) => waitHealthy(s, 60_000)));
    for (const s of pair) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    const [applied] = await sql(databaseUrl, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied?.n).toBe(journal.entries.length);
    for (const s of pair) {
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    }
  }

  it('on an empty database', async () => {
    await twoAtOnce(await newDatabase());
  }, 120_000);

  it('on a database one migration behind', async () => {
    const databaseUrl = await newDatabase();
    // The migrations folder without its newest entry: the database of the previous release.
    const older = mkdtempSync(path.join(tmpdir(), 'kuku-mig-folder-'));
    dirs.push(older);
    cpSync(migrationsFolder, older, { recursive: true });
    writeFileSync(path.join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await migrate(drizzle({ client: pool }), { migrationsFolder: older });
    } finally {
      await pool.end();
    }
    const [before] = await sql(databaseUrl, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(before?.n).toBe(journal.entries.length - 1);
    // One migration is quick: a process starting a moment later would find it applied. Hold the
    // migrations table (reads still pass, the applied row's insert waits) so the two overlap.
    const held = new pg.Client({ connectionString: databaseUrl });
    await held.connect();
    await held.query('begin');
    await held.query('lock table drizzle.__drizzle_migrations in exclusive mode');
    await twoAtOnce(databaseUrl, held);
  }, 120_000);
});
