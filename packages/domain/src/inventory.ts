import { z } from 'zod/mini';
import { enumField, ID_MAX, idField, isMissing, withAliases } from './common/fields.js';
import { moneyMessages, parseAmount, type Cents } from './common/money.js';
import { listQuerySchema, pageSchema, SORT_ORDERS } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { recordAuthorsSchema } from './staff.js';
import {
  DEFAULT_INVENTORY_UNIT,
  INVENTORY_UNIT_ALIASES,
  INVENTORY_UNITS,
  inventoryMessages,
  ITEM_NAME_MAX,
  ITEM_NAME_MIN,
  MOVEMENT_KINDS,
  MOVEMENT_NOTE_MAX,
  quantityProblem,
  REMOVAL_REASONS,
  reorderLevelProblem,
  stockValueCents,
  type InventoryUnit,
} from './inventory-rules.js';
import { INVENTORY_KIND_ALIASES, INVENTORY_KINDS, inventoryKindMessages, unitWeightProblem, type InventoryKind } from './inventory-kinds.js';

ensureEnglishMessages();

const m = inventoryMessages;

// Every message is read when a check fails (`() => m.x`), not when the schema is built: a
// Kiswahili page's words arrive after this module is evaluated (decision 068).
const nameField = z
  .string({ error: () => m.nameTooShort })
  .check(z.trim(), z.minLength(ITEM_NAME_MIN, { error: () => m.nameTooShort }), z.maxLength(ITEM_NAME_MAX, { error: () => m.nameTooLong }));

const unitField = z._default(enumField(INVENTORY_UNITS, () => m.selectUnit, INVENTORY_UNIT_ALIASES), DEFAULT_INVENTORY_UNIT);

/** A number as a form sends it (12 or "12"); blank is missing. */
const numberInput = (missing: () => string, invalid: () => string) =>
  z.pipe(
    z.transform((input: unknown, ctx) => {
      if (isMissing(input) || (typeof input === 'string' && input.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: missing(), input });
        return z.NEVER;
      }
      return typeof input === 'string' ? Number(input.trim()) : input;
    }),
    z.number({ error: () => invalid() }),
  );

// Above 0 (docs/product.md §5) whatever the unit; whole units are checked across fields (acrossFields).
const quantityField = numberInput(() => m.quantityPositive, () => m.quantityInvalid).check(
  z.superRefine((quantity: number, ctx) => {
    const problem = quantityProblem(quantity, 'kg');
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: quantity });
  }),
);
const reorderField = numberInput(() => m.reorderPositive, () => m.reorderInvalid).check(
  z.superRefine((level: number, ctx) => {
    const problem = reorderLevelProblem(level, 'kg');
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: level });
  }),
);

/** Shillings above 0 (docs/product.md §5 'Cost per unit must be greater than 0.'), cents out. */
const costField = z.pipe(
  z.union([z.number(), z.string()], { error: () => m.costPositive }),
  z.transform((value: string | number, ctx): Cents => {
    // String() of a JSON number is its shortest decimal text: 33.35 → "33.35", 1e21 → "1e+21" (refused).
    const result = parseAmount(typeof value === 'number' ? String(value) : value);
    if (result.ok && result.cents > 0) return result.cents;
    const message = !result.ok && (result.message === moneyMessages.amountDecimals || result.message === moneyMessages.amountTooLarge) ? result.message : m.costPositive;
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  }),
);

/** The kind (decision 070); absent, the item's name gives it on a create and a PUT keeps the stored one. */
const kindField = z.optional(enumField(INVENTORY_KINDS, () => inventoryKindMessages.selectKind, INVENTORY_KIND_ALIASES));

/** The weight of one unit in kg (a feed bag's 50 or 70), or null: unknown. An item counted in kg weighs 1. */
const unitWeightField = z.optional(
  z.nullable(
    z.pipe(
      z.transform((input: unknown) => (typeof input === 'string' ? (input.trim() === '' ? null : Number(input.trim())) : input)),
      z.nullable(
        z.number({ error: () => inventoryKindMessages.unitWeightInvalid }).check(
          z.superRefine((kg: number, ctx) => {
            const problem = unitWeightProblem(kg);
            if (problem) ctx.addIssue({ code: 'custom', message: problem, input: kg });
          }),
        ),
      ),
    ),
  ),
);

interface ItemFacts {
  unit?: InventoryUnit | undefined;
  quantity?: number | undefined;
  reorder_level?: number | undefined;
  cost_per_unit?: Cents | undefined;
}

/** Whole bags, doses and pieces, and a stock value within the maximum. */
const acrossFields = z.superRefine((item: ItemFacts, ctx) => {
  if (item.unit === undefined || !INVENTORY_UNITS.includes(item.unit)) return;
  if (typeof item.quantity === 'number' && quantityProblem(item.quantity, 'kg') === null) {
    const problem = quantityProblem(item.quantity, item.unit);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['quantity'], input: item.quantity });
    else if (typeof item.cost_per_unit === 'number' && stockValueCents(item.quantity, item.cost_per_unit) === null) {
      ctx.addIssue({ code: 'custom', message: m.valueTooLarge, path: ['quantity'], input: item.quantity });
    }
  }
  if (typeof item.reorder_level === 'number' && reorderLevelProblem(item.reorder_level, 'kg') === null) {
    const problem = reorderLevelProblem(item.reorder_level, item.unit);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['reorder_level'], input: item.reorder_level });
  }
});

/** docs/product.md names fields in both styles; `ID` and `id` in a body are read and dropped (the path names the item). */
const itemAliases = {
  itemName: 'item_name',
  name: 'item_name',
  flockId: 'flock_id',
  reorderLevel: 'reorder_level',
  costPerUnit: 'cost_per_unit',
  unitWeightKg: 'unit_weight_kg',
};

/** idField, its message read when it fails: the form shows it. */
const selectFlock = { error: () => m.selectFlock };
const flockField = z.coerce.number(selectFlock).check(z.int(selectFlock), z.gte(1, selectFlock), z.lte(ID_MAX, selectFlock));

const itemFields = {
  item_name: nameField,
  flock_id: flockField,
  quantity: quantityField,
  unit: unitField,
  reorder_level: reorderField,
  cost_per_unit: costField,
  kind: kindField,
  unit_weight_kg: unitWeightField,
};

/**
 * POST /api/inventory/ (docs/product.md §7): the item with its first stock (an 'added' movement at its
 * cost). cost_per_unit in shillings, cents out.
 */
export const createInventoryItemSchema = z.pipe(withAliases(itemAliases), z.object(itemFields).check(acrossFields));
export type CreateInventoryItemInput = z.infer<typeof createInventoryItemSchema>;

/**
 * PUT /api/inventory/{id} (docs/product.md §7: the full item). A quantity other than the stock is a
 * correction (a 'corrected' movement of the difference); `note` says why.
 */
export const updateInventoryItemSchema = z.pipe(
  withAliases(itemAliases),
  z.object({ ...itemFields, note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(MOVEMENT_NOTE_MAX, { error: () => m.noteTooLong })))) }).check(acrossFields),
);
export type UpdateInventoryItemInput = z.infer<typeof updateInventoryItemSchema>;

/** `/api/inventory/:id`: the product's client calls it `id` in one place and `ID` in another; the path carries it. */
export const inventoryIdParamsSchema = z.object({ id: idField(m.notFound) });

const noteField = z.optional(z.nullable(z.string({ error: () => m.noteTooLong }).check(z.trim(), z.maxLength(MOVEMENT_NOTE_MAX, { error: () => m.noteTooLong }))));

/**
 * POST /api/inventory/{id}/remove: at least 1 (docs/product.md §5); at most the stock, checked by the
 * server on the locked item (removalProblem). The answer carries the low-stock warning.
 */
export const removeStockSchema = z.object({
  quantity: numberInput(() => m.removalMin, () => m.quantityInvalid),
  reason: z.optional(z.nullable(enumField(REMOVAL_REASONS, () => m.selectReason))),
  note: noteField,
});
export type RemoveStockInput = z.infer<typeof removeStockSchema>;

/** POST /api/inventory/{id}/restock ('Update Inventory'): stock in, at a new cost per unit when one is given. */
export const restockSchema = z.pipe(
  withAliases({ costPerUnit: 'cost_per_unit' }),
  z.object({ quantity: quantityField, cost_per_unit: z.optional(costField), note: noteField }),
);
export type RestockInput = z.infer<typeof restockSchema>;

export const inventoryItemSchema = z.object({
  id: z.number(),
  item_name: z.string(),
  flock_id: z.number(),
  flock_name: z.string(),
  quantity: z.number(),
  unit: z.enum(INVENTORY_UNITS),
  /** What the item is (decision 070): feed, medicine (a vaccine or drug), litter, equipment or other. */
  kind: z.enum(INVENTORY_KINDS),
  /** The weight of one unit in kg (1 for an item counted in kg), or null: unknown. */
  unit_weight_kg: z.nullable(z.number()),
  reorder_level: z.number(),
  // Money (MONEY_FIELDS): left out of the answers of a role that does not see money.
  /** Shillings, as the product's clients read it; our web reads cost_per_unit_cents. */
  cost_per_unit: z.optional(z.number()),
  cost_per_unit_cents: z.optional(z.number()),
  /** quantity × cost per unit (stockValueCents). */
  value_cents: z.optional(z.number()),
  /** isLowStock: at or below the reorder level. */
  low_stock: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const INVENTORY_SORTS = ['name', 'flock', 'quantity', 'reorder_level', 'cost', 'value'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

const lowStockQuery = z.pipe(
  z.transform((input: unknown) => (input === 'true' || input === true ? true : input === 'false' || input === false ? false : input)),
  z.boolean({ error: () => m.lowStockFilterInvalid }),
);

/** GET /api/inventory/: by name; `q` searches the name and the flock; `low_stock=true` keeps the items to restock. */
export const listInventoryQuerySchema = listQuerySchema(INVENTORY_SORTS, {
  order: z._default(enumField(SORT_ORDERS, () => m.orderInvalid), 'asc'),
  flock_id: z.optional(idField(m.selectFlock)),
  low_stock: z.optional(lowStockQuery),
});
export type ListInventoryQuery = z.infer<typeof listInventoryQuerySchema>;
export const inventoryPageSchema = pageSchema(inventoryItemSchema);

/** A movement of an item's ledger, newest first in its history. */
export const stockMovementSchema = z.object({
  id: z.number(),
  item_id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed: + in, − out. */
  change: z.number(),
  /** The stock after it. */
  balance: z.number(),
  /** The cost per unit of stock added, in cents; null otherwise; left out for a role that does not see money. */
  cost_per_unit_cents: z.optional(z.nullable(z.number())),
  reason: z.nullable(z.enum(REMOVAL_REASONS)),
  note: z.nullable(z.string()),
  user_id: z.nullable(z.number()),
  user_name: z.nullable(z.string()),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementPageSchema = pageSchema(stockMovementSchema);
/** GET /api/inventory/{id}/movements: newest first, 10 a page. */
export const listMovementsQuerySchema = listQuerySchema(['date'] as const, {
  order: z._default(enumField(SORT_ORDERS, () => m.orderInvalid), 'desc'),
});

/** The answer of a removal or a restock: the item as it is now, and the low-stock warning, if any. */
export const stockChangeSchema = z.object({ item: inventoryItemSchema, movement: stockMovementSchema, warning: z.nullable(z.string()) });
export type StockChange = z.infer<typeof stockChangeSchema>;

/** GET /api/inventory/stats, summed in SQL. */
export const inventoryStatsSchema = z.object({
  items: z.number(),
  /** Left out for a role that does not see money. */
  stock_value_cents: z.optional(z.number()),
  low_stock_count: z.number(),
  /** The items to restock (at or below their reorder level), the lowest share of their level first; at most 10. */
  low_stock: z.array(
    z.object({ id: z.number(), item_name: z.string(), quantity: z.number(), unit: z.enum(INVENTORY_UNITS), reorder_level: z.number() }),
  ),
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;

/** What a client sends to create an item; cost_per_unit in shillings. */
export interface InventoryItemBody {
  item_name: string;
  flock_id: number;
  quantity: number;
  unit?: InventoryUnit;
  reorder_level: number;
  cost_per_unit: number | string;
  kind?: InventoryKind;
  unit_weight_kg?: number | null;
}
