import { inventoryMessages, lowStockWarning, notificationTexts, type Language } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { inventoryItems, notifications } from '../db/schema/index.js';
import { storeNotification } from '../features/notifications/service.js';

/**
 * The demo farm's bell: the low-stock warnings its inventory calls for, as the events of its
 * stock movements would have made them (the server adds the daily ones, vaccinations and the
 * subscription, when it starts). Only a farm without notifications gets them.
 */
export async function seedDemoNotifications(db: Db, farmId: number): Promise<number> {
  const [any] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.farmId, farmId)).limit(1);
  if (any) return 0;
  const low = await db
    .select({ name: inventoryItems.itemName, quantity: inventoryItems.quantity, reorderLevel: inventoryItems.reorderLevel })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.farmId, farmId), lt(inventoryItems.quantity, inventoryItems.reorderLevel)))
    .orderBy(asc(inventoryItems.itemName))
    .limit(5);
  let stored = 0;
  for (const item of low) {
    if (!lowStockWarning(item.quantity, item.reorderLevel)) continue;
    const draft = {
      say: (language: Language) =>
        wordsIn(language, notificationTexts).lowStock(item.name, wordsIn(language, inventoryMessages).lowStock(item.quantity, item.reorderLevel)),
      type: 'warning' as const,
      kind: 'lowStock' as const,
      link: '/inventory',
      audience: 'members' as const,
    };
    stored += (await storeNotification(db, farmId, draft)).length;
  }
  return stored;
}
