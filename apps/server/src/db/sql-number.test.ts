import { eq, sql } from 'drizzle-orm';
import { bigint, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { openDatabase, type Database } from './client.js';
import { sqlCount, sqlInteger, sqlNumber, sqlSum, sqlSumDecimal, toSafeInteger, toSafeNumber } from './sql-number.js';

// A table of this file's own, in a database of its own (in-memory PGlite, or a fresh copy of the
// PostgreSQL template): a temporary table would be seen by one pooled connection only.
const cases = pgTable('sql_number_cases', {
  id: serial('id').primaryKey(),
  grp: text('grp').notNull(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
  kg: numeric('kg', { precision: 12, scale: 3 }).notNull(),
  birds: integer('birds').notNull(),
});

const TWO_POW_52 = 2 ** 52;
// 2^53 + 1: a bigint PostgreSQL holds exactly and a JS number cannot.
const PAST_SAFE = '9007199254740993';

type Driver = [name: 'pglite' | 'postgres', open: () => Promise<Database>];
const drivers: Driver[] = [['pglite', () => openDatabase({ dataDir: 'memory://' })]];
// The CI's PostgreSQL run sets DATABASE_URL: then the same cases run on both drivers.
if (process.env.DATABASE_URL) drivers.push(['postgres', openTestDatabase]);

describe.each(drivers)('numbers out of SQL on %s', (kind, open) => {
  let database: Database;

  beforeAll(async () => {
    database = await open();
    expect(database.kind).toBe(kind);
    await database.query(`create table sql_number_cases (
      id serial primary key, grp text not null, cents bigint not null, kg numeric(12, 3) not null, birds integer not null)`);
    await database.query(
      `insert into sql_number_cases (grp, cents, kg, birds) values
        ('farm', 250000, 2.5, 10), ('farm', 123450, 0.125, 20), ('farm', 1, 1.005, 30),
        ('huge', ${TWO_POW_52}, 0, 0), ('huge', ${TWO_POW_52}, 0, 0), ('past', ${PAST_SAFE}, 0, 0)`,
    );
  });

  afterAll(async () => {
    await database?.query('drop table if exists sql_number_cases');
    await database?.close();
  });

  const farm = eq(cases.grp, 'farm');

  it('answers count, sums and averages as numbers', async () => {
    const [row] = await database.db
      .select({
        count: sqlCount(),
        withKg: sqlCount(cases.kg),
        distinctGroups: sqlCount(sql`distinct ${cases.grp}`),
        cents: sqlSum(cases.cents), // sum(bigint) is numeric
        birds: sqlSum(cases.birds), // sum(integer) is bigint
        kg: sqlSumDecimal(cases.kg), // sum(numeric) is numeric
        averageBirds: sqlNumber(sql`avg(${cases.birds})`),
        averageCents: sqlNumber(sql`avg(${cases.cents})`),
        maxCents: sqlInteger(sql`max(${cases.cents})`),
      })
      .from(cases)
      .where(farm);
    expect(row).toEqual({
      count: 3,
      withKg: 3,
      distinctGroups: 1,
      cents: 373_451,
      birds: 60,
      kg: 3.63,
      averageBirds: 20,
      averageCents: 373_451 / 3,
      maxCents: 250_000,
    });
  });

  it('answers 0 for the sums of no rows, and null for their average', async () => {
    const [row] = await database.db
      .select({ count: sqlCount(), cents: sqlSum(cases.cents), kg: sqlSumDecimal(cases.kg), average: sqlNumber(sql`avg(${cases.cents})`) })
      .from(cases)
      .where(eq(cases.grp, 'none'));
    expect(row).toEqual({ count: 0, cents: 0, kg: 0, average: null });
  });

  it('answers the same inside a transaction', async () => {
    const rows = await database.db.transaction((tx) =>
      tx.select({ grp: cases.grp, count: sqlCount(), cents: sqlSum(cases.cents) }).from(cases).where(farm).groupBy(cases.grp),
    );
    expect(rows).toEqual([{ grp: 'farm', count: 3, cents: 373_451 }]);
  });

  it('throws rather than round a total past 2^53', async () => {
    const sum = database.db.select({ cents: sqlSum(cases.cents) }).from(cases).where(eq(cases.grp, 'huge'));
    await expect(sum).rejects.toThrow(/9007199254740992/);
    await expect(sum).rejects.toBeInstanceOf(RangeError);
    // A single bigint past 2^53 arrives as a BigInt from PGlite and as text from node-postgres.
    const max = database.db.select({ cents: sqlInteger(sql`max(${cases.cents})`) }).from(cases).where(eq(cases.grp, 'past'));
    await expect(max).rejects.toThrow(new RangeError(`The database answered ${kind === 'pglite' ? PAST_SAFE : `'${PAST_SAFE}'`}, not a number within ±2^53`));
  });

  it('throws when a whole-number sum is not whole', async () => {
    await expect(database.db.select({ kg: sqlSum(cases.kg) }).from(cases).where(farm)).rejects.toThrow(/not a whole number/);
  });

  it('decodes the raw rows of Database.query the same way', async () => {
    const [row] = await database.query<Record<string, unknown>>(
      `select count(*) as count, sum(cents) as cents, sum(kg) as kg from sql_number_cases where grp = 'farm'`,
    );
    expect(toSafeInteger(row?.count)).toBe(3);
    expect(toSafeInteger(row?.cents)).toBe(373_451);
    expect(toSafeNumber(row?.kg)).toBe(3.63);
  });
});

describe('toSafeNumber and toSafeInteger', () => {
  it.each([
    [3, 3],
    [3n, 3],
    ['3', 3],
    ['-12.50', -12.5],
    ['1.5000000000000000', 1.5],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    [BigInt(Number.MIN_SAFE_INTEGER), Number.MIN_SAFE_INTEGER],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s as %d', (value, n) => {
    expect(toSafeNumber(value)).toBe(n);
  });

  it.each([
    ['9007199254740992'],
    [2n ** 53n],
    [-(2n ** 53n)],
    [2 ** 53],
    ['NaN'],
    ['Infinity'],
    [''],
    ['abc'],
    [null],
    [undefined],
    [true],
  ])('refuses %s', (value) => {
    expect(() => toSafeNumber(value)).toThrow(RangeError);
  });

  it('refuses a fraction where a whole number is due', () => {
    expect(toSafeInteger('42')).toBe(42);
    expect(() => toSafeInteger('3.630')).toThrow(RangeError);
    expect(() => toSafeInteger(0.5)).toThrow(RangeError);
  });
});
