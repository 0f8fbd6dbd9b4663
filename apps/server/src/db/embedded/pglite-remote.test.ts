import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../client.js';
import { PgliteRemote } from './pglite-remote.js';
import { migrationsFolder } from '../../paths.js';

// The embedded database on its worker thread (decision 012), as drizzle and the services see it.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.query('create table t (id int primary key, note text)');
});
afterAll(async () => {
  await database.close();
});

const notes = async () => (await database.query<{ id: number }>('select id from t order by id')).map((r) => r.id);

describe('PGlite on its worker thread', () => {
  it('keeps a transaction to itself: a query from outside waits for its commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into t values (1, 'in the transaction')`);
      await held;
      await t.execute(sql`insert into t values (2, 'in the transaction')`);
    });
    // Sent while the transaction is open: it must not see (or land inside) the half-done work.
    const outside = database.query<{ n: number }>('select count(*)::int as n from t');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await tx;
    expect((await outside)[0]?.n).toBe(2);
  });

  it('rolls back everything when the callback throws, and goes on serving', async () => {
    await expect(
      database.db.transaction(async (t) => {
        await t.execute(sql`insert into t values (10, 'rolled back')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notes()).not.toContain(10);
    await database.query("insert into t values (11, 'after')");
    expect(await notes()).toContain(11);
  });

  it("keeps PostgreSQL's error fields across the thread (23505 on a duplicate key)", async () => {
    const error = await database.query("insert into t values (11, 'again')").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('answers timestamps as text to drizzle, so a calendar day never shifts', async () => {
    const [row] = await database.query<{ at: unknown }>("select '2026-11-23 08:00:00+03'::timestamptz as at");
    expect(typeof row?.at).toBe('string');
  });

  it('reports a dead worker once and fails every later query clearly', async () => {
    const remote = await PgliteRemote.start({ dataDir: 'memory://', migrationsFolder });
    const failures: Error[] = [];
    remote.onFailure = (error) => failures.push(error);
    // The thread dies as it would from a wasm abort (out of memory, say).
    await (remote as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failures.map((e) => e.message)).toEqual([expect.stringMatching(/database worker stopped/)]);
    await expect(remote.query('select 1')).rejects.toThrow(/database worker stopped/);
    await remote.close();
    expect(failures).toHaveLength(1);
  });
});
