import { dayIn, feedCostCents, feedMessages, stockAfter, type Breed } from '@kuku/domain';
import { type feedRecords, type flockWeighings, type inventoryItems, type inventoryMovements } from '../../db/schema/index.js';
import type { GrownFlock } from './flocks.js';
import type { StoreItem } from './inventory.js';
import { DAY_MS, dayNumber, dayText, recordedAt } from './shared.js';

/**
 * The demo farm's feed history (decisions 070, 071): every flock given feed from the store as a
 * farmer records it (whole bags every few days, kilos of a feed sold loose), each record a
 * removal of its item's ledger; deliveries whenever an item runs low, at the feed's price of the
 * day; and the broiler batches' weekly sample weighings.
 */

/** What a flock eats at an age: the item's name in the demo's store (inventory.ts's DEMO_STORE). */
type Diet = 'chick' | 'growers' | 'layers' | 'starter' | 'finisher' | 'kienyeji';

/**
 * Each diet's item, and its price now (a unit: a bag, or a kg), about 6% less a year ago. A 70 kg
 * bag of layers mash about KES 3,200-3,450, a 50 kg bag of broiler feed KES 3,500-3,850.
 */
const DIETS: Record<Diet, { item: string; nowCents: number }> = {
  chick: { item: 'Chick mash, 50 kg', nowCents: 300_000 },
  growers: { item: 'Growers mash, 70 kg', nowCents: 325_000 },
  layers: { item: 'Layers mash, 70 kg', nowCents: 340_000 },
  starter: { item: 'Broiler starter crumbs, 50 kg', nowCents: 380_000 },
  finisher: { item: 'Broiler finisher pellets, 50 kg', nowCents: 370_000 },
  kienyeji: { item: 'Kienyeji mash', nowCents: 5_200 },
};
const YEARLY_RISE = 0.06;

/** Point of lay, in weeks: from then a laying flock eats layers mash. */
const POINT_OF_LAY: Partial<Record<Breed, number>> = { Layers: 18, 'Improved Free Range': 20, 'Free Range': 20 };
/**
 * Grams a bird a day once laying: a layer about 118 g; improved kienyeji and free range birds
 * forage for part of theirs (decision 071's figures: 70-100 g).
 */
const LAYING_GRAMS: Partial<Record<Breed, number>> = { Layers: 118, 'Improved Free Range': 95, 'Free Range': 82 };
/** Before point of lay, the share of a layer pullet's ration a free-ranging bird is given. */
const PULLET_SHARE: Partial<Record<Breed, number>> = { Layers: 1, 'Improved Free Range': 0.85, 'Free Range': 0.75 };

/** A broiler's intake, grams a day, at ages in days (linear between): about 25 g in week 1, 165 g in week 5, 190 g in week 6. */
const BROILER_GRAMS: [number, number][] = [
  [0, 15],
  [7, 35],
  [14, 75],
  [21, 115],
  [28, 150],
  [35, 180],
  [42, 195],
  [49, 205],
];
/** A broiler's live weight, kg, at ages in days (linear between): 0.19 kg at a week, 2.1 kg at five, 2.6 kg at six. */
const BROILER_KG: [number, number][] = [
  [0, 0.042],
  [7, 0.19],
  [14, 0.5],
  [21, 0.95],
  [28, 1.5],
  [35, 2.1],
  [42, 2.6],
  [49, 3.0],
];

function along(curve: [number, number][], x: number): number {
  const first = curve[0] ?? [0, 0];
  if (x <= first[0]) return first[1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i] ?? first;
    const [x0, y0] = curve[i - 1] ?? first;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return curve.at(-1)?.[1] ?? first[1];
}

/** The feed a bird of `breed` is given at `ageDays`, and what it eats that day in grams. */
export function ration(breed: Breed, ageDays: number): { diet: Diet; grams: number } {
  if (breed === 'Broilers') return { diet: ageDays < 21 ? 'starter' : 'finisher', grams: along(BROILER_GRAMS, ageDays) };
  const weeks = ageDays / 7;
  const pointOfLay = POINT_OF_LAY[breed] ?? 18;
  const kienyeji = breed === 'Free Range';
  if (weeks >= pointOfLay) return { diet: kienyeji ? 'kienyeji' : 'layers', grams: LAYING_GRAMS[breed] ?? 110 };
  // A pullet: about 12 g a day as a chick, 50 g at six weeks, 100 g near point of lay.
  const pullet = weeks < 6 ? 12 + 6.5 * weeks : Math.min(105, 51 + (weeks - 6) * 4.5);
  return { diet: kienyeji ? 'kienyeji' : weeks < 8 ? 'chick' : 'growers', grams: pullet * (PULLET_SHARE[breed] ?? 1) };
}

/** A broiler's average live weight in kg at `ageDays`. */
export const broilerWeightKg = (ageDays: number) => along(BROILER_KG, ageDays);

type MovementRow = Omit<typeof inventoryMovements.$inferInsert, 'itemId'>;
/** A ledger's movement; a feed record's removal carries what its record needs. */
export type FedMovement = MovementRow & { fed?: { flockId: number; day: string; quantity: number; costCents: number } };

/** An item's ledger of deliveries and feed given, and what it leaves. */
export interface FeedLedger {
  movements: FedMovement[];
  stock: number;
  costCents: number;
}

interface Draw {
  flockId: number;
  flockName: string;
  day: number;
  at: Date;
  quantity: number;
}

/**
 * Feed given to each flock from its arrival to the farm's today (or the day before it left):
 * the birds present that day × the ration at their age × a little daily noise, as owed feed; every
 * 2 to 4 days the farmer opens as many bags as cover what is owed (a bag in use stays ahead of the
 * birds), or weighs out the kilos of a loose feed. Then each item's ledger: a delivery before the
 * first feed drawn, another the day or two after the stock falls to its reorder level (2 to 3
 * weeks of what the farm will draw), at once when a draw would take more than the stock, and one
 * this morning for an item left at its level; never below 0. Ledgers of the feed items of
 * `catalogue` (by index); an item no flock eats keeps the ledger it had.
 */
export function feedLedgers(
  flocks: GrownFlock[],
  catalogue: readonly StoreItem[],
  farmId: number,
  userId: number,
  timeZone: string,
  now: Date,
  random: () => number,
): Map<number, FeedLedger> {
  const today = dayNumber(dayIn(now, timeZone));
  const dietItem = new Map<Diet, number>();
  for (const [diet, { item }] of Object.entries(DIETS) as [Diet, { item: string }][]) {
    const index = catalogue.findIndex((c) => c.name === item && c.kind === 'feed');
    if (index >= 0) dietItem.set(diet, index);
  }
  const unitKg = (index: number) => {
    const item = catalogue[index];
    return item?.unit === 'kg' ? 1 : (item?.bagKg ?? 50);
  };
  const draws = new Map<number, Draw[]>();
  for (const [n, flock] of flocks.entries()) {
    const first = dayNumber(dayIn(flock.createdAt, timeZone));
    // A flock that left ate up to the day before; on its last day it went.
    const last = flock.endsAt ? Math.min(today, dayNumber(dayIn(flock.endsAt, timeZone)) - 1) : today;
    const counts = flock.counts.map((c) => ({ from: dayNumber(dayIn(c.at, timeZone)), birds: c.birds }));
    let step = 0;
    let owed = 0;
    let nextRecord = first;
    for (let day = first; day <= last; day++) {
      while (step + 1 < counts.length && (counts[step + 1]?.from ?? Infinity) <= day) step++;
      const birds = counts[step]?.birds ?? 0;
      const { diet, grams } = ration(flock.breed, flock.ageAtAddingWeeks * 7 + (day - first));
      owed += (birds * grams * (0.97 + random() * 0.06)) / 1000;
      const index = dietItem.get(diet);
      if (day < nextRecord || index === undefined || owed <= 0) continue;
      const quantity = Math.ceil(owed / unitKg(index));
      owed -= quantity * unitKg(index);
      nextRecord = day + 2 + Math.floor(random() * 3);
      // In the morning, a minute apart a flock, so the day's records keep an order.
      const at = recordedAt(day, 5, now);
      const list = draws.get(index) ?? [];
      list.push({ flockId: flock.id, flockName: flock.name, day, at: new Date(Math.min(at.getTime() + n * 60_000, now.getTime())), quantity });
      draws.set(index, list);
    }
  }

  const ledgers = new Map<number, FeedLedger>();
  for (const [index, list] of [...draws.entries()].sort((a, b) => a[0] - b[0])) {
    const item = catalogue[index];
    if (!item) continue;
    list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.flockId - b.flockId);
    const nowCents = Object.values(DIETS).find((d) => d.item === item.name)?.nowCents ?? item.costCents;
    // Whole shillings a kg; a bag's price in fifties.
    const roundTo = item.unit === 'kg' ? 100 : 5_000;
    const priceOn = (day: number) => Math.round((nowCents * (1 - (YEARLY_RISE * (today - day)) / 365) * (0.98 + random() * 0.04)) / roundTo) * roundTo;
    const movements: FedMovement[] = [];
    let stock = 0;
    let cost = 0;
    let lastAt = 0;
    const push = (at: number, row: Omit<FedMovement, 'farmId' | 'balance' | 'createdBy' | 'createdAt'>) => {
      // Never before the movement before it, never after now: the ledger's order is its time's.
      lastAt = Math.min(Math.max(at, lastAt), now.getTime());
      stock = stockAfter(stock, row.change);
      movements.push({ farmId, balance: stock, createdBy: userId, createdAt: new Date(lastAt), ...row });
    };
    // What the farm will draw from `from` over the next 2 to 3 weeks, in whole units, 5 bags or 50 kg at least.
    const lot = (from: number, atLeast: number) => {
      const until = from + 14 + Math.floor(random() * 8);
      const wanted = list.filter((d) => d.day >= from && d.day < until).reduce((sum, d) => sum + d.quantity, 0);
      const least = item.unit === 'kg' ? 50 : 5;
      const rounded = item.unit === 'kg' ? Math.ceil(wanted / 10) * 10 : Math.ceil(wanted);
      return Math.max(least, rounded, Math.ceil(atLeast));
    };
    const deliver = (day: number, atLeast: number) => {
      cost = priceOn(day);
      // At 07:00 in East Africa, before the day's feed.
      push(day * DAY_MS + 4 * 60 * 60 * 1000, { kind: 'added', change: lot(day, atLeast), costPerUnitCents: cost, reason: null, note: null });
    };
    let pending: number | null = null;
    for (const draw of list) {
      if (pending !== null && pending <= draw.day) {
        deliver(pending, 0);
        pending = null;
      }
      if (stock < draw.quantity) deliver(draw.day, draw.quantity - stock);
      push(draw.at.getTime(), {
        kind: 'removed',
        change: -draw.quantity,
        costPerUnitCents: null,
        reason: 'used',
        note: feedMessages.fedTo(draw.flockName),
        fed: { flockId: draw.flockId, day: dayText(draw.day), quantity: draw.quantity, costCents: feedCostCents(draw.quantity, cost) },
      });
      if (stock <= item.reorder && pending === null) pending = draw.day + 1 + Math.floor(random() * 2);
    }
    if (pending !== null && pending <= today) deliver(pending, 0);
    if (stock <= item.reorder) {
      // Above its level again: at least what the last three weeks drew.
      const drawn = list.filter((d) => d.day > today - 21).reduce((sum, d) => sum + d.quantity, 0);
      cost = priceOn(today);
      push(now.getTime() - 60 * 60 * 1000, { kind: 'added', change: lot(today, Math.max(drawn, item.reorder + 1 - stock)), costPerUnitCents: cost, reason: null, note: null });
    }
    ledgers.set(index, { movements, stock, costCents: cost });
  }
  return ledgers;
}

type ItemRow = typeof inventoryItems.$inferInsert;

/** The store's plan with each fed item's ledger in place of the one it had: its stock and cost follow. */
export function withFeed(plan: { items: ItemRow[]; movements: MovementRow[][] }, ledgers: Map<number, FeedLedger>): { items: ItemRow[]; movements: FedMovement[][] } {
  const items = plan.items.map((item, i) => {
    const ledger = ledgers.get(i);
    if (!ledger) return item;
    const createdAt = ledger.movements[0]?.createdAt ?? item.createdAt;
    return { ...item, quantity: ledger.stock, costPerUnitCents: ledger.costCents, createdAt, updatedAt: ledger.movements.at(-1)?.createdAt ?? createdAt };
  });
  return { items, movements: plan.movements.map((ledger, i) => ledgers.get(i)?.movements ?? ledger) };
}

/** The feed records of the fed removals, whose ids `movementIds` gives in the order of `movements`. */
export function feedRecordRows(movements: (FedMovement & { itemId: number })[], movementIds: number[], farmId: number, userId: number): (typeof feedRecords.$inferInsert)[] {
  const rows: (typeof feedRecords.$inferInsert)[] = [];
  for (const [i, m] of movements.entries()) {
    if (!m.fed) continue;
    rows.push({
      farmId,
      flockId: m.fed.flockId,
      itemId: m.itemId,
      date: m.fed.day,
      quantity: m.fed.quantity,
      costCents: m.fed.costCents,
      movementId: movementIds[i] ?? null,
      createdBy: userId,
      updatedBy: userId,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    });
  }
  return rows;
}

/**
 * Each broiler batch's sample weighing every week of its age up to today or its last day on the
 * farm: 20 to 50 birds (never more than it has), their average on the broiler curve within ±5%,
 * the scale read to a tenth of a kg.
 */
export function weighingRows(flocks: GrownFlock[], farmId: number, userId: number, timeZone: string, now: Date, random: () => number): (typeof flockWeighings.$inferInsert)[] {
  const today = dayNumber(dayIn(now, timeZone));
  const rows: (typeof flockWeighings.$inferInsert)[] = [];
  for (const flock of flocks) {
    if (flock.breed !== 'Broilers') continue;
    const first = dayNumber(dayIn(flock.createdAt, timeZone));
    const last = flock.endsAt ? Math.min(today, dayNumber(dayIn(flock.endsAt, timeZone)) - 1) : today;
    const counts = flock.counts.map((c) => ({ from: dayNumber(dayIn(c.at, timeZone)), birds: c.birds }));
    for (let day = first + 1; day <= last; day++) {
      const age = flock.ageAtAddingWeeks * 7 + (day - first);
      if (age % 7 !== 0) continue;
      const birds = counts.filter((c) => c.from <= day).at(-1)?.birds ?? 0;
      const weighed = Math.min(birds, 20 + Math.floor(random() * 31));
      if (weighed < 1) continue;
      const average = broilerWeightKg(age) * (0.95 + random() * 0.1);
      const createdAt = recordedAt(day, 7, now);
      rows.push({ farmId, flockId: flock.id, date: dayText(day), birds: weighed, totalKg: Math.max(0.1, Math.round(weighed * average * 10) / 10), createdBy: userId, createdAt });
    }
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.flockId - b.flockId));
  return rows;
}
