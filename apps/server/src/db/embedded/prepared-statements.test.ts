import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedStatements } from './prepared-statements.js';

// Named statements must answer exactly what PGlite's own query() answers (decision 018).
let pglite: PGlite;
let statements: PreparedStatements;
const run = (text: string, params: unknown[] = [], options: QueryOptions = {}) => statements.run(text, params, options);
const serverStatements = async () =>
  (await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'kuku_%'`)).rows[0]?.n;

beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  await pglite.exec(`
    create table t (
      id int primary key, note text, at timestamptz, day date, big bigint, doc jsonb, tags text[], ok boolean, price numeric(12, 2)
    )`);
});
afterAll(async () => {
  await pglite.close();
});
beforeEach(async () => {
  statements = new PreparedStatements(pglite, 3);
  await pglite.exec('deallocate all; truncate t');
});

describe('PreparedStatements', () => {
  it('answers the same rows, fields and types as query(), in object and array row modes', async () => {
    const values = [1, "it's Kuku — 🐔 ñ", new Date('2026-11-23T09:30:00Z'), '2026-11-23', 2 ** 40, { a: [1, 2] }, ['x', 'y'], true, '12.50'];
    const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id';
    expect(await run(insert, values)).toMatchObject({ rows: [{ id: 1 }], fields: [{ name: 'id', dataTypeID: 23 }], affectedRows: 1 });
    for (const rowMode of ['object', 'array'] as const) {
      const select = 'select * from t where id = $1 and note = $2';
      expect(await run(select, [1, values[1]], { rowMode })).toEqual(await pglite.query(select, [1, values[1]], { rowMode }));
      const none = 'select id, note from t where id = $1';
      expect(await run(none, [2], { rowMode })).toEqual(await pglite.query(none, [2], { rowMode }));
    }
  });

  it('passes nulls and reports affected rows of updates and deletes', async () => {
    await run('insert into t (id, note) values ($1, $2), ($3, $4)', [1, null, 2, 'b']);
    expect((await run('select id from t where note is null')).rows).toEqual([{ id: 1 }]);
    expect((await run('update t set note = $1 where id > $2', ['c', 0])).affectedRows).toBe(2);
    expect((await run('delete from t where id = $1', [2])).affectedRows).toBe(1);
  });

  it('parses each text once, then only binds it', async () => {
    for (let id = 1; id <= 20; id++) await run('insert into t (id) values ($1)', [id]);
    expect(statements.size).toBe(1);
    expect(await serverStatements()).toBe(1);
    expect((await run('select count(*)::int as n from t')).rows).toEqual([{ n: 20 }]);
  });

  it('keeps at most its capacity, closing the least recently used on the server too', async () => {
    const texts = ['select 1 as a', 'select 2 as a', 'select 3 as a', 'select 4 as a'];
    await run(texts[0]!);
    await run(texts[1]!);
    await run(texts[2]!);
    await run(texts[0]!); // now the most recent: text 2 goes first
    await run(texts[3]!);
    expect(statements.size).toBe(3);
    expect(await serverStatements()).toBe(3);
    const kept = (await pglite.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'kuku_%'`)).rows.map((r) => r.statement);
    expect(kept.sort()).toEqual([texts[0], texts[2], texts[3]].sort());
  });

  it("keeps PostgreSQL's error fields, changes nothing, and goes on serving", async () => {
    await run('insert into t (id) values ($1)', [1]);
    const error = await run('insert into t (id) values ($1)', [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(run('select $1::int as n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(run('select nope from t')).rejects.toMatchObject({ code: '42703' });
    expect((await run('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    expect(pglite.isInTransaction()).toBe(false);
  });

  it('parses again when a table changed under a kept plan', async () => {
    await run('insert into t (id) values ($1)', [1]);
    await run('select * from t');
    await pglite.exec('alter table t add column extra int default 7');
    try {
      expect((await run('select * from t')).rows[0]).toMatchObject({ id: 1, extra: 7 });
    } finally {
      await pglite.exec('alter table t drop column extra');
    }
  });

  it('runs inside a transaction, whose rollback undoes its writes', async () => {
    await pglite
      .transaction(async () => {
        await run('insert into t (id) values ($1)', [5]);
        expect((await run('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await run('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
  });

  it("hands on the notifications that arrive with a statement's answer", async () => {
    const heard: string[] = [];
    statements.onNotification = (channel, payload) => heard.push(`${channel}:${payload}`);
    await pglite.exec('listen kuku_test');
    try {
      await run(`select pg_notify('kuku_test', $1)`, ['hello']);
      expect(heard).toEqual(['kuku_test:hello']);
    } finally {
      await pglite.exec('unlisten kuku_test');
    }
  });

  it('leaves utility statements to query()', () => {
    expect(PreparedStatements.handles('  SELECT 1')).toBe(true);
    expect(PreparedStatements.handles('with x as (select 1) select * from x')).toBe(true);
    expect(PreparedStatements.handles('VACUUM ANALYZE')).toBe(false);
    expect(PreparedStatements.handles('set local statement_timeout = 1')).toBe(false);
  });
});
