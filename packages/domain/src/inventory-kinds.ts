/**
 * What an inventory item is (decision 070): feed, a vaccine or drug, litter, equipment or other, and for
 * feed the weight of one unit in kg. Without zod, and apart from inventory-rules.ts so a screen that
 * only names a kind does not load the inventory's words (decision 068).
 */
import { QUANTITY_DECIMALS_MAX } from './common/money.js';
import { words, type Catalogues } from './common/words.js';

/** The stored codes. 'medicine' is a vaccine or a drug. */
export const INVENTORY_KINDS = ['feed', 'medicine', 'litter', 'equipment', 'other'] as const;
export type InventoryKind = (typeof INVENTORY_KINDS)[number];
/** Other spellings of a kind a client may send. */
export const INVENTORY_KIND_ALIASES: Record<string, InventoryKind> = {
  feeds: 'feed',
  vaccine: 'medicine',
  vaccines: 'medicine',
  drug: 'medicine',
  drugs: 'medicine',
  medicines: 'medicine',
  bedding: 'litter',
};

export const INVENTORY_KIND_LABELS: Record<InventoryKind, string> = words(
  'inventoryKinds',
  { feed: 'Feed', medicine: 'Vaccine or drug', litter: 'Litter', equipment: 'Equipment', other: 'Other' },
  { sw: () => import('./sw/inventory-kinds.js') as Promise<Catalogues> },
);

/**
 * The words of an item's name that tell its kind, the first kind that matches winning (a
 * 'Feeder' is equipment, a 'Layers vitamin' a medicine, before 'feed' and 'layer' say feed).
 * Matched anywhere in the name, in any case. Migration 0036 classed the items it found with the
 * same words in a CASE of its own (its test checks the two agree).
 */
export const INVENTORY_KIND_NAME_WORDS: readonly (readonly [InventoryKind, readonly string[]])[] = [
  ['equipment', ['feeder', 'drinker', 'waterer', 'heater', 'brooder', 'lamp', 'bulb', 'crate', 'bucket', 'tray']],
  ['medicine', ['vaccine', 'drug', 'dewormer', 'antibiotic', 'vitamin', 'medicine', 'dawa', 'chanjo']],
  ['litter', ['shavings', 'litter', 'sawdust', 'maranda']],
  ['feed', ['feed', 'mash', 'pellet', 'crumb', 'grower', 'layer', 'starter', 'finisher', 'chakula']],
];

/** The kind an item's name gives ('Layers mash' → feed, 'Newcastle vaccine' → medicine), else 'other'. */
export function kindOfItemName(name: string): InventoryKind {
  const lower = name.toLowerCase();
  for (const [kind, names] of INVENTORY_KIND_NAME_WORDS) if (names.some((word) => lower.includes(word))) return kind;
  return 'other';
}

/** A bag heavier than this is a typing slip. */
export const MAX_UNIT_WEIGHT_KG = 1_000;

export const inventoryKindMessages = words(
  'inventoryKindMessages',
  {
    selectKind: 'Choose feed, vaccine or drug, litter, equipment or other.',
    unitWeightInvalid: 'The weight of one unit must be a number of kg.',
    unitWeightPositive: 'The weight of one unit must be greater than 0.',
    unitWeightTooLarge: 'The weight of one unit cannot be more than 1,000 kg.',
    unitWeightDecimals: `The weight of one unit can have at most ${QUANTITY_DECIMALS_MAX} decimal places.`,
    // The item dialog and the list (the inventory's lazily loaded parts).
    kindLabel: 'Kind',
    /** One of the item's unit, as a price reads it: 'Weight of one bag (kg)'. */
    unitWeightLabel: (one: string) => `Weight of one ${one} (kg)`,
    unitWeightHint: 'A bag of feed is often 50 or 70 kg. Leave it empty if you do not know.',
    /** The weight of one unit, written with its decimals: '50 kg a bag'. */
    weightPer: (kg: string, one: string) => `${kg} kg a ${one}`,
  },
  { sw: () => import('./sw/inventory-kinds.js') as Promise<Catalogues> },
);

/** What is wrong with the weight of one unit in kg (above 0, at most 1,000, 3 decimals), or null. */
export function unitWeightProblem(kg: number): string | null {
  const m = inventoryKindMessages;
  if (typeof kg !== 'number' || !Number.isFinite(kg)) return m.unitWeightInvalid;
  if (kg <= 0) return m.unitWeightPositive;
  if (kg > MAX_UNIT_WEIGHT_KG) return m.unitWeightTooLarge;
  const match = /^\d+(?:\.(\d+))?$/.exec(String(kg));
  if (!match || (match[1]?.length ?? 0) > QUANTITY_DECIMALS_MAX) return m.unitWeightDecimals;
  return null;
}

/**
 * The weight of one unit as stored: an item counted in kg weighs 1 kg a unit, whatever was sent;
 * another unit's weight is what was sent, or null (unknown).
 */
export function storedUnitWeightKg(unit: string, sent: number | null | undefined): number | null {
  if (unit === 'kg') return 1;
  return sent ?? null;
}
