import { words, type Catalogues } from './common/words.js';

/** The two egg lists' words (they load below the first screen), in a module of their own (decision 068). */
export const eggListWords = words(
  'eggLists',
  {
    edit: (what: string) => `Edit ${what}`,
    delete: (what: string) => `Delete ${what}`,
    productionWhat: (flock: string, day: string) => `production of ${flock} on ${day}`,
    /** `type` is the adjustment's label in small letters. */
    adjustmentWhat: (type: string, flock: string, day: string) => `${type} of ${flock} on ${day}`,
    date: 'Date',
    flock: 'Flock',
    eggs: 'Eggs',
    trays: 'Trays',
    revenue: 'Revenue',
    type: 'Type',
    notes: 'Notes',
    actions: 'Actions',
    /** A production card's count; the English says "eggs" whatever the count. */
    eggsLine: (eggs: number, shown: string) => `${shown} eggs`,
    records: (n: number, shown: string) => `${shown} ${n === 1 ? 'record' : 'records'}`,
    productionTitle: 'Egg Production List',
    searchProduction: 'Search production',
    productionPlaceholder: 'Flock name or date (2026-03-05)',
    productionTable: 'Egg production records',
    productionLoading: 'Loading egg production',
    productionFailed: 'Egg production could not be loaded. Please try again.',
    noProductionMatch: (q: string) => `No egg production matches "${q}".`,
    productionPages: 'Egg production pages',
    deleteProduction: 'Delete egg production',
    crates: (n: number, shown: string, eggs: string) => `${shown} ${n === 1 ? 'crate' : 'crates'} (${eggs})`,
    adjustments: (n: number, shown: string) => `${shown} ${n === 1 ? 'adjustment' : 'adjustments'}`,
    adjustmentTitle: 'Egg Adjustments List',
    searchAdjustments: 'Search adjustments',
    adjustmentPlaceholder: 'Flock, type, notes or date',
    adjustmentTable: 'Egg adjustments',
    adjustmentLoading: 'Loading egg adjustments',
    noAdjustmentMatch: (q: string) => `No egg adjustment matches "${q}".`,
    adjustmentPages: 'Egg adjustment pages',
    deleteAdjustment: 'Delete egg adjustment',
    /** The start of the delete dialog's line: "Breakage of Layers A". */
    adjustmentOf: (type: string, flock: string) => `${type} of ${flock}`,
  },
  { sw: () => import('./sw/egg-list-words.js') as Promise<Catalogues> },
);
