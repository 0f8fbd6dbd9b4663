import { stockAfter, storedUnitWeightKg, type InventoryKind, type InventoryUnit, type RemovalReason } from '@kuku/domain';
import { type inventoryItems, type inventoryMovements } from '../../db/schema/index.js';
import { DAY_MS } from './shared.js';

/**
 * What a farm keeps in store: name, unit, reorder level, cost per unit in cents, how much goes out a week and comes in a
 * delivery, its kind, and for a feed bag its weight in kg.
 */
export interface StoreItem {
  name: string;
  unit: InventoryUnit;
  reorder: number;
  costCents: number;
  weekly: number;
  delivery: number;
  kind: InventoryKind;
  bagKg?: number;
}

export const STORE: StoreItem[] = [
  { name: 'Layers mash, 70 kg', unit: 'bags', reorder: 10, costCents: 360_000, weekly: 8, delivery: 40, kind: 'feed', bagKg: 70 },
  { name: 'Growers mash, 70 kg', unit: 'bags', reorder: 5, costCents: 330_000, weekly: 3, delivery: 20, kind: 'feed', bagKg: 70 },
  { name: 'Chick mash, 50 kg', unit: 'bags', reorder: 4, costCents: 290_000, weekly: 2, delivery: 12, kind: 'feed', bagKg: 50 },
  { name: 'Newcastle vaccine (Lasota)', unit: 'doses', reorder: 500, costCents: 500, weekly: 120, delivery: 1_000, kind: 'medicine' },
  { name: 'Gumboro vaccine', unit: 'doses', reorder: 400, costCents: 700, weekly: 90, delivery: 1_000, kind: 'medicine' },
  { name: 'Fowl pox vaccine', unit: 'doses', reorder: 200, costCents: 900, weekly: 40, delivery: 500, kind: 'medicine' },
  { name: 'Amprolium', unit: 'litres', reorder: 2, costCents: 150_000, weekly: 0.5, delivery: 5, kind: 'medicine' },
  { name: 'Dewormer (Piperazine)', unit: 'litres', reorder: 1, costCents: 120_000, weekly: 0.25, delivery: 3, kind: 'medicine' },
  { name: 'Vitamins and electrolytes', unit: 'kg', reorder: 2, costCents: 80_000, weekly: 0.75, delivery: 10, kind: 'medicine' },
  { name: 'Wood shavings (litter)', unit: 'bags', reorder: 15, costCents: 25_000, weekly: 10, delivery: 60, kind: 'litter' },
  { name: 'Disinfectant', unit: 'litres', reorder: 5, costCents: 45_000, weekly: 1.5, delivery: 20, kind: 'other' },
];
/**
 * The demo's store: the items above and the broiler batches' and the kienyeji flocks' feed (the demo's
 * flocks eat them all, feed.ts). The bench's stores cycle through STORE alone and stay as they were.
 */
export const DEMO_STORE: StoreItem[] = [
  ...STORE,
  { name: 'Broiler starter crumbs, 50 kg', unit: 'bags', reorder: 4, costCents: 380_000, weekly: 5, delivery: 20, kind: 'feed', bagKg: 50 },
  { name: 'Broiler finisher pellets, 50 kg', unit: 'bags', reorder: 6, costCents: 370_000, weekly: 10, delivery: 30, kind: 'feed', bagKg: 50 },
  { name: 'Kienyeji mash', unit: 'kg', reorder: 150, costCents: 5_200, weekly: 150, delivery: 300, kind: 'feed' },
];
/** The demo's item left below its reorder level (the Gumboro vaccine): the Inventory screen shows the warning at once. */
const LOW_ITEM = 4;

type ItemRow = typeof inventoryItems.$inferInsert;
export type MovementRow = typeof inventoryMovements.$inferInsert;

/** A quantity of `unit` as a farmer counts it: whole bags, doses and pieces, kilograms and litres to a tenth. */
const counted = (quantity: number, unit: InventoryUnit) =>
  unit === 'kg' || unit === 'litres' ? Math.max(0.1, Math.round(quantity * 10) / 10) : Math.max(1, Math.round(quantity));

/**
 * The store's items, each of a flock in turn, and their ledgers over the last year: the
 * first delivery a year ago, then stock out every few days (mostly used, now and then
 * spoiled, lost or sold) and a delivery whenever it fell to its reorder level. Each item's
 * quantity is its ledger's balance. Every item but the low one ends above its level.
 */
export function inventoryPlan(
  flockIds: number[],
  farmId: number,
  userId: number,
  items: number,
  movementsPerItem: number,
  now: Date,
  random: () => number,
  catalogue: readonly StoreItem[] = STORE,
): { items: ItemRow[]; movements: Omit<MovementRow, 'itemId'>[][] } {
  const itemRows: ItemRow[] = [];
  const ledgers: Omit<MovementRow, 'itemId'>[][] = [];
  const yearAgo = now.getTime() - 365 * DAY_MS;
  for (let i = 0; i < items; i++) {
    const kind = catalogue[i % catalogue.length] ?? STORE[0]!;
    const round = Math.floor(i / catalogue.length);
    const name = round === 0 ? kind.name : `${kind.name} #${round + 1}`;
    const step = (365 * DAY_MS) / Math.max(1, movementsPerItem);
    let stock = 0;
    let cost = Math.round((kind.costCents * (0.9 + random() * 0.2)) / 100) * 100;
    const ledger: Omit<MovementRow, 'itemId'>[] = [];
    const push = (at: number, kindOf: 'added' | 'removed' | 'corrected', change: number, reason: RemovalReason | null, costCents: number | null) => {
      stock = stockAfter(stock, change);
      const createdAt = new Date(Math.min(at, now.getTime()));
      ledger.push({ farmId, kind: kindOf, change, balance: stock, costPerUnitCents: costCents, reason, note: null, createdBy: userId, createdAt });
    };
    push(yearAgo, 'added', counted(kind.delivery, kind.unit), null, cost);
    for (let k = 1; k < movementsPerItem; k++) {
      const at = yearAgo + k * step + Math.floor(random() * 6) * 60 * 60 * 1000;
      if (stock <= kind.reorder) {
        cost = Math.round((cost * (1 + random() * 0.04)) / 100) * 100;
        push(at, 'added', counted(kind.delivery * (0.8 + random() * 0.4), kind.unit), null, cost);
        continue;
      }
      const roll = random();
      const reason: RemovalReason = roll < 0.85 ? 'used' : roll < 0.92 ? 'spoiled' : roll < 0.96 ? 'lost' : 'sold';
      const out = Math.min(stock, counted((kind.weekly * step * (0.6 + random() * 0.8)) / (7 * DAY_MS), kind.unit));
      push(at, 'removed', -out, reason, null);
    }
    const low = i === LOW_ITEM;
    if (low && stock >= kind.reorder) {
      // Taken to about a third of its level this morning: below it, not out.
      push(now.getTime() - 2 * 60 * 60 * 1000, 'removed', -stockAfter(stock, -counted(kind.reorder / 3, kind.unit)), 'used', null);
    } else if (!low && stock <= kind.reorder) {
      push(now.getTime() - 60 * 60 * 1000, 'added', counted(kind.delivery, kind.unit), null, cost);
    }
    const createdAt = ledger[0]?.createdAt ?? now;
    itemRows.push({
      farmId,
      flockId: flockIds[i % flockIds.length] ?? 0,
      createdBy: userId,
      updatedBy: userId,
      itemName: name,
      quantity: stock,
      unit: kind.unit,
      kind: kind.kind,
      unitWeightKg: storedUnitWeightKg(kind.unit, kind.bagKg),
      reorderLevel: kind.reorder,
      costPerUnitCents: cost,
      createdAt,
      updatedAt: ledger.at(-1)?.createdAt ?? createdAt,
    });
    ledgers.push(ledger);
  }
  return { items: itemRows, movements: ledgers };
}
