import { z } from 'zod/mini';
import { enumField, idField } from './common/fields.js';
import { recordAuthorsSchema } from './staff.js';
import { listQuerySchema, pageSchema } from './common/pagination.js';
import {
  ADD_FORM_STATUSES,
  BIRD_COUNT_MAX,
  BIRD_COUNT_NOTE_MAX,
  BIRD_COUNT_REASONS,
  BREEDS,
  FLOCK_AGE_MAX_WEEKS,
  FLOCK_NAME_MAX,
  FLOCK_SORTS,
  FLOCK_STATUSES,
  EVERYTHING_FALSE,
  EVERYTHING_TRUE,
} from './flocks-rules.js';
import { flockMessages } from './flock-messages.js';
import { flockBinMessages } from './flock-bin-rules.js';

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
  breed: enumField(BREEDS, flockMessages.breedRequired),
  age: z
    .number({ error: flockMessages.ageRequired })
    .check(z.int(flockMessages.ageWhole), z.gte(0, flockMessages.ageMin), z.lte(FLOCK_AGE_MAX_WEEKS, flockMessages.ageMax)),
  initial_bird_count: wholeCount(flockMessages.initialCountRequired, 1, flockMessages.initialCountMin),
  bird_count: wholeCount(flockMessages.birdCountRequired, 0, flockMessages.birdCountNegative),
  status: enumField(ADD_FORM_STATUSES, flockMessages.statusRequired),
});
export type CreateFlockInput = z.infer<typeof createFlockSchema>;

/** PUT /flocks/{id} carries a bird count (with its reason) or a status (docs/product.md §7). */
export const updateFlockSchema = z
  .object({
    bird_count: z.optional(wholeCount(flockMessages.birdCountRequired, 0, flockMessages.birdCountNegative)),
    reason: z.optional(enumField(BIRD_COUNT_REASONS, flockMessages.reasonRequired)),
    note: z.optional(z.string().check(z.trim(), z.maxLength(BIRD_COUNT_NOTE_MAX, flockMessages.noteTooLong))),
    status: z.optional(enumField(FLOCK_STATUSES, flockMessages.statusRequired)),
  })
  .check(
    z.refine((v) => v.bird_count !== undefined || v.status !== undefined, { message: flockMessages.nothingToUpdate }),
  );
export type UpdateFlockInput = z.infer<typeof updateFlockSchema>;

export const listFlocksQuerySchema = listQuerySchema(FLOCK_SORTS, {
  status: z.optional(enumField(FLOCK_STATUSES, flockMessages.statusRequired)),
});
export type ListFlocksQuery = z.infer<typeof listFlocksQuerySchema>;

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
  ...recordAuthorsSchema.shape,
});
export type Flock = z.infer<typeof flockSchema>;

export const flockPageSchema = pageSchema(flockSchema);

/**
 * POST /flocks/{id}/bird-count-changes: birds that died, were sold, culled or added, as a change
 * of the count (-3 for three deaths). Two phones' changes add up, where two PUTs of a count
 * would overwrite each other: the way a phone records a count it captured offline (decision 065).
 */
export const birdCountChangeSchema = z.object({
  change: z
    .number({ error: flockMessages.changeRequired })
    .check(
      z.int(flockMessages.countWhole),
      z.gte(-BIRD_COUNT_MAX, flockMessages.countMax),
      z.lte(BIRD_COUNT_MAX, flockMessages.countMax),
      z.refine((n) => n !== 0, flockMessages.changeZero),
    ),
  reason: enumField(BIRD_COUNT_REASONS, flockMessages.reasonRequired),
  note: z.optional(z.string().check(z.trim(), z.maxLength(BIRD_COUNT_NOTE_MAX, flockMessages.noteTooLong))),
});
export type BirdCountChangeInput = z.infer<typeof birdCountChangeSchema>;

/** A bird-count change as recorded: the event, and the flock after it. */
export const birdCountChangeResultSchema = z.object({
  change: z.object({
    id: z.number(),
    flock_id: z.number(),
    reason: z.enum(BIRD_COUNT_REASONS),
    change: z.number(),
    count_after: z.number(),
    note: z.nullable(z.string()),
    created_at: z.string(),
  }),
  flock: flockSchema,
});
export type BirdCountChangeResult = z.infer<typeof birdCountChangeResultSchema>;

/** GET /flocks/stats: computed in SQL over the whole farm. */
export const flockStatsSchema = z.object({
  total_flocks: z.number(),
  total_birds: z.number(),
  by_status: z.record(z.enum(FLOCK_STATUSES), z.number()),
  mortality_rate: z.number(),
});
export type FlockStats = z.infer<typeof flockStatsSchema>;

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

export const flockIdParamsSchema = z.object({ id: idField(flockMessages.unknownFlock) });

/** DELETE /flocks/{id}: a flock with records is archived unless everything is asked for. */
export const deleteFlockQuerySchema = z.object({
  everything: z._default(z.stringbool({ truthy: [...EVERYTHING_TRUE], falsy: [...EVERYTHING_FALSE] }), false),
  /** The flock's name typed by the owner: asked for when everything goes (decision 052). */
  confirm_name: z.optional(z.string().check(z.maxLength(FLOCK_NAME_MAX * 4, flockBinMessages.confirmNameWrong))),
});

export const deleteFlockResultSchema = z.object({ result: z.enum(['deleted', 'archived']) });
