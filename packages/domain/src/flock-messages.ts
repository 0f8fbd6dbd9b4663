/**
 * The flocks' messages (forms, checks, toasts, the server's refusals), apart from flocks-rules.ts:
 * a screen that only shows a flock's labels or figures (the dashboard, the flock list) loads
 * neither these nor their catalogue (decision 068).
 */
import { words, type Catalogues } from './common/words.js';
import {
  BIRD_COUNT_MAX,
  BIRD_COUNT_NOTE_MAX,
  BIRD_COUNT_REASON_LABELS,
  FLOCK_AGE_MAX_WEEKS,
  FLOCK_NAME_MAX,
  flockStatusLabel,
  reasonsForChange,
  type BirdCountReason,
  type FlockStatus,
} from './flocks-rules.js';

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
  { sw: () => import('./sw/flock-messages.js') as Promise<Catalogues> },
);

export const flockAddedMessage = (name: string) => flockMessages.added(name);
export const birdCountUpdatedMessage = (n: number) => flockMessages.countUpdated(n);
export const flockStatusUpdatedMessage = (status: FlockStatus) => flockMessages.statusUpdated(flockStatusLabel(status));

/** The message for a reason that does not fit the change, or null when it fits. */
export function reasonMismatch(reason: BirdCountReason, delta: number): string | null {
  if (delta === 0 || reasonsForChange(delta).includes(reason)) return null;
  return delta > 0 ? flockMessages.reasonLowers(BIRD_COUNT_REASON_LABELS[reason]) : flockMessages.reasonRaises;
}
