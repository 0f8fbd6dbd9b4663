/**
 * Inventory rules, words and calculations, without zod: a screen that shows them does not
 * load the schemas (decision 017). The schemas are in inventory.ts.
 */
import { lineTotalCents, QUANTITY_DECIMALS_MAX, type Cents } from './common/money.js';
import { formatQuantity } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

/** The units an item is counted in (docs/product.md has none; farmers need one). */
export const INVENTORY_UNITS = ['kg', 'bags', 'doses', 'litres', 'pieces'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];
/** Other spellings of a unit. */
export const INVENTORY_UNIT_ALIASES: Record<string, InventoryUnit> = {
  kgs: 'kg',
  kilograms: 'kg',
  kilogram: 'kg',
  bag: 'bags',
  sacks: 'bags',
  sack: 'bags',
  dose: 'doses',
  litre: 'litres',
  liter: 'litres',
  liters: 'litres',
  l: 'litres',
  piece: 'pieces',
  pcs: 'pieces',
  units: 'pieces',
};
/** The unit of an item sent without one (the product's client sends none). */
export const DEFAULT_INVENTORY_UNIT: InventoryUnit = 'pieces';
export const INVENTORY_UNIT_LABELS: Record<InventoryUnit, string> = words('inventoryUnits', { kg: 'kg', bags: 'Bags', doses: 'Doses', litres: 'Litres', pieces: 'Pieces' }, { sw: () => import('./sw/inventory-rules.js') as Promise<Catalogues> });
/** One of a unit, as a price reads: 'per litre', 'per bag' (decision 054). */
export const INVENTORY_UNIT_ONE: Record<InventoryUnit, string> = words('inventoryUnitOne', { kg: 'kg', bags: 'bag', doses: 'dose', litres: 'litre', pieces: 'piece' }, { sw: () => import('./sw/inventory-rules.js') as Promise<Catalogues> });

/** One of a unit as an amount says it: '1 Bag' (the English amount's own; a catalogue says its own). */
const UNIT_ONE_LABELS: Record<InventoryUnit, string> = { kg: 'kg', bags: 'Bag', doses: 'Dose', litres: 'Litre', pieces: 'Piece' };

/** Why stock was removed. */
export const REMOVAL_REASONS = ['used', 'spoiled', 'lost', 'sold'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];
export const REMOVAL_REASON_LABELS: Record<RemovalReason, string> = words('removalReasons', { used: 'Used', spoiled: 'Spoiled', lost: 'Lost', sold: 'Sold' }, { sw: () => import('./sw/inventory-rules.js') as Promise<Catalogues> });

/** A stock movement of the item's ledger: added (a restock or the first stock), removed, or set by a correction. */
export const MOVEMENT_KINDS = ['added', 'removed', 'corrected'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = words('movementKinds', { added: 'Added', removed: 'Removed', corrected: 'Corrected' }, { sw: () => import('./sw/inventory-rules.js') as Promise<Catalogues> });

/** docs/product.md §9: the item list shows 10 a page. */
export const INVENTORY_PAGE_SIZE = 10;
/** docs/product.md §5: an item's name is at least 3 characters. */
export const ITEM_NAME_MIN = 3;
export const ITEM_NAME_MAX = 100;
export const MOVEMENT_NOTE_MAX = 500;
/** A quantity above this is a typing slip. */
export const MAX_INVENTORY_QUANTITY = 10_000_000;
/** docs/product.md §5: a removal takes at least this much. */
export const MIN_REMOVAL = 1;

export const inventoryMessages = words(
  'inventory',
  {
    // Screen (docs/product.md §2 Inventory).
    title: 'Inventory',
    updateInventory: 'Update Inventory',
    addNewItem: 'Add New Item',
    editItem: 'Edit Item',
    removeStock: 'Remove Stock',
    restock: 'Restock',
    itemList: 'Inventory Items',
    noItems: 'No inventory items yet.',
    unknownFlock: 'Unknown Flock',
    lowStockBadge: 'Low stock',
    statItems: 'Items',
    statStockValue: 'Stock value',
    statLowStock: 'At or below reorder level',
    history: 'Stock movements',
    noMovements: 'No stock movements yet.',
    adding: 'Adding...',
    updating: 'Updating...',
    saving: 'Saving...',
    // Fields (docs/product.md §5 Inventory item).
    nameTooShort: `Item name must be at least ${ITEM_NAME_MIN} characters long.`,
    nameTooLong: `Item name must be at most ${ITEM_NAME_MAX} characters.`,
    selectFlock: 'Please select a flock.',
    quantityPositive: 'Quantity must be greater than 0.',
    quantityInvalid: 'Quantity must be a number.',
    quantityTooLarge: 'Quantity cannot be more than 10,000,000.',
    quantityDecimals: `Quantity can have at most ${QUANTITY_DECIMALS_MAX} decimal places.`,
    /** 'Quantity must be a whole number of bags.' */
    quantityWhole: (unit: InventoryUnit) => `Quantity must be a whole number of ${unit}.`,
    reorderPositive: 'Reorder level must be greater than 0.',
    reorderInvalid: 'Reorder level must be a number.',
    reorderTooLarge: 'Reorder level cannot be more than 10,000,000.',
    reorderDecimals: `Reorder level can have at most ${QUANTITY_DECIMALS_MAX} decimal places.`,
    /** 'Reorder level must be a whole number of doses.' */
    reorderWhole: (unit: InventoryUnit) => `Reorder level must be a whole number of ${unit}.`,
    costPositive: 'Cost per unit must be greater than 0.',
    valueTooLarge: 'The stock value (quantity × cost per unit) must be at most Ksh 100,000,000.',
    selectUnit: 'Please select a unit.',
    selectReason: 'Choose used, spoiled, lost or sold.',
    noteTooLong: `A note must be at most ${MOVEMENT_NOTE_MAX} characters.`,
    idRequired: 'An update needs the item id.',
    notFound: 'Inventory item not found.',
    // Stock removal (docs/product.md §5).
    removalMin: `Remove at least ${MIN_REMOVAL}.`,
    /** docs/product.md §5: 'Cannot remove more than available. Stock: 12' */
    removalTooMuch: (stock: number) => `Cannot remove more than available. Stock: ${formatQuantity(stock)}`,
    /** docs/product.md §5: 'Low stock: 3 left. Reorder at 5.' */
    lowStock: (left: number, reorderLevel: number) => `Low stock: ${formatQuantity(left)} left. Reorder at ${formatQuantity(reorderLevel)}.`,
    // docs/product.md §8 Inventory.
    errorUpdating: 'Error updating inventory. Please try again.',
    errorSaving: 'An error occurred while saving the item.',
    added: 'Item added.',
    updated: 'Item updated.',
    deleted: 'Item deleted.',
    removed: 'Stock removed.',
    restocked: 'Stock added.',
    confirmDelete: 'Are you sure you want to delete this item? This action cannot be undone.',
    // The web screen's own words.
    welcomeTitle: "Let's Manage Your Inventory",
    welcomeText: 'Feed, vaccines, drugs and litter: what you have, what it cost, and what to restock.',
    /** The same for a role that does not see money (decision 051). */
    welcomeTextWithoutMoney: 'Feed, vaccines, drugs and litter: what you have and what to restock.',
    statsTitle: 'Inventory statistics',
    statsFailed: 'The statistics could not be loaded.',
    statItemsNote: 'Items in stock records',
    statValueNote: 'Quantity × cost per unit',
    statLowNote: 'Restock these soon',
    allStocked: 'Every item is above its reorder level.',
    restockOf: (name: string) => `Restock ${name}`,
    /** '3 Doses left · reorder at 10'. */
    stockOf: (quantity: string, unit: InventoryUnit, level: string) => `${quantity} ${INVENTORY_UNIT_LABELS[unit]} left · reorder at ${level}`,
    nameLabel: 'Item name',
    namePlaceholder: 'e.g. Layers mash',
    flockLabel: 'Flock',
    flockPlaceholder: 'Select a flock',
    noFlocks: 'Add a flock first: every item belongs to one.',
    addFlock: 'Add a flock',
    quantityLabel: 'Quantity',
    unitLabel: 'Unit',
    reorderLabel: 'Reorder level',
    newCostLabel: 'New cost per unit (Ksh, optional)',
    /** The cost's label once the unit is known: 'Cost per litre (Ksh)'. */
    costLabelFor: (unit: InventoryUnit) => `Cost per ${INVENTORY_UNIT_ONE[unit]} (Ksh)`,
    newCostLabelFor: (unit: InventoryUnit) => `New cost per ${INVENTORY_UNIT_ONE[unit]} (Ksh, optional)`,
    /** 'Ksh 350.00 per litre'. */
    costPer: (cost: string, unit: InventoryUnit) => `${cost} per ${INVENTORY_UNIT_ONE[unit]}`,
    /** The remove button's visible word (its name says which item). */
    removeShort: 'Remove',
    newCostHint: 'Leave blank to keep the current cost.',
    correctionNoteLabel: 'Why the quantity changed (optional)',
    removeQuantityLabel: 'Quantity to remove',
    reasonLabel: 'Reason',
    noReason: 'No reason given',
    noteLabel: 'Note (optional)',
    itemLabel: 'Item',
    itemPlaceholder: 'Select an item',
    selectItem: 'Please select an item.',
    noItemsToRestock: 'Add an item first, then record its stock here.',
    inStock: (quantity: string, unit: InventoryUnit) => `In stock: ${quantity} ${quantity === '1' ? UNIT_ONE_LABELS[unit] : INVENTORY_UNIT_LABELS[unit]}`,
    /** An amount of stock, its figure as formatQuantity writes it: '12 Bags', '1 Bag', '2.5 kg'. */
    amount: (quantity: string, unit: InventoryUnit) => `${quantity} ${quantity === '1' ? UNIT_ONE_LABELS[unit] : INVENTORY_UNIT_LABELS[unit]}`,
    addItem: 'Add Item',
    updateItem: 'Update Item',
    addStock: 'Add Stock',
    cancel: 'Cancel',
    close: 'Close',
    delete: 'Delete',
    deleteItem: 'Delete Item',
    formInvalid: 'Please correct the highlighted fields.',
    nothingToUpdate: 'Nothing has changed.',
    searchLabel: 'Search',
    searchPlaceholder: 'Item name or flock',
    nameColumn: 'Item',
    flockColumn: 'Flock',
    quantityColumn: 'Quantity',
    reorderColumn: 'Reorder level',
    costColumn: 'Cost per unit',
    valueColumn: 'Value',
    actionsColumn: 'Actions',
    listLoading: 'Loading inventory items',
    listFailed: 'The inventory could not be loaded.',
    listPages: 'Inventory pages',
    noMatch: (q: string) => `No items match “${q}”.`,
    itemCount: (count: number) => `${formatQuantity(count)} ${count === 1 ? 'item' : 'items'}`,
    detailsOf: (name: string) => `Details of ${name}`,
    editItemOf: (name: string) => `Edit ${name}`,
    removeStockOf: (name: string) => `Remove stock of ${name}`,
    deleteItemOf: (name: string) => `Delete ${name}`,
    detailsTitle: 'Item details',
    whenColumn: 'When',
    whoColumn: 'Who',
    changeColumn: 'Change',
    balanceColumn: 'Balance',
    whyColumn: 'Reason',
    movementsLoading: 'Loading stock movements',
    movementsFailed: 'The stock movements could not be loaded.',
    movementsPages: 'Stock movement pages',
    lowStockTitle: 'Low stock',
    // The list's query, checked by the server.
    orderInvalid: 'Order must be asc or desc.',
    lowStockFilterInvalid: 'Use true or false.',
  },
  { sw: () => import('./sw/inventory-rules.js') as Promise<Catalogues> },
);

/** Bags, doses and pieces are counted whole; kilograms and litres take up to 3 decimals. */
export function isWholeUnit(unit: InventoryUnit): boolean {
  return unit === 'bags' || unit === 'doses' || unit === 'pieces';
}

/** The decimals of a number as JSON writes it; null for an exponent form (1e-7, 1e21). */
function decimalsOf(value: number): number | null {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(String(value));
  return match ? (match[1]?.length ?? 0) : null;
}

type AmountWords = { positive: string; invalid: string; tooLarge: string; decimals: string; whole: (unit: InventoryUnit) => string };

// Read when asked, not when the module is evaluated: a Kiswahili page's catalogue arrives after that.
const quantityWords = (): AmountWords => ({
  positive: inventoryMessages.quantityPositive,
  invalid: inventoryMessages.quantityInvalid,
  tooLarge: inventoryMessages.quantityTooLarge,
  decimals: inventoryMessages.quantityDecimals,
  whole: inventoryMessages.quantityWhole,
});
const reorderWords = (): AmountWords => ({
  positive: inventoryMessages.reorderPositive,
  invalid: inventoryMessages.reorderInvalid,
  tooLarge: inventoryMessages.reorderTooLarge,
  decimals: inventoryMessages.reorderDecimals,
  whole: inventoryMessages.reorderWhole,
});

function amountProblem(value: number, unit: InventoryUnit, words: AmountWords): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return words.invalid;
  if (value <= 0) return words.positive;
  if (value > MAX_INVENTORY_QUANTITY) return words.tooLarge;
  const decimals = decimalsOf(value);
  if (decimals === null || decimals > QUANTITY_DECIMALS_MAX) return words.decimals;
  if (decimals > 0 && isWholeUnit(unit)) return words.whole(unit);
  return null;
}

/** What is wrong with an item's quantity (above 0, whole for bags, doses and pieces), or null. */
export function quantityProblem(quantity: number, unit: InventoryUnit): string | null {
  return amountProblem(quantity, unit, quantityWords());
}

/** What is wrong with a reorder level (above 0, whole for bags, doses and pieces), or null. */
export function reorderLevelProblem(level: number, unit: InventoryUnit): string | null {
  return amountProblem(level, unit, reorderWords());
}

/**
 * docs/product.md §5: a removal is at least 1 and at most the stock; the words for what is wrong with it,
 * or null. The server asks this again on the row it has locked.
 */
export function removalProblem(quantity: number, stock: number, unit: InventoryUnit): string | null {
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return inventoryMessages.quantityInvalid;
  if (quantity < MIN_REMOVAL) return inventoryMessages.removalMin;
  const problem = quantityProblem(quantity, unit);
  if (problem && problem !== inventoryMessages.quantityTooLarge) return problem;
  if (quantity > stock) return inventoryMessages.removalTooMuch(stock);
  return null;
}

/** Stock left after taking `removed` from `stock`, exact to the thousandth (2.1 − 1.2 is 0.9, not 0.8999…). */
export function stockAfter(stock: number, change: number): number {
  return Math.round((stock + change) * 1000) / 1000;
}

/** The list's badge and the statistics: an item at or below its reorder level wants restocking. */
export function isLowStock(quantity: number, reorderLevel: number): boolean {
  return quantity <= reorderLevel;
}

/**
 * docs/product.md §5: the warning after a removal when what is left falls below the reorder level
 * ('Low stock: 3 left. Reorder at 5.'), else null. It is also the `low_stock` event's text.
 */
export function lowStockWarning(left: number, reorderLevel: number): string | null {
  return left < reorderLevel ? inventoryMessages.lowStock(left, reorderLevel) : null;
}

/** Whether a change of stock takes it from at or above the reorder level to below it (the low_stock event). */
export function fallsBelowReorder(before: number, after: number, reorderLevel: number): boolean {
  return before >= reorderLevel && after < reorderLevel;
}

/** An item's stock value: quantity × cost per unit, in cents rounded half up (null past the maximum). */
export function stockValueCents(quantity: number, costPerUnitCents: Cents): Cents | null {
  const total = lineTotalCents(quantity, costPerUnitCents);
  return total.ok ? total.cents : null;
}
