import { dayIn, type Breed } from '@kuku/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  budgets,
  eggAdjustments,
  eggProductions,
  expenses,
  farmFlockTotals,
  farms,
  farmSaleCounters,
  feedRecords,
  flocks,
  flockWeighings,
  inventoryItems,
  inventoryMovements,
  sales,
  vaccinations,
} from '../db/schema/index.js';
import { adjustmentRows, productionRows } from './farm-data/eggs.js';
import { budgetRows, expenseRows } from './farm-data/expenses.js';
import { feedLedgers, feedRecordRows, weighingRows, withFeed, type FedMovement } from './farm-data/feed.js';
import { seedFlocks } from './farm-data/flocks.js';
import { DEMO_STORE, inventoryPlan } from './farm-data/inventory.js';
import { saleRows } from './farm-data/sales.js';
import { insertByColumns, insertInBatches, sequence } from './farm-data/shared.js';

export { seedDemoReports } from './farm-data/reports.js';

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
  /**
   * With the demo's store (`inventory` true): every flock's feed given from it, bags every few days
   * by the birds' age (each record a removal of its item's ledger, the feed delivered whenever it
   * runs low), and each broiler batch's weekly sample weighing (default true).
   */
  feed?: boolean;
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
  feedRecords: number;
  weighings: number;
}

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
    return { flocks: 0, vaccinations: 0, events: 0, eggProductions: 0, eggAdjustments: 0, sales: 0, expenses: 0, budgets: 0, inventoryItems: 0, inventoryMovements: 0, feedRecords: 0, weighings: 0 };
  }

  const now = options.now ?? new Date();
  const { laying, costed, grown, birdsSold, ...seeded } = await seedFlocks(db, farmId, userId, options, now);

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
      // A bird sale's age in days: the batch's weight when sold.
      const ageOf = new Map(grown.map((flock) => [flock.id, flock]));
      const birdSales = birdsSold.map(({ at, ...sold }) => {
        const flock = ageOf.get(sold.flockId);
        const ageDays = flock ? flock.ageAtAddingWeeks * 7 + Math.floor((at.getTime() - flock.createdAt.getTime()) / 86_400_000) : 42;
        return { ...sold, day: dayIn(at, timeZone), ageDays };
      });
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
  let inventoryCounts = { items: 0, movements: 0, feedRecords: 0, weighings: 0 };
  const store = options.inventory ?? true;
  const kept = costed.filter((flock) => !flock.archived).map((flock) => flock.id);
  if (store && kept.length > 0) {
    // The demo's store has the broilers' and the kienyeji flocks' feed too; a bench's cycles through STORE as before.
    const demo = store === true;
    const size = demo ? { items: DEMO_STORE.length, movementsPerItem: 60 } : store;
    // Its own sequence: what came before stays as it was.
    let plan: { items: (typeof inventoryItems.$inferInsert)[]; movements: FedMovement[][] } = demo
      ? inventoryPlan(kept, farmId, userId, size.items, size.movementsPerItem, now, sequence(farmId + 32_452_843), DEMO_STORE)
      : inventoryPlan(kept, farmId, userId, size.items, size.movementsPerItem, now, sequence(farmId + 32_452_843));
    const fed = demo && (options.feed ?? true);
    const [farm] = fed ? await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1) : [];
    const timeZone = farm?.timeZone ?? 'Africa/Nairobi';
    // The feed items' ledgers are the feed given and its deliveries (their own sequence too).
    if (fed) plan = withFeed(plan, feedLedgers(grown, DEMO_STORE, farmId, userId, timeZone, now, sequence(farmId + 49_979_687)));
    const ids: number[] = [];
    await insertInBatches(plan.items, async (batch) => {
      ids.push(...(await db.insert(inventoryItems).values(batch).returning({ id: inventoryItems.id })).map((r) => r.id));
    });
    // In time order, as a farm records them: ids follow dates.
    const movements = plan.movements.flatMap((ledger, i) => ledger.map((m) => ({ ...m, itemId: ids[i] ?? 0 })));
    movements.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || a.itemId - b.itemId);
    await insertByColumns(db, inventoryMovements, movements);
    let recordCount = 0;
    let weighingCount = 0;
    if (fed) {
      // The rows went in in the array's order (as each item's balances rely on): their ids, in that order.
      const written = await db
        .select({ id: inventoryMovements.id })
        .from(inventoryMovements)
        .where(and(eq(inventoryMovements.farmId, farmId), inArray(inventoryMovements.itemId, ids)))
        .orderBy(asc(inventoryMovements.id));
      const records = feedRecordRows(movements, written.map((m) => m.id), farmId, userId);
      await insertByColumns(db, feedRecords, records);
      const weighings = weighingRows(grown, farmId, userId, timeZone, now, sequence(farmId + 86_028_121));
      await insertByColumns(db, flockWeighings, weighings);
      await db.execute(sql`vacuum analyze ${feedRecords}`);
      await db.execute(sql`vacuum analyze ${flockWeighings}`);
      recordCount = records.length;
      weighingCount = weighings.length;
    }
    await db.execute(sql`vacuum analyze ${inventoryItems}`);
    await db.execute(sql`vacuum analyze ${inventoryMovements}`);
    inventoryCounts = { items: ids.length, movements: movements.length, feedRecords: recordCount, weighings: weighingCount };
  }
  // Fresh planner statistics after a bulk load (without them the list sorts every flock
  // instead of walking the (farm_id, name, id) index), and a visibility map, so counts
  // and list pages are answered from indexes alone, as the nightly vacuum keeps them.
  await db.execute(sql`vacuum analyze ${flocks}`);
  await db.execute(sql`vacuum analyze ${vaccinations}`);
  await db.execute(sql`vacuum analyze ${farmFlockTotals}`);
  return {
    flocks: seeded.flocks,
    vaccinations: seeded.vaccinations,
    events: seeded.events,
    eggProductions: eggCounts.productions,
    eggAdjustments: eggCounts.adjustments,
    sales: saleCount,
    expenses: expenseCount,
    inventoryItems: inventoryCounts.items,
    inventoryMovements: inventoryCounts.movements,
    feedRecords: inventoryCounts.feedRecords,
    weighings: inventoryCounts.weighings,
    budgets: budgetCount,
  };
}
