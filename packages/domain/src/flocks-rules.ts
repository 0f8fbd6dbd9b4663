/**
 * Flock rules, words and calculations without zod: a screen that shows them does not load
 * the schemas (DESIGN §9 first-screen budget). The schemas are in flocks.ts.
 */

/** SPEC §9 Breeds. */
export const BREEDS = ['Layers', 'Improved Free Range', 'Free Range', 'Broilers'] as const;
export type Breed = (typeof BREEDS)[number];

/**
 * Flock statuses, stored in lower case (SPEC §4: lists compare in lower case).
 * The add form offers four, the quick action four others overlapping.
 */
export const FLOCK_STATUSES = ['active', 'growing', 'chicks', 'mature', 'archived'] as const;
export type FlockStatus = (typeof FLOCK_STATUSES)[number];
export const ADD_FORM_STATUSES = ['active', 'growing', 'archived', 'chicks'] as const satisfies readonly FlockStatus[];
export const QUICK_ACTION_STATUSES = ['growing', 'chicks', 'mature', 'archived'] as const satisfies readonly FlockStatus[];

export function flockStatusLabel(status: FlockStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** A bird-count change is an event with one of these reasons (DESIGN §4). */
export const BIRD_COUNT_REASONS = ['mortality', 'sold', 'culled', 'added', 'correction'] as const;
export type BirdCountReason = (typeof BIRD_COUNT_REASONS)[number];

/** A reason as the bird-count form offers it. */
export const BIRD_COUNT_REASON_LABELS: Record<BirdCountReason, string> = {
  mortality: 'Mortality (deaths)',
  sold: 'Sold',
  culled: 'Culled',
  added: 'Birds added',
  correction: 'Count correction',
};

/** A reason as a period's total reads (the flock report). */
export const BIRD_COUNT_REASON_TOTALS: Record<BirdCountReason, string> = {
  added: 'Birds added',
  mortality: 'Deaths',
  sold: 'Sold',
  culled: 'Culled',
  correction: 'Count corrections',
};

export const FLOCK_NAME_MAX = 80;
export const FLOCK_AGE_MAX_WEEKS = 520;
export const BIRD_COUNT_MAX = 1_000_000;
export const BIRD_COUNT_NOTE_MAX = 500;

/**
 * 1000000 → '1,000,000', as en-KE writes a whole number. Not toLocaleString: building the
 * first en-KE formatter when this module loads cost every flock screen's start.
 */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const flockMessages = {
  nameRequired: 'Flock name is required.',
  nameTooLong: `Flock name must be at most ${FLOCK_NAME_MAX} characters.`,
  breedRequired: 'Please select a breed.',
  ageRequired: 'Age is required.',
  ageMin: 'Age cannot be negative.',
  ageWhole: 'Age must be a whole number of weeks.',
  ageMax: `Age must be at most ${FLOCK_AGE_MAX_WEEKS} weeks.`,
  initialCountRequired: 'Initial bird count is required.',
  initialCountMin: 'Initial bird count must be at least 1.',
  countWhole: 'Bird count must be a whole number.',
  countMax: `Bird count must be at most ${groupThousands(BIRD_COUNT_MAX)}.`,
  birdCountRequired: 'Current bird count is required.',
  birdCountNegative: 'Bird count cannot be negative.',
  statusRequired: 'Please select a status.',
  reasonRequired: 'Please select a reason.',
  nothingToUpdate: 'Send a bird count or a status.',
  noMortalities: 'No mortalities recorded !!',
  failedToAdd: 'Failed to add flock. Please try again.',
  failedToUpdateCount: 'Failed to update bird count.',
  failedToUpdateStatus: 'Failed to update flock status.',
  failedToFetchStatus: 'Failed to fetch latest flock status.',
  notFound: 'Flock not found.',
  unknownFlock: 'Unknown flock.',
  // SPEC §2: two info toasts of the flock screen.
  scrollForStatistics: 'Scroll down the page to see flock statistics.',
  redirectToVaccinations: 'Redirecting to the vaccination page...',
} as const;

/** A deleted flock and everything that went with it can be brought back for this many days (decision 052). */
export const FLOCK_BIN_DAYS = 30;

/**
 * `?everything=` of a flock's DELETE, as the query schema reads it (case aside). Here without
 * zod because the role table reads it too: anything but a 'no' asks for the owner's permission.
 */
export const EVERYTHING_TRUE = ['true', '1', 'yes', 'on'] as const;
export const EVERYTHING_FALSE = ['false', '0', 'no', 'off'] as const;

/** Whether a DELETE's query asks for the flock's records to go too (the owner's alone). */
export function asksForEverything(query: unknown): boolean {
  if (typeof query !== 'object' || query === null || !('everything' in query)) return false;
  const value = (query as { everything: unknown }).everything;
  if (value === undefined) return false;
  return !(EVERYTHING_FALSE as readonly string[]).includes(String(value).trim().toLowerCase());
}

/** The words of deleting a flock with its records, and of bringing one back. */
export const flockBinMessages = {
  deleteTitle: 'Delete flock',
  deleteEverything: 'Delete everything',
  deleting: 'Deleting...',
  archive: 'Archive',
  archiving: 'Archiving...',
  cancel: 'Cancel',
  /** What the owner is told before deleting everything. */
  everythingWarning: (days: number) =>
    `Its bird counts, vaccinations, egg records, sales, expenses, budgets and stock go with it. You can bring it back from Recently deleted for ${days} days.`,
  typeName: (name: string) => `Type the flock's name, ${name}, to confirm`,
  typeNameLabel: "Flock's name",
  confirmNameRequired: "Type the flock's name to delete it with everything it holds.",
  confirmNameWrong: "The name doesn't match this flock's name. Nothing was deleted.",
  deletedWithUndo: (name: string) => `"${name}" was deleted. You can bring it back for ${FLOCK_BIN_DAYS} days.`,
  undo: 'Undo',
  recentlyDeleted: 'Recently deleted',
  recentlyDeletedIntro: `Flocks deleted in the last ${FLOCK_BIN_DAYS} days, with everything that went with them. After that they are gone for good.`,
  none: `No flock was deleted in the last ${FLOCK_BIN_DAYS} days.`,
  restore: 'Restore',
  restoring: 'Restoring...',
  restored: (name: string) => `"${name}" is back, with all its records.`,
  restoreFailed: 'Could not bring the flock back. Please try again.',
  listFailed: 'Could not load the deleted flocks. Please try again.',
  notInBin: 'No such deleted flock on this farm.',
  deletedBy: (who: string | null, when: string) => (who ? `Deleted by ${who} on ${when}` : `Deleted on ${when}`),
  keptUntil: (date: string) => `Kept until ${date}`,
  deletedFlockHere: 'This flock was deleted.',
  deletedFlockOwner: 'It can be brought back from Recently deleted, with all its records.',
  deletedFlockOthers: "Ask the farm's owner to bring it back.",
  /** A bin line's counts, one and many: '1 sale', '3 egg records'. */
  countLabels: {
    flock_bird_count_events: ['bird count change', 'bird count changes'],
    vaccinations: ['vaccination', 'vaccinations'],
    egg_productions: ['egg record', 'egg records'],
    egg_adjustments: ['egg adjustment', 'egg adjustments'],
    sales: ['sale', 'sales'],
    expenses: ['expense', 'expenses'],
    budgets: ['budget', 'budgets'],
    flock_year_budgets: ['yearly budget', 'yearly budgets'],
    inventory_items: ['stock item', 'stock items'],
    inventory_movements: ['stock movement', 'stock movements'],
  } as Record<string, readonly [string, string]>,
} as const;

/** Whether the name typed confirms the flock's: compared as a person reads it, spaces around and case aside. */
export function confirmsFlockName(typed: string, name: string): boolean {
  const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return plain(typed) !== '' && plain(typed) === plain(name);
}

/** '15 sales, 29 expenses, 58 egg records': what went with a deleted flock, the kinds it had. */
export function binCountsText(counts: Record<string, number>): string {
  const parts = Object.entries(flockBinMessages.countLabels)
    .filter(([table]) => (counts[table] ?? 0) > 0)
    .map(([table, [one, many]]) => `${counts[table]} ${counts[table] === 1 ? one : many}`);
  return parts.length ? parts.join(', ') : 'No records';
}

export const flockAddedMessage = (name: string) => `The flock "${name}" has been successfully added.`;
export const birdCountUpdatedMessage = (n: number) => `Bird count updated to ${n}.`;
export const flockStatusUpdatedMessage = (status: FlockStatus) => `Flock status updated to ${flockStatusLabel(status)}.`;

/** SPEC §9 Age groups: under 6 weeks Chicks, under 18 Growers, under 52 Pullets, else Mature. */
export const AGE_GROUPS = ['Chicks', 'Growers', 'Pullets', 'Mature'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export function ageGroup(weeks: number): AgeGroup {
  if (weeks < 6) return 'Chicks';
  if (weeks < 18) return 'Growers';
  if (weeks < 52) return 'Pullets';
  return 'Mature';
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Age is kept as age at adding plus the date added, so the age shown grows week by week. */
export function currentAgeWeeks(ageAtAdding: number, addedAt: Date, now: Date): number {
  return ageAtAdding + Math.max(0, Math.floor((now.getTime() - addedAt.getTime()) / WEEK_MS));
}

/** deaths / initial count × 100: initial, not current, is what SPEC and DESIGN define. */
export function mortalityRate(deaths: number, initialBirdCount: number): number {
  return initialBirdCount > 0 ? (deaths / initialBirdCount) * 100 : 0;
}

/** The farm's rate shows with 2 decimals and a percent sign; at 0.00 the green text. */
export function mortalityDisplay(rate: number): { text: string; tone: 'good' | 'bad' } {
  const fixed = rate.toFixed(2);
  return fixed === '0.00' ? { text: flockMessages.noMortalities, tone: 'good' } : { text: `${fixed}%`, tone: 'bad' };
}

export const FLOCK_SORTS = ['id', 'name', 'breed', 'age', 'bird_count', 'status', 'created_at'] as const;

/** SPEC §4 Flock health: a fixed display until something sets it. */
export const FLOCK_HEALTH = { status: 'Healthy', notes: ['No signs of disease', 'Good weight', 'Active and alert'] } as const;

/** The history charts look back at most this many weeks, so a long-lived flock stays cheap to chart. */
export const FLOCK_HISTORY_WEEKS = 52;
