import { describe, expect, it } from 'vitest';
import { moneyMessages } from './common/money.js';
import { formatQuantity } from './common/numbers.js';
import {
  createInventoryItemSchema,
  listInventoryQuerySchema,
  removeStockSchema,
  restockSchema,
  updateInventoryItemSchema,
} from './inventory.js';
import {
  fallsBelowReorder,
  inventoryMessages,
  isLowStock,
  isWholeUnit,
  lowStockWarning,
  quantityProblem,
  removalProblem,
  reorderLevelProblem,
  stockAfter,
  stockValueCents,
} from './inventory-rules.js';

const m = inventoryMessages;

function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success) return {};
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('stock removal (docs/product.md §5)', () => {
  it('takes at least 1 and at most the stock', () => {
    expect(removalProblem(1, 10, 'bags')).toBeNull();
    expect(removalProblem(10, 10, 'bags')).toBeNull();
    expect(removalProblem(0, 10, 'bags')).toBe(m.removalMin);
    expect(removalProblem(0.5, 10, 'kg')).toBe(m.removalMin);
    expect(removalProblem(11, 10, 'bags')).toBe('Cannot remove more than available. Stock: 10');
    expect(removalProblem(1500, 1234.5, 'kg')).toBe('Cannot remove more than available. Stock: 1,234.5');
  });

  it('counts bags, doses and pieces whole, kilograms and litres to the gram', () => {
    expect(removalProblem(1.5, 10, 'bags')).toBe(m.quantityWhole('bags'));
    expect(removalProblem(1.5, 10, 'kg')).toBeNull();
    expect(removalProblem(1.2345, 10, 'litres')).toBe(m.quantityDecimals);
    expect(isWholeUnit('doses')).toBe(true);
    expect(isWholeUnit('litres')).toBe(false);
  });

  it('leaves exact thousandths', () => {
    expect(stockAfter(2.1, -1.2)).toBe(0.9);
    expect(stockAfter(10, -10)).toBe(0);
    expect(stockAfter(0.3, 0.6)).toBe(0.9);
  });
});

describe('the low-stock rule at the boundary', () => {
  it('warns when what is left falls below the reorder level, not at it', () => {
    expect(lowStockWarning(4, 5)).toBe('Low stock: 4 left. Reorder at 5.');
    expect(lowStockWarning(5, 5)).toBeNull();
    expect(lowStockWarning(0, 5)).toBe('Low stock: 0 left. Reorder at 5.');
    expect(lowStockWarning(1999.5, 2000)).toBe('Low stock: 1,999.5 left. Reorder at 2,000.');
  });

  it('lists an item at or below its level for restocking', () => {
    expect(isLowStock(5, 5)).toBe(true);
    expect(isLowStock(4, 5)).toBe(true);
    expect(isLowStock(6, 5)).toBe(false);
  });

  it('publishes once, on the change that crosses below', () => {
    expect(fallsBelowReorder(6, 4, 5)).toBe(true);
    expect(fallsBelowReorder(5, 4, 5)).toBe(true);
    expect(fallsBelowReorder(4, 3, 5)).toBe(false);
    expect(fallsBelowReorder(6, 5, 5)).toBe(false);
  });
});

describe('stock value in cents', () => {
  it('is quantity × cost, rounded half up, refused past the maximum', () => {
    expect(stockValueCents(12, 350_000)).toBe(4_200_000);
    expect(stockValueCents(2.675, 100)).toBe(268);
    expect(stockValueCents(0, 100)).toBe(0);
    expect(stockValueCents(10_000_000, 100_000_000)).toBeNull();
  });

  it('writes quantities as en-KE does', () => {
    expect(formatQuantity(1234567.25)).toBe('1,234,567.25');
    expect(formatQuantity(12)).toBe('12');
  });
});

describe('item fields', () => {
  it('refuse each product case with its words', () => {
    expect(quantityProblem(0, 'kg')).toBe(m.quantityPositive);
    expect(quantityProblem(-1, 'kg')).toBe(m.quantityPositive);
    expect(quantityProblem(2.5, 'pieces')).toBe(m.quantityWhole('pieces'));
    expect(quantityProblem(10_000_001, 'kg')).toBe(m.quantityTooLarge);
    expect(reorderLevelProblem(0, 'kg')).toBe(m.reorderPositive);
    expect(reorderLevelProblem(1.5, 'doses')).toBe(m.reorderWhole('doses'));
  });
});

describe('the inventory schemas', () => {
  const valid = { item_name: ' Layers mash ', flock_id: 2, quantity: 12, unit: 'Bags', reorder_level: 5, cost_per_unit: 3500 };

  it("take the product's item: names trimmed, units in any spelling, cost to cents", () => {
    expect(createInventoryItemSchema.parse(valid)).toEqual({ ...valid, item_name: 'Layers mash', unit: 'bags', cost_per_unit: 350_000 });
    expect(
      createInventoryItemSchema.parse({ itemName: 'Newcastle vaccine', flockId: '2', quantity: '100', reorderLevel: '20', costPerUnit: '12.50', unit: 'dose' }),
    ).toEqual({ item_name: 'Newcastle vaccine', flock_id: 2, quantity: 100, unit: 'doses', reorder_level: 20, cost_per_unit: 1250 });
    // The product's client sends no unit.
    expect(createInventoryItemSchema.parse({ ...valid, unit: undefined }).unit).toBe('pieces');
  });

  it('say docs/product.md §5 words for each field', () => {
    expect(problems(createInventoryItemSchema.safeParse({}))).toEqual({
      item_name: m.nameTooShort,
      flock_id: m.selectFlock,
      quantity: m.quantityPositive,
      reorder_level: m.reorderPositive,
      cost_per_unit: m.costPositive,
    });
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, item_name: 'ab', quantity: 0, reorder_level: -1, cost_per_unit: 0 }))).toEqual({
      item_name: m.nameTooShort,
      quantity: m.quantityPositive,
      reorder_level: m.reorderPositive,
      cost_per_unit: m.costPositive,
    });
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, item_name: 'x'.repeat(10_000) })).item_name).toBe(m.nameTooLong);
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, quantity: 2.5 })).quantity).toBe(m.quantityWhole('bags'));
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, unit: 'kg', quantity: 2.5 })).quantity).toBeUndefined();
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, cost_per_unit: 1.234 })).cost_per_unit).toBe(moneyMessages.amountDecimals);
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, unit: 'crates' })).unit).toBe(m.selectUnit);
    expect(problems(createInventoryItemSchema.safeParse({ ...valid, unit: 'kg', quantity: 9_000_000, cost_per_unit: 100_000 })).quantity).toBe(
      m.valueTooLarge,
    );
  });

  it('take the full item on an update, with a note for a correction', () => {
    expect(updateInventoryItemSchema.parse({ ...valid, ID: 7, note: ' counted again ' })).toMatchObject({ note: 'counted again', quantity: 12 });
  });

  it('take a removal of at least 1 with an optional reason', () => {
    expect(removeStockSchema.parse({ quantity: '2', reason: 'Spoiled' })).toEqual({ quantity: 2, reason: 'spoiled' });
    expect(problems(removeStockSchema.safeParse({ quantity: '' })).quantity).toBe(m.removalMin);
    expect(problems(removeStockSchema.safeParse({ quantity: 3, reason: 'eaten' })).reason).toBe(m.selectReason);
  });

  it('take a restock at an optional new cost', () => {
    expect(restockSchema.parse({ quantity: 10, costPerUnit: 3600 })).toEqual({ quantity: 10, cost_per_unit: 360_000 });
    expect(restockSchema.parse({ quantity: 10 })).toEqual({ quantity: 10 });
    expect(problems(restockSchema.safeParse({ quantity: 0 })).quantity).toBe(m.quantityPositive);
  });

  it('list by name, with the items to restock on request', () => {
    expect(listInventoryQuerySchema.parse({})).toMatchObject({ sort: 'name', order: 'asc', pageSize: 10 });
    expect(listInventoryQuerySchema.parse({ low_stock: 'true', sort: 'value' })).toMatchObject({ low_stock: true, sort: 'value' });
  });
});
