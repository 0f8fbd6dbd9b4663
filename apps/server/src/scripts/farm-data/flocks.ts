import {
  BREEDS,
  FLOCK_STATUSES,
  STANDARD_SCHEDULE,
  standardScheduleDate,
  VACCINATION_MODES,
  type BirdCountReason,
  type Breed,
  type FlockStatus,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { flockBirdCountEvents, flocks, vaccinations } from '../../db/schema/index.js';
import type { FarmDataOptions } from '../farm-data.js';
import { DAY_MS, insertInBatches, sequence } from './shared.js';

/** How each breed lays (hen-day rate): broilers are not kept to lay. */
const LAYING: Partial<Record<Breed, { peak: number; pointOfLayWeeks: number }>> = {
  Layers: { peak: 0.93, pointOfLayWeeks: 18 },
  'Improved Free Range': { peak: 0.6, pointOfLayWeeks: 20 },
  'Free Range': { peak: 0.52, pointOfLayWeeks: 20 },
};
const PEAK_FROM_WEEKS = 27;
const PEAK_UNTIL_WEEKS = 30;
const LATE_WEEKS = 72;
/** At 72 weeks and after, a flock lays this share of its peak (a layer about 65%). */
const LATE_SHARE = 0.7;

/**
 * The hen-day laying rate (0 to 1) of a flock of `breed` at `ageWeeks`: nothing before point
 * of lay (18-20 weeks), rising to its peak at about 27 weeks (Layers 93%, free range 52-60%),
 * held to 30 weeks, then down by about 0.5-0.7 points a week to 70% of the peak at 72 weeks.
 */
export function henDayRate(breed: Breed, ageWeeks: number): number {
  const laying = LAYING[breed];
  if (!laying || ageWeeks <= laying.pointOfLayWeeks) return 0;
  if (ageWeeks < PEAK_FROM_WEEKS) {
    const s = (ageWeeks - laying.pointOfLayWeeks) / (PEAK_FROM_WEEKS - laying.pointOfLayWeeks);
    return laying.peak * s * s * (3 - 2 * s);
  }
  if (ageWeeks <= PEAK_UNTIL_WEEKS) return laying.peak;
  const late = Math.min(ageWeeks, LATE_WEEKS);
  return laying.peak * (1 - ((1 - LATE_SHARE) * (late - PEAK_UNTIL_WEEKS)) / (LATE_WEEKS - PEAK_UNTIL_WEEKS));
}

/** A broiler batch is sold at about this age, and leaves the farm. */
const BROILER_SOLD_WEEKS = 7;
/** A laying flock is sold off (archived) past this age. */
const LAYER_CULLED_WEEKS = 100;

/**
 * The status a flock of `breed` has at `ageWeeks`, as a farm keeps it: chicks, growing to point
 * of lay, active (laying), mature past 72 weeks, archived once sold off; a broiler batch grows and
 * is sold at about 7 weeks.
 */
export function statusForAge(breed: Breed, ageWeeks: number): FlockStatus {
  if (ageWeeks < 4) return 'chicks';
  const laying = LAYING[breed];
  if (!laying) return ageWeeks < BROILER_SOLD_WEEKS ? 'growing' : 'archived';
  if (ageWeeks <= laying.pointOfLayWeeks) return 'growing';
  if (ageWeeks < LATE_WEEKS) return 'active';
  return ageWeeks < LAYER_CULLED_WEEKS ? 'mature' : 'archived';
}

/**
 * When an archived flock left the farm: a broiler batch at its selling age, a laying flock at its
 * culling age. A farm whose statuses do not follow ages (the bench's) has its archived flocks
 * leave four fifths of the way from arrival to today.
 */
function leftAt(flock: { breed: Breed; ageAtAddingWeeks: number }, createdAt: Date, now: Date, byAge: boolean): Date {
  const lived = now.getTime() - createdAt.getTime();
  if (!byAge) return new Date(createdAt.getTime() + lived * 0.8);
  const leavingWeeks = LAYING[flock.breed] ? LAYER_CULLED_WEEKS : BROILER_SOLD_WEEKS;
  const weeks = Math.max(1, leavingWeeks - flock.ageAtAddingWeeks);
  return new Date(Math.min(now.getTime(), createdAt.getTime() + weeks * 7 * DAY_MS));
}

export interface LayingFlock {
  id: number;
  index: number;
  breed: Breed;
  ageAtAddingWeeks: number;
  createdAt: Date;
  /** When it stopped laying (an archived flock), or null. */
  endsAt: Date | null;
  /** Its bird count over time, oldest first. */
  counts: { at: Date; birds: number }[];
}

/** A flock as the expenses see it: when it arrived, when it left (archived) or null, and its birds. */
export interface CostedFlock {
  id: number;
  createdAt: Date;
  endsAt: Date | null;
  birds: number;
  archived: boolean;
}

/** A flock as the feed and the weighings see it: its breed, age, life and bird count over time. */
export interface GrownFlock {
  id: number;
  name: string;
  breed: Breed;
  ageAtAddingWeeks: number;
  createdAt: Date;
  /** When it left the farm (archived), or null. */
  endsAt: Date | null;
  /** Its bird count over time, oldest first. */
  counts: { at: Date; birds: number }[];
}

/** The demo's overdue vaccinations fell due within this many days: none left pending for years. */
const DEMO_OVERDUE_DAYS = 45;

/**
 * The flocks, their bird-count history (mortality and sales) and their vaccinations, written.
 * Back come their counts and what the parts that follow need: the laying flocks, the flocks
 * as the expenses see them, every flock as the feed sees it, and the birds sold.
 */
export async function seedFlocks(db: Db, farmId: number, userId: number, options: FarmDataOptions, now: Date) {
  const random = sequence(farmId);
  const spanDays = Math.max(30, Math.round(options.years * 365));
  const breeds = options.breeds?.length ? options.breeds : BREEDS;
  const spread = Math.min(1, Math.max(0, options.arrivalSpread ?? 1));
  const flockRows = Array.from({ length: options.flocks }, (_, i) => {
    const createdAt = new Date(now.getTime() - Math.round((spanDays * (options.flocks - spread * i)) / options.flocks) * DAY_MS);
    const initial = 100 + Math.round(random() * 900);
    const breed = breeds[i % breeds.length] ?? 'Layers';
    const drawn = Math.round(random() * 20);
    // Broilers come as day-old chicks (or a week old); layers at any age up to point of lay.
    const ageAtAdding = breed === 'Broilers' ? drawn % 2 : drawn;
    return {
      farmId,
      createdBy: userId,
      updatedBy: userId,
      name: `${breed} batch ${i + 1}`,
      breed,
      ageAtAddingWeeks: ageAtAdding,
      initialBirdCount: initial,
      birdCount: initial,
      deaths: 0,
      status:
        options.statusesByAge === false
          ? (FLOCK_STATUSES[i % FLOCK_STATUSES.length] ?? 'active')
          : statusForAge(breed, ageAtAdding + (now.getTime() - createdAt.getTime()) / (7 * DAY_MS)),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted: { id: number; createdAt: Date; initialBirdCount: number }[] = [];
  await insertInBatches(flockRows, async (batch) => {
    inserted.push(...(await db.insert(flocks).values(batch).returning({ id: flocks.id, createdAt: flocks.createdAt, initialBirdCount: flocks.initialBirdCount })));
  });
  const laying: LayingFlock[] = [];
  const costed: CostedFlock[] = [];
  const grown: GrownFlock[] = [];

  const events: (typeof flockBirdCountEvents.$inferInsert)[] = [];
  const vaccinationRows: (typeof vaccinations.$inferInsert)[] = [];
  const birdsSold: { flockId: number; at: Date; birds: number; broiler: boolean }[] = [];
  for (const [i, flock] of inserted.entries()) {
    let birds = flock.initialBirdCount;
    let deaths = 0;
    events.push({ farmId, flockId: flock.id, createdBy: userId, reason: 'added', delta: birds, countAfter: birds, note: 'Flock added', createdAt: flock.createdAt });
    const row = flockRows[i];
    const archived = row?.status === 'archived';
    const endsAt = archived && row ? leftAt(row, flock.createdAt, now, options.statusesByAge !== false) : null;
    // Its records run from arrival to the day it left, or to today.
    const ageDays = ((endsAt ?? now).getTime() - flock.createdAt.getTime()) / DAY_MS;
    const counts = [{ at: flock.createdAt, birds }];
    // A broiler batch that has left was sold whole: its last change takes every bird.
    const soldWhole = row?.breed === 'Broilers' && row.status === 'archived';
    for (let e = 1; e <= 4; e++) {
      const reason: BirdCountReason = e === 4 && (i % 3 === 0 || soldWhole) ? 'sold' : 'mortality';
      const delta = e === 4 && soldWhole ? -birds : -Math.max(1, Math.round(birds * (reason === 'sold' ? 0.2 : random() * 0.02)));
      if (i % 7 === 0 && reason === 'mortality') continue; // some flocks lose no birds
      birds += delta;
      if (reason === 'mortality') deaths -= delta;
      // A batch sold whole goes on its last day; other changes fall through its life.
      const at = e === 4 && soldWhole && endsAt ? endsAt : new Date(flock.createdAt.getTime() + ((ageDays * e) / 5) * DAY_MS);
      events.push({ farmId, flockId: flock.id, createdBy: userId, reason, delta, countAfter: birds, note: null, createdAt: at });
      if (reason === 'sold') birdsSold.push({ flockId: flock.id, at, birds: -delta, broiler: row?.breed === 'Broilers' });
      counts.push({ at, birds });
    }
    await db.update(flocks).set({ birdCount: birds, deaths }).where(eq(flocks.id, flock.id));
    costed.push({ id: flock.id, createdAt: flock.createdAt, endsAt, birds, archived });
    if (row) grown.push({ id: flock.id, name: row.name, breed: row.breed, ageAtAddingWeeks: row.ageAtAddingWeeks, createdAt: flock.createdAt, endsAt, counts });
    if (row && LAYING[row.breed]) {
      laying.push({ id: flock.id, index: i, breed: row.breed, ageAtAddingWeeks: row.ageAtAddingWeeks, createdAt: flock.createdAt, endsAt, counts });
    }

    // Past entries were given, except the latest past one of every fourth flock still on the farm,
    // when it fell due in the last weeks: overdue, as a farm that keeps its records has a few.
    const dated = STANDARD_SCHEDULE.map((entry) => ({ entry, date: standardScheduleDate(flock.createdAt, entry.day) }));
    const lastPast = dated.filter((d) => d.date < now).at(-1);
    const recentlyDue = lastPast !== undefined && now.getTime() - lastPast.date.getTime() <= DEMO_OVERDUE_DAYS * DAY_MS;
    for (const { entry, date } of dated) {
      const overdue = i % 4 === 0 && !archived && recentlyDue && lastPast?.entry === entry;
      vaccinationRows.push({ farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, vaccineName: entry.vaccine, date, status: date < now && !overdue ? 'Completed' : archived ? 'Cancelled' : 'Pending', mode: entry.mode, scheduleDay: entry.day, createdAt: flock.createdAt, updatedAt: flock.createdAt });
    }
    for (let v = 0; v < options.extraVaccinationsPerFlock; v++) {
      // Spread over the flock's life and the next two weeks, so some are due this week.
      const date = new Date(flock.createdAt.getTime() + random() * (now.getTime() - flock.createdAt.getTime() + 14 * DAY_MS));
      // A flock that has left has no vaccination still to give: its last ones were dropped.
      const status = date < now ? 'Completed' : archived ? 'Cancelled' : 'Pending';
      vaccinationRows.push({ farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, vaccineName: v % 2 ? 'Newcastle booster' : 'Infectious Coryza', date, status, mode: VACCINATION_MODES[v % VACCINATION_MODES.length] ?? 'Oral', createdAt: flock.createdAt, updatedAt: flock.createdAt });
    }
  }
  await insertInBatches(events, (batch) => db.insert(flockBirdCountEvents).values(batch));
  await insertInBatches(vaccinationRows, (batch) => db.insert(vaccinations).values(batch));
  return { flocks: inserted.length, events: events.length, vaccinations: vaccinationRows.length, laying, costed, grown, birdsSold };
}
