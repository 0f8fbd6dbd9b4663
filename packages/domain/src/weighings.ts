/** A broiler batch's sample weighings on the wire (decision 071). */
import { z } from 'zod/mini';
import { dayField, idField, isMissing } from './common/fields.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { BIRD_COUNT_MAX } from './flocks-rules.js';
import { WEIGHING_AVERAGE_MAX_KG, WEIGHING_KG_DECIMALS, weighingMessages as m } from './weighings-rules.js';

ensureEnglishMessages();

/** A number as a form sends it (12 or "12"); missing is its own message. */
const numberInput = (missing: () => string) =>
  z.transform((input: unknown, ctx) => {
    if (isMissing(input) || (typeof input === 'string' && input.trim() === '')) {
      ctx.issues.push({ code: 'custom', message: missing(), input });
      return z.NEVER;
    }
    return typeof input === 'string' ? Number(input.trim()) : input;
  });

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/** POST /api/flocks/{flockId}/weighings: the day, the birds weighed and their total kg. */
export const createWeighingSchema = z.object({
  date: dayField(m.dateRequired, m.dateInvalid),
  birds: z.pipe(
    numberInput(() => m.birdsRequired),
    z.number({ error: () => m.birdsWhole }).check(
      z.refine((n: number) => Number.isInteger(n) && n > 0 && n <= BIRD_COUNT_MAX, { error: () => m.birdsWhole }),
    ),
  ),
  total_kg: z.pipe(
    numberInput(() => m.weightRequired),
    z.number({ error: () => m.weightInvalid }).check(
      z.refine((n: number) => Number.isFinite(n) && n > 0 && n <= BIRD_COUNT_MAX * WEIGHING_AVERAGE_MAX_KG && decimals(n) <= WEIGHING_KG_DECIMALS, {
        error: () => m.weightInvalid,
      }),
    ),
  ),
});
export type CreateWeighingInput = z.infer<typeof createWeighingSchema>;

export const flockWeighingsParamsSchema = z.object({ flockId: idField(m.notFound) });
export const weighingIdParamsSchema = z.object({ id: idField(m.notFound) });

export const weighingSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  date: z.string(),
  birds: z.number(),
  total_kg: z.number(),
  /** total_kg ÷ birds, to the gram. */
  average_kg: z.number(),
  created_at: z.string(),
});
export type Weighing = z.infer<typeof weighingSchema>;

/** GET /api/flocks/{flockId}/weighings: the latest first. */
export const weighingListSchema = z.object({ items: z.array(weighingSchema) });
export type WeighingList = z.infer<typeof weighingListSchema>;
