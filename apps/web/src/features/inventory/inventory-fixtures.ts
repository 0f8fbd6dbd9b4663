import type { InventoryItem, InventoryStats, StockMovement } from '@kuku/domain';

// Test data for the inventory components' tests (imported by *.test.tsx only).

export function makeItem(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id: 31,
    item_name: 'Layers mash',
    flock_id: 7,
    flock_name: 'Shamba A',
    quantity: 12,
    unit: 'bags',
    kind: 'feed',
    unit_weight_kg: 50,
    reorder_level: 5,
    cost_per_unit: 3500,
    cost_per_unit_cents: 350_000,
    value_cents: 4_200_000,
    low_stock: false,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

export function makeStats(overrides: Partial<InventoryStats> = {}): InventoryStats {
  return {
    items: 4,
    stock_value_cents: 5_123_450,
    low_stock_count: 1,
    low_stock: [{ id: 32, item_name: 'Newcastle vaccine', quantity: 2, unit: 'doses', reorder_level: 10 }],
    ...overrides,
  };
}

export function makeMovement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id: 501,
    item_id: 31,
    kind: 'removed',
    change: -3,
    balance: 12,
    cost_per_unit_cents: null,
    reason: 'used',
    note: null,
    user_id: 1,
    user_name: 'wanjiku',
    created_at: '2026-03-05T09:30:00.000Z',
    ...overrides,
  };
}

export const itemPage = (items: InventoryItem[], total = items.length) => ({ body: { items, total, page: 1, pageSize: 10 } });
