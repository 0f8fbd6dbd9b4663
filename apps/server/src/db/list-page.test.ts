import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { Database } from './client.js';
import { listPage } from './list-page.js';

// Tables of this file's own: the helper is the same whatever a feature lists. The embedded
// database on the first pass, PostgreSQL on the second (DATABASE_URL).
const shelves = pgTable('list_page_shelves', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
});
const jars = pgTable('list_page_jars', {
  id: serial('id').primaryKey(),
  farmId: integer('farm_id').notNull(),
  shelfId: integer('shelf_id').notNull(),
  name: text('name').notNull(),
  grams: integer('grams').notNull(),
});
/** A count kept beside the rows, as a trigger would keep it; here written by hand, and wrong on purpose for farm 3. */
const jarCounts = pgTable('list_page_jar_counts', {
  farmId: integer('farm_id').primaryKey(),
  jars: integer('jars').notNull(),
});

const FARM = 1;
const OTHER_FARM = 2;
const DRIFTED_FARM = 3;

describe('listPage', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.query('create table list_page_shelves (id serial primary key, label text not null)');
    await database.query(`create table list_page_jars (id serial primary key, farm_id integer not null, shelf_id integer not null,
      name text not null, grams integer not null)`);
    await database.query('create index list_page_jars_name_idx on list_page_jars (farm_id, name, id)');
    await database.query('create table list_page_jar_counts (farm_id integer primary key, jars integer not null)');
    await database.query("insert into list_page_shelves (label) values ('top'), ('bottom')");
    // Farm 1: seven jars, three named alike (a tie the id breaks), on two shelves; ids 1-7.
    await database.query(`insert into list_page_jars (farm_id, shelf_id, name, grams) values
      (1, 1, 'honey', 500), (1, 2, 'apricot', 250), (1, 1, 'honey', 400), (1, 2, 'basil', 100),
      (1, 1, 'honey', 300), (1, 2, 'chutney', 350), (1, 1, 'damson', 450)`);
    // Farm 2's jars share the names: never counted or shown to farm 1.
    await database.query("insert into list_page_jars (farm_id, shelf_id, name, grams) values (2, 1, 'honey', 1), (2, 2, 'apricot', 2)");
    await database.query('insert into list_page_jar_counts (farm_id, jars) values (1, 7), (2, 2), (3, 9)');
  });

  afterAll(async () => {
    await database?.query('drop table if exists list_page_jars, list_page_shelves, list_page_jar_counts');
    await database?.close();
  });

  interface Options {
    farmId?: number;
    order?: 'asc' | 'desc';
    q?: string;
    kept?: boolean;
    prepared?: boolean;
  }

  /** A page of a farm's jars by name, as a feature's list service writes it. */
  function jarsPage(page: number, pageSize: number, options: Options = {}) {
    const { db } = database;
    const farmId = options.farmId ?? FARM;
    // Prepared, the values are placeholders filled per call; built per call, they are the values.
    const farm = options.prepared ? sql.placeholder('farmId') : farmId;
    const pattern = options.prepared ? sql.placeholder('pattern') : `%${options.q}%`;
    const filters: SQL[] = [eq(jars.farmId, farm)];
    if (options.q) filters.push(ilike(shelves.label, pattern));
    const direction = options.order === 'desc' ? desc : asc;
    const order = [direction(jars.name), direction(jars.id)];
    return listPage(
      db,
      { page, pageSize },
      () => ({
        table: jars,
        join: options.q ? { table: shelves, on: eq(shelves.id, jars.shelfId) } : undefined,
        where: and(...filters),
        order,
        kept: options.kept ? sql`(select ${jarCounts.jars} from ${jarCounts} where ${jarCounts.farmId} = ${farm})` : undefined,
        rows: (inPage, total) => db.select({ id: jars.id, name: jars.name, total }).from(jars).where(inPage).orderBy(...order),
      }),
      (row) => `${row.name}#${row.id}`,
      options.prepared
        ? { prepared: `list_page_test_${options.order ?? 'asc'}${options.q ? '_search' : ''}${options.kept ? '_kept' : ''}`, values: { farmId, pattern: `%${options.q}%` } }
        : undefined,
    );
  }

  describe.each([
    ['built per call', false],
    ['prepared', true],
  ])('%s', (_, prepared) => {
    it('walks the pages in one order, ties broken by id, none skipped or repeated', async () => {
      const asc3 = await Promise.all([1, 2, 3].map((page) => jarsPage(page, 3, { prepared })));
      expect(asc3.map((p) => p.items)).toEqual([
        ['apricot#2', 'basil#4', 'chutney#6'],
        ['damson#7', 'honey#1', 'honey#3'],
        ['honey#5'],
      ]);
      expect(asc3.map((p) => [p.total, p.page, p.pageSize])).toEqual([
        [7, 1, 3],
        [7, 2, 3],
        [7, 3, 3],
      ]);
      const desc2 = await Promise.all([1, 2, 3, 4].map((page) => jarsPage(page, 2, { prepared, order: 'desc' })));
      expect(desc2.flatMap((p) => p.items)).toEqual(['honey#5', 'honey#3', 'honey#1', 'damson#7', 'chutney#6', 'basil#4', 'apricot#2']);
    });

    it('answers a page past the last with no items and the total, counted or kept', async () => {
      expect(await jarsPage(4, 3, { prepared })).toEqual({ items: [], total: 7, page: 4, pageSize: 3 });
      expect(await jarsPage(1_000_000, 100, { prepared })).toEqual({ items: [], total: 7, page: 1_000_000, pageSize: 100 });
      expect(await jarsPage(9, 3, { prepared, kept: true })).toEqual({ items: [], total: 7, page: 9, pageSize: 3 });
      expect(await jarsPage(2, 10, { prepared, q: 'bot' })).toEqual({ items: [], total: 3, page: 2, pageSize: 10 });
    });

    it('counts the filter, through the join, or reads the kept count instead', async () => {
      const searched = await jarsPage(1, 2, { prepared, q: 'bot' });
      expect(searched).toEqual({ items: ['apricot#2', 'basil#4'], total: 3, page: 1, pageSize: 2 });
      // Farm 3's kept count says 9 and it has no jar: a kept total is read, not counted…
      expect((await jarsPage(2, 3, { prepared, kept: true, farmId: DRIFTED_FARM })).total).toBe(9);
      expect((await jarsPage(2, 3, { prepared, farmId: DRIFTED_FARM })).total).toBe(0);
      // …and on the first page no row means none at all.
      expect(await jarsPage(1, 3, { prepared, kept: true, farmId: DRIFTED_FARM })).toEqual({ items: [], total: 0, page: 1, pageSize: 3 });
    });

    it("never counts or shows another farm's rows", async () => {
      const other = await jarsPage(1, 10, { prepared, farmId: OTHER_FARM });
      expect(other).toEqual({ items: ['apricot#9', 'honey#8'], total: 2, page: 1, pageSize: 10 });
      expect((await jarsPage(1, 10, { prepared, kept: true, farmId: OTHER_FARM })).total).toBe(2);
      expect(await jarsPage(1, 10, { prepared, q: 'top', farmId: OTHER_FARM })).toMatchObject({ items: ['honey#8'], total: 1 });
    });
  });

  it('starts at a given offset when the caller narrowed the filter to where the page begins', async () => {
    const { db } = database;
    const order = [asc(jars.name), asc(jars.id)];
    // Page 3 of 2 by name starts at the first 'honey'; the caller skips nothing more, and the total is the list's.
    const page = await listPage(
      db,
      { page: 3, pageSize: 2 },
      {
        table: jars,
        where: and(eq(jars.farmId, FARM), sql`${jars.name} >= 'honey'`),
        order,
        kept: sql`(select ${jarCounts.jars} from ${jarCounts} where ${jarCounts.farmId} = ${FARM})`,
        offset: 0,
        rows: (inPage, total) => db.select({ id: jars.id, total }).from(jars).where(inPage).orderBy(...order),
      },
      (row) => row.id,
    );
    expect(page).toEqual({ items: [1, 3], total: 7, page: 3, pageSize: 2 });
  });

  it('builds a prepared list once per name, and each call fills its values', async () => {
    const { db } = database;
    let built = 0;
    const byFarm = (farmId: number) =>
      listPage(
        db,
        { page: 1, pageSize: 10 },
        () => {
          built++;
          return {
            table: jars,
            where: eq(jars.farmId, sql.placeholder('farmId')),
            order: [asc(jars.id)],
            rows: (inPage: SQL, total: SQL<number>) => db.select({ id: jars.id, total }).from(jars).where(inPage).orderBy(asc(jars.id)),
          };
        },
        (row) => row.id,
        { prepared: 'list_page_test_once', values: { farmId } },
      );
    expect(await byFarm(FARM)).toMatchObject({ items: [1, 2, 3, 4, 5, 6, 7], total: 7 });
    expect(await byFarm(OTHER_FARM)).toMatchObject({ items: [8, 9], total: 2 });
    expect(built).toBe(1);
  });
});
