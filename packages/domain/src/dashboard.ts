/** The dashboard's answer (GET /api/stats/dashboard): every number summed in SQL over the rollups. */
import { z } from 'zod/mini';
import { AGE_GROUPS, FLOCK_STATUSES } from './flocks-rules.js';

/** One flock's points, aligned with the chart's days, weeks or months. */
const flockLineSchema = z.object({ flock_id: z.number(), flock_name: z.string(), values: z.array(z.number()) });
export type DashboardFlockLine = z.infer<typeof flockLineSchema>;

/** A flock as the Flock Overview card and its detail modal show it (docs/product.md §2). */
export const overviewFlockSchema = z.object({
  id: z.number(),
  name: z.string(),
  breed: z.string(),
  status: z.enum(FLOCK_STATUSES),
  bird_count: z.number(),
  initial_bird_count: z.number(),
  deaths: z.number(),
  /** mortalityRate: deaths over the initial count, percent, 2 decimals. */
  mortality_rate: z.number(),
  age_weeks: z.number(),
  age_group: z.enum(AGE_GROUPS),
  vaccinations_pending: z.number(),
  vaccinations_completed: z.number(),
  /** The flock's earliest Pending vaccination, overdue or not; null when none is pending. */
  next_vaccination: z.nullable(z.object({ id: z.number(), vaccine_name: z.string(), date: z.string() })),
});
export type OverviewFlock = z.infer<typeof overviewFlockSchema>;

export const dashboardSchema = z.object({
  /** The farm's today 'YYYY-MM-DD' and month 'YYYY-MM' (its time zone): what "this month" means below. */
  today: z.string(),
  month: z.string(),
  /** docs/product.md §9: the sum of bird_count (archived flocks hold none). */
  total_birds: z.number(),
  total_flocks: z.number(),
  /** docs/product.md §9: eggs collected on records dated this month. */
  eggs_this_month: z.number(),
  /** Sales dated this month, every status. */
  revenue_this_month_cents: z.number(),
  revenue_this_month: z.number(),
  expenses_this_month_cents: z.number(),
  /** docs/product.md §9: the bird-count-weighted mortality rate, 2 decimals (mortalityDisplay shows it). */
  mortality_rate: z.number(),
  /** dashboardEggDays; each flock that laid in them. */
  eggs_last_7_days: z.object({ days: z.array(z.string()), flocks: z.array(flockLineSchema) }),
  /** dashboardWeeks; each flock that laid in them. */
  eggs_by_week: z.object({
    weeks: z.array(z.object({ week: z.number(), start: z.string(), end: z.string() })),
    flocks: z.array(flockLineSchema),
  }),
  /** saleTrendMonths 'YYYY-MM'; each flock that sold in them, values in cents. */
  sales_by_month: z.object({ months: z.array(z.string()), flocks: z.array(flockLineSchema) }),
  /** This month's revenue against its expenses (the pie), cents. */
  revenue_vs_expenses: z.object({ revenue_cents: z.number(), expenses_cents: z.number() }),
  /** The Flock Overview card: the largest flocks not archived (DASHBOARD_OVERVIEW_FLOCKS). */
  flocks: z.array(overviewFlockSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
