/**
 * The words of the feed dialog and of a flock's feed list (decision 070): only those lazily loaded
 * parts of the flock's details overlay carry them, so no screen's first load grows (decisions 068, 069).
 */
import { words, type Catalogues } from './common/words.js';

export const feedWords = words(
  'feedWords',
  {
    // The dialog.
    recordFeed: 'Record feed',
    editRecord: 'Edit feed record',
    itemLabel: 'Feed',
    itemPlaceholder: 'Choose a feed',
    /** An item of the picker, its stock already written with its unit: 'Layers mash (in stock: 12 Bags)'. */
    itemOption: (name: string, stock: string) => `${name} (in stock: ${stock})`,
    dateLabel: 'Date',
    /** The quantity in the item's unit, its label written: 'Quantity (Bags)'. */
    quantityLabel: (unit: string) => `Quantity (${unit})`,
    /** The kg a quantity weighs, written with its decimals. */
    weighs: (kg: string) => `That is ${kg} kg.`,
    /** What the store keeps after this record, written with its unit: '8 Bags'. */
    leftAfter: (left: string) => `Left in the store after this: ${left}`,
    usual: 'Filled in as last time.',
    noFeedItems: 'The store has no feed yet. Add an item of kind Feed on the inventory screen first.',
    openInventory: 'Open inventory',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    recorded: 'Feed recorded',
    /** The toast: the flock, the amount with its unit, the item and the stock left with its unit. */
    recordedText: (flock: string, amount: string, item: string, left: string) => `Fed to ${flock}: ${amount} of ${item}. Left in the store: ${left}.`,
    updated: 'Feed record updated',
    deleted: 'Feed record deleted',
    errorSaving: 'Could not save the feed record.',
    errorDeleting: 'Could not delete the feed record.',
    // The flock's list.
    sectionTitle: 'Feed given',
    listLabel: 'Feed records',
    loading: 'Loading feed records...',
    loadFailed: 'The feed records could not be loaded.',
    none: 'No feed recorded for this flock yet.',
    /** kg written with its decimals. */
    kg: (kg: string) => `${kg} kg`,
    /** A record's cost, written in shillings. */
    cost: (amount: string) => `Cost ${amount}`,
    /** The latest records shown of all. */
    latest: (shown: number, total: number) => `The latest ${shown} of ${total} records.`,
    editOf: (date: string) => `Edit the feed record of ${date}`,
    deleteOf: (date: string) => `Delete the feed record of ${date}`,
    deleteTitle: 'Delete feed record',
    confirmDelete: 'The feed goes back into the store.',
    delete: 'Delete',
  },
  { sw: () => import('./sw/feed-words.js') as Promise<Catalogues> },
);
