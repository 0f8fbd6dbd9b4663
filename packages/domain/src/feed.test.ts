import { describe, expect, it } from 'vitest';
import { createFeedRecordSchema, updateFeedRecordSchema } from './feed.js';
import { feedCostCents, feedDateProblem, feedDrawProblem, feedKg, feedMessages, feedQuantityProblem } from './feed-rules.js';
import { createInventoryItemSchema } from './inventory.js';
import { INVENTORY_KIND_NAME_WORDS, INVENTORY_KINDS, inventoryKindMessages, kindOfItemName, storedUnitWeightKg, unitWeightProblem } from './inventory-kinds.js';
import { inventoryMessages } from './inventory-rules.js';

/** Names and the kind each gives (the migration's CASE is checked against kindOfItemName in apps/server/src/features/feed/inventory-kinds-migration.test.ts). */
const KIND_EXAMPLES: [string, string][] = [
  ['Layers mash', 'feed'],
  ['Chick crumbs', 'feed'],
  ['Growers pellets', 'feed'],
  ['Broiler starter', 'feed'],
  ['Dairy meal feed', 'feed'],
  ['LAYER MASH 70KG', 'feed'],
  ['Newcastle vaccine', 'medicine'],
  ['Gumboro Vaccine', 'medicine'],
  ['Dewormer (Piperazine)', 'medicine'],
  ['Antibiotic powder', 'medicine'],
  ['Layers vitamin', 'medicine'],
  ['Wood shavings', 'litter'],
  ['Sawdust', 'litter'],
  ['Deep litter', 'litter'],
  ['Chick feeder', 'equipment'],
  ['Drinker 5L', 'equipment'],
  ['Brooder lamp', 'equipment'],
  ['Egg trays', 'equipment'],
  ['Disinfectant', 'other'],
  ['Maize bran', 'other'],
  ['Gloves', 'other'],
];

describe('kindOfItemName (decision 070)', () => {
  it.each(KIND_EXAMPLES)('%s is %s', (name, kind) => {
    expect(kindOfItemName(name)).toBe(kind);
  });

  it('names only known kinds, and never other (the default)', () => {
    for (const [kind] of INVENTORY_KIND_NAME_WORDS) expect(INVENTORY_KINDS).toContain(kind);
    expect(INVENTORY_KIND_NAME_WORDS.map(([kind]) => kind)).not.toContain('other');
  });
});

describe('the weight of one unit', () => {
  it('is above 0, at most 1,000 kg, with up to 3 decimals', () => {
    expect(unitWeightProblem(50)).toBeNull();
    expect(unitWeightProblem(0.025)).toBeNull();
    expect(unitWeightProblem(0)).toBe(inventoryKindMessages.unitWeightPositive);
    expect(unitWeightProblem(-5)).toBe(inventoryKindMessages.unitWeightPositive);
    expect(unitWeightProblem(1_000.5)).toBe(inventoryKindMessages.unitWeightTooLarge);
    expect(unitWeightProblem(1.0005)).toBe(inventoryKindMessages.unitWeightDecimals);
    expect(unitWeightProblem(Number.NaN)).toBe(inventoryKindMessages.unitWeightInvalid);
  });

  it('is 1 for an item counted in kg, else what was sent or unknown', () => {
    expect(storedUnitWeightKg('kg', 50)).toBe(1);
    expect(storedUnitWeightKg('kg', undefined)).toBe(1);
    expect(storedUnitWeightKg('bags', 70)).toBe(70);
    expect(storedUnitWeightKg('bags', undefined)).toBeNull();
    expect(storedUnitWeightKg('litres', null)).toBeNull();
  });

  it('an item’s schema takes kind aliases and a weight as text; no kind stays absent (the name decides on the server)', () => {
    const base = { item_name: 'Layers mash', flock_id: 1, quantity: 2, unit: 'bags', reorder_level: 1, cost_per_unit: 10 };
    expect(createInventoryItemSchema.parse({ ...base, kind: 'Vaccine', unit_weight_kg: '50' })).toMatchObject({ kind: 'medicine', unit_weight_kg: 50 });
    expect(createInventoryItemSchema.parse(base).kind).toBeUndefined();
    expect(createInventoryItemSchema.parse({ ...base, unitWeightKg: '' }).unit_weight_kg).toBeNull();
    expect(createInventoryItemSchema.safeParse({ ...base, kind: 'toys' }).error?.issues[0]?.message).toBe(inventoryKindMessages.selectKind);
  });
});

describe('feed use rules', () => {
  it('a quantity is above 0 and whole for bags, doses and pieces; kg and litres take 3 decimals', () => {
    expect(feedQuantityProblem(2, 'bags')).toBeNull();
    expect(feedQuantityProblem(12.5, 'kg')).toBeNull();
    expect(feedQuantityProblem(1.5, 'bags')).toBe(inventoryMessages.quantityWhole('bags'));
    expect(feedQuantityProblem(1.5, 'pieces')).toBe(inventoryMessages.quantityWhole('pieces'));
    expect(feedQuantityProblem(0, 'kg')).toBe(inventoryMessages.quantityPositive);
    expect(feedQuantityProblem(-1, 'kg')).toBe(inventoryMessages.quantityPositive);
    expect(feedQuantityProblem(Number.NaN, 'kg')).toBe(inventoryMessages.quantityInvalid);
    expect(feedQuantityProblem(1.0001, 'kg')).toBe(inventoryMessages.quantityDecimals);
  });

  it('more than the stock is the inventory’s own refusal', () => {
    expect(feedDrawProblem(3, 3)).toBeNull();
    expect(feedDrawProblem(4, 3)).toBe('Cannot remove more than available. Stock: 3');
    expect(feedDrawProblem(4, 1234.5)).toBeNull();
  });

  it('a day is not after the farm’s today nor before the flock’s first day', () => {
    expect(feedDateProblem('2026-12-07', '2026-12-07', '2026-11-01')).toBeNull();
    expect(feedDateProblem('2026-11-01', '2026-12-07', '2026-11-01')).toBeNull();
    expect(feedDateProblem('2026-12-08', '2026-12-07', '2026-11-01')).toBe(feedMessages.dateFuture);
    expect(feedDateProblem('2026-10-31', '2026-12-07', '2026-11-01')).toBe(feedMessages.dateBeforeFlock('2026-11-01'));
  });

  it('kg is quantity × the weight of one unit, to the gram, or null; the cost is quantity × cost per unit, half up', () => {
    expect(feedKg(3, 70)).toBe(210);
    expect(feedKg(2.5, 1)).toBe(2.5);
    expect(feedKg(0.001, 0.001)).toBe(0);
    expect(feedKg(3, null)).toBeNull();
    expect(feedCostCents(3, 320_000)).toBe(960_000);
    expect(feedCostCents(0.333, 1_000)).toBe(333);
    expect(feedCostCents(0.5, 1)).toBe(1);
  });

  it('the create’s schema reads numbers sent as text and keeps only its fields', () => {
    expect(createFeedRecordSchema.parse({ item_id: '4', date: '2026-12-01', quantity: '2', farm_id: 9 })).toEqual({ item_id: 4, date: '2026-12-01', quantity: 2 });
    const issues = (body: unknown) => createFeedRecordSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ item_id: 4, date: '2026-12-01', quantity: 0 })).toEqual([['quantity', inventoryMessages.quantityPositive]]);
    expect(issues({ item_id: 4, date: '2026-12-01', quantity: 'two' })).toEqual([['quantity', inventoryMessages.quantityInvalid]]);
    expect(issues({ item_id: 4, date: '2026-12-01', quantity: -3 })).toEqual([['quantity', inventoryMessages.quantityPositive]]);
    expect(issues({ item_id: 4, date: 'yesterday', quantity: 1 })).toEqual([['date', feedMessages.dateInvalid]]);
    expect(issues({ date: '2026-12-01', quantity: 1 })).toEqual([['item_id', feedMessages.selectItem]]);
  });

  it('an edit takes any of the three, and refuses none', () => {
    expect(updateFeedRecordSchema.parse({ quantity: 3 })).toEqual({ quantity: 3 });
    expect(updateFeedRecordSchema.safeParse({ note: 'x' }).error?.issues[0]?.message).toBe(feedMessages.nothingToUpdate);
  });
});
