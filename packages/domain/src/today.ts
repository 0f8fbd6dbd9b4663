import { z } from 'zod/mini';
import { vaccinationSchema } from './vaccinations.js';

/**
 * GET /api/today: what still needs doing today (decision 056). A part is null when the role
 * may not read it (a worker sees no money) or the farm keeps nothing of its kind.
 */
export const todaySchema = z.object({
  /** The farm's today, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Laying flocks with no egg record today, in natural order (the first TODAY_LIST_MAX). */
  eggs: z.nullable(
    z.object({
      missing: z.number(),
      laying: z.number(),
      flocks: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  /** Pending vaccinations dated before tomorrow, the oldest first. */
  vaccinations: z.nullable(z.object({ total: z.number(), overdue: z.number(), items: z.array(vaccinationSchema) })),
  /** Items at or below their reorder level, the lowest against it first. */
  low_stock: z.nullable(
    z.object({
      total: z.number(),
      items: z.array(z.object({ id: z.number(), item_name: z.string(), quantity: z.number(), unit: z.string(), reorder_level: z.number() })),
    }),
  ),
  /** Sales still pending CREDIT_OVERDUE_DAYS after their date. */
  credit: z.nullable(z.object({ sales: z.number(), owed_cents: z.number(), oldest: z.nullable(z.string()) })),
});
export type Today = z.infer<typeof todaySchema>;
