import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryItems, notifications } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { createFlock, createUser } from '../test/factories.js';
import { seedDemoNotifications } from './demo-notifications.js';

const app = await createTestApp();

describe('seedDemoNotifications', () => {
  it('tells of each item below its reorder level, once', async () => {
    const owner = await createUser(app);
    const { user, farm } = owner;
    const flock = await createFlock(app, owner);
    const item = (itemName: string, quantity: number, reorderLevel: number): typeof inventoryItems.$inferInsert => ({ farmId: farm.id, flockId: flock.id, createdBy: user.id, itemName, quantity, reorderLevel, unit: 'bags', costPerUnitCents: 320_000 });
    await app.db.insert(inventoryItems).values([item('Layers mash', 3, 5), item('Grit', 10, 5), item('Vitamins', 0, 2)]);
    expect(await seedDemoNotifications(app.db, farm.id)).toBe(2);
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.id);
    expect(rows.map((r) => [r.title, r.message, r.type, r.link])).toEqual([
      ['Low stock: Layers mash', 'Low stock: 3 left. Reorder at 5.', 'warning', '/inventory'],
      ['Low stock: Vitamins', 'Low stock: 0 left. Reorder at 2.', 'warning', '/inventory'],
    ]);
    expect(await seedDemoNotifications(app.db, farm.id)).toBe(0);
  });
});
