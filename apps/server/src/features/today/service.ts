import { can, CREDIT_OVERDUE_DAYS, dayIn, shiftDay, TODAY_LIST_MAX, type Role, type Today } from '@kuku/domain';
import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inventoryItems, sales } from '../../db/schema/index.js';
import { sqlInteger, sqlNumber, sqlSum } from '../../db/sql-number.js';
import { eggDay } from '../eggs/service.js';
import type { FarmScope } from '../farm-scope.js';
import { dueVaccinations } from '../vaccinations/service.js';

/** Laying flocks with no egg record today: the egg day's own list, so the two never disagree. */
async function eggsToRecord(db: Db, scope: FarmScope, today: string): Promise<Today['eggs']> {
  const day = await eggDay(db, scope, { date: today });
  if (day.flocks.length === 0) return null;
  const missing = day.flocks.filter((f) => f.record === null);
  return {
    missing: missing.length,
    laying: day.flocks.length,
    flocks: missing.slice(0, TODAY_LIST_MAX).map((f) => ({ id: f.flock_id, name: f.flock_name })),
  };
}

/** Items at or below their reorder level (the store's low-stock rule), the furthest below it first. */
async function lowStock(db: Db, farmId: number): Promise<Today['low_stock']> {
  const low = and(eq(inventoryItems.farmId, farmId), lte(inventoryItems.quantity, inventoryItems.reorderLevel));
  const [count] = await db.select({ total: sqlInteger<number>(sql`count(*)`) }).from(inventoryItems).where(low);
  if (!count || count.total === 0) return null;
  const rows = await db
    .select({
      id: inventoryItems.id,
      item_name: inventoryItems.itemName,
      quantity: sqlNumber<number>(sql`${inventoryItems.quantity}`),
      unit: inventoryItems.unit,
      reorder_level: sqlNumber<number>(sql`${inventoryItems.reorderLevel}`),
    })
    .from(inventoryItems)
    .where(low)
    .orderBy(sql`${inventoryItems.quantity} - ${inventoryItems.reorderLevel}`, asc(inventoryItems.itemName), asc(inventoryItems.id))
    .limit(TODAY_LIST_MAX);
  return { total: count.total, items: rows };
}

/** Sales still unpaid CREDIT_OVERDUE_DAYS after their date (the pending-sales index). */
async function overdueCredit(db: Db, farmId: number, today: string): Promise<Today['credit']> {
  const [row] = await db
    .select({
      sales: sqlInteger<number>(sql`count(*)`),
      owed_cents: sqlSum(sales.amountCents),
      oldest: sql<string | null>`min(${sales.date})::text`,
    })
    .from(sales)
    .where(and(eq(sales.farmId, farmId), eq(sales.status, 'pending'), lt(sales.date, shiftDay(today, -CREDIT_OVERDUE_DAYS))));
  return row && row.sales > 0 ? row : null;
}

/** What still needs doing on the farm today, as far as the role may read it (decision 056). */
export async function today(db: Db, scope: FarmScope, role: Role): Promise<Today> {
  const date = dayIn(new Date(), scope.timeZone);
  // The start of the farm's tomorrow, as an instant: what is dated before it is due today or overdue.
  const tomorrow = sql`(${shiftDay(date, 1)}::date::timestamp at time zone ${scope.timeZone})`;
  const [eggs, vaccinations, low, credit] = await Promise.all([
    can(role, 'eggs.read') ? eggsToRecord(db, scope, date) : null,
    can(role, 'vaccinations.read') ? dueVaccinations(db, scope.farmId, tomorrow, TODAY_LIST_MAX) : null,
    can(role, 'inventory.read') ? lowStock(db, scope.farmId) : null,
    can(role, 'sales.read') ? overdueCredit(db, scope.farmId, date) : null,
  ]);
  return { date, eggs, vaccinations: vaccinations && vaccinations.total > 0 ? vaccinations : null, low_stock: low, credit };
}
