import { dayIn } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockCounts } from '../../db/schema/index.js';
import { balanceChecks } from '../../features/stock-counts/balances.js';
import { createTestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { seedFarmData } from '../farm-data.js';
import { seedStockCounts } from './stock-counts.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

describe('the demo farm’s stock counts', () => {
  it('a count every Monday of the eggs, the feed and the flocks, each against the records that day; once only', async () => {
    const owner = await createUser(app);
    await seedFarmData(app.db, owner.farm.id, owner.user.id, { flocks: 3, years: 1, extraVaccinationsPerFlock: 0 });
    const made = await seedStockCounts(app.db, owner.farm.id, owner.user.id);
    expect(made).toBeGreaterThan(6);
    const rows = await app.db.select().from(stockCounts).where(eq(stockCounts.farmId, owner.farm.id));
    expect(rows).toHaveLength(made);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['eggs', 'feed', 'birds']));
    for (const row of rows) expect(row.counted).toBeGreaterThanOrEqual(0);
    expect(await seedStockCounts(app.db, owner.farm.id, owner.user.id)).toBe(0);
    const today = dayIn(new Date(), 'Africa/Nairobi');
    const checks = await balanceChecks(app.db, owner.farm.id, { start: rows.map((r) => r.day).sort().at(-1)!, end: today });
    expect(checks.eggs.last_count?.in_range).toBe(true);
  }, 60_000);
});
