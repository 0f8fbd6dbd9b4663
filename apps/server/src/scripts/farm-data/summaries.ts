import { dayIn, lastWeekStart, shiftDay, weekEndOf } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { farms } from '../../db/schema/index.js';
import { storeSummary, weekFigures } from '../../features/summaries/service.js';

/** Weeks of the owner's summary the demo farm keeps (decision 078). */
export const DEMO_SUMMARY_WEEKS = 8;

/**
 * The demo farm's last weekly summaries, made as the Monday job makes them, from its records and
 * stock counts: the Weekly summaries screen shows past weeks. No notification is stored.
 */
export async function seedDemoSummaries(db: Db, farmId: number, now = new Date()): Promise<number> {
  const [farm] = await db.select({ name: farms.name, timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  if (!farm) return 0;
  const last = lastWeekStart(dayIn(now, farm.timeZone));
  let made = 0;
  for (let i = DEMO_SUMMARY_WEEKS - 1; i >= 0; i--) {
    const start = shiftDay(last, -7 * i);
    const figures = await weekFigures(db, { id: farmId, name: farm.name, timeZone: farm.timeZone }, start, weekEndOf(start), now);
    if (await storeSummary(db, farmId, figures, false, now)) made += 1;
  }
  return made;
}
