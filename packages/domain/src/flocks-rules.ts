/**
 * Flock rules, words and calculations without zod: a screen that shows them does not load
 * the schemas (docs/design.md §9 first-screen budget). The schemas are in flocks.ts.
 */
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §9 Breeds. */
export const BREEDS = ['Layers', 'Improved Free Range', 'Free Range', 'Broilers'] as const;
export type Breed = (typeof BREEDS)[number];
/** A breed as a screen shows it (the stored value stays the English name). */
export const BREED_LABELS: Record<Breed, string> = words(
  'breeds',
  { Layers: 'Layers', 'Improved Free Range': 'Improved Free Range', 'Free Range': 'Free Range', Broilers: 'Broilers' },
  { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> },
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
  { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> },
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
  { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> },
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
  { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> },
);

export const FLOCK_NAME_MAX = 80;
export const FLOCK_AGE_MAX_WEEKS = 520;
export const BIRD_COUNT_MAX = 1_000_000;
export const BIRD_COUNT_NOTE_MAX = 500;


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


/** docs/product.md §9 Age groups: under 6 weeks Chicks, under 18 Growers, under 52 Pullets, else Mature. */
export const AGE_GROUPS = ['Chicks', 'Growers', 'Pullets', 'Mature'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
/** An age group as a screen shows it (the API's value stays the English name). */
export const AGE_GROUP_LABELS: Record<AgeGroup, string> = words(
  'ageGroups',
  { Chicks: 'Chicks', Growers: 'Growers', Pullets: 'Pullets', Mature: 'Mature' },
  { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> },
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
/** A mortality rate of 0, as the flock screens and the dashboard show it. */
export const flockFigureWords = words('flockFigures', { noMortalities: 'No mortalities recorded !!' }, { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> });

export function mortalityDisplay(rate: number): { text: string; tone: 'good' | 'bad' } {
  const fixed = rate.toFixed(2);
  return fixed === '0.00' ? { text: flockFigureWords.noMortalities, tone: 'good' } : { text: `${fixed}%`, tone: 'bad' };
}

export const FLOCK_SORTS = ['id', 'name', 'breed', 'age', 'bird_count', 'status', 'created_at'] as const;

/** docs/product.md §4 Flock health: a fixed display until something sets it. */
export const FLOCK_HEALTH = words(
  'flockHealth',
  { status: 'Healthy', notes: ['No signs of disease', 'Good weight', 'Active and alert'] as readonly string[] },
  { sw: () => import('./sw/flocks-rules.js') as Promise<Catalogues> },
);

/** The history charts look back at most this many weeks, so a long-lived flock stays cheap to chart. */
export const FLOCK_HISTORY_WEEKS = 52;
