/** The financial dashboard's calls and answers (docs/product.md §7 Flock finance, decision 030). */
import { z } from 'zod/mini';
import { idField, wholeNumberField, withAliases } from './common/fields.js';
import { shillingsSchema } from './common/money-schema.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { MIN_BUDGET_YEAR } from './expenses-rules.js';
import { FINANCE_FIRST_YEAR, financeMessages } from './finance-rules.js';
import { FLOCK_STATUSES } from './flocks-rules.js';
import { recordAuthorsSchema } from './staff.js';

ensureEnglishMessages();

/** A year from 2023 (docs/product.md §9's minimum budget year); the server refuses one past next year. */
const yearField = wholeNumberField(financeMessages.yearRequired, financeMessages.yearInvalid, MIN_BUDGET_YEAR, financeMessages.yearTooEarly, 9999);

/**
 * `?year=` of the reads; the farm's current year when left out. Any year a farm may have records
 * of (a farm of ten years reads its first): the budgets' 2023 minimum is for setting budgets only.
 */
const readYearField = wholeNumberField(financeMessages.yearRequired, financeMessages.yearInvalid, FINANCE_FIRST_YEAR, financeMessages.yearInvalid, 9999);
export const financeQuerySchema = z.object({ year: z.optional(readYearField) });
export type FinanceQuery = z.infer<typeof financeQuerySchema>;

export const financeFlockParamsSchema = z.object({ flockId: idField(financeMessages.flockNotFound) });

/**
 * PUT /api/flock-financial/ {budget}: sets a flock's budget for a year (docs/product.md names only
 * `budget`; `flock_id` says whose, `year` defaults to the farm's current year). Sales and
 * expenses are never changed here.
 */
export const setFlockBudgetSchema = z.pipe(
  withAliases({ flockId: 'flock_id', amount: 'budget' }),
  z.object({
    flock_id: idField(financeMessages.selectFlock),
    year: z.optional(yearField),
    budget: shillingsSchema,
  }),
);
export type SetFlockBudgetInput = z.infer<typeof setFlockBudgetSchema>;

/** docs/product.md §3 Financial record: one flock's month, in cents. */
export const financeMonthSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  revenue_cents: z.number(),
  expenses_cents: z.number(),
  /** revenue − expenses of the month. */
  net_revenue_cents: z.number(),
  /** The running total of net revenue from January (runningTotals). */
  net_profit_cents: z.number(),
});
export type FinanceMonth = z.infer<typeof financeMonthSchema>;

export const BUDGET_SOURCES = ['yearly', 'monthly'] as const;

export const flockFinanceSchema = z.object({
  flock_id: z.number(),
  flock_name: z.string(),
  status: z.enum(FLOCK_STATUSES),
  bird_count: z.number(),
  /** January to December of the year, 0 where nothing was recorded. */
  months: z.array(financeMonthSchema),
  revenue_cents: z.number(),
  expenses_cents: z.number(),
  net_profit_cents: z.number(),
  /** profitPerBirdCents; null for a flock with no birds. */
  net_profit_per_bird_cents: z.nullable(z.number()),
  /** The yearly budget when set, else the sum of the flock's monthly budgets; null when neither. */
  budget_cents: z.nullable(z.number()),
  budget_source: z.nullable(z.enum(BUDGET_SOURCES)),
  /** What stands against the budget: the year's expenses for a yearly one, those of the budgeted months for monthly ones. */
  budget_spent_cents: z.nullable(z.number()),
  /** The yearly budget PUT sets and DELETE clears; null when not set. */
  yearly_budget_cents: z.nullable(z.number()),
  /** The product's names, in shillings. */
  budget: z.nullable(z.number()),
  /** Who set the yearly budget and who last changed it; null without one. */
  ...recordAuthorsSchema.shape,
});
export type FlockFinance = z.infer<typeof flockFinanceSchema>;

const namedAmountSchema = z.object({ flock_id: z.number(), flock_name: z.string(), amount_cents: z.number() });

/** GET /api/flock-financial/: every flock's year, the farm's totals and the two best flocks. */
export const financeSchema = z.object({
  year: z.number(),
  /** financeYears: the picker's years, newest first. */
  years: z.array(z.number()),
  /** docs/product.md §3 summary, in shillings. */
  totalRevenue: z.number(),
  totalExpenses: z.number(),
  total_revenue_cents: z.number(),
  total_expenses_cents: z.number(),
  net_profit_cents: z.number(),
  paid_cents: z.number(),
  pending_cents: z.number(),
  /** The farm's months, January to December. */
  months: z.array(financeMonthSchema),
  /** Flocks not archived, and archived ones with records in the year, by name. */
  flocks: z.array(flockFinanceSchema),
  /** bestPerformingFlock: its revenue. */
  best_performing: z.nullable(namedAmountSchema),
  /** mostEfficientFlock: its net profit per bird. */
  most_efficient: z.nullable(namedAmountSchema),
});
export type Finance = z.infer<typeof financeSchema>;

/** GET /api/flock-financial/flock/{flockId}: one flock's year. */
export const flockFinanceAnswerSchema = z.object({ year: z.number(), flock: flockFinanceSchema });
export type FlockFinanceAnswer = z.infer<typeof flockFinanceAnswerSchema>;
