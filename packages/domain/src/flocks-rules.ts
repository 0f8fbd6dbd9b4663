/**
 * Flock rules, words and calculations without zod: a screen that shows them does not load
 * the schemas (docs/design.md §9 first-screen budget). The schemas are in flocks.ts.
 */
import { words, type Catalogues } from './common/words.js';

const sw = () => import('./sw/flocks.js') as Promise<Catalogues>;

/** docs/product.md §9 Breeds. */
export const BREEDS = ['Layers', 'Improved Free Range', 'Free Range', 'Broilers'] as const;
export type Breed = (typeof BREEDS)[number];
/** A breed as a screen shows it (the stored value stays the English name). */
export const BREED_LABELS: Record<Breed, string> = words(
  'breeds',
  { Layers: 'Layers', 'Improved Free Range': 'Improved Free Range', 'Free Range': 'Free Range', Broilers: 'Broilers' },
  { sw },
);
/** A breed's label; a value outside the list as it came. */
export function breedLabel(breed: string): string {
  return (BREED_LABELS as Record<string, string>)[breed] ?? breed;
}

/**
 * Flock statuses, stored in lower case (docs/product.md §4: lists compare in lower case).
 * The add form offers four, the quick action four others overlapping.
 */
export const FLOCK_STATUSES = ['active', 'growing', 'chicks', 'mature', 'archived'] as const;
export type FlockStatus = (typeof FLOCK_STATUSES)[number];
export const ADD_FORM_STATUSES = ['active', 'growing', 'archived', 'chicks'] as const satisfies readonly FlockStatus[];
/**
 * The product's quick action offers growing, chicks, mature and archived; 'active' is offered too, or a
 * flock once moved off it could never be active (laying) again (decision 054).
 */
export const QUICK_ACTION_STATUSES = ['active', 'growing', 'chicks', 'mature', 'archived'] as const satisfies readonly FlockStatus[];

/** A status as a screen shows it: 'Active'. */
export const FLOCK_STATUS_LABELS: Record<FlockStatus, string> = words(
  'flockStatuses',
  { active: 'Active', growing: 'Growing', chicks: 'Chicks', mature: 'Mature', archived: 'Archived' },
  { sw },
);

export function flockStatusLabel(status: FlockStatus): string {
  return FLOCK_STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** A bird-count change is an event with one of these reasons (docs/design.md §4). */
export const BIRD_COUNT_REASONS = ['mortality', 'sold', 'culled', 'added', 'correction'] as const;
export type BirdCountReason = (typeof BIRD_COUNT_REASONS)[number];

/** Reasons that take birds away, and the one that brings them; a correction goes either way. */
const LOWERING_REASONS: readonly BirdCountReason[] = ['mortality', 'sold', 'culled'];
const RAISING_REASONS: readonly BirdCountReason[] = ['added'];

/**
 * The reasons that fit a change of the count by `delta`: deaths, sales and culls only lower it,
 * birds added only raise it (a death booked for a raise made 'Deaths +9,656'). Without a change
 * (or before one is typed) every reason is offered.
 */
export function reasonsForChange(delta: number): BirdCountReason[] {
  if (delta < 0) return BIRD_COUNT_REASONS.filter((reason) => !RAISING_REASONS.includes(reason));
  if (delta > 0) return BIRD_COUNT_REASONS.filter((reason) => !LOWERING_REASONS.includes(reason));
  return [...BIRD_COUNT_REASONS];
}

/** The message for a reason that does not fit the change, or null when it fits. */
export function reasonMismatch(reason: BirdCountReason, delta: number): string | null {
  if (delta === 0 || reasonsForChange(delta).includes(reason)) return null;
  return delta > 0 ? flockMessages.reasonLowers(BIRD_COUNT_REASON_LABELS[reason]) : flockMessages.reasonRaises;
}

/** A reason as the bird-count form offers it. */
export const BIRD_COUNT_REASON_LABELS: Record<BirdCountReason, string> = words(
  'birdCountReasons',
  {
    mortality: 'Mortality (deaths)',
    sold: 'Sold',
    culled: 'Culled',
    added: 'Birds added',
    correction: 'Count correction',
  },
  { sw },
);

/** A reason as a period's total reads (the flock report). */
export const BIRD_COUNT_REASON_TOTALS: Record<BirdCountReason, string> = words(
  'birdCountReasonTotals',
  {
    added: 'Birds added',
    mortality: 'Deaths',
    sold: 'Sold',
    culled: 'Culled',
    correction: 'Count corrections',
  },
  { sw },
);

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

export const flockMessages = words(
  'flocks',
  {
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
    reasonPlaceholder: 'Choose a reason',
    reasonLowers: (label: string) => `${label} lowers the bird count: choose 'Birds added' or 'Count correction' for a higher count.`,
    reasonRaises: "'Birds added' raises the bird count: choose another reason for a lower count.",
    aboveInitial: (initial: string) => `More birds than the flock started with (${initial}). Choose 'Birds added' if birds joined it.`,
    nothingToUpdate: 'Send a bird count or a status.',
    changeRequired: 'How many birds? Enter the change, such as -3 for three deaths.',
    changeZero: 'The change cannot be 0.',
    /** A bird count change saved on the phone, opened to correct it before it is sent. */
    editChangeTitle: 'Edit Bird Count Change',
    changeLabel: 'Change in birds',
    changeHint: 'Minus for birds gone: -3 for three deaths, 20 for twenty added.',
    saveChange: 'Save Change',
    fewerBirdsThan: (birds: string) => `The flock has only ${birds} birds: it cannot lose more.`,
    noMortalities: 'No mortalities recorded !!',
    totalBirdsNote: 'In flocks not archived',
    failedToAdd: 'Failed to add flock. Please try again.',
    failedToUpdateCount: 'Failed to update bird count.',
    failedToUpdateStatus: 'Failed to update flock status.',
    failedToFetchStatus: 'Failed to fetch latest flock status.',
    notFound: 'Flock not found.',
    unknownFlock: 'Unknown flock.',
    // docs/product.md §2: two info toasts of the flock screen.
    scrollForStatistics: 'Scroll down the page to see flock statistics.',
    redirectToVaccinations: 'Redirecting to the vaccination page...',
    noteTooLong: `A note must be at most ${BIRD_COUNT_NOTE_MAX} characters.`,
    added: (name: string) => `The flock "${name}" has been successfully added.`,
    countUpdated: (n: number) => `Bird count updated to ${n}.`,
    /** The status's label, as FLOCK_STATUS_LABELS gives it. */
    statusUpdated: (status: string) => `Flock status updated to ${status}.`,
    reasonLabel: 'Reason',
    noteLabel: 'Note (optional)',
    cancel: 'Cancel',
  },
  { sw },
);

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

/** The flocks screen's button to the deleted flocks (the rest of their words: flock-bin-rules.ts). */
export const RECENTLY_DELETED = 'Recently deleted';

export const flockAddedMessage = (name: string) => flockMessages.added(name);
export const birdCountUpdatedMessage = (n: number) => flockMessages.countUpdated(n);
export const flockStatusUpdatedMessage = (status: FlockStatus) => flockMessages.statusUpdated(flockStatusLabel(status));

/** docs/product.md §9 Age groups: under 6 weeks Chicks, under 18 Growers, under 52 Pullets, else Mature. */
export const AGE_GROUPS = ['Chicks', 'Growers', 'Pullets', 'Mature'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
/** An age group as a screen shows it (the API's value stays the English name). */
export const AGE_GROUP_LABELS: Record<AgeGroup, string> = words(
  'ageGroups',
  { Chicks: 'Chicks', Growers: 'Growers', Pullets: 'Pullets', Mature: 'Mature' },
  { sw },
);
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

/** deaths / initial count × 100: initial, not current, is what docs/product.md and docs/design.md define. */
export function mortalityRate(deaths: number, initialBirdCount: number): number {
  return initialBirdCount > 0 ? (deaths / initialBirdCount) * 100 : 0;
}

/** The farm's rate shows with 2 decimals and a percent sign; at 0.00 the green text. */
export function mortalityDisplay(rate: number): { text: string; tone: 'good' | 'bad' } {
  const fixed = rate.toFixed(2);
  return fixed === '0.00' ? { text: flockMessages.noMortalities, tone: 'good' } : { text: `${fixed}%`, tone: 'bad' };
}

export const FLOCK_SORTS = ['id', 'name', 'breed', 'age', 'bird_count', 'status', 'created_at'] as const;

/** docs/product.md §4 Flock health: a fixed display until something sets it. */
export const FLOCK_HEALTH = words(
  'flockHealth',
  { status: 'Healthy', notes: ['No signs of disease', 'Good weight', 'Active and alert'] as readonly string[] },
  { sw },
);

/** The history charts look back at most this many weeks, so a long-lived flock stays cheap to chart. */
export const FLOCK_HISTORY_WEEKS = 52;
