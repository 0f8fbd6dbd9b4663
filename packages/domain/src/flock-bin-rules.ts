/**
 * The words and rules of deleting a flock with its records and bringing it back (decision 052),
 * without zod and apart from flocks-rules.ts: only the delete dialog and Recently deleted use
 * them, and the flock and vaccination screens' first load does not carry them (decision 017).
 */
import { words, type Catalogues } from './common/words.js';
import { RECENTLY_DELETED } from './flocks-rules.js';

/** A deleted flock and everything that went with it can be brought back for this many days (decision 052). */
export const FLOCK_BIN_DAYS = 30;

/** The words of deleting a flock with its records, and of bringing one back. */
export const flockBinMessages = words(
  'flockBin',
  {
    deleteEverything: 'Delete everything',
    deleting: 'Deleting...',
    cancel: 'Cancel',
    /** What the owner is told before deleting everything. */
    everythingWarning: (days: number) =>
      `Its bird counts, vaccinations, egg records, sales, expenses, budgets and stock go with it. You can bring it back from Recently deleted for ${days} days.`,
    typeName: (name: string) => `Type the flock's name, ${name}, to confirm`,
    confirmNameRequired: "Type the flock's name to delete it with everything it holds.",
    confirmNameWrong: "The name doesn't match this flock's name. Nothing was deleted.",
    deletedWithUndo: (name: string) => `"${name}" was deleted. You can bring it back for ${FLOCK_BIN_DAYS} days.`,
    undo: 'Undo',
    recentlyDeleted: RECENTLY_DELETED,
    recentlyDeletedIntro: `Flocks deleted in the last ${FLOCK_BIN_DAYS} days, with everything that went with them. After that they are gone for good.`,
    none: `No flock was deleted in the last ${FLOCK_BIN_DAYS} days.`,
    restore: 'Restore',
    restored: (name: string) => `"${name}" is back, with all its records.`,
    restoreFailed: 'Could not bring the flock back. Please try again.',
    listFailed: 'Could not load the deleted flocks. Please try again.',
    notInBin: 'No such deleted flock on this farm.',
    deletedBy: (who: string | null, when: string) => (who ? `Deleted by ${who} on ${when}` : `Deleted on ${when}`),
    keptUntil: (date: string) => `Kept until ${date}`,
    /** A bin line's counts, each a whole phrase with its figure: '1 sale', '3 egg records'. */
    countLabels: {
      flock_bird_count_events: (n: number) => `${n} ${n === 1 ? 'bird count change' : 'bird count changes'}`,
      vaccinations: (n: number) => `${n} ${n === 1 ? 'vaccination' : 'vaccinations'}`,
      egg_productions: (n: number) => `${n} ${n === 1 ? 'egg record' : 'egg records'}`,
      egg_adjustments: (n: number) => `${n} ${n === 1 ? 'egg adjustment' : 'egg adjustments'}`,
      sales: (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`,
      expenses: (n: number) => `${n} ${n === 1 ? 'expense' : 'expenses'}`,
      budgets: (n: number) => `${n} ${n === 1 ? 'budget' : 'budgets'}`,
      flock_year_budgets: (n: number) => `${n} ${n === 1 ? 'yearly budget' : 'yearly budgets'}`,
      inventory_items: (n: number) => `${n} ${n === 1 ? 'stock item' : 'stock items'}`,
      inventory_movements: (n: number) => `${n} ${n === 1 ? 'stock movement' : 'stock movements'}`,
    } as Record<string, (n: number) => string>,
    noRecords: 'No records',
    loading: 'Loading...',
    /** Deleting a flock that may only be archived (delete-flock-modal). */
    title: (name: string) => `Delete ${name}?`,
    choose: 'Choose what happens to this flock:',
    archive: 'Archive flock',
    archiving: 'Archiving...',
    /** After 'Archive flock' in bold: the rest of its line. */
    archiveNote: (days: number) =>
      `(recommended): if the flock has egg, sales, expense, vaccination or bird count records, it is archived and its history stays in your reports. A flock without records is deleted, and the farm's owner can bring it back for ${days} days.`,
    archived: (name: string) => `The flock "${name}" has been archived. Its records stay in your reports.`,
    deleted: (name: string) => `The flock "${name}" has been deleted.`,
    deleteFailed: 'Failed to delete flock. Please try again.',
  },
  { sw: () => import('./sw/flock-bin-rules.js') as Promise<Catalogues> },
);

/** Whether the name typed confirms the flock's: compared as a person reads it, spaces around and case aside. */
export function confirmsFlockName(typed: string, name: string): boolean {
  const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return plain(typed) !== '' && plain(typed) === plain(name);
}

/** '15 sales, 29 expenses, 58 egg records': what went with a deleted flock, the kinds it had. */
export function binCountsText(counts: Record<string, number>): string {
  const parts = Object.entries(flockBinMessages.countLabels)
    .filter(([table]) => (counts[table] ?? 0) > 0)
    .map(([table, count]) => count(counts[table] ?? 0));
  return parts.length ? parts.join(', ') : flockBinMessages.noRecords;
}

