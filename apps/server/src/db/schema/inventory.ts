import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { INVENTORY_KINDS, INVENTORY_UNITS, MOVEMENT_KINDS, REMOVAL_REASONS } from '@kuku/domain';
import { createdByColumn, updatedByColumn, farmIdColumn } from './auth.js';
import { flockIdColumn } from './flocks.js';

/**
 * A thing the farm keeps in stock (docs/product.md §3 Inventory item): feed, vaccines, drugs, litter.
 * `quantity` is the balance of the item's ledger (inventory_movements), written with each
 * movement in one transaction from the row locked FOR NO KEY UPDATE (decision 028).
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    flockId: flockIdColumn(),
    createdBy: createdByColumn(),
    updatedBy: updatedByColumn(),
    itemName: text('item_name').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit', { enum: INVENTORY_UNITS }).notNull().default('pieces'),
    /** What the item is (decision 070, migration 0036: the items then were classed by their names). */
    kind: text('kind', { enum: INVENTORY_KINDS }).notNull().default('other'),
    /** The weight of one unit in kg (a bag's 50 or 70; 1 for an item counted in kg), null when unknown. */
    unitWeightKg: numeric('unit_weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    reorderLevel: numeric('reorder_level', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    costPerUnitCents: bigint('cost_per_unit_cents', { mode: 'number' }).notNull(),
    // quantity × cost per unit rounded half up, as stockValueCents does: the value sort reads its index.
    valueCents: bigint('value_cents', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`round(quantity * cost_per_unit_cents)::bigint`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An index per sortable column, starting with farm_id and ending in id like the list's ORDER BY.
  (t) => [
    index('inventory_items_farm_name_idx').on(t.farmId, t.itemName, t.id),
    index('inventory_items_farm_flock_idx').on(t.farmId, t.flockId, t.itemName, t.id),
    index('inventory_items_farm_quantity_idx').on(t.farmId, t.quantity, t.id),
    index('inventory_items_farm_reorder_idx').on(t.farmId, t.reorderLevel, t.id),
    index('inventory_items_farm_cost_idx').on(t.farmId, t.costPerUnitCents, t.id),
    index('inventory_items_farm_value_idx').on(t.farmId, t.valueCents, t.id),
    // The items to restock, lowest share of their level first: the statistics read only these.
    index('inventory_items_farm_low_idx')
      .on(t.farmId, sql`(${t.quantity} / ${t.reorderLevel})`, t.id)
      .where(sql`${t.quantity} <= ${t.reorderLevel}`),
    check('inventory_items_quantity_check', sql`${t.quantity} >= 0`),
    check('inventory_items_reorder_check', sql`${t.reorderLevel} > 0`),
    check('inventory_items_cost_check', sql`${t.costPerUnitCents} > 0`),
    check('inventory_items_kind_check', sql`${t.kind} in ('feed', 'medicine', 'litter', 'equipment', 'other')`),
    check('inventory_items_unit_weight_check', sql`${t.unitWeightKg} is null or ${t.unitWeightKg} > 0`),
  ],
);

/** An item's ledger: every stock added, removed or set by a correction, with the balance after it. */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MOVEMENT_KINDS }).notNull(),
    /** Signed: + in, − out. */
    change: numeric('change', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** The item's stock after this movement. */
    balance: numeric('balance', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    costPerUnitCents: bigint('cost_per_unit_cents', { mode: 'number' }),
    reason: text('reason', { enum: REMOVAL_REASONS }),
    note: text('note'),
    createdBy: createdByColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_movements_item_idx').on(t.farmId, t.itemId, t.id),
    // The inventory report reads a farm's movements of a period, in order (decision 031).
    index('inventory_movements_farm_created_idx').on(t.farmId, t.createdAt, t.id),
    check('inventory_movements_balance_check', sql`${t.balance} >= 0`),
  ],
);

/**
 * Each farm's items summed: how many, their stock value and how many are at or below their
 * reorder level, kept by statement-level triggers on inventory_items (migration 0019,
 * decision 020): the list's total and the statistics read one row. No foreign key: the
 * triggers write while a farm's items are cascade-deleted.
 */
export const farmInventoryTotals = pgTable('farm_inventory_totals', {
  farmId: integer('farm_id').primaryKey(),
  items: integer('items').notNull().default(0),
  valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
  lowStock: integer('low_stock').notNull().default(0),
});
