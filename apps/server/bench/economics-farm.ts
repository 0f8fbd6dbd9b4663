import { dayIn, EGGS_PER_TRAY, economicsKindOf, layerFigures, shiftDay, type LayerSums } from '@kuku/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { eggProductions, expenses, farms, feedRecords, flockBirdCountEvents, flocks, flockWeighings, inventoryItems, sales } from '../src/db/schema/index.js';
import { dayNumber, dayText, insertByColumns, recordedAt, sequence } from '../src/scripts/farm-data/shared.js';
import { tenYears } from './reports-farm.js';

/**
 * Flock economics (decision 071) on the egg farm (egg-farm.ts): its 50 laying flocks fed over
 * the 10 years (a record every 1 to 3 days in whole bags of the store's feed, seedFeedHistory),
 * then GET /api/flocks/{flockId}/economics for its busiest flock and GET /api/economics (every
 * flock), each over the last year and over the whole 10 years, against the goal below and against
 * the same records read whole and summed in JavaScript (javascriptEconomics).
 */
export const ECONOMICS_RATIO_GOAL = 0.25;
export const ECONOMICS_P99_GOAL_MS = 150;
export const ECONOMICS_SPEEDUP_GOAL = 50;

/** Grams of feed a bird a day by age: chick mash to 8 weeks, growers to point of lay, then 110-125 g of layers mash. */
function feedStage(ageWeeks: number, random: () => number): { stage: 'chick' | 'growers' | 'layers'; grams: number } {
  if (ageWeeks < 8) return { stage: 'chick', grams: 12 + 6 * ageWeeks };
  if (ageWeeks < 18) return { stage: 'growers', grams: 55 + 4 * (ageWeeks - 8) };
  return { stage: 'layers', grams: 110 + random() * 15 };
}

const STAGE_NAMES = { chick: 'Chick mash', growers: 'Growers mash', layers: 'Layers mash' } as const;

export interface FeedHistory {
  records: number;
  /** The flock the one-flock route reads: on the farm today, the most feed records. */
  busyFlock: { id: number; name: string; feedRecords: number };
  /** The two ranges, in the farm's days when the farm was seeded. */
  ranges: { label: string; start: string; end: string }[];
}

/**
 * Each flock's feed from the day it came to the day it left (its last egg record) or today: the
 * birds it had that day (its bird-count history) × the grams its age eats, added up until the
 * record day (every 1 to 3 days) and given as whole bags (the rest carried to the next record),
 * drawn from the store's feed items of its stage (kind 'feed' with a bag's weight), cost at the
 * item's cost a bag less 4% a year back. Written by column in date order, as eggs are. The
 * records leave the ledger alone (movement_id null): the economics read feed_records joined to
 * inventory_items only, and the inventory routes measured on this farm stay as they were.
 */
export async function seedFeedHistory(db: Db, farmId: number, userId: number, now = new Date()): Promise<FeedHistory> {
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const timeZone = farm?.timeZone ?? 'Africa/Nairobi';
  const todayText = dayIn(now, timeZone);
  const today = dayNumber(todayText);
  const items = await db
    .select({ id: inventoryItems.id, name: inventoryItems.itemName, kg: inventoryItems.unitWeightKg, cost: inventoryItems.costPerUnitCents })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.kind, 'feed'), sql`${inventoryItems.unitWeightKg} is not null`))
    .orderBy(inventoryItems.id);
  const byStage = Object.fromEntries(
    Object.entries(STAGE_NAMES).map(([stage, name]) => [stage, items.filter((item) => item.name.startsWith(name) && item.kg !== null)]),
  ) as Record<keyof typeof STAGE_NAMES, typeof items>;
  for (const [stage, list] of Object.entries(byStage)) if (list.length === 0) throw new Error(`the egg farm's store has no ${stage} feed with a bag's weight`);

  const flockRows = await db.select().from(flocks).where(eq(flocks.farmId, farmId)).orderBy(flocks.id);
  const eventRows = await db.select().from(flockBirdCountEvents).where(eq(flockBirdCountEvents.farmId, farmId)).orderBy(flockBirdCountEvents.createdAt, flockBirdCountEvents.id);
  const lastEggs = await db
    .select({ flockId: eggProductions.flockId, last: sql<string>`max(${eggProductions.dateProduced})::text` })
    .from(eggProductions)
    .where(eq(eggProductions.farmId, farmId))
    .groupBy(eggProductions.flockId);
  const lastEgg = new Map(lastEggs.map((row) => [row.flockId, row.last]));

  const random = sequence(farmId + 67_867_967);
  const rows: (typeof feedRecords.$inferInsert)[] = [];
  const perFlock = new Map<number, number>();
  for (const [index, flock] of flockRows.entries()) {
    const first = dayNumber(dayIn(flock.createdAt, timeZone));
    const leftOn = lastEgg.get(flock.id);
    const last = flock.status === 'archived' && leftOn ? Math.min(today, dayNumber(leftOn)) : today;
    const counts = eventRows.filter((e) => e.flockId === flock.id).map((e) => ({ from: dayNumber(dayIn(e.createdAt, timeZone)), birds: e.countAfter }));
    let step = 0;
    let owedKg = 0;
    let nextRecord = first;
    for (let day = first; day <= last; day++) {
      while (step + 1 < counts.length && (counts[step + 1]?.from ?? Infinity) <= day) step++;
      const birds = counts[step]?.birds ?? flock.birdCount;
      const { stage, grams } = feedStage(flock.ageAtAddingWeeks + (day - first) / 7, random);
      owedKg += (birds * grams) / 1000;
      if (day < nextRecord && day !== last) continue;
      nextRecord = day + 1 + Math.floor(random() * 3);
      const list = byStage[stage];
      const item = list[index % list.length] ?? list[0]!;
      const bagKg = item.kg ?? 70;
      const bags = Math.round(owedKg / bagKg);
      if (bags < 1) continue;
      owedKg -= bags * bagKg;
      const yearsBack = Math.floor((today - day) / 365);
      const bagCents = Math.max(100, Math.round((item.cost * (1 - 0.04 * yearsBack)) / 100) * 100);
      const createdAt = recordedAt(day, 5, now);
      rows.push({ farmId, flockId: flock.id, itemId: item.id, date: dayText(day), quantity: bags, costCents: bags * bagCents, movementId: null, createdBy: userId, updatedBy: userId, createdAt, updatedAt: createdAt });
      perFlock.set(flock.id, (perFlock.get(flock.id) ?? 0) + 1);
    }
  }
  // Day by day, as a farm records them: a month's rows share heap pages, ids follow dates.
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.flockId - b.flockId));
  await insertByColumns(db, feedRecords, rows);
  await db.execute(sql`vacuum analyze ${feedRecords}`);

  const busy = flockRows
    .filter((flock) => flock.status !== 'archived')
    .map((flock) => ({ id: flock.id, name: flock.name, feedRecords: perFlock.get(flock.id) ?? 0 }))
    .sort((a, b) => b.feedRecords - a.feedRecords || a.id - b.id)[0];
  if (!busy) throw new Error('the egg farm has no flock on it');
  const whole = tenYears(todayText);
  return {
    records: rows.length,
    busyFlock: busy,
    ranges: [
      { label: '1 year', start: shiftDay(todayText, -364), end: todayText },
      { label: '10 years', start: whole.start_date, end: whole.end_date },
    ],
  };
}

/** The figures both sides give, compared: the counts, the feed's kilos and cost, and the hen-day rate. */
export interface EconomicsFingerprint {
  feedRecords: number;
  eggRecords: number;
  feedKg: number | null;
  feedCostCents: number;
  henDayPercent: number | null;
}

export const sameFigures = (a: EconomicsFingerprint, b: EconomicsFingerprint) =>
  a.feedRecords === b.feedRecords && a.eggRecords === b.eggRecords && a.feedKg === b.feedKg && a.feedCostCents === b.feedCostCents && a.henDayPercent === b.henDayPercent;

export const fingerprintText = (f: EconomicsFingerprint) => `${f.feedRecords} feed, ${f.eggRecords} egg, ${f.feedKg ?? '—'} kg, ${f.feedCostCents} c, ${f.henDayPercent ?? '—'}%`;

/** The answer of either route as a fingerprint. */
export function answerFingerprint(body: { feed_records: number; egg_records: number; feed_kg: number | null; feed_cost_cents?: number; layers: { hen_day_percent: number | null } | null }): EconomicsFingerprint {
  return {
    feedRecords: body.feed_records,
    eggRecords: body.egg_records,
    feedKg: body.feed_kg,
    feedCostCents: body.feed_cost_cents ?? -1,
    henDayPercent: body.layers?.hen_day_percent ?? null,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const kg3 = (kg: number) => Math.round(kg * 1000) / 1000;

/**
 * A flock's (or every flock's) economics the way a client without the routes would make them:
 * its flocks, bird-count history, egg records, feed records, the store's items, expenses, sales
 * and weighings read whole (select * … where farm_id = $1, and flock_id = $2 for one flock,
 * through Drizzle, straight from the database: a lower bound of a client's fetch-everything
 * cost), then the route's sums made in JavaScript over the range (hen-days day by day from the
 * bird counts, eggs, feed kilos and cost, other expenses, egg sales) and the domain's layer
 * figures from them, each flock's and the laying flocks' together. Median of `runs` after one
 * unmeasured run.
 */
export async function javascriptEconomics(db: Db, farmId: number, range: { start: string; end: string }, flockId: number | null, runs = 5) {
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const timeZone = farm?.timeZone ?? 'Africa/Nairobi';
  const once = async () => {
    const started = performance.now();
    const of = flockId === null;
    const [flockRows, events, eggs, feed, items, expenseRows, saleRows, weighings] = await Promise.all([
      db.select().from(flocks).where(of ? eq(flocks.farmId, farmId) : and(eq(flocks.farmId, farmId), eq(flocks.id, flockId))),
      db.select().from(flockBirdCountEvents).where(of ? eq(flockBirdCountEvents.farmId, farmId) : and(eq(flockBirdCountEvents.farmId, farmId), eq(flockBirdCountEvents.flockId, flockId))),
      db.select().from(eggProductions).where(of ? eq(eggProductions.farmId, farmId) : and(eq(eggProductions.farmId, farmId), eq(eggProductions.flockId, flockId))),
      db.select().from(feedRecords).where(of ? eq(feedRecords.farmId, farmId) : and(eq(feedRecords.farmId, farmId), eq(feedRecords.flockId, flockId))),
      db.select().from(inventoryItems).where(eq(inventoryItems.farmId, farmId)),
      db.select().from(expenses).where(of ? eq(expenses.farmId, farmId) : and(eq(expenses.farmId, farmId), eq(expenses.flockId, flockId))),
      db.select().from(sales).where(of ? eq(sales.farmId, farmId) : and(eq(sales.farmId, farmId), eq(sales.flockId, flockId))),
      db.select().from(flockWeighings).where(of ? eq(flockWeighings.farmId, farmId) : and(eq(flockWeighings.farmId, farmId), eq(flockWeighings.flockId, flockId))),
    ]);
    const { start, end } = range;
    const within = (day: string) => day >= start && day <= end;
    const blank = (): LayerSums => ({ eggs: 0, henDays: 0, eggRecords: 0, feedKg: 0, feedCostCents: 0, feedRecords: 0, otherCostCents: 0, eggsSold: 0, eggSalesCents: 0 });
    const sums = new Map<number, LayerSums>();
    const sumsOf = (id: number) => {
      let s = sums.get(id);
      if (!s) sums.set(id, (s = blank()));
      return s;
    };
    for (const row of eggs) {
      if (!within(row.dateProduced)) continue;
      const s = sumsOf(row.flockId);
      s.eggs += row.eggsCollected;
      s.eggRecords += 1;
    }
    const weights = new Map(items.map((item) => [item.id, item.unitWeightKg]));
    for (const row of feed) {
      if (!within(row.date)) continue;
      const s = sumsOf(row.flockId);
      const weight = weights.get(row.itemId) ?? null;
      s.feedKg = s.feedKg === null || weight === null ? null : s.feedKg + row.quantity * weight;
      s.feedCostCents += row.costCents;
      s.feedRecords += 1;
    }
    for (const row of expenseRows) if (row.flockId !== null && within(row.date) && row.category !== 'Feed') sumsOf(row.flockId).otherCostCents += row.amountCents;
    const crates = new Map<number, number>();
    for (const row of saleRows) {
      if (row.flockId === null || !within(row.date) || row.category !== 'Egg Sales') continue;
      crates.set(row.flockId, (crates.get(row.flockId) ?? 0) + row.quantity);
      sumsOf(row.flockId).eggSalesCents += row.amountCents;
    }
    for (const [id, n] of crates) sumsOf(id).eggsSold = Math.round(n * EGGS_PER_TRAY);
    // Weighings count for broilers only; the egg farm has none, read for the same work as the route.
    void weighings;

    const byFlock = new Map<number, { day: string; count: number; before: number }[]>();
    for (const e of [...events].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)) {
      const list = byFlock.get(e.flockId) ?? [];
      list.push({ day: dayIn(e.createdAt, timeZone), count: e.countAfter, before: e.countAfter - e.delta });
      byFlock.set(e.flockId, list);
    }
    const shown: { breed: (typeof flockRows)[number]['breed']; sums: LayerSums; days: number }[] = [];
    for (const flock of flockRows) {
      const firstDay = dayIn(flock.createdAt, timeZone);
      if (firstDay > end) continue;
      const list = byFlock.get(flock.id) ?? [];
      // The count before its first change; with none, the count as it is.
      const firstCount = list[0]?.before ?? flock.birdCount;
      const s = sumsOf(flock.id);
      let henDays = 0;
      let days = 0;
      let step = -1;
      const from = dayNumber(start > firstDay ? start : firstDay);
      for (let n = from, last = dayNumber(end); n <= last; n++) {
        const day = dayText(n);
        while (step + 1 < list.length && (list[step + 1]?.day ?? '9999') <= day) step++;
        henDays += step < 0 ? firstCount : (list[step]?.count ?? firstCount);
        days += 1;
      }
      s.henDays = henDays;
      if (flock.status === 'archived' && s.eggRecords === 0 && s.feedRecords === 0) continue;
      shown.push({ breed: flock.breed, sums: s, days });
    }
    const figures = shown.map(({ sums: s, days }) => layerFigures(s, days));
    const total = blank();
    for (const { breed, sums: s } of shown) {
      if (economicsKindOf(breed) !== 'layers') continue;
      total.eggs += s.eggs;
      total.henDays += s.henDays;
      total.eggRecords += s.eggRecords;
      total.feedKg = total.feedKg === null || s.feedKg === null ? null : total.feedKg + s.feedKg;
      total.feedCostCents += s.feedCostCents;
      total.feedRecords += s.feedRecords;
      total.otherCostCents += s.otherCostCents;
      total.eggsSold += s.eggsSold;
      total.eggSalesCents += s.eggSalesCents;
    }
    const rangeDays = dayNumber(end) - dayNumber(start) + 1;
    const one = shown[0];
    const together = flockId === null ? layerFigures(total, rangeDays) : (figures[0] ?? null);
    const picked = flockId === null ? total : (one?.sums ?? blank());
    const fingerprint: EconomicsFingerprint = {
      feedRecords: picked.feedRecords,
      eggRecords: picked.eggRecords,
      feedKg: picked.feedKg === null ? null : kg3(picked.feedKg),
      feedCostCents: picked.feedCostCents,
      henDayPercent: together?.henDayPercent ?? null,
    };
    const rows = flockRows.length + events.length + eggs.length + feed.length + items.length + expenseRows.length + saleRows.length + weighings.length;
    return { ms: performance.now() - started, rows, fingerprint };
  };
  await once();
  const measured: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < runs; i++) measured.push(await once());
  const last = measured.at(-1) ?? (await once());
  return { runs, medianMs: median(measured.map((m) => m.ms)), rows: last.rows, fingerprint: last.fingerprint };
}

export type JavascriptEconomics = Awaited<ReturnType<typeof javascriptEconomics>>;

/** The four reads: the busy flock's and the farm's, over each range; their URL and label. */
export function economicsRoutes(history: FeedHistory) {
  return history.ranges.flatMap((range) => {
    const query = `start_date=${range.start}&end_date=${range.end}`;
    return [
      { flockId: history.busyFlock.id as number | null, range, path: `/api/flocks/${history.busyFlock.id}/economics?${query}`, label: `GET /api/flocks/{flockId}/economics, ${range.label}` },
      { flockId: null as number | null, range, path: `/api/economics?${query}`, label: `GET /api/economics, ${range.label}` },
    ];
  });
}
