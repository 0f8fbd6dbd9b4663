import {
  centsToShillings,
  fallsBelowReorder,
  INVENTORY_UNITS,
  inventoryMessages,
  kindOfItemName,
  storedUnitWeightKg,
  isLowStock,
  lowStockWarning,
  MAX_INVENTORY_QUANTITY,
  quantityProblem,
  removalProblem,
  stockAfter,
  stockValueCents,
  type CreateInventoryItemInput,
  type InventoryItem,
  type InventoryStats,
  type InventoryUnit,
  type ListInventoryQuery,
  type Page,
  type RemoveStockInput,
  type RestockInput,
  type StockChange,
  type StockMovement,
  type UpdateInventoryItemInput,
} from '@kuku/domain';
import { and, asc, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { preparedQuery } from '../../db/prepared.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { farmInventoryTotals, flocks, inventoryItems, inventoryMovements, users } from '../../db/schema/index.js';
import { sqlInteger, toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { lockRecordFlock } from '../flocks/service.js';

const m = inventoryMessages;

type ItemRow = typeof inventoryItems.$inferSelect;
type MovementRow = typeof inventoryMovements.$inferSelect;

/** A low_stock event: a removal or a correction took the item from at or above its reorder level to below it. */
export interface LowStock {
  itemId: number;
  itemName: string;
  text: string;
}

export function toItem(row: ItemRow & AuthorNames, flockName: string | null | undefined): InventoryItem {
  return {
    id: row.id,
    item_name: row.itemName,
    flock_id: row.flockId,
    flock_name: flockName ?? m.unknownFlock,
    quantity: row.quantity,
    unit: row.unit,
    kind: row.kind,
    unit_weight_kg: row.unitWeightKg,
    reorder_level: row.reorderLevel,
    cost_per_unit: centsToShillings(row.costPerUnitCents),
    cost_per_unit_cents: row.costPerUnitCents,
    value_cents: row.valueCents,
    low_stock: isLowStock(row.quantity, row.reorderLevel),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

function toMovement(row: MovementRow, userName: string | null | undefined): StockMovement {
  return {
    id: row.id,
    item_id: row.itemId,
    kind: row.kind,
    change: row.change,
    balance: row.balance,
    cost_per_unit_cents: row.costPerUnitCents,
    reason: row.reason,
    note: row.note,
    user_id: row.createdBy,
    user_name: userName ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The flock an item is of, in the farm, held with KEY SHARE (lockRecordFlock). */
const farmFlock = (tx: DbOrTx, farmId: number, flockId: number) => lockRecordFlock(tx, farmId, flockId, m.selectFlock);

/** The farm's item, locked FOR NO KEY UPDATE until the commit: a ledger's rules are checked on this row (decision 020). */
export async function lockedItem(tx: DbOrTx, farmId: number, id: number): Promise<{ row: ItemRow; name: string | null }> {
  const [found] = await tx
    .select({ row: inventoryItems, name: flocks.name })
    .from(inventoryItems)
    .leftJoin(flocks, eq(flocks.id, inventoryItems.flockId))
    .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.id, id)))
    .limit(1)
    .for('no key update', { of: inventoryItems });
  if (!found) throw notFound(m.notFound);
  return found;
}


/** A stock past the maximum quantity, or a value past the maximum amount, is refused (422). */
function checkStock(quantity: number, costPerUnitCents: number): void {
  if (quantity > MAX_INVENTORY_QUANTITY) throw new AppError('rule_broken', m.quantityTooLarge, { quantity: m.quantityTooLarge });
  if (stockValueCents(quantity, costPerUnitCents) === null) throw new AppError('rule_broken', m.valueTooLarge, { quantity: m.valueTooLarge });
}

// ---------------------------------------------------------------- list

const itemSorts = {
  name: inventoryItems.itemName,
  flock: flocks.name,
  quantity: inventoryItems.quantity,
  reorder_level: inventoryItems.reorderLevel,
  cost: inventoryItems.costPerUnitCents,
  value: inventoryItems.valueCents,
} as const;

/**
 * The farm's items a page at a time, by name by default, searched by name and flock name,
 * filtered by flock and by low stock (at or below the reorder level), as the expense list
 * does (decision 025): the page's ids off the sort's index, then those rows with their
 * flock's name, in one statement that carries the total (an unfiltered list's total from
 * the farm's kept totals).
 */
export async function listItems(db: Db, farmId: number, query: ListInventoryQuery): Promise<Page<InventoryItem>> {
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(inventoryItems.farmId, farmId)];
  if (query.flock_id) filters.push(eq(inventoryItems.flockId, query.flock_id));
  if (query.low_stock === true) filters.push(lte(inventoryItems.quantity, inventoryItems.reorderLevel));
  if (query.low_stock === false) filters.push(sql`${inventoryItems.quantity} > ${inventoryItems.reorderLevel}`);
  if (pattern) {
    const text = or(ilike(inventoryItems.itemName, pattern), ilike(flocks.name, pattern));
    if (text) filters.push(text);
  }
  const direction = query.order === 'desc' ? desc : asc;
  // Unfiltered, the total is the farm's kept count.
  const whole = filters.length === 1;
  const order = [direction(itemSorts[query.sort]), direction(inventoryItems.id)];
  return listPage(
    db,
    query,
    {
      table: inventoryItems,
      join: pattern || query.sort === 'flock' ? { table: flocks, on: eq(flocks.id, inventoryItems.flockId) } : undefined,
      where: and(...filters),
      order,
      kept: whole ? sql`coalesce((select ${farmInventoryTotals.items} from ${farmInventoryTotals} where ${farmInventoryTotals.farmId} = ${farmId}), 0)` : undefined,
      rows: (inPage, total) =>
        db
          .select({ row: inventoryItems, name: flocks.name, ...authorNames(inventoryItems), total })
          .from(inventoryItems)
          .leftJoin(flocks, eq(flocks.id, inventoryItems.flockId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toItem({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name),
  );
}

// ---------------------------------------------------------------- writes

/** A new item of one of the farm's flocks, with its first stock as an 'added' movement at its cost, in one transaction. */
export async function createItem(db: Db, farmId: number, userId: number, input: CreateInventoryItemInput): Promise<InventoryItem> {
  return db.transaction(async (tx) => {
    const flock = await farmFlock(tx, farmId, input.flock_id);
    const [row] = await tx
      .insert(inventoryItems)
      .values({
        farmId,
        flockId: flock.id,
        createdBy: userId,
        updatedBy: userId,
        itemName: input.item_name,
        quantity: input.quantity,
        unit: input.unit,
        // Sent without a kind (the product's client), the item's name gives it.
        kind: input.kind ?? kindOfItemName(input.item_name),
        unitWeightKg: storedUnitWeightKg(input.unit, input.unit_weight_kg),
        reorderLevel: input.reorder_level,
        costPerUnitCents: input.cost_per_unit,
      })
      .returning(returningWithAuthors(inventoryItems));
    if (!row) throw new Error('insert returned nothing');
    await tx.insert(inventoryMovements).values({
      farmId,
      itemId: row.id,
      kind: 'added',
      change: row.quantity,
      balance: row.quantity,
      costPerUnitCents: row.costPerUnitCents,
      createdBy: userId,
    });
    return toItem(row, flock.name);
  });
}

/**
 * PUT /api/inventory/{id}: the full item. A quantity other than the stock is a correction: a
 * 'corrected' movement of the difference, written with the new balance from the locked row.
 * Taking the stock below the (new) reorder level is a low_stock event.
 */
export async function updateItem(
  db: Db,
  farmId: number,
  userId: number,
  id: number,
  input: UpdateInventoryItemInput,
): Promise<{ item: InventoryItem; lowStock: LowStock | null }> {
  return db.transaction(async (tx) => {
    // The flock first, as a create and a flock's delete take it, then the item.
    const flock = await farmFlock(tx, farmId, input.flock_id);
    const { row } = await lockedItem(tx, farmId, id);
    const change = stockAfter(input.quantity, -row.quantity);
    const [changed] = await tx
      .update(inventoryItems)
      .set({
        flockId: flock.id,
        itemName: input.item_name,
        quantity: input.quantity,
        unit: input.unit,
        // The product's client sends the full item without a kind or weight: those stay as they were.
        kind: input.kind ?? row.kind,
        unitWeightKg: storedUnitWeightKg(input.unit, input.unit_weight_kg === undefined ? (row.unit === 'kg' ? null : row.unitWeightKg) : input.unit_weight_kg),
        reorderLevel: input.reorder_level,
        costPerUnitCents: input.cost_per_unit,
        updatedAt: new Date(),
        updatedBy: userId,
      })
      .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.id, row.id)))
      .returning(returningWithAuthors(inventoryItems));
    if (!changed) throw notFound(m.notFound);
    if (change !== 0) {
      await tx.insert(inventoryMovements).values({
        farmId,
        itemId: row.id,
        kind: 'corrected',
        change,
        balance: changed.quantity,
        note: input.note || null,
        createdBy: userId,
      });
    }
    const text = lowStockWarning(changed.quantity, changed.reorderLevel);
    const lowStock = text && fallsBelowReorder(row.quantity, changed.quantity, changed.reorderLevel) ? { itemId: changed.id, itemName: changed.itemName, text } : null;
    return { item: toItem(changed, flock.name), lowStock };
  });
}

/** Deletes an item and, with it, its ledger. */
export async function deleteItem(db: Db, farmId: number, id: number): Promise<{ id: number }> {
  const [deleted] = await db
    .delete(inventoryItems)
    .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.id, id)))
    .returning({ id: inventoryItems.id });
  if (!deleted) throw notFound(m.notFound);
  return deleted;
}

/** Writes a movement and the item's new balance together, from the locked row. */
export async function move(
  tx: DbOrTx,
  farmId: number,
  userId: number,
  row: ItemRow,
  flockName: string | null,
  movement: { kind: 'added' | 'removed'; change: number; costPerUnitCents: number | null; reason: MovementRow['reason']; note: string | null },
): Promise<{ item: ItemRow & AuthorNames; change: StockChange }> {
  const quantity = stockAfter(row.quantity, movement.change);
  const costPerUnitCents = movement.costPerUnitCents ?? row.costPerUnitCents;
  const [item] = await tx
    .update(inventoryItems)
    .set({ quantity, costPerUnitCents, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.id, row.id)))
    .returning(returningWithAuthors(inventoryItems));
  if (!item) throw notFound(m.notFound);
  const [written] = await tx
    .insert(inventoryMovements)
    .values({ farmId, itemId: row.id, kind: movement.kind, change: movement.change, balance: item.quantity, ...movementExtras(movement), createdBy: userId })
    .returning();
  if (!written) throw new Error('insert returned nothing');
  return {
    item,
    change: {
      item: toItem(item, flockName),
      // The item was last changed by this movement's maker: the same name.
      movement: toMovement(written, item.updatedByName),
      warning: lowStockWarning(item.quantity, item.reorderLevel),
    },
  };
}

const movementExtras = (movement: { costPerUnitCents: number | null; reason: MovementRow['reason']; note: string | null }) => ({
  costPerUnitCents: movement.costPerUnitCents,
  reason: movement.reason,
  note: movement.note,
});

/**
 * POST /api/inventory/{id}/remove (docs/product.md §5): at least 1 and at most the stock, asked on the
 * item's row locked until the commit, so removals at once never take the stock below 0: each
 * waits for the one before and sees what it left. More than the stock is 422.
 */
export async function removeStock(
  db: Db,
  farmId: number,
  userId: number,
  id: number,
  input: RemoveStockInput,
): Promise<{ change: StockChange; lowStock: LowStock | null }> {
  return db.transaction(async (tx) => {
    const { row, name } = await lockedItem(tx, farmId, id);
    const problem = removalProblem(input.quantity, row.quantity, row.unit);
    if (problem === m.removalTooMuch(row.quantity)) throw new AppError('rule_broken', problem, { quantity: problem });
    if (problem) throw invalid(problem, { quantity: problem });
    const { item, change } = await move(tx, farmId, userId, row, name, {
      kind: 'removed',
      change: -input.quantity,
      costPerUnitCents: null,
      reason: input.reason ?? null,
      note: input.note || null,
    });
    const lowStock =
      change.warning && fallsBelowReorder(row.quantity, item.quantity, item.reorderLevel) ? { itemId: item.id, itemName: item.itemName, text: change.warning } : null;
    return { change, lowStock };
  });
}

/** POST /api/inventory/{id}/restock ('Update Inventory'): stock in, at a new cost per unit when one is given. */
export async function restock(db: Db, farmId: number, userId: number, id: number, input: RestockInput): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const { row, name } = await lockedItem(tx, farmId, id);
    const problem = quantityProblem(input.quantity, row.unit);
    if (problem) throw invalid(problem, { quantity: problem });
    const costPerUnitCents = input.cost_per_unit ?? row.costPerUnitCents;
    checkStock(stockAfter(row.quantity, input.quantity), costPerUnitCents);
    const { change } = await move(tx, farmId, userId, row, name, {
      kind: 'added',
      change: input.quantity,
      costPerUnitCents,
      reason: null,
      note: input.note || null,
    });
    return change;
  });
}

// ---------------------------------------------------------------- reads

/** An item's ledger, newest first (or oldest with order=asc), with who made each movement. */
export async function listMovements(
  db: Db,
  farmId: number,
  itemId: number,
  query: { page: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<Page<StockMovement>> {
  const [item] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.farmId, farmId), eq(inventoryItems.id, itemId)))
    .limit(1);
  if (!item) throw notFound(m.notFound);
  const order = [(query.order === 'asc' ? asc : desc)(inventoryMovements.id)];
  return listPage(
    db,
    query,
    {
      table: inventoryMovements,
      where: and(eq(inventoryMovements.farmId, farmId), eq(inventoryMovements.itemId, itemId)),
      order,
      rows: (inPage, total) =>
        db
          .select({ row: inventoryMovements, name: users.username, total })
          .from(inventoryMovements)
          .leftJoin(users, eq(users.id, inventoryMovements.createdBy))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toMovement(r.row, r.name),
  );
}

/** A json column: parsed by both drivers as they are set up, parsed here if one hands over text. */
function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The statistics in one statement and one row (decision 024): items, stock value and the
 * count at or below their reorder level from the farm's kept totals, and the first 10 items
 * to restock, lowest share of their level first, off the partial index of those items.
 */
const statsStatement = (db: Db) =>
  preparedQuery(db, 'inventory_stats', (name) =>
    db
      .select({
        items: sqlInteger<number>(sql`coalesce(t.items, 0)`),
        value: sqlInteger<number>(sql`coalesce(t.value_cents, 0)`),
        low: sqlInteger<number>(sql`coalesce(t.low_stock, 0)`),
        restock: sql<unknown>`(select coalesce(json_agg(json_build_array(l.id, l.item_name, l.quantity, l.unit, l.reorder_level) order by l.share, l.id), '[]'::json)
          from (select i.id, i.item_name, i.quantity, i.unit, i.reorder_level, i.quantity / i.reorder_level as share
            from ${inventoryItems} as i
            where i.farm_id = ${sql.placeholder('farmId')} and i.quantity <= i.reorder_level
            order by i.quantity / i.reorder_level, i.id limit 10) as l)`,
      })
      .from(sql`(select 1) as one left join ${farmInventoryTotals} as t on t.farm_id = ${sql.placeholder('farmId')}`)
      .prepare(name),
  );

export async function inventoryStats(db: Db, farmId: number): Promise<InventoryStats> {
  const [t] = await statsStatement(db).execute({ farmId });
  if (!t) throw new Error('the statistics answered no row');
  const restock = fromJson<[unknown, string, unknown, string, unknown][]>(t.restock).map(([id, itemName, quantity, unit, reorderLevel]) => ({
    id: toSafeInteger(id),
    item_name: itemName,
    quantity: toSafeNumber(quantity),
    unit: (INVENTORY_UNITS as readonly string[]).includes(unit) ? (unit as InventoryUnit) : 'pieces',
    reorder_level: toSafeNumber(reorderLevel),
  }));
  return { items: t.items, stock_value_cents: t.value, low_stock_count: t.low, low_stock: restock };
}
