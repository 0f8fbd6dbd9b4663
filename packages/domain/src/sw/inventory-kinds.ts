/** Kiswahili of inventory-kinds.ts (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { INVENTORY_KIND_LABELS, inventoryKindMessages as englishMessages } from '../inventory-kinds.js';

export const inventoryKinds = {
  feed: 'Chakula cha kuku',
  medicine: 'Chanjo au dawa',
  litter: 'Maranda',
  equipment: 'Vifaa',
  other: 'Nyingine',
} satisfies Catalogue<typeof INVENTORY_KIND_LABELS>;

export const inventoryKindMessages = {
  selectKind: 'Chagua chakula, chanjo au dawa, maranda, vifaa au nyingine.',
  unitWeightInvalid: 'Uzito wa kipimo kimoja lazima uwe namba ya kilo.',
  unitWeightPositive: 'Uzito wa kipimo kimoja lazima uwe zaidi ya 0.',
  unitWeightTooLarge: 'Uzito wa kipimo kimoja hauwezi kuzidi kilo 1,000.',
  unitWeightDecimals: 'Uzito wa kipimo kimoja unaweza kuwa na desimali 3 tu.',
  kindLabel: 'Aina',
  unitWeightLabel: (one) => `Uzito wa kila ${one} (kg)`,
  unitWeightHint: 'Mfuko wa chakula mara nyingi ni kilo 50 au 70. Acha wazi kama hujui.',
  weightPer: (kg, one) => `kilo ${kg} kila ${one}`,
} satisfies Catalogue<typeof englishMessages>;
