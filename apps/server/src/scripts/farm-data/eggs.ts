import { dayIn, EGGS_PER_TRAY, type AdjustmentType, type AdjustmentUnit } from '@kuku/domain';
import { type eggAdjustments, type eggProductions } from '../../db/schema/index.js';
import { henDayRate, type LayingFlock } from './flocks.js';
import { dayNumber, dayText, recordedAt } from './shared.js';

const ADJUSTMENT_NOTES: Record<AdjustmentType, (string | null)[]> = {
  breakage: [null, null, 'Cracked in the trays', 'Broken at collection', 'Dropped on the way to the store'],
  giveaway: [null, 'Neighbours', 'Church harvest', 'School visit'],
  consumption: [null, 'Staff eggs', 'Household'],
};

/**
 * A day-by-day record of each laying flock from its first egg to the farm's today (or to
 * when it was archived), in the farm's time zone: birds that day × the breed's hen-day rate
 * at its age × a little daily noise. Two flocks in three record a price per egg (KES 10 ten
 * years ago rising to KES 15), the others 0 as the product's client sends.
 */
export function productionRows(laying: LayingFlock[], farmId: number, userId: number, timeZone: string, now: Date, random: () => number) {
  const rows: (typeof eggProductions.$inferInsert)[] = [];
  const today = dayNumber(dayIn(now, timeZone));
  for (const flock of laying) {
    const added = dayNumber(dayIn(flock.createdAt, timeZone));
    const last = flock.endsAt ? Math.min(today, dayNumber(dayIn(flock.endsAt, timeZone))) : today;
    const counts = flock.counts.map((c) => ({ from: dayNumber(dayIn(c.at, timeZone)), birds: c.birds }));
    const priced = flock.index % 3 !== 2;
    let step = 0;
    let laid = false;
    for (let day = added; day <= last; day++) {
      while (step + 1 < counts.length && (counts[step + 1]?.from ?? Infinity) <= day) step++;
      const birds = counts[step]?.birds ?? 0;
      const rate = henDayRate(flock.breed, flock.ageAtAddingWeeks + (day - added) / 7);
      const eggs = Math.min(birds, Math.round(birds * rate * (0.96 + random() * 0.08)));
      // Records start with the first egg; after that a day without eggs is still a record.
      if (!laid && eggs === 0) continue;
      laid = true;
      const priceCents = priced ? 1_500 - 50 * Math.floor((today - day) / 365) : 0;
      const createdAt = recordedAt(day, 15, now);
      rows.push({
        farmId,
        flockId: flock.id,
        createdBy: userId,
        updatedBy: userId,
        dateProduced: dayText(day),
        eggsCollected: eggs,
        pricePerUnitCents: priceCents,
        totalRevenueCents: eggs * priceCents,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  return rows;
}

/** A farm's chance a day of a breakage, a giveaway and eggs eaten at home, shared among its laying flocks. */
const ADJUSTMENTS_A_DAY: [AdjustmentType, number][] = [
  ['breakage', 0.7],
  ['giveaway', 0.1],
  ['consumption', 0.15],
];

/**
 * Adjustments against the production: on a farm, breakage most days (a few eggs), now and then
 * a giveaway or eggs eaten at home, in eggs or in whole crates of 30 (stored as eggs), never
 * more than the flock laid that day. Today always has a breakage, so this month shows some.
 */
export function adjustmentRows(productions: (typeof eggProductions.$inferInsert)[], today: string, now: Date, random: () => number) {
  const flocksOn = new Map<string, number>();
  for (const p of productions) if (p.eggsCollected > 0) flocksOn.set(p.dateProduced, (flocksOn.get(p.dateProduced) ?? 0) + 1);
  let brokenToday = false;
  const rows: (typeof eggAdjustments.$inferInsert)[] = [];
  for (const p of productions) {
    const eggs = p.eggsCollected;
    const share = 1 / (flocksOn.get(p.dateProduced) ?? 1);
    if (eggs === 0) continue;
    for (const [type, chance] of ADJUSTMENTS_A_DAY) {
      const forced = type === 'breakage' && p.dateProduced === today && !brokenToday;
      if (!forced && random() >= chance * share) continue;
      let unit: AdjustmentUnit = 'eggs';
      let adjusted: number;
      if (type === 'breakage') adjusted = 1 + Math.floor(random() * Math.max(1, eggs * 0.02));
      else if (eggs >= 2 * EGGS_PER_TRAY && random() < 0.4) {
        unit = 'crates';
        adjusted = EGGS_PER_TRAY * (1 + Math.floor(random() * Math.min(3, eggs / EGGS_PER_TRAY - 1)));
      } else adjusted = 6 + Math.floor(random() * 25);
      if (adjusted > eggs) continue;
      if (forced) brokenToday = true;
      const notes = ADJUSTMENT_NOTES[type];
      const day = dayNumber(p.dateProduced);
      const createdAt = recordedAt(day, 16, now);
      rows.push({
        farmId: p.farmId,
        flockId: p.flockId,
        createdBy: p.createdBy,
        updatedBy: p.createdBy,
        adjustmentType: type,
        eggsAdjusted: adjusted,
        unit,
        dateAdjusted: p.dateProduced,
        notes: notes[Math.floor(random() * notes.length)] ?? null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  return rows;
}
