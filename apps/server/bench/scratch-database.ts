import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensurePgDefaultUser } from '../src/db/client.js';

export interface ScratchDatabase {
  name: string;
  /** DATABASE_URL pointing at the new database. */
  url: string;
  drop(): Promise<void>;
}

/** The URL as it may be printed: without its password. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  ensurePgDefaultUser();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database beside the one DATABASE_URL names, so the bench starts
 * from an empty schema (the first boot applies the migrations) and leaves
 * the given database as it was.
 */
export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `kuku_bench_${randomBytes(6).toString('hex')}`;
  await withClient(databaseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(databaseUrl, async (c) => {
        try {
          // PostgreSQL 13+: ends any connection a killed server left behind.
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } catch {
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
        }
      });
    },
  };
}
