import { dayIn } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { eggProductions, farms } from '../src/db/schema/index.js';
import { seedFarmData } from '../src/scripts/farm-data.js';
import { INVENTORY_FARM } from './inventory-farm.js';

/**
 * The egg routes' farm: 50 laying flocks (Layers and both free-range breeds, no broilers)
 * stocked in the first weeks of 10 years, each with a record a day since its first egg
 * (about 168,000 of the 182,500 flock-days: the days before point of lay and after a flock
 * was archived have none) and about one adjustment a day.
 */
export const EGG_FARM = { flocks: 50, years: 10 } as const;

/** The egg screen's reads, each with the goal below against the ceiling. */
export const EGG_ROUTES = [
  // A deep page of the history by date: offset 49,990.
  '/api/egg-productions?page=5000&pageSize=10&sort=date&order=desc',
  '/api/egg-productions/stats',
  '/api/egg-productions/series',
] as const;
export const EGG_RATIO_GOAL = 0.25;
export const EGG_P99_GOAL_MS = 150;
/** The statistics endpoint against reading every record and summing in JavaScript, per request. */
export const EGG_STATS_SPEEDUP_GOAL = 50;

export async function seedEggFarm(db: Db, farmId: number, userId: number): Promise<{ productions: number; adjustments: number }> {
  const seeded = await seedFarmData(db, farmId, userId, {
    flocks: EGG_FARM.flocks,
    years: EGG_FARM.years,
    extraVaccinationsPerFlock: 2,
    breeds: ['Layers', 'Improved Free Range', 'Layers', 'Free Range'],
    arrivalSpread: 0.05,
    statusesByAge: false,
    // The inventory screen's farm (inventory-farm.ts): 2,000 items, about 100,000 movements.
    inventory: INVENTORY_FARM,
  });
  return { productions: seeded.eggProductions, adjustments: seeded.eggAdjustments };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * This month's egg statistics the way the original client made them: every production record
 * of the farm fetched, then this month's picked out and summed in JavaScript (eggs, production
 * days, each flock's eggs and days). Read here straight from the database with
 * `select * from egg_productions where farm_id = $1` (through Drizzle, which maps each row
 * to an object as the client's JSON parse did), not over HTTP: the list's pages stop at 100
 * rows, so fetching 168,000 rows would be 1,700 requests of ever deeper offsets. Leaving out
 * the JSON, the network and the paging makes this a lower bound of the client's cost, so the
 * statistics endpoint beating it by the goal beats the original by more. Median of `runs`
 * after one unmeasured run.
 */
export async function javascriptMonthSum(db: Db, farmId: number, runs = 5, now = new Date()) {
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const month = dayIn(now, farm?.timeZone ?? 'Africa/Nairobi').slice(0, 7);
  const once = async () => {
    const started = performance.now();
    const rows = await db.select().from(eggProductions).where(eq(eggProductions.farmId, farmId));
    let eggs = 0;
    const days = new Set<string>();
    const flocks = new Map<number, { eggs: number; days: number }>();
    for (const row of rows) {
      if (!row.dateProduced.startsWith(month)) continue;
      eggs += row.eggsCollected;
      days.add(row.dateProduced);
      const flock = flocks.get(row.flockId) ?? { eggs: 0, days: 0 };
      flock.eggs += row.eggsCollected;
      flock.days += 1;
      flocks.set(row.flockId, flock);
    }
    return { ms: performance.now() - started, rows: rows.length, eggs, days: days.size, flocks: flocks.size };
  };
  await once();
  const measured: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < runs; i++) measured.push(await once());
  const last = measured.at(-1) ?? (await once());
  return { month, runs, medianMs: median(measured.map((m) => m.ms)), rows: last.rows, eggs: last.eggs, days: last.days };
}

/** GET /api/egg-productions/stats one request at a time, as one farmer's screen asks: the median of `count`, and the answer's month and eggs. */
export async function statsOneAtATime(url: string, headers: Record<string, string>, count = 50) {
  const times: number[] = [];
  let body: { month?: string; eggs_this_month?: number } = {};
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - started); // the first 5 warm up
    body = JSON.parse(text) as typeof body;
  }
  return { medianMs: median(times), count, month: body.month ?? '', eggs: body.eggs_this_month ?? -1 };
}
