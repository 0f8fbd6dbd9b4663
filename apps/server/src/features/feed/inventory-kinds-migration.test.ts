import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVENTORY_KIND_NAME_WORDS, kindOfItemName } from '@kuku/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sqlRows } from '../farm-scope.js';
import { STORE } from '../../scripts/farm-data/inventory.js';
import { migrationsFolder } from '../../paths.js';
import { createTestApp } from '../../test/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const migration = readFileSync(join(migrationsFolder, '0036_inventory_kinds_and_feed.sql'), 'utf8');
/** The CASE migration 0036 classed the existing items with, between its markers. */
const kindCase = /\/\* kind-case \*\/([\s\S]*?)\/\* end-kind-case \*\//.exec(migration)?.[1] ?? '';

const NAMES = [
  'Layers mash',
  'LAYER MASH 70KG',
  'Chick crumbs',
  'Growers pellets',
  'Broiler starter',
  'Finisher',
  'Chakula cha kuku',
  'Newcastle vaccine',
  'Dewormer',
  'Antibiotic powder',
  'Layers vitamin',
  'Dawa ya minyoo',
  'Wood shavings',
  'Sawdust',
  'Deep litter',
  'Chick feeder',
  'Drinker 5L',
  'Brooder lamp',
  'Egg trays',
  'Disinfectant',
  'Maize bran',
  'Gloves',
  '',
  // Every word of the classifier on its own.
  ...INVENTORY_KIND_NAME_WORDS.flatMap(([, words]) => words.map((word) => word.toUpperCase())),
];

describe('migration 0036: the items then were classed as the domain classes a name', () => {
  it('has its CASE', () => {
    expect(kindCase).toContain('CASE');
  });

  it('answers what kindOfItemName answers for every example', async () => {
    const values = sql.join(
      NAMES.map((name) => sql`(${name})`),
      sql`, `,
    );
    const rows = await sqlRows<{ item_name: string; kind: string }>(
      app.db,
      sql`select item_name, ${sql.raw(kindCase)} as kind from (values ${values}) as inventory_items(item_name)`,
    );
    expect(rows.map((r) => [r.item_name, r.kind])).toEqual(NAMES.map((name) => [name, kindOfItemName(name)]));
  });
});

describe('the demo store (npm run seed:demo)', () => {
  it('gives its feed the kind feed (as the names say) and each bag its weight', () => {
    const feed = STORE.filter((s) => s.kind === 'feed');
    expect(feed.map((s) => s.name)).toEqual(STORE.filter((s) => kindOfItemName(s.name) === 'feed').map((s) => s.name));
    expect(STORE.filter((s) => s.kind === 'feed').map((s) => s.bagKg)).toEqual([70, 70, 50]);
  });
});
