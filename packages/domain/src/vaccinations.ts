import { z } from 'zod/mini';
import { paginationQuerySchema } from './common/pagination.js';
import {
  ALL_VACCINATION_MODES,
  fromApiDateTime,
  NEW_VACCINATION_STATUSES,
  STANDARD_SCHEDULE,
  STANDARD_SCHEDULE_MODES,
  VACCINATION_MODES,
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

/** The add payload of SPEC §7; user_id and flock_id in the body are ignored (the route and session decide). */
export const createVaccinationSchema = z.object({
  vaccine_name: vaccineNameSchema,
  date: apiDateTimeSchema,
  status: z.enum(NEW_VACCINATION_STATUSES, { error: vaccinationMessages.statusRequired }),
  mode_of_administration: z.enum(VACCINATION_MODES, { error: vaccinationMessages.selectMode }),
});
export type CreateVaccinationInput = z.infer<typeof createVaccinationSchema>;

export const updateVaccinationSchema = z.object({
  status: z.enum(VACCINATION_STATUSES, { error: vaccinationMessages.statusRequired }),
});
export type UpdateVaccinationInput = z.infer<typeof updateVaccinationSchema>;

/** Ticked vaccines of the standard schedule, by their index in STANDARD_SCHEDULE, each with a mode. */
export const applyStandardScheduleSchema = z.object({
  items: z
    .array(
      z.object({
        index: z.number().check(z.int(), z.gte(0), z.lt(STANDARD_SCHEDULE.length)),
        mode: z.enum(STANDARD_SCHEDULE_MODES, { error: vaccinationMessages.selectMode }),
      }),
    )
    .check(z.minLength(1, vaccinationMessages.tickOneVaccine), z.maxLength(STANDARD_SCHEDULE.length)),
});
export type ApplyStandardScheduleInput = z.infer<typeof applyStandardScheduleSchema>;

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
});
export type Vaccination = z.infer<typeof vaccinationSchema>;

export const VACCINATION_SORTS = ['date', 'vaccine_name', 'status', 'created_at'] as const;
export const listVaccinationsQuerySchema = z.extend(paginationQuerySchema, {
  sort: z._default(z.enum(VACCINATION_SORTS), 'date'),
  status: z.optional(z.enum(VACCINATION_STATUSES)),
  flock_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
});
export type ListVaccinationsQuery = z.infer<typeof listVaccinationsQuerySchema>;

export const vaccinationPageSchema = z.object({
  items: z.array(vaccinationSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

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
