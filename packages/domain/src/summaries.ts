/** The owner's weekly summaries on the wire (decision 078): GET /api/summaries, GET /api/summaries/{weekStart}, POST /api/summaries/current. */
import { z } from 'zod/mini';
import { idField } from './common/fields.js';
import { listQuerySchema, pageSchema } from './common/pagination.js';
import { summaryWords } from './summaries-rules.js';

const count = z.number();
const figure = z.nullable(z.number());

export const balanceLineSchema = z.object({
  kind: z.enum(['eggs', 'feed', 'birds', 'money']),
  name: z.string(),
  unit: z.string(),
  opening: count,
  came_in: count,
  went_out: count,
  expected: count,
  counted: figure,
  difference: figure,
  beyond_margin: z.boolean(),
});

export const weeklyFiguresSchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  through: z.string(),
  farm_name: z.string(),
  eggs: z.object({
    collected: count,
    per_day: z.array(z.object({ day: z.string(), eggs: count })),
    written_off: count,
    sold_eggs: count,
    sold_trays: count,
    kept_eggs: count,
  }),
  sales: z.object({ count, total_cents: count, paid_cents: count, pending_cents: count, owed_cents: count, buyers_owing: count }),
  expenses: z.object({
    count,
    total_cents: count,
    by_category: z.array(z.object({ category: z.string(), amount_cents: count })),
    month: z.string(),
    budget_cents: count,
    budget_spent_cents: count,
    over_budget_flocks: count,
  }),
  birds: z.object({ alive: count, deaths: count, sold: count, culled: count, added: count }),
  feed: z.object({ records: count, used_kg: figure, cost_cents: count, days_left: figure, store_kg: figure }),
  balances: z.nullable(z.array(balanceLineSchema)),
});

/** One stored week. */
export const weeklySummarySchema = z.object({
  id: z.number(),
  week_start: z.string(),
  /** The week so far (made on demand before its Sunday was over). */
  partial: z.boolean(),
  made_at: z.string(),
  figures: weeklyFiguresSchema,
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;

/** A row of the list: the week and its headline figures. */
export const weeklySummaryItemSchema = z.object({
  id: z.number(),
  week_start: z.string(),
  week_end: z.string(),
  partial: z.boolean(),
  made_at: z.string(),
  eggs_collected: count,
  sales_cents: count,
  expenses_cents: count,
  deaths: count,
  /** Balance lines beyond the margin; null without balance checks. */
  gaps: figure,
});
export type WeeklySummaryItem = z.infer<typeof weeklySummaryItemSchema>;

export const SUMMARY_SORTS = ['week'] as const;
export const listSummariesQuerySchema = listQuerySchema(SUMMARY_SORTS);
export type ListSummariesQuery = z.infer<typeof listSummariesQuerySchema>;
export const summaryPageSchema = pageSchema(weeklySummaryItemSchema);
export type SummaryPage = z.infer<typeof summaryPageSchema>;

/** `/summaries/{id}`: a summary of the farm. */
export const summaryIdParamsSchema = z.object({ id: idField(summaryWords.notFound) });
