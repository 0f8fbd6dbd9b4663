import { z } from 'zod/mini';
import { enumField, idField } from './common/fields.js';
import { recordAuthorsSchema } from './staff.js';
import { listQuerySchema, pageSchema } from './common/pagination.js';
import {
  ALL_VACCINATION_MODES,
  fromApiDateTime,
  NEW_VACCINATION_STATUSES,
  STANDARD_SCHEDULE,
  STANDARD_SCHEDULE_MODES,
  VACCINATION_MODES,
  VACCINATION_DUE_FILTERS,
  VACCINATION_STATUSES,
  VACCINE_NAME_MAX,
  vaccinationMessages,
} from './vaccinations-rules.js';

export const apiDateTimeSchema = z
  .string({ error: vaccinationMessages.dateRequired })
  .check(z.trim(), z.minLength(1, vaccinationMessages.dateRequired), z.refine((v) => fromApiDateTime(v) !== null, vaccinationMessages.dateInvalid));

export const vaccineNameSchema = z
  .string({ error: vaccinationMessages.vaccineNameRequired })
  .check(z.trim(), z.minLength(1, vaccinationMessages.vaccineNameRequired), z.maxLength(VACCINE_NAME_MAX, vaccinationMessages.vaccineNameTooLong));

/** The add payload of docs/product.md §7; user_id and flock_id in the body are ignored (the route and session decide). */
export const createVaccinationSchema = z.object({
  vaccine_name: vaccineNameSchema,
  date: apiDateTimeSchema,
  status: enumField(NEW_VACCINATION_STATUSES, vaccinationMessages.statusRequired),
  mode_of_administration: enumField(VACCINATION_MODES, vaccinationMessages.selectMode),
});
export type CreateVaccinationInput = z.infer<typeof createVaccinationSchema>;

/** The product's client sends the status; a reschedule sends the new date too (beyond the first plan: decision 054). */
export const updateVaccinationSchema = z.object({
  status: enumField(VACCINATION_STATUSES, vaccinationMessages.statusRequired),
  date: z.optional(apiDateTimeSchema),
});
export type UpdateVaccinationInput = z.infer<typeof updateVaccinationSchema>;

/** Ticked vaccines of the standard schedule, by their index in STANDARD_SCHEDULE, each with a mode. */
export const applyStandardScheduleSchema = z.object({
  items: z
    .array(
      z.object({
        index: z.number().check(z.int(), z.gte(0), z.lt(STANDARD_SCHEDULE.length)),
        mode: enumField(STANDARD_SCHEDULE_MODES, vaccinationMessages.selectMode),
      }),
    )
    .check(z.minLength(1, vaccinationMessages.tickOneVaccine), z.maxLength(STANDARD_SCHEDULE.length)),
});
export type ApplyStandardScheduleInput = z.infer<typeof applyStandardScheduleSchema>;

/** An entry already applied to the flock is skipped, not added twice. */
export const standardScheduleResultSchema = z.object({ created: z.number(), skipped: z.number() });
export type StandardScheduleResult = z.infer<typeof standardScheduleResultSchema>;

export const vaccinationSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  flock_name: z.string(),
  user_id: z.nullable(z.number()),
  vaccine_name: z.string(),
  date: z.string(),
  status: z.enum(VACCINATION_STATUSES),
  mode_of_administration: z.enum(ALL_VACCINATION_MODES),
  due: z.enum(['overdue', 'due_soon', 'upcoming', 'done']),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type Vaccination = z.infer<typeof vaccinationSchema>;

/** `due`: pending ones first, the oldest date first (overdue on top), then the rest newest first. */
export const VACCINATION_SORTS = ['date', 'vaccine_name', 'status', 'created_at', 'due'] as const;
export const listVaccinationsQuerySchema = listQuerySchema(VACCINATION_SORTS, {
  status: z.optional(enumField(VACCINATION_STATUSES, vaccinationMessages.statusRequired)),
  /** Pending ones past their date (overdue), or due within VACCINATION_WARNING_DAYS (week). */
  due: z.optional(enumField(VACCINATION_DUE_FILTERS, vaccinationMessages.dueFilterInvalid)),
  flock_id: z.optional(idField(vaccinationMessages.unknownFlock)),
});
export type ListVaccinationsQuery = z.infer<typeof listVaccinationsQuerySchema>;

export const vaccinationPageSchema = pageSchema(vaccinationSchema);

/** GET /vaccinations/stats: one flock's, or the whole farm's without `flock_id`. */
export const vaccinationStatsQuerySchema = z.object({ flock_id: z.optional(idField(vaccinationMessages.unknownFlock)) });

/** The routes of one flock's vaccinations: `/flocks/:flockId/vaccinations[/:id]`. */
export const flockVaccinationsParamsSchema = z.object({ flockId: idField() });
export const flockVaccinationParamsSchema = z.object({ flockId: idField(), id: idField() });

/** Statistics cards: counted in SQL, for one flock or the whole farm. */
export const vaccinationStatsSchema = z.object({
  scheduled: z.number(),
  pending: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  overdue: z.number(),
  due_within_7_days: z.number(),
});
export type VaccinationStats = z.infer<typeof vaccinationStatsSchema>;
