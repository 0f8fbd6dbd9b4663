/**
 * The sale dialog's words (new sale, edit sale): only the dialog's lazy chunk reads them, so the
 * sales screen's first screen does not carry them (docs/design.md §9 budget, decision 068).
 */
import { words, type Catalogues } from './common/words.js';

export const saleDialogWords = words(
  'saleDialog',
  {
    updateSale: 'Update Sale',
    saveSale: 'Save Sale',
    /** 'No flocks yet. [Add a flock] first, then record its sales here.', the link in the middle. */
    noFlocks: 'No flocks yet.',
    addFlock: 'Add a flock',
    noFlocksAfter: 'first, then record its sales here.',
    flock: 'Flock',
    selectFlock: 'Select a flock',
    category: 'Category',
    selectCategory: 'Select a category',
    product: 'Product',
    productPlaceholder: 'e.g. Grade A eggs',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price (Ksh)',
    amount: 'Amount',
    saleType: 'Sale type',
    status: 'Status',
    selectStatus: 'Select a status',
    date: 'Date',
    description: 'Description',
    descriptionHint: 'Optional: the buyer, a note',
    cancel: 'Cancel',
    /** The saved popup's line: 'S-000123: 12 Crates of Grade A eggs, Ksh 5,400.00' (each part already written). */
    savedLine: (ref: string, quantity: string, product: string, amount: string) => `${ref}: ${quantity} of ${product}, ${amount}`,
  },
  { sw: () => import('./sw/sales-dialog-words.js') as Promise<Catalogues> },
);
