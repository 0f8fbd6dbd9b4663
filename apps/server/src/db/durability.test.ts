import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, freePort, startServer, waitHealthy, type RunningServer } from '../test/server-process.js';
import { openDatabase } from './client.js';
import { users } from './schema/index.js';

/**
 * DESIGN §9, on the real process and the embedded database: one opener per
 * DATA_DIR, and every write the API answered survives kill -9.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database in DATA_DIR', () => {
  let dataDir: string;
  const running: RunningServer[] = [];
  const start = async () => {
    const server = startServer({ DATA_DIR: dataDir }, await freePort());
    running.push(server);
    return server;
  };

  beforeAll(() => {
    assertBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-durability-'));
  });
  afterAll(() => {
    for (const s of running) s.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same directory, naming the holder', async () => {
    const first = await start();
    await waitHealthy(first, 60_000);
    const second = await start();
    const began = Date.now();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(second.output()).toContain(`in use by process ${first.child.pid}`);
    // The first is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 90_000);

  it('keeps every answered registration through kill -9, and restarts over the stale lock', async () => {
    const server = await start();
    await waitHealthy(server);
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const errors: string[] = [];
    let stop = false;
    let n = 0;
    const client = async (id: number) => {
      while (!stop) {
        const username = `k${id}_${n++}`;
        try {
          const res = await fetch(`${server.url}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, email: `${username}@example.com`, password: 'password123' }),
          });
          if (res.status === 201) acknowledged.push(`${username}@example.com`);
          else statuses.push(res.status);
        } catch (e) {
          errors.push(String((e as Error).cause ?? e));
          return; // the server is gone
        }
      }
    };
    const clients = Array.from({ length: 20 }, (_, i) => client(i));
    // Kill at a random moment once writes are flowing.
    while (acknowledged.length < 20 && errors.length === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, Math.random() * 500));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(clients);
    await server.exited;
    expect(acknowledged.length, `${statuses.slice(0,5).join()} ${errors.slice(0,3).join()}`).toBeGreaterThan(10);

    const again = await start();
    await waitHealthy(again);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      const found = await database.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
      expect(found.length).toBe(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 120_000);
});
