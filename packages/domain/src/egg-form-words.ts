import { words, type Catalogues } from './common/words.js';

/** The production and adjustment dialogs' words (they load on first use), in a module of their own (decision 068). */
export const eggFormWords = words(
  'eggForms',
  {
    flock: 'Flock',
    selectFlock: 'Select a flock',
    date: 'Date',
    trays: 'Trays',
    traysNote: '30 eggs each',
    remainder: 'Remainder eggs',
    remainderNote: '0 to 29',
    totalPrompt: 'Total: enter trays and eggs',
    /** "= 65 eggs (2 trays + 5 eggs)": the count as shown, and traysText. */
    totalEggs: (eggs: number, shown: string, trays: string) => `= ${shown} eggs (${trays})`,
    totalRevenue: 'Total Revenue',
    editExisting: 'Edit existing record',
    cancel: 'Cancel',
    updating: 'Updating...',
    adding: 'Adding...',
    editProductionTitle: 'Edit Egg Production',
    addProductionTitle: 'Add New Production',
    updateProduction: 'Update Production',
    addProduction: 'Add Production',
    editAdjustmentTitle: 'Edit Egg Adjustment',
    addAdjustmentTitle: 'Add Egg Adjustment',
    type: 'Type',
    number: 'Number',
    unit: 'Unit',
    eggs: 'Eggs',
    crates: 'Crates',
    cratesNote: 'Crates are 30 eggs each',
    notes: 'Notes',
    optional: 'Optional',
    updateAdjustment: 'Update Adjustment',
    addAdjustment: 'Add Adjustment',
    // "No flocks yet. [Add a flock] first, then record its eggs here.": the link in the middle.
    noFlocks: 'No flocks yet.',
    addFlock: 'Add a flock',
    noFlocksThen: 'first, then record its eggs here.',
  },
  { sw: () => import('./sw/egg-form-words.js') as Promise<Catalogues> },
);
