import { z } from 'zod/mini';
import { paginationQuerySchema } from './common/pagination.js';

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

export const FLOCK_NAME_MAX = 80;
export const FLOCK_AGE_MAX_WEEKS = 520;
export const BIRD_COUNT_MAX = 1_000_000;
export const BIRD_COUNT_NOTE_MAX = 500;

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
  countMax: `Bird count must be at most ${BIRD_COUNT_MAX.toLocaleString('en-KE')}.`,
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
  // SPEC §2: two info toasts of the flock screen.
  scrollForStatistics: 'Scroll down the page to see flock statistics.',
  redirectToVaccinations: 'Redirecting to the vaccination page...',
} as const;

export const flockAddedMessage = (name: string) => `The flock "${name}" has been successfully added.`;
export const birdCountUpdatedMessage = (n: number) => `Bird count updated to ${n}.`;
export const flockStatusUpdatedMessage = (status: FlockStatus) => `Flock status updated to ${flockStatusLabel(status)}.`;

/** SPEC §9 Age groups: under 6 weeks Chicks, under 18 Growers, under 52 Pullets, else Mature. */
export type AgeGroup = 'Chicks' | 'Growers' | 'Pullets' | 'Mature';
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

const wholeCount = (required: string, min: number, minMessage: string) =>
  z.number({ error: required }).check(
    z.int(flockMessages.countWhole),
    z.gte(min, minMessage),
    z.lte(BIRD_COUNT_MAX, flockMessages.countMax),
  );

export const flockNameSchema = z
  .string({ error: flockMessages.nameRequired })
  .check(z.trim(), z.minLength(1, flockMessages.nameRequired), z.maxLength(FLOCK_NAME_MAX, flockMessages.nameTooLong));

export const createFlockSchema = z.object({
  name: flockNameSchema,
  breed: z.enum(BREEDS, { error: flockMessages.breedRequired }),
  age: z
    .number({ error: flockMessages.ageRequired })
    .check(z.int(flockMessages.ageWhole), z.gte(0, flockMessages.ageMin), z.lte(FLOCK_AGE_MAX_WEEKS, flockMessages.ageMax)),
  initial_bird_count: wholeCount(flockMessages.initialCountRequired, 1, flockMessages.initialCountMin),
  bird_count: wholeCount(flockMessages.birdCountRequired, 0, flockMessages.birdCountNegative),
  status: z.enum(ADD_FORM_STATUSES, { error: flockMessages.statusRequired }),
});
export type CreateFlockInput = z.infer<typeof createFlockSchema>;

/** PUT /flocks/{id} carries a bird count (with its reason) or a status (SPEC §7). */
export const updateFlockSchema = z
  .object({
    bird_count: z.optional(wholeCount(flockMessages.birdCountRequired, 0, flockMessages.birdCountNegative)),
    reason: z.optional(z.enum(BIRD_COUNT_REASONS, { error: flockMessages.reasonRequired })),
    note: z.optional(z.string().check(z.trim(), z.maxLength(BIRD_COUNT_NOTE_MAX, `A note must be at most ${BIRD_COUNT_NOTE_MAX} characters.`))),
    status: z.optional(z.enum(FLOCK_STATUSES, { error: flockMessages.statusRequired })),
  })
  .check(
    z.refine((v) => v.bird_count !== undefined || v.status !== undefined, { message: flockMessages.nothingToUpdate }),
  );
export type UpdateFlockInput = z.infer<typeof updateFlockSchema>;

export const FLOCK_SORTS = ['id', 'name', 'breed', 'age', 'bird_count', 'status', 'created_at'] as const;

export const listFlocksQuerySchema = z.extend(paginationQuerySchema, {
  sort: z._default(z.enum(FLOCK_SORTS), 'id'),
  status: z.optional(z.enum(FLOCK_STATUSES)),
});
export type ListFlocksQuery = z.infer<typeof listFlocksQuerySchema>;

/** SPEC §4 Flock health: a fixed display until something sets it. */
export const FLOCK_HEALTH = { status: 'Healthy', notes: ['No signs of disease', 'Good weight', 'Active and alert'] } as const;

/** A flock as the API answers it: age is today's, mortality derived from its events. */
export const flockSchema = z.object({
  id: z.number(),
  name: z.string(),
  breed: z.enum(BREEDS),
  age: z.number(),
  age_group: z.enum(['Chicks', 'Growers', 'Pullets', 'Mature']),
  initial_bird_count: z.number(),
  bird_count: z.number(),
  status: z.enum(FLOCK_STATUSES),
  mortality_rate: z.number(),
  health: z.string(),
  created_at: z.string(),
});
export type Flock = z.infer<typeof flockSchema>;

export const flockPageSchema = z.object({
  items: z.array(flockSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /flocks/stats: computed in SQL over the whole farm. */
export const flockStatsSchema = z.object({
  total_flocks: z.number(),
  total_birds: z.number(),
  by_status: z.record(z.enum(FLOCK_STATUSES), z.number()),
  mortality_rate: z.number(),
});
export type FlockStats = z.infer<typeof flockStatsSchema>;

/** The history charts look back at most this many weeks, so a long-lived flock stays cheap to chart. */
export const FLOCK_HISTORY_WEEKS = 52;

/**
 * One week of a flock's history (weeks start on Monday in the farm's time zone).
 * bird_count is the count at the week's end; mortality_rate is cumulative deaths
 * to the week's end over the initial count, as `mortalityRate` defines it.
 * Vaccinations due are those dated in the week and not cancelled; done, the Completed ones.
 */
export const flockHistoryWeekSchema = z.object({
  week_start: z.string(),
  bird_count: z.number(),
  deaths: z.number(),
  mortality_rate: z.number(),
  vaccinations_due: z.number(),
  vaccinations_done: z.number(),
});
export type FlockHistoryWeek = z.infer<typeof flockHistoryWeekSchema>;

/** GET /flocks/{id}/history: per-week series computed in SQL, oldest week first. */
export const flockHistorySchema = z.object({
  flock_id: z.number(),
  weeks: z.array(flockHistoryWeekSchema),
});
export type FlockHistory = z.infer<typeof flockHistorySchema>;

export const flockIdParamsSchema = z.object({
  id: z.coerce.number().check(z.int('Unknown flock.'), z.gte(1, 'Unknown flock.'), z.lte(2_147_483_647, 'Unknown flock.')),
});

/** DELETE /flocks/{id}: a flock with records is archived unless everything is asked for. */
export const deleteFlockQuerySchema = z.object({
  everything: z._default(z.stringbool(), false),
});
export const deleteFlockResultSchema = z.object({ result: z.enum(['deleted', 'archived']) });
