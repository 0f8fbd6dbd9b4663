import {
  beyondMargin,
  calendarWords,
  countNoticeText,
  countedEggs,
  countDifference,
  DEFAULT_MARGIN_PERCENT,
  dayTextIn,
  INVENTORY_UNIT_LABELS,
  parseDay,
  stockCountMessages as m,
  stockCountWords,
  type CreateStockCountsInput,
  type InventoryUnit,
  type Language,
  type ListStockCountsQuery,
  type Page,
  type StockCount,
  type StockCountKind,
  type StockCountMargin,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage } from '../../db/list-page.js';
import { authorNames } from '../../db/record-authors.js';
import { flocks, inventoryItems, stockCounts, stockCountSettings } from '../../db/schema/index.js';
import { farmDayOf, type FarmScope } from '../farm-scope.js';
import { storeNotification, type StoredNotification } from '../notifications/service.js';
import { balanceChecks } from './balances.js';

type CountRow = typeof stockCounts.$inferSelect;

export function toStockCount(row: CountRow & { createdByName: string | null; updatedByName: string | null }, name: string | null): StockCount {
  return {
    id: row.id,
    kind: row.kind,
    date: row.day,
    flock_id: row.flockId,
    item_id: row.itemId,
    name,
    unit: row.unit,
    counted: row.counted,
    expected: row.expected,
    difference: countDifference(row.counted, row.expected),
    beyond_margin: row.beyondMargin,
    created_at: row.createdAt.toISOString(),
    created_by_name: row.createdByName,
    updated_by_name: row.updatedByName,
  };
}

/** The farm's margin percent: its setting, else the default. */
export async function marginOf(db: DbOrTx, farmId: number): Promise<StockCountMargin> {
  const [row] = await db.select({ percent: stockCountSettings.marginPercent }).from(stockCountSettings).where(eq(stockCountSettings.farmId, farmId)).limit(1);
  return { margin_percent: row?.percent ?? DEFAULT_MARGIN_PERCENT };
}

/** PUT /api/stock-counts/margin: the owner's margin, kept in a row of the farm's. */
export async function setMargin(db: DbOrTx, farmId: number, userId: number, percent: number): Promise<StockCountMargin> {
  await db
    .insert(stockCountSettings)
    .values({ farmId, marginPercent: percent, updatedBy: userId })
    .onConflictDoUpdate({ target: stockCountSettings.farmId, set: { marginPercent: percent, updatedBy: userId, updatedAt: new Date() } });
  return { margin_percent: percent };
}

/** A count's day in the farm's zone: not after its today. */
function countDay(value: string, scope: FarmScope): string {
  const day = parseDay(value, scope.timeZone);
  if (!day) throw invalid(m.dateInvalid, { date: m.dateInvalid });
  if (day > farmDayOf(scope)) throw invalid(m.dateFuture, { date: m.dateFuture });
  return day;
}

interface Thing {
  kind: StockCountKind;
  flockId: number | null;
  itemId: number | null;
  name: string | null;
  unit: string;
  counted: number;
}

/** The farm's feed items and flocks the count names: another farm's is 404, an item not feed 400, an archived flock 422. */
async function thingsOf(db: DbOrTx, farmId: number, input: CreateStockCountsInput): Promise<Thing[]> {
  const things: Thing[] = [];
  if (input.eggs) things.push({ kind: 'eggs', flockId: null, itemId: null, name: null, unit: 'eggs', counted: countedEggs(input.eggs.trays, input.eggs.loose) });
  const feed = input.feed ?? [];
  if (feed.length > 0) {
    const ids = feed.map((f) => f.item_id);
    const items = new Map(
      (await db.select().from(inventoryItems).where(and(eq(inventoryItems.farmId, farmId), inArray(inventoryItems.id, ids)))).map((i) => [i.id, i]),
    );
    for (const line of feed) {
      const item = items.get(line.item_id);
      if (!item) throw notFound(m.itemNotFound);
      if (item.kind !== 'feed') throw invalid(m.notFeed, { feed: m.notFeed });
      things.push({ kind: 'feed', flockId: null, itemId: item.id, name: item.itemName, unit: item.unit, counted: line.quantity });
    }
  }
  const birds = input.birds ?? [];
  if (birds.length > 0) {
    const ids = birds.map((b) => b.flock_id);
    const found = new Map((await db.select().from(flocks).where(and(eq(flocks.farmId, farmId), inArray(flocks.id, ids)))).map((f) => [f.id, f]));
    for (const line of birds) {
      const flock = found.get(line.flock_id);
      if (!flock) throw notFound(m.flockNotFound);
      if (flock.status === 'archived') throw new AppError('rule_broken', m.flockArchived, { birds: m.flockArchived });
      things.push({ kind: 'birds', flockId: flock.id, itemId: null, name: flock.name, unit: 'birds', counted: line.birds });
    }
  }
  return things;
}

/** The notification a count beyond the margin makes for the owner, in each owner's language. */
function noticeOf(row: CountRow, thing: Thing) {
  const say = (language: Language) => {
    const w = wordsIn(language, stockCountWords);
    const dayText = dayTextIn(row.day, wordsIn(language, calendarWords).shortMonths).slice(0, 6);
    const unit = thing.kind === 'feed' ? (wordsIn(language, INVENTORY_UNIT_LABELS)[thing.unit as InventoryUnit] ?? thing.unit).toLowerCase() : thing.unit;
    return {
      title: w.notificationTitle,
      message: countNoticeText(w, { kind: thing.kind, dayText, difference: countDifference(row.counted, row.expected), name: thing.name, unit }),
    };
  };
  return {
    say,
    sms: (language: Language) => say(language).message,
    type: 'warning' as const,
    kind: 'stockCounts' as const,
    link: '/stock-count',
    sourceKey: `stock_count:${row.id}`,
    audience: 'owners' as const,
  };
}

export interface SavedCounts {
  counts: StockCount[];
  /** The owner's notifications of the counts beyond the margin, to deliver once committed. */
  told: StoredNotification[];
}

/**
 * POST /api/stock-counts: each thing counted stored with what the records said at its day's end
 * (the closing of the balance check of that day, decision 077) and whether the difference is
 * beyond the farm's margin; each one beyond it tells the owner at once, in the same transaction.
 */
export async function createStockCounts(db: Db, scope: FarmScope, userId: number, input: CreateStockCountsInput): Promise<SavedCounts> {
  const { farmId } = scope;
  const day = countDay(input.date, scope);
  return db.transaction(async (tx) => {
    const things = await thingsOf(tx, farmId, input);
    const checks = await balanceChecks(tx, farmId, { start: day, end: day });
    const expectedOf = (thing: Thing): number => {
      if (thing.kind === 'eggs') return checks.eggs.closing;
      if (thing.kind === 'feed') return checks.feed.find((f) => f.item_id === thing.itemId)?.closing ?? 0;
      return checks.birds.find((b) => b.flock_id === thing.flockId)?.closing ?? 0;
    };
    const rows = await tx
      .insert(stockCounts)
      .values(
        things.map((thing) => {
          const expected = expectedOf(thing);
          return {
            farmId,
            kind: thing.kind,
            flockId: thing.flockId,
            itemId: thing.itemId,
            day,
            counted: thing.counted,
            expected,
            unit: thing.unit,
            beyondMargin: beyondMargin(thing.kind, countDifference(thing.counted, expected), expected, checks.margin_percent),
            createdBy: userId,
            updatedBy: userId,
          };
        }),
      )
      .returning();
    const told: StoredNotification[] = [];
    for (const [index, row] of rows.entries()) {
      if (row.beyondMargin) told.push(...(await storeNotification(tx, farmId, noticeOf(row, things[index]!))));
    }
    const names = await tx
      .select({ id: stockCounts.id, ...authorNames(stockCounts) })
      .from(stockCounts)
      .where(inArray(stockCounts.id, rows.map((r) => r.id)));
    const byId = new Map(names.map((n) => [n.id, n]));
    return {
      counts: rows.map((row, index) =>
        toStockCount({ ...row, createdByName: byId.get(row.id)?.createdByName ?? null, updatedByName: byId.get(row.id)?.updatedByName ?? null }, things[index]!.name),
      ),
      told,
    };
  });
}

/** GET /api/stock-counts: the farm's counts a page at a time, newest day first (ties by id), with the flock's or item's name. */
export async function listStockCounts(db: Db, farmId: number, query: ListStockCountsQuery): Promise<Page<StockCount>> {
  const filters: SQL[] = [eq(stockCounts.farmId, farmId)];
  if (query.kind) filters.push(eq(stockCounts.kind, query.kind));
  const direction = query.order === 'asc' ? asc : desc;
  const order = [direction(stockCounts.day), direction(stockCounts.id)];
  return listPage(
    db,
    query,
    {
      table: stockCounts,
      where: and(...filters),
      order,
      rows: (inPage, total) =>
        db
          .select({ row: stockCounts, flockName: flocks.name, itemName: inventoryItems.itemName, ...authorNames(stockCounts), total })
          .from(stockCounts)
          .leftJoin(flocks, eq(flocks.id, stockCounts.flockId))
          .leftJoin(inventoryItems, eq(inventoryItems.id, stockCounts.itemId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toStockCount({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.row.kind === 'birds' ? (r.flockName ?? m.unknownFlock) : r.row.kind === 'feed' ? (r.itemName ?? m.unknownItem) : null),
  );
}

/** DELETE /api/stock-counts/{id}: the farm's count, or 404. */
export async function deleteStockCount(db: DbOrTx, farmId: number, id: number): Promise<void> {
  const deleted = await db.delete(stockCounts).where(and(eq(stockCounts.farmId, farmId), eq(stockCounts.id, id))).returning({ id: stockCounts.id });
  if (deleted.length === 0) throw notFound(m.notFound);
}
