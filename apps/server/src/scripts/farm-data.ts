import { BREEDS, FLOCK_STATUSES, STANDARD_SCHEDULE, standardScheduleDate, VACCINATION_MODES, type BirdCountReason } from '@kuku/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { farmFlockTotals, flockBirdCountEvents, flocks, vaccinations } from '../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// Rows go in batches: PGlite pays per statement, so row-by-row loads crawl (decision 014).
const BATCH = 500;

export interface FarmDataOptions {
  flocks: number;
  years: number;
  /** Custom vaccinations per flock on top of the standard schedule. */
  extraVaccinationsPerFlock: number;
  now?: Date;
}

/** A deterministic pseudo-random sequence, so a seeded farm looks the same each run. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Flocks of every breed and status spread over `years`, their bird-count
 * history (mortality and sales), the standard schedule (past entries done, a
 * few left overdue) and custom vaccinations, some due this week. Does nothing
 * when the farm already has flocks.
 */
export async function seedFarmData(db: Db, farmId: number, userId: number, options: FarmDataOptions): Promise<{ flocks: number; vaccinations: number; events: number }> {
  const [existing] = await db.select({ n: count() }).from(flocks).where(eq(flocks.farmId, farmId));
  if ((existing?.n ?? 0) > 0) return { flocks: 0, vaccinations: 0, events: 0 };

  const now = options.now ?? new Date();
  const random = sequence(farmId);
  const spanDays = Math.max(30, Math.round(options.years * 365));
  const flockRows = Array.from({ length: options.flocks }, (_, i) => {
    const createdAt = new Date(now.getTime() - Math.round((spanDays * (options.flocks - i)) / options.flocks) * DAY_MS);
    const initial = 100 + Math.round(random() * 900);
    return {
      farmId,
      createdBy: userId,
      name: `${BREEDS[i % BREEDS.length]} batch ${i + 1}`,
      breed: BREEDS[i % BREEDS.length] ?? 'Layers',
      ageAtAddingWeeks: Math.round(random() * 20),
      initialBirdCount: initial,
      birdCount: initial,
      deaths: 0,
      status: FLOCK_STATUSES[i % FLOCK_STATUSES.length] ?? 'active',
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted: { id: number; createdAt: Date; initialBirdCount: number }[] = [];
  await insertInBatches(flockRows, async (batch) => {
    inserted.push(...(await db.insert(flocks).values(batch).returning({ id: flocks.id, createdAt: flocks.createdAt, initialBirdCount: flocks.initialBirdCount })));
  });

  const events: (typeof flockBirdCountEvents.$inferInsert)[] = [];
  const vaccinationRows: (typeof vaccinations.$inferInsert)[] = [];
  for (const [i, flock] of inserted.entries()) {
    let birds = flock.initialBirdCount;
    let deaths = 0;
    events.push({ farmId, flockId: flock.id, createdBy: userId, reason: 'added', delta: birds, countAfter: birds, note: 'Flock added', createdAt: flock.createdAt });
    const ageDays = (now.getTime() - flock.createdAt.getTime()) / DAY_MS;
    for (let e = 1; e <= 4; e++) {
      const reason: BirdCountReason = e === 4 && i % 3 === 0 ? 'sold' : 'mortality';
      const delta = -Math.max(1, Math.round(birds * (reason === 'sold' ? 0.2 : random() * 0.02)));
      if (i % 7 === 0 && reason === 'mortality') continue; // some flocks lose no birds
      birds += delta;
      if (reason === 'mortality') deaths -= delta;
      events.push({ farmId, flockId: flock.id, createdBy: userId, reason, delta, countAfter: birds, note: null, createdAt: new Date(flock.createdAt.getTime() + ((ageDays * e) / 5) * DAY_MS) });
    }
    await db.update(flocks).set({ birdCount: birds, deaths }).where(eq(flocks.id, flock.id));

    // Past entries were given, except the latest past one of every fourth flock: overdue.
    const dated = STANDARD_SCHEDULE.map((entry) => ({ entry, date: standardScheduleDate(flock.createdAt, entry.day) }));
    const lastPast = dated.filter((d) => d.date < now).at(-1);
    for (const { entry, date } of dated) {
      const overdue = i % 4 === 0 && lastPast?.entry === entry;
      vaccinationRows.push({ farmId, flockId: flock.id, createdBy: userId, vaccineName: entry.vaccine, date, status: date < now && !overdue ? 'Completed' : 'Pending', mode: entry.mode, scheduleDay: entry.day, createdAt: flock.createdAt, updatedAt: flock.createdAt });
    }
    for (let v = 0; v < options.extraVaccinationsPerFlock; v++) {
      // Spread over the flock's life and the next two weeks, so some are due this week.
      const date = new Date(flock.createdAt.getTime() + random() * (now.getTime() - flock.createdAt.getTime() + 14 * DAY_MS));
      vaccinationRows.push({ farmId, flockId: flock.id, createdBy: userId, vaccineName: v % 2 ? 'Newcastle booster' : 'Infectious Coryza', date, status: date < now ? 'Completed' : 'Pending', mode: VACCINATION_MODES[v % VACCINATION_MODES.length] ?? 'Oral', createdAt: flock.createdAt, updatedAt: flock.createdAt });
    }
  }
  await insertInBatches(events, (batch) => db.insert(flockBirdCountEvents).values(batch));
  await insertInBatches(vaccinationRows, (batch) => db.insert(vaccinations).values(batch));
  // Fresh planner statistics after a bulk load (without them the list sorts every flock
  // instead of walking the (farm_id, name, id) index), and a visibility map, so counts
  // and list pages are answered from indexes alone, as the nightly vacuum keeps them.
  await db.execute(sql`vacuum analyze ${flocks}`);
  await db.execute(sql`vacuum analyze ${vaccinations}`);
  await db.execute(sql`vacuum analyze ${farmFlockTotals}`);
  return { flocks: inserted.length, vaccinations: vaccinationRows.length, events: events.length };
}
