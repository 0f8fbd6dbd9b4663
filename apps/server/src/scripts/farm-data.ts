import {
  BREEDS,
  dayIn,
  EGGS_PER_TRAY,
  STANDARD_SCHEDULE,
  standardScheduleDate,
  VACCINATION_MODES,
  lineTotalCents,
  reportName,
  saleUnit,
  shiftDay,
  shiftMonth,
  stockAfter,
  type AdjustmentType,
  type AdjustmentUnit,
  type BirdCountReason,
  FLOCK_STATUSES,
  type Breed,
  type FlockStatus,
  type ExpenseCategory,
  type InventoryUnit,
  type RemovalReason,
  type ReportCategory,
  type ReportType,
  type SaleCategory,
  type SaleStatus,
  type SaleType,
} from '@kuku/domain';
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  budgets,
  eggAdjustments,
  eggProductions,
  expenses,
  farmFlockTotals,
  farms,
  farmSaleCounters,
  flockBirdCountEvents,
  flocks,
  inventoryItems,
  inventoryMovements,
  reports,
  sales,
  vaccinations,
} from '../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// Rows go in batches: PGlite pays per statement, so row-by-row loads crawl (decision 014).
const BATCH = 500;
/**
 * Egg rows are many (a flock a day: 50 layer flocks over 10 years are about 170,000), so they
 * go thousands to a statement as one array per column (insertByColumns).
 */
const COLUMN_BATCH = 5_000;

export interface FarmDataOptions {
  flocks: number;
  years: number;
  /** Custom vaccinations per flock on top of the standard schedule. */
  extraVaccinationsPerFlock: number;
  /** Daily egg production of the laying flocks, and egg adjustments (default true). */
  eggs?: boolean;
  /**
   * The laying flocks' sales every few days, mostly egg crates within what they laid, some
   * chicks, manure and layer mash (default true; with `eggs: false` the production that
   * bounds the crates is worked out but not written).
   */
  sales?: boolean;
  /**
   * Every flock's expenses over its life (feed every week, vet and utilities every month,
   * transport now and then) and budgets for this month and the three before, one flock over
   * this month's (default true).
   */
  expenses?: boolean;
  /**
   * The store (default true): feed, vaccines, drugs and litter with a year of movements (stock
   * in when it ran low, out every week), one item below its reorder level. `{ items,
   * movementsPerItem }` stocks a bench farm with that many of each instead.
   */
  inventory?: boolean | { items: number; movementsPerItem: number };
  /** The breeds the flocks take in turn (default every breed, so a quarter are broilers). */
  breeds?: readonly Breed[];
  /**
   * The share of `years` over which the flocks arrive (default 1: evenly over all of it,
   * the last one a few weeks ago). 0.05 stocks every house in the first weeks of the
   * span: a layer farm whose flocks have all laid for most of it.
   */
  arrivalSpread?: number;
  /**
   * Statuses as a farm keeps them by age (statusForAge; the default, the demo's). The bench's
   * farms pass false: their flocks stay in use whatever their age, so their records run to today.
   */
  statusesByAge?: boolean;
  now?: Date;
}

export interface FarmDataCounts {
  flocks: number;
  vaccinations: number;
  events: number;
  eggProductions: number;
  eggAdjustments: number;
  sales: number;
  expenses: number;
  budgets: number;
  inventoryItems: number;
  inventoryMovements: number;
}

/** A deterministic pseudo-random sequence, so a seeded farm looks the same each run. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * `insert into t (a, b, …) select * from unnest($1::a_type[], $2::b_type[], …)`: thousands of
 * rows a statement with one parameter per column, far below PostgreSQL's 65,535. The same rows
 * as a multi-row VALUES list (9 parameters a row, 6,600 rows a statement) took twice as long,
 * half of it in Drizzle building each statement's 60,000 placeholders (170,000 rows: 10 s
 * of 20 s on the embedded database); what is left is the database's own work (indexes and
 * foreign-key checks). Every row has the keys of the first.
 */
async function insertByColumns<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => key in columns);
  const names = sql.join(keys.map((key) => sql.identifier(columns[key]?.name ?? key)), sql`, `);
  for (let i = 0; i < rows.length; i += COLUMN_BATCH) {
    const batch = rows.slice(i, i + COLUMN_BATCH) as Record<string, unknown>[];
    const arrays = keys.map((key) => sql`${sql.param(batch.map((row) => row[key] ?? null))}::${sql.raw(columns[key]?.getSQLType() ?? 'text')}[]`);
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

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

/** 'YYYY-MM-DD' as a count of days since 1970-01-01, and back. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

interface LayingFlock {
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
function productionRows(laying: LayingFlock[], farmId: number, userId: number, timeZone: string, now: Date, random: () => number) {
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

/** A record's time: `hourUtc` on its day (15:00 UTC is 18:00 in East Africa), never after now. */
function recordedAt(day: number, hourUtc: number, now: Date): Date {
  return new Date(Math.min(day * DAY_MS + hourUtc * 60 * 60 * 1000, now.getTime()));
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
function adjustmentRows(productions: (typeof eggProductions.$inferInsert)[], today: string, now: Date, random: () => number) {
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

/** docs/product.md §9's sale types as often as a Kenyan farm takes them: M-Pesa first, then cash. */
const SALE_TYPE_SHARES: [SaleType, number][] = [
  ['Mobile Money', 0.55],
  ['Cash', 0.25],
  ['Credit', 0.12],
  ['Bank Transfer', 0.08],
];
const EGG_BUYERS = [
  null,
  null,
  'Mama Njeri, Kawangware market',
  'Naivas supermarket',
  'Hotel Kilimanjaro',
  "St. Mary's school kitchen",
  'Wholesaler, Githurai',
  'Quickmart',
  'Kiosk at the matatu stage',
  'Neighbours',
];
const MANURE_BUYERS = [null, 'Flower farm, Naivasha', "Neighbour's shamba", 'Kale farmer, Limuru'];
const CHICK_BUYERS = [null, 'Kienyeji farmer, Kakamega', 'Youth group, Machakos', 'Neighbour'];
const MASH_BUYERS = [null, 'Neighbour', 'Farmer down the road'];
/**
 * Who buys on credit when the sale names no buyer: a farmer gives credit to people they know
 * (the debtors screen, decision 055). Chosen by the day, not by a draw: the rest of the demo stays as it was.
 */
const CREDIT_BUYERS = ['Mama Njeri, Kawangware market', 'Hotel Kilimanjaro', "St. Mary's school kitchen", 'Kiosk at the matatu stage'];
/** A crate of 30 sells for KES 450 now, KES 12 a year less before, never under KES 330. */
const CRATE_NOW_CENTS = 45_000;
const CRATE_FLOOR_CENTS = 33_000;
const BIRD_BUYERS = [null, 'Butchery, Kangemi', 'Hotel Kilimanjaro', 'Trader from Githurai', 'Neighbour'];
/** A live broiler sells for KES 550 now and a spent hen for KES 400, KES 20 a year less before. */
const BROILER_NOW_CENTS = 55_000;
const SPENT_HEN_NOW_CENTS = 40_000;

/** Birds that left the farm sold (a 'sold' bird-count change): a broiler batch whole, some hens of a layer flock. */
interface BirdSale {
  flockId: number;
  day: string;
  birds: number;
  broiler: boolean;
}

type SaleRow = typeof sales.$inferInsert;

/**
 * Each laying flock's sales over its laying life: every 2 to 5 days its eggs in crates of 30,
 * 75-90 % of what it laid since its last sale that month (never more crates than it laid;
 * what is left at a month's end went to the house and the neighbours), at KES 330-450 a crate
 * rising over the years; every few weeks manure by the sack, now and then layer mash by the kg
 * and, from free-range flocks, chicks. Paid by M-Pesa mostly, then cash, credit and bank
 * transfer; credit of the last six weeks mostly still pending, a few older debts too. Today
 * always has a sale, so this month shows some. Refs are numbered in date order from 1.
 */
function saleRows(
  laying: LayingFlock[],
  productions: (typeof eggProductions.$inferInsert)[],
  birdSales: BirdSale[],
  farmId: number,
  userId: number,
  today: string,
  now: Date,
  random: () => number,
): SaleRow[] {
  const todayNumber = dayNumber(today);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const saleType = (): SaleType => {
    let r = random();
    for (const [type, share] of SALE_TYPE_SHARES) if ((r -= share) < 0) return type;
    return 'Mobile Money';
  };
  const statusOf = (type: SaleType, day: number): SaleStatus => {
    const age = todayNumber - day;
    // Credit is paid within weeks, mostly: the last three weeks' mostly owed, some older, a few for good.
    if (type === 'Credit') return random() < (age <= 21 ? 0.75 : age <= 60 ? 0.25 : 0.02) ? 'pending' : 'paid';
    return age <= 2 && random() < 0.1 ? 'pending' : 'paid';
  };
  const yearsAgo = (day: number) => (todayNumber - day) / 365;
  const rows: SaleRow[] = [];
  const add = (flockId: number, day: number, category: SaleCategory, product: string, description: string | null, quantity: number, priceCents: number, unit?: string) => {
    const total = lineTotalCents(quantity, priceCents);
    if (!total.ok) return;
    const type = saleType();
    const buyer = description ?? (type === 'Credit' ? (CREDIT_BUYERS[day % CREDIT_BUYERS.length] ?? null) : null);
    const createdAt = recordedAt(day, 12 + Math.floor(random() * 4), now);
    rows.push({
      farmId,
      flockId,
      createdBy: userId,
      updatedBy: userId,
      refNo: 0,
      category,
      product,
      description: buyer,
      quantity,
      unit: saleUnit(category, unit),
      unitPriceCents: priceCents,
      amountCents: total.cents,
      date: dayText(day),
      saleType: type,
      status: statusOf(type, day),
      createdAt,
      updatedAt: createdAt,
    });
  };

  const byFlock = new Map<number, (typeof eggProductions.$inferInsert)[]>();
  for (const p of productions) {
    const days = byFlock.get(p.flockId);
    if (days) days.push(p);
    else byFlock.set(p.flockId, [p]);
  }
  let soldToday = false;
  for (const flock of laying) {
    const days = (byFlock.get(flock.id) ?? []).sort((a, b) => (a.dateProduced < b.dateProduced ? -1 : 1));
    const first = days[0];
    if (!first) continue;
    let stock = 0;
    let month = '';
    let nextEggSale = dayNumber(first.dateProduced) + 2 + Math.floor(random() * 4);
    let nextManure = dayNumber(first.dateProduced) + 10 + Math.floor(random() * 30);
    let nextMash = dayNumber(first.dateProduced) + 60 + Math.floor(random() * 120);
    let nextChicks = dayNumber(first.dateProduced) + 30 + Math.floor(random() * 60);
    const hatches = flock.breed === 'Free Range' || flock.breed === 'Improved Free Range';
    for (const p of days) {
      const day = dayNumber(p.dateProduced);
      if (p.dateProduced.slice(0, 7) !== month) {
        month = p.dateProduced.slice(0, 7);
        stock = 0;
      }
      stock += p.eggsCollected;
      const forced = day === todayNumber && !soldToday;
      if (day >= nextEggSale || forced) {
        const crates = Math.floor((stock * (0.75 + random() * 0.15)) / EGGS_PER_TRAY);
        if (crates > 0) {
          // A few shillings either way from buyer to buyer, within KES 330-450.
          const price = CRATE_NOW_CENTS - Math.round(yearsAgo(day) * 1_200) + 500 * Math.floor(random() * 5 - 2);
          const crate = Math.min(CRATE_NOW_CENTS, Math.max(CRATE_FLOOR_CENTS, Math.round(price / 500) * 500));
          add(flock.id, day, 'Egg Sales', random() < 0.8 ? 'Eggs (crate of 30)' : 'Grade A eggs', pick(EGG_BUYERS), crates, crate);
          stock -= crates * EGGS_PER_TRAY;
          if (day === todayNumber) soldToday = true;
        }
        nextEggSale = day + 2 + Math.floor(random() * 4);
      }
      if (day >= nextManure) {
        const price = Math.max(15_000, 30_000 - Math.round(yearsAgo(day) * 1_200));
        add(flock.id, day, 'Manure', 'Chicken manure', pick(MANURE_BUYERS), 5 + Math.floor(random() * 21), Math.round(price / 1_000) * 1_000);
        nextManure = day + 20 + Math.floor(random() * 21);
      }
      if (day >= nextMash) {
        const price = Math.max(4_500, 6_500 - Math.round(yearsAgo(day) * 200));
        add(flock.id, day, 'Layer Mash', 'Layers mash', pick(MASH_BUYERS), 50 + Math.floor(random() * 300) / 2, Math.round(price / 50) * 50);
        nextMash = day + 120 + Math.floor(random() * 90);
      }
      if (hatches && day >= nextChicks) {
        const price = Math.max(8_000, 15_000 - Math.round(yearsAgo(day) * 600));
        add(flock.id, day, 'Chicks', 'Day-old kienyeji chicks', pick(CHICK_BUYERS), 20 + Math.floor(random() * 81), Math.round(price / 500) * 500);
        nextChicks = day + 45 + Math.floor(random() * 46);
      }
    }
  }
  // Every bird sold is a sale of its flock: a broiler batch's is most of what it earns.
  for (const sold of birdSales) {
    const day = dayNumber(sold.day);
    const base = sold.broiler ? BROILER_NOW_CENTS : SPENT_HEN_NOW_CENTS;
    const price = base - Math.round(yearsAgo(day) * 2_000) + 1_000 * Math.floor(random() * 3 - 1);
    add(sold.flockId, day, 'Other', sold.broiler ? 'Live broilers' : 'Spent hens', pick(BIRD_BUYERS), sold.birds, Math.round(price / 500) * 500, 'Birds');
  }
  // Written in date order, as a farm records them: refs and ids follow the dates.
  const order = (category: SaleCategory) => ['Egg Sales', 'Chicks', 'Layer Mash', 'Manure', 'Other'].indexOf(category);
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.flockId - b.flockId || order(a.category) - order(b.category)));
  rows.forEach((row, i) => (row.refNo = i + 1));
  return rows;
}

/** A flock as the expenses see it: when it arrived, when it left (archived) or null, and its birds. */
interface CostedFlock {
  id: number;
  createdAt: Date;
  endsAt: Date | null;
  birds: number;
  archived: boolean;
}

const FEED_NOTES = ['Layers mash', 'Growers mash', 'Chick mash', 'Layers mash, Unga Farm Care', 'Kienyeji mash'];
const VET_NOTES = ['Vet visit', 'Newcastle vaccine', 'Dewormer', 'Vitamins and electrolytes', 'Antibiotics for coryza'];
const UTILITY_NOTES = ['Electricity tokens', 'Water bill', 'Water and electricity'];
const TRANSPORT_NOTES = ['Pickup to the feed store', 'Boda boda to the vet', 'Eggs to the market', 'Lorry for wood shavings'];
/** A 70 kg bag of layers mash costs KES 3,600 now, KES 150 a year less before. */
const FEED_BAG_NOW_CENTS = 360_000;

type ExpenseRow = typeof expenses.$inferInsert;

/**
 * Every flock's costs from the day it arrived to the farm's today (or to when it was
 * archived): feed every week, bags for its birds (about 120 g a bird a day, 70 kg a bag, the
 * price rising over the years); a vet bill and the utilities every month; transport every 2 to
 * 6 weeks. Written in date order.
 */
function expenseRows(costed: CostedFlock[], farmId: number, userId: number, timeZone: string, now: Date, random: () => number): ExpenseRow[] {
  const todayNumber = dayNumber(dayIn(now, timeZone));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const rows: ExpenseRow[] = [];
  const add = (flockId: number, day: number, category: ExpenseCategory, description: string, cents: number) => {
    const createdAt = recordedAt(day, 9 + Math.floor(random() * 6), now);
    rows.push({ farmId, flockId, createdBy: userId, updatedBy: userId, date: dayText(day), description, amountCents: Math.max(100, cents), category, createdAt, updatedAt: createdAt });
  };
  for (const flock of costed) {
    const first = dayNumber(dayIn(flock.createdAt, timeZone));
    const last = flock.endsAt ? Math.min(todayNumber, dayNumber(dayIn(flock.endsAt, timeZone))) : todayNumber;
    let nextVet = first + 5 + Math.floor(random() * 20);
    let nextUtilities = first + 10 + Math.floor(random() * 20);
    let nextTransport = first + 7 + Math.floor(random() * 30);
    for (let day = first; day <= last; day++) {
      const yearsAgo = (todayNumber - day) / 365;
      if ((day - first) % 7 === 0) {
        const bags = Math.max(1, Math.round((flock.birds * 0.12 * 7) / 70));
        const bag = Math.round((FEED_BAG_NOW_CENTS - yearsAgo * 15_000) / 5_000) * 5_000;
        add(flock.id, day, 'Feed', `${pick(FEED_NOTES)}, ${bags} ${bags === 1 ? 'bag' : 'bags'}`, bags * bag);
      }
      if (day >= nextVet) {
        add(flock.id, day, 'Vet', pick(VET_NOTES), Math.round((1_500 + random() * 4_500) * (1 - yearsAgo * 0.03)) * 100);
        nextVet = day + 26 + Math.floor(random() * 10);
      }
      if (day >= nextUtilities) {
        add(flock.id, day, 'Utilities', pick(UTILITY_NOTES), Math.round((1_800 + random() * 2_400) * (1 - yearsAgo * 0.03)) * 100);
        nextUtilities = day + 28 + Math.floor(random() * 5);
      }
      if (day >= nextTransport) {
        add(flock.id, day, random() < 0.85 ? 'Transport' : 'Others', random() < 0.85 ? pick(TRANSPORT_NOTES) : 'Egg trays and buckets', Math.round(500 + random() * 2_500) * 100);
        nextTransport = day + 14 + Math.floor(random() * 29);
      }
    }
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.flockId - b.flockId));
  return rows;
}

/**
 * Budgets of the flocks not archived for this month and the three before: about a fifth above
 * what each spent in an average month of the last three it spent in, in whole thousands of shillings; the
 * first flock that spent this month is already over this month's (the Expenses screen shows
 * the colour at once).
 */
function budgetRows(costed: CostedFlock[], rows: ExpenseRow[], farmId: number, userId: number, today: string, now: Date): (typeof budgets.$inferInsert)[] {
  const thisMonth = today.slice(0, 7);
  const months = [3, 2, 1, 0].map((back) => shiftMonth(thisMonth, -back));
  const spent = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.flockId} ${row.date.slice(0, 7)}`;
    spent.set(key, (spent.get(key) ?? 0) + row.amountCents);
  }
  const out: (typeof budgets.$inferInsert)[] = [];
  let over = false;
  for (const flock of costed) {
    if (flock.archived) continue;
    // A month the flock spent nothing in (not yet on the farm) does not count, and a young flock
    // that spends faster now (a broiler batch growing) is budgeted on this month's pace.
    const past = months.slice(0, 3).map((month) => spent.get(`${flock.id} ${month}`) ?? 0).filter((cents) => cents > 0);
    const spentNow = spent.get(`${flock.id} ${thisMonth}`) ?? 0;
    const pace = (spentNow / Number(today.slice(8, 10))) * 30;
    const average = Math.max(past.length > 0 ? past.reduce((sum, cents) => sum + cents, 0) / past.length : 0, pace);
    for (const month of months) {
      let amount = Math.max(100_000, Math.round((average * 1.2) / 100_000) * 100_000);
      if (month === thisMonth && !over && spentNow > 0) {
        // Over this month's budget: a tenth below what it spent so far.
        amount = Math.max(0, Math.floor((spentNow * 0.9) / 100_000) * 100_000);
        over = true;
      }
      out.push({ farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, month: Number(month.slice(5)), year: Number(month.slice(0, 4)), amountCents: amount, createdAt: now, updatedAt: now });
    }
  }
  return out;
}

/** What a farm keeps in store: name, unit, reorder level, cost per unit in cents, and how much goes out a week and comes in a delivery. */
const STORE: { name: string; unit: InventoryUnit; reorder: number; costCents: number; weekly: number; delivery: number }[] = [
  { name: 'Layers mash, 70 kg', unit: 'bags', reorder: 10, costCents: 360_000, weekly: 8, delivery: 40 },
  { name: 'Growers mash, 70 kg', unit: 'bags', reorder: 5, costCents: 330_000, weekly: 3, delivery: 20 },
  { name: 'Chick mash, 50 kg', unit: 'bags', reorder: 4, costCents: 290_000, weekly: 2, delivery: 12 },
  { name: 'Newcastle vaccine (Lasota)', unit: 'doses', reorder: 500, costCents: 500, weekly: 120, delivery: 1_000 },
  { name: 'Gumboro vaccine', unit: 'doses', reorder: 400, costCents: 700, weekly: 90, delivery: 1_000 },
  { name: 'Fowl pox vaccine', unit: 'doses', reorder: 200, costCents: 900, weekly: 40, delivery: 500 },
  { name: 'Amprolium', unit: 'litres', reorder: 2, costCents: 150_000, weekly: 0.5, delivery: 5 },
  { name: 'Dewormer (Piperazine)', unit: 'litres', reorder: 1, costCents: 120_000, weekly: 0.25, delivery: 3 },
  { name: 'Vitamins and electrolytes', unit: 'kg', reorder: 2, costCents: 80_000, weekly: 0.75, delivery: 10 },
  { name: 'Wood shavings (litter)', unit: 'bags', reorder: 15, costCents: 25_000, weekly: 10, delivery: 60 },
  { name: 'Disinfectant', unit: 'litres', reorder: 5, costCents: 45_000, weekly: 1.5, delivery: 20 },
];
/** The demo's item left below its reorder level (the Gumboro vaccine): the Inventory screen shows the warning at once. */
const LOW_ITEM = 4;

type ItemRow = typeof inventoryItems.$inferInsert;
type MovementRow = typeof inventoryMovements.$inferInsert;

/** A quantity of `unit` as a farmer counts it: whole bags, doses and pieces, kilograms and litres to a tenth. */
const counted = (quantity: number, unit: InventoryUnit) =>
  unit === 'kg' || unit === 'litres' ? Math.max(0.1, Math.round(quantity * 10) / 10) : Math.max(1, Math.round(quantity));

/**
 * The store's items, each of a flock in turn, and their ledgers over the last year: the
 * first delivery a year ago, then stock out every few days (mostly used, now and then
 * spoiled, lost or sold) and a delivery whenever it fell to its reorder level. Each item's
 * quantity is its ledger's balance. Every item but the low one ends above its level.
 */
function inventoryPlan(
  flockIds: number[],
  farmId: number,
  userId: number,
  items: number,
  movementsPerItem: number,
  now: Date,
  random: () => number,
): { items: ItemRow[]; movements: Omit<MovementRow, 'itemId'>[][] } {
  const itemRows: ItemRow[] = [];
  const ledgers: Omit<MovementRow, 'itemId'>[][] = [];
  const yearAgo = now.getTime() - 365 * DAY_MS;
  for (let i = 0; i < items; i++) {
    const kind = STORE[i % STORE.length] ?? STORE[0]!;
    const round = Math.floor(i / STORE.length);
    const name = round === 0 ? kind.name : `${kind.name} #${round + 1}`;
    const step = (365 * DAY_MS) / Math.max(1, movementsPerItem);
    let stock = 0;
    let cost = Math.round((kind.costCents * (0.9 + random() * 0.2)) / 100) * 100;
    const ledger: Omit<MovementRow, 'itemId'>[] = [];
    const push = (at: number, kindOf: 'added' | 'removed' | 'corrected', change: number, reason: RemovalReason | null, costCents: number | null) => {
      stock = stockAfter(stock, change);
      const createdAt = new Date(Math.min(at, now.getTime()));
      ledger.push({ farmId, kind: kindOf, change, balance: stock, costPerUnitCents: costCents, reason, note: null, createdBy: userId, createdAt });
    };
    push(yearAgo, 'added', counted(kind.delivery, kind.unit), null, cost);
    for (let k = 1; k < movementsPerItem; k++) {
      const at = yearAgo + k * step + Math.floor(random() * 6) * 60 * 60 * 1000;
      if (stock <= kind.reorder) {
        cost = Math.round((cost * (1 + random() * 0.04)) / 100) * 100;
        push(at, 'added', counted(kind.delivery * (0.8 + random() * 0.4), kind.unit), null, cost);
        continue;
      }
      const roll = random();
      const reason: RemovalReason = roll < 0.85 ? 'used' : roll < 0.92 ? 'spoiled' : roll < 0.96 ? 'lost' : 'sold';
      const out = Math.min(stock, counted((kind.weekly * step * (0.6 + random() * 0.8)) / (7 * DAY_MS), kind.unit));
      push(at, 'removed', -out, reason, null);
    }
    const low = i === LOW_ITEM;
    if (low && stock >= kind.reorder) {
      // Taken to about a third of its level this morning: below it, not out.
      push(now.getTime() - 2 * 60 * 60 * 1000, 'removed', -stockAfter(stock, -counted(kind.reorder / 3, kind.unit)), 'used', null);
    } else if (!low && stock <= kind.reorder) {
      push(now.getTime() - 60 * 60 * 1000, 'added', counted(kind.delivery, kind.unit), null, cost);
    }
    const createdAt = ledger[0]?.createdAt ?? now;
    itemRows.push({
      farmId,
      flockId: flockIds[i % flockIds.length] ?? 0,
      createdBy: userId,
      updatedBy: userId,
      itemName: name,
      quantity: stock,
      unit: kind.unit,
      reorderLevel: kind.reorder,
      costPerUnitCents: cost,
      createdAt,
      updatedAt: ledger.at(-1)?.createdAt ?? createdAt,
    });
    ledgers.push(ledger);
  }
  return { items: itemRows, movements: ledgers };
}

/** The demo's overdue vaccinations fell due within this many days: none left pending for years. */
const DEMO_OVERDUE_DAYS = 45;

/**
 * Flocks of every breed and status spread over `years`, their bird-count
 * history (mortality and sales), the standard schedule (past entries done, a
 * few left overdue), custom vaccinations, some due this week, and the laying
 * flocks' daily egg production with some adjustments. Does nothing when the
 * farm already has flocks.
 */
export async function seedFarmData(db: Db, farmId: number, userId: number, options: FarmDataOptions): Promise<FarmDataCounts> {
  const [existing] = await db.select({ n: count() }).from(flocks).where(eq(flocks.farmId, farmId));
  if ((existing?.n ?? 0) > 0) {
    return { flocks: 0, vaccinations: 0, events: 0, eggProductions: 0, eggAdjustments: 0, sales: 0, expenses: 0, budgets: 0, inventoryItems: 0, inventoryMovements: 0 };
  }

  const now = options.now ?? new Date();
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

  let eggCounts = { productions: 0, adjustments: 0 };
  let saleCount = 0;
  const withEggs = options.eggs ?? true;
  const withSales = options.sales ?? true;
  if (withEggs || withSales) {
    const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
    // Their own sequence: the flocks and vaccinations above stay what they were before eggs.
    const random = sequence(farmId + 7_919);
    const timeZone = farm?.timeZone ?? 'Africa/Nairobi';
    const today = dayIn(now, timeZone);
    const productions = productionRows(laying, farmId, userId, timeZone, now, random);
    if (withEggs) {
      const adjustments = adjustmentRows(productions, today, now, random);
      // Written day by day, as a farm records them: a month's rows share heap pages, ids follow dates.
      const byDay = (a: { day: string; flockId: number }, b: { day: string; flockId: number }) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.flockId - b.flockId);
      productions.sort((a, b) => byDay({ day: a.dateProduced, flockId: a.flockId }, { day: b.dateProduced, flockId: b.flockId }));
      adjustments.sort((a, b) => byDay({ day: a.dateAdjusted, flockId: a.flockId }, { day: b.dateAdjusted, flockId: b.flockId }));
      await insertByColumns(db, eggProductions, productions);
      await insertByColumns(db, eggAdjustments, adjustments);
      await db.execute(sql`vacuum analyze ${eggProductions}`);
      await db.execute(sql`vacuum analyze ${eggAdjustments}`);
      eggCounts = { productions: productions.length, adjustments: adjustments.length };
    }
    if (withSales) {
      // Their own sequence too: the eggs stay what they were before sales.
      const birdSales = birdsSold.map(({ at, ...sold }) => ({ ...sold, day: dayIn(at, timeZone) }));
      const rows = saleRows(laying, productions, birdSales, farmId, userId, today, now, sequence(farmId + 104_729));
      await insertByColumns(db, sales, rows);
      // The trigger counted them; the next ref follows the last (docs/design.md §9: a counter row, not a sequence).
      if (rows.length > 0) {
        await db
          .insert(farmSaleCounters)
          .values({ farmId, lastRefNo: rows.length })
          .onConflictDoUpdate({ target: farmSaleCounters.farmId, set: { lastRefNo: rows.length } });
      }
      await db.execute(sql`vacuum analyze ${sales}`);
      saleCount = rows.length;
    }
  }
  let expenseCount = 0;
  let budgetCount = 0;
  if (options.expenses ?? true) {
    const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
    const timeZone = farm?.timeZone ?? 'Africa/Nairobi';
    // Their own sequence: the eggs and sales stay what they were before expenses.
    const rows = expenseRows(costed, farmId, userId, timeZone, now, sequence(farmId + 15_485_863));
    await insertByColumns(db, expenses, rows);
    const planned = budgetRows(costed, rows, farmId, userId, dayIn(now, timeZone), now);
    await insertInBatches(planned, (batch) => db.insert(budgets).values(batch));
    await db.execute(sql`vacuum analyze ${expenses}`);
    await db.execute(sql`vacuum analyze ${budgets}`);
    expenseCount = rows.length;
    budgetCount = planned.length;
  }
  let inventoryCounts = { items: 0, movements: 0 };
  const store = options.inventory ?? true;
  const kept = costed.filter((flock) => !flock.archived).map((flock) => flock.id);
  if (store && kept.length > 0) {
    const size = store === true ? { items: STORE.length, movementsPerItem: 60 } : store;
    // Its own sequence: what came before stays as it was.
    const plan = inventoryPlan(kept, farmId, userId, size.items, size.movementsPerItem, now, sequence(farmId + 32_452_843));
    const ids: number[] = [];
    await insertInBatches(plan.items, async (batch) => {
      ids.push(...(await db.insert(inventoryItems).values(batch).returning({ id: inventoryItems.id })).map((r) => r.id));
    });
    // In time order, as a farm records them: ids follow dates.
    const movements: MovementRow[] = plan.movements.flatMap((ledger, i) => ledger.map((m) => ({ ...m, itemId: ids[i] ?? 0 })));
    movements.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || a.itemId - b.itemId);
    await insertByColumns(db, inventoryMovements, movements);
    await db.execute(sql`vacuum analyze ${inventoryItems}`);
    await db.execute(sql`vacuum analyze ${inventoryMovements}`);
    inventoryCounts = { items: ids.length, movements: movements.length };
  }
  // Fresh planner statistics after a bulk load (without them the list sorts every flock
  // instead of walking the (farm_id, name, id) index), and a visibility map, so counts
  // and list pages are answered from indexes alone, as the nightly vacuum keeps them.
  await db.execute(sql`vacuum analyze ${flocks}`);
  await db.execute(sql`vacuum analyze ${vaccinations}`);
  await db.execute(sql`vacuum analyze ${farmFlockTotals}`);
  return {
    flocks: inserted.length,
    vaccinations: vaccinationRows.length,
    events: events.length,
    eggProductions: eggCounts.productions,
    eggAdjustments: eggCounts.adjustments,
    sales: saleCount,
    expenses: expenseCount,
    inventoryItems: inventoryCounts.items,
    inventoryMovements: inventoryCounts.movements,
    budgets: budgetCount,
  };
}

/**
 * A few reports of the demo farm, written as asked for (`generating`, no lease): the server's
 * report sweep makes their files when it starts, as it would for a job a stopped server left.
 */
export async function seedDemoReports(db: Db, farmId: number, userId: number, now = new Date()): Promise<number> {
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const today = dayIn(now, farm?.timeZone ?? 'Africa/Nairobi');
  const asked: [ReportCategory, ReportType, number][] = [
    ['financial', 'summary', 365],
    ['sales', 'detailed', 90],
    ['eggProduction', 'summary', 30],
  ];
  const rows = asked.map(([category, reportType, days], i) => {
    const start = shiftDay(today, -days);
    return {
      farmId,
      createdBy: userId,
      name: reportName(category, reportType, start, today),
      category,
      reportType,
      startDate: start,
      endDate: today,
      createdAt: new Date(now.getTime() - (asked.length - i) * 60_000),
    };
  });
  await db.insert(reports).values(rows);
  return rows.length;
}
