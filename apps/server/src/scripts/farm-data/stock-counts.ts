import { beyondMargin, countDifference, dayIn, EGGS_PER_TRAY, shiftDay } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { farms, stockCounts } from '../../db/schema/index.js';
import { balanceChecks } from '../../features/stock-counts/balances.js';
import { sequence } from './shared.js';

/** Weeks of counts the demo farm has: a count every Monday back from this week. */
const WEEKS = 6;

/**
 * The demo farm's stock counts (decision 077): each of the last few Mondays the eggs, every feed
 * item and every flock in use counted, each against the balance the records gave that day (so the
 * counts chain as a farm's do), a few eggs or birds short now and then and one week a gap beyond
 * the margin. Deterministic (its own sequence); nothing when the farm already has counts.
 */
export async function seedStockCounts(db: Db, farmId: number, userId: number, now = new Date()): Promise<number> {
  const [already] = await db.select({ id: stockCounts.id }).from(stockCounts).where(eq(stockCounts.farmId, farmId)).limit(1);
  if (already) return 0;
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const today = dayIn(now, farm?.timeZone ?? 'Africa/Nairobi');
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = shiftDay(today, -weekday);
  const random = sequence(farmId + 104_729);
  let made = 0;
  for (let week = WEEKS - 1; week >= 0; week--) {
    const day = shiftDay(monday, -7 * week);
    if (day > today) continue;
    const checks = await balanceChecks(db, farmId, { start: day, end: day });
    const margin = checks.margin_percent;
    // Eggs: some broken or eaten unrecorded, a whole tray and more the week before last.
    const eggsExpected = Math.max(0, Math.round(checks.eggs.closing));
    // The first count finds the store as a farm keeps it (about 40 trays), whatever years of records summed to: it starts the books.
    const first = week === WEEKS - 1;
    const eggsShort = week === 2 ? EGGS_PER_TRAY + 15 : Math.floor(random() * 8);
    const rows: (typeof stockCounts.$inferInsert)[] = [];
    const row = (kind: 'eggs' | 'feed' | 'birds', counted: number, expected: number, unit: string, ids: { flockId?: number; itemId?: number } = {}) => {
      rows.push({
        farmId,
        kind,
        flockId: ids.flockId ?? null,
        itemId: ids.itemId ?? null,
        day,
        counted,
        expected,
        unit,
        beyondMargin: beyondMargin(kind, countDifference(counted, expected), expected, margin),
        createdBy: userId,
        updatedBy: userId,
        createdAt: new Date(`${day}T16:00:00+03:00`),
        updatedAt: new Date(`${day}T16:00:00+03:00`),
      });
    };
    row('eggs', first ? Math.min(eggsExpected, 40 * EGGS_PER_TRAY + 12) : Math.max(0, eggsExpected - eggsShort), checks.eggs.closing, 'eggs');
    for (const item of checks.feed) {
      if (item.closing < 0) continue;
      // Bags counted whole; now and then a bag gone.
      const whole = item.unit === 'kg' ? Math.round(item.closing * 10) / 10 : Math.floor(item.closing);
      row('feed', Math.max(0, week === 1 && random() < 0.5 ? whole - 1 : whole), item.closing, item.unit, { itemId: item.item_id });
    }
    for (const flock of checks.birds) {
      if (flock.closing <= 0) continue;
      row('birds', Math.max(0, flock.closing - (random() < 0.3 ? 1 + Math.floor(random() * 3) : 0)), flock.closing, 'birds', { flockId: flock.flock_id });
    }
    if (rows.length > 0) await db.insert(stockCounts).values(rows);
    made += rows.length;
  }
  return made;
}
