import {
  centsToShillings,
  dayIn,
  fallsBelowReorder,
  feedCostCents,
  feedDateProblem,
  feedDrawProblem,
  feedKg,
  feedMessages,
  feedQuantityProblem,
  flockMessages,
  parseDay,
  type CreateFeedRecordInput,
  type FeedChange,
  type FeedRecord,
  type InventoryItem,
  type ListFeedQuery,
  type Page,
  type UpdateFeedRecordInput,
  type UsualFeed,
} from '@kuku/domain';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage } from '../../db/list-page.js';
import { authorNames, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { feedRecords, flocks, inventoryItems } from '../../db/schema/index.js';
import { farmDayOf, type FarmScope } from '../farm-scope.js';
import { move, toItem, type LowStock } from '../inventory/service.js';

const m = feedMessages;

type RecordRow = typeof feedRecords.$inferSelect;
type ItemRow = typeof inventoryItems.$inferSelect;

/** The words a record writes into the ledger's notes, in the asker's language (decision 068). */
export interface LedgerWords {
  fedTo(flockName: string): string;
  putBack(flockName: string): string;
}

interface RecordFacts {
  flockName: string | null;
  itemName: string | null;
  unit: ItemRow['unit'] | null;
  unitWeightKg: number | null;
}

function toFeedRecord(row: RecordRow & AuthorNames, facts: RecordFacts): FeedRecord {
  return {
    id: row.id,
    flock_id: row.flockId,
    flock_name: facts.flockName ?? m.unknownFlock,
    item_id: row.itemId,
    item_name: facts.itemName ?? '',
    unit: facts.unit ?? 'pieces',
    date: row.date,
    quantity: row.quantity,
    kg: feedKg(row.quantity, facts.unitWeightKg),
    cost_cents: row.costCents,
    cost: centsToShillings(row.costCents),
    movement_id: row.movementId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

/**
 * The farm's flock a record is of, held with KEY SHARE (a flock being deleted is waited for, as
 * lockRecordFlock does); another farm's, or none, is 404.
 */
async function recordFlock(tx: DbOrTx, farmId: number, flockId: number) {
  const [flock] = await tx
    .select({ id: flocks.id, name: flocks.name, status: flocks.status, createdAt: flocks.createdAt })
    .from(flocks)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, flockId)))
    .limit(1)
    .for('key share');
  if (!flock) throw new AppError('not_found', flockMessages.notFound, { flock_id: m.selectFlock });
  return flock;
}

/** The farm's items, locked FOR NO KEY UPDATE in id order (an edit may hold two): 404 for one not the farm's. */
async function lockedItems(tx: DbOrTx, farmId: number, ids: number[]): Promise<Map<number, ItemRow>> {
  const found = new Map<number, ItemRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await tx
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.id, id)))
      .limit(1)
      .for('no key update');
    if (!row) throw new AppError('not_found', m.selectItem, { item_id: m.selectItem });
    found.set(id, row);
  }
  return found;
}

/** A day the client sent, in the farm's zone, not after its today nor before the flock's first day. */
function feedDay(value: string, scope: FarmScope, flockCreatedAt: Date): string {
  const day = parseDay(value, scope.timeZone);
  if (!day) throw invalid(m.dateInvalid, { date: m.dateInvalid });
  const problem = feedDateProblem(day, farmDayOf(scope), dayIn(flockCreatedAt, scope.timeZone));
  if (problem) throw invalid(problem, { date: problem });
  return day;
}

/** The item is feed, and the quantity fits its unit (whole bags). */
function checkDraw(item: ItemRow, quantity: number): void {
  if (item.kind !== 'feed') throw invalid(m.notFeed, { item_id: m.notFeed });
  const problem = feedQuantityProblem(quantity, item.unit);
  if (problem) throw invalid(problem, { quantity: problem });
}

/** More than the locked item's stock is 422 with the stock seen (as a stock removal, decision 028). */
function checkStock(quantity: number, stock: number): void {
  const problem = feedDrawProblem(quantity, stock);
  if (problem) throw new AppError('rule_broken', problem, { quantity: problem });
}

const archived = () => new AppError('rule_broken', m.flockArchived, { flock_id: m.flockArchived });

interface Written {
  change: FeedChange;
  /** The items whose stock fell below their reorder level by this write (the low_stock event). */
  lowStock: LowStock[];
  /** The items whose stock moved. */
  items: number[];
}

/** Draws `quantity` of the locked item for the flock: a 'used' removal noted 'Fed to <flock>'. */
async function draw(tx: DbOrTx, farmId: number, userId: number, item: ItemRow, quantity: number, flockName: string, words: LedgerWords) {
  checkStock(quantity, item.quantity);
  const moved = await move(tx, farmId, userId, item, null, { kind: 'removed', change: -quantity, costPerUnitCents: null, reason: 'used', note: words.fedTo(flockName) });
  const low = moved.change.warning && fallsBelowReorder(item.quantity, moved.item.quantity, moved.item.reorderLevel) ? { itemId: item.id, itemName: item.itemName, text: moved.change.warning } : null;
  return { moved, low };
}

/** Puts a record's quantity back into its locked item: an 'added' movement at the item's cost. */
async function putBack(tx: DbOrTx, farmId: number, userId: number, item: ItemRow, quantity: number, flockName: string, words: LedgerWords) {
  return move(tx, farmId, userId, item, null, { kind: 'added', change: quantity, costPerUnitCents: item.costPerUnitCents, reason: null, note: words.putBack(flockName) });
}

/** The item's answer with its flock's name (an item belongs to a flock of the farm). */
async function itemAnswer(tx: DbOrTx, item: Awaited<ReturnType<typeof move>>['item']) {
  const [flock] = await tx.select({ name: flocks.name }).from(flocks).where(eq(flocks.id, item.flockId)).limit(1);
  return toItem(item, flock?.name);
}

async function answerOf(tx: DbOrTx, id: number): Promise<RecordRow & AuthorNames> {
  const [row] = await tx.select({ row: feedRecords, ...authorNames(feedRecords) }).from(feedRecords).where(eq(feedRecords.id, id)).limit(1);
  if (!row) throw notFound(m.notFound);
  return { ...row.row, createdByName: row.createdByName, updatedByName: row.updatedByName };
}

/**
 * POST /api/flocks/{flockId}/feed: a removal of the feed item's ledger and the record, in one
 * transaction, the stock asked on the item's row locked until the commit (decision 028).
 */
export async function createFeedRecord(db: Db, scope: FarmScope, userId: number, flockId: number, input: CreateFeedRecordInput, words: LedgerWords): Promise<Written> {
  const { farmId } = scope;
  return db.transaction(async (tx) => {
    const flock = await recordFlock(tx, farmId, flockId);
    if (flock.status === 'archived') throw archived();
    const day = feedDay(input.date, scope, flock.createdAt);
    const item = (await lockedItems(tx, farmId, [input.item_id])).get(input.item_id)!;
    checkDraw(item, input.quantity);
    const { moved, low } = await draw(tx, farmId, userId, item, input.quantity, flock.name, words);
    const [inserted] = await tx
      .insert(feedRecords)
      .values({
        farmId,
        flockId: flock.id,
        itemId: item.id,
        date: day,
        quantity: input.quantity,
        costCents: feedCostCents(input.quantity, item.costPerUnitCents),
        movementId: moved.change.movement.id,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning({ id: feedRecords.id });
    if (!inserted) throw new Error('insert returned nothing');
    const row = await answerOf(tx, inserted.id);
    const record = toFeedRecord(row, { flockName: flock.name, itemName: item.itemName, unit: item.unit, unitWeightKg: item.unitWeightKg });
    return { change: { record, item: await itemAnswer(tx, moved.item), warning: moved.change.warning }, lowStock: low ? [low] : [], items: [item.id] };
  });
}

/** The farm's record, locked FOR UPDATE until the commit (an edit and a delete at once take turns). */
async function lockedRecord(tx: DbOrTx, farmId: number, id: number): Promise<RecordRow> {
  const [row] = await tx
    .select()
    .from(feedRecords)
    .where(and(eq(feedRecords.farmId, farmId), eq(feedRecords.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(m.notFound);
  return row;
}

/**
 * PATCH /api/feed/{id}: a new day, quantity or item. When the quantity or the item changes, the old
 * quantity goes back to its item and the new one is drawn, in one transaction: a new draw past
 * the stock is refused (422) and nothing changes.
 */
export async function updateFeedRecord(db: Db, scope: FarmScope, userId: number, id: number, input: UpdateFeedRecordInput, words: LedgerWords): Promise<Written> {
  const { farmId } = scope;
  return db.transaction(async (tx) => {
    const record = await lockedRecord(tx, farmId, id);
    const flock = await recordFlock(tx, farmId, record.flockId);
    if (flock.status === 'archived') throw archived();
    const day = input.date === undefined ? record.date : feedDay(input.date, scope, flock.createdAt);
    const itemId = input.item_id ?? record.itemId;
    const quantity = input.quantity ?? record.quantity;
    const items = await lockedItems(tx, farmId, [record.itemId, itemId]);
    const newItem = items.get(itemId)!;
    const moves = itemId !== record.itemId || quantity !== record.quantity;
    let costCents = record.costCents;
    let movementId = record.movementId;
    let warning: string | null = null;
    const lowStock: LowStock[] = [];
    let answerItem: InventoryItem;
    if (moves) {
      checkDraw(newItem, quantity);
      const back = await putBack(tx, farmId, userId, items.get(record.itemId)!, record.quantity, flock.name, words);
      // The same item, its stock now with the old quantity back in.
      const from = itemId === record.itemId ? back.item : newItem;
      const { moved, low } = await draw(tx, farmId, userId, from, quantity, flock.name, words);
      if (low) lowStock.push(low);
      costCents = feedCostCents(quantity, from.costPerUnitCents);
      movementId = moved.change.movement.id;
      warning = moved.change.warning;
      answerItem = await itemAnswer(tx, moved.item);
    } else {
      // No stock moved: the item as it is, with who added and last changed it.
      const [current] = await tx.select({ row: inventoryItems, ...authorNames(inventoryItems) }).from(inventoryItems).where(eq(inventoryItems.id, itemId)).limit(1);
      if (!current) throw notFound(m.notFound);
      answerItem = await itemAnswer(tx, { ...current.row, createdByName: current.createdByName, updatedByName: current.updatedByName });
    }
    await tx
      .update(feedRecords)
      .set({ date: day, itemId, quantity, costCents, movementId, updatedBy: userId, updatedAt: new Date() })
      .where(and(eq(feedRecords.farmId, farmId), eq(feedRecords.id, id)));
    const row = await answerOf(tx, id);
    const answer = toFeedRecord(row, { flockName: flock.name, itemName: newItem.itemName, unit: newItem.unit, unitWeightKg: newItem.unitWeightKg });
    return { change: { record: answer, item: answerItem, warning }, lowStock, items: moves ? [...new Set([record.itemId, itemId])] : [] };
  });
}

/** DELETE /api/feed/{id}: the record goes and its quantity goes back to its item, in one transaction. */
export async function deleteFeedRecord(db: Db, farmId: number, userId: number, id: number, words: LedgerWords): Promise<{ id: number; itemId: number }> {
  return db.transaction(async (tx) => {
    const record = await lockedRecord(tx, farmId, id);
    const [flock] = await tx.select({ name: flocks.name }).from(flocks).where(eq(flocks.id, record.flockId)).limit(1);
    const item = (await lockedItems(tx, farmId, [record.itemId])).get(record.itemId)!;
    await putBack(tx, farmId, userId, item, record.quantity, flock?.name ?? m.unknownFlock, words);
    await tx.delete(feedRecords).where(and(eq(feedRecords.farmId, farmId), eq(feedRecords.id, id)));
    return { id, itemId: record.itemId };
  });
}

// ---------------------------------------------------------------- reads

/**
 * Feed records a page at a time, newest day first (ties by id), with their flock's and item's
 * names, unit and kg: the farm's, or one flock's. listPage takes the page's ids off the
 * (farm, flock, date, id) or (farm, date, id) index.
 */
export async function listFeedRecords(db: Db, farmId: number, query: Pick<ListFeedQuery, 'page' | 'pageSize' | 'order' | 'flock_id'>): Promise<Page<FeedRecord>> {
  const filters: SQL[] = [eq(feedRecords.farmId, farmId)];
  if (query.flock_id) filters.push(eq(feedRecords.flockId, query.flock_id));
  const direction = query.order === 'asc' ? asc : desc;
  const order = [direction(feedRecords.date), direction(feedRecords.id)];
  return listPage(
    db,
    query,
    {
      table: feedRecords,
      where: and(...filters),
      order,
      rows: (inPage, total) =>
        db
          .select({
            row: feedRecords,
            flockName: flocks.name,
            itemName: inventoryItems.itemName,
            unit: inventoryItems.unit,
            unitWeightKg: inventoryItems.unitWeightKg,
            ...authorNames(feedRecords),
            total,
          })
          .from(feedRecords)
          .leftJoin(flocks, eq(flocks.id, feedRecords.flockId))
          .leftJoin(inventoryItems, eq(inventoryItems.id, feedRecords.itemId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toFeedRecord({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r),
  );
}

/** The farm's flock, or 404. */
export async function checkFlock(db: Db, farmId: number, flockId: number): Promise<void> {
  const [flock] = await db.select({ id: flocks.id }).from(flocks).where(and(eq(flocks.farmId, farmId), eq(flocks.id, flockId))).limit(1);
  if (!flock) throw notFound(flockMessages.notFound);
}

/** GET /api/flocks/{flockId}/feed/usual: the item and quantity of the flock's last record (newest day, then newest), or nulls. */
export async function usualFeed(db: Db, farmId: number, flockId: number): Promise<UsualFeed> {
  await checkFlock(db, farmId, flockId);
  const [last] = await db
    .select({ itemId: feedRecords.itemId, itemName: inventoryItems.itemName, unit: inventoryItems.unit, quantity: feedRecords.quantity })
    .from(feedRecords)
    .innerJoin(inventoryItems, eq(inventoryItems.id, feedRecords.itemId))
    .where(and(eq(feedRecords.farmId, farmId), eq(feedRecords.flockId, flockId)))
    .orderBy(desc(feedRecords.date), desc(feedRecords.id))
    .limit(1);
  if (!last) return { item_id: null, item_name: null, unit: null, quantity: null };
  return { item_id: last.itemId, item_name: last.itemName, unit: last.unit, quantity: last.quantity };
}
