import { z } from 'zod/mini';
import { dayField, enumField, idField, wholeNumberField, withAliases } from './common/fields.js';
import { moneyMessages, parseAmount, type Cents } from './common/money.js';
import { positiveShillingsSchema } from './common/money-schema.js';
import { listQuerySchema, pageSchema, SORT_ORDERS } from './common/pagination.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { reportMessages } from './reports-rules.js';
import { recordAuthorsSchema } from './staff.js';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_ALIASES,
  EXPENSE_DESCRIPTION_MAX,
  expenseMessages,
  MIN_BUDGET_YEAR,
} from './expenses-rules.js';

ensureEnglishMessages();

const categoryField = enumField(EXPENSE_CATEGORIES, expenseMessages.selectCategory, EXPENSE_CATEGORY_ALIASES);

const descriptionField = z
  .string({ error: expenseMessages.descriptionRequired })
  .check(z.trim(), z.minLength(1, expenseMessages.descriptionRequired), z.maxLength(EXPENSE_DESCRIPTION_MAX, expenseMessages.descriptionTooLong));

const expenseDay = dayField(expenseMessages.dateRequired, expenseMessages.dateInvalid);

/**
 * POST /api/expenses/ (docs/product.md §7): amount in shillings (cents out, above 0). The date is kept
 * as sent ('YYYY-MM-DD' or the product's noon-UTC instant); the server reads it in the farm's time
 * zone and checks the six-month window (isExpenseDateAllowed).
 */
export const createExpenseSchema = z.pipe(
  withAliases({ flockId: 'flock_id' }),
  z.object({
    flock_id: idField(expenseMessages.selectFlock),
    date: expenseDay,
    description: descriptionField,
    amount: positiveShillingsSchema,
    category: categoryField,
  }),
);
export type CreateExpenseInput = z.infer<typeof createExpenseSchema>;

const updateExpenseFields = {
  date: z.optional(expenseDay),
  description: z.optional(descriptionField),
  amount: z.optional(positiveShillingsSchema),
  category: z.optional(categoryField),
};
const UPDATE_EXPENSE_KEYS = Object.keys(updateExpenseFields);

/**
 * PUT /api/expenses/{id}: the product's payload is date, description and amount; the category may
 * be changed too. Any part of it; the flock stays (a flock_id in the body is ignored). The
 * date window applies when the date changes.
 */
export const updateExpenseSchema = z.object(updateExpenseFields).check(
  z.refine((expense: Record<string, unknown>) => UPDATE_EXPENSE_KEYS.some((key) => expense[key] !== undefined), expenseMessages.nothingToUpdate),
);
export type UpdateExpenseInput = z.infer<typeof updateExpenseSchema>;

export const expenseSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  flock_name: z.string(),
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  description: z.string(),
  /** Shillings, as the product's clients read it; our web reads amount_cents. */
  amount: z.number(),
  amount_cents: z.number(),
  category: z.enum(EXPENSE_CATEGORIES),
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type Expense = z.infer<typeof expenseSchema>;

export const EXPENSE_SORTS = ['date', 'description', 'category', 'flock', 'amount'] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];

/** GET /api/expenses/: newest first; `q` searches description, category and flock; `from`/`to` are days, inclusive. */
export const listExpensesQuerySchema = listQuerySchema(EXPENSE_SORTS, {
  order: z._default(enumField(SORT_ORDERS, expenseMessages.orderInvalid), 'desc'),
  flock_id: z.optional(idField(expenseMessages.selectFlock)),
  category: z.optional(categoryField),
  from: z.optional(dayField(expenseMessages.dateInvalid, expenseMessages.dateInvalid)),
  to: z.optional(dayField(expenseMessages.dateInvalid, expenseMessages.dateInvalid)),
});
export type ListExpensesQuery = z.infer<typeof listExpensesQuerySchema>;
export const expensePageSchema = pageSchema(expenseSchema);

// ---------------------------------------------------------------------------------------
// Budgets

const budgetAmountMessages: Partial<Record<string, string>> = {
  [moneyMessages.amountDecimals]: moneyMessages.amountDecimals,
  [moneyMessages.amountTooLarge]: moneyMessages.amountTooLarge,
};

/**
 * A budget in shillings (docs/product.md §5: not empty and not negative, 'Enter a valid amount.'), cents
 * out; 0 is a budget (nothing may be spent).
 */
const budgetAmountField = z.pipe(
  z.union([z.number(), z.string()], { error: expenseMessages.amountInvalid }),
  z.transform((value: string | number, ctx): Cents => {
    // String() of a JSON number is its shortest decimal text: 1250.5 → "1250.5", 1e21 → "1e+21" (refused).
    const result = parseAmount(typeof value === 'number' ? String(value) : value);
    if (result.ok) return result.cents;
    ctx.issues.push({ code: 'custom', message: budgetAmountMessages[result.message] ?? expenseMessages.amountInvalid, input: value });
    return z.NEVER;
  }),
);

const monthField = wholeNumberField(expenseMessages.selectMonth, expenseMessages.monthInvalid, 1, expenseMessages.monthInvalid, 12);

/** ≥ 2023 (docs/product.md §9); the server also refuses a year past next year (maxBudgetYear). */
const yearField = wholeNumberField(expenseMessages.yearRequired, expenseMessages.yearInvalid, MIN_BUDGET_YEAR, expenseMessages.yearTooEarly, 9999);

const budgetAliases = { flockId: 'flock_id' };

/** POST /api/budget/ (docs/product.md §7): one budget per flock, month and year (409 budgetExists). */
export const createBudgetSchema = z.pipe(
  withAliases(budgetAliases),
  z.object({
    flock_id: idField(expenseMessages.selectFlock),
    amount: budgetAmountField,
    month: monthField,
    year: yearField,
  }),
);
export type CreateBudgetInput = z.infer<typeof createBudgetSchema>;

/** `/api/budget/:month/:year` (docs/product.md §7). */
export const budgetPeriodParamsSchema = z.object({ month: monthField, year: yearField });
export type BudgetPeriodParams = z.infer<typeof budgetPeriodParamsSchema>;

/**
 * PUT /api/budget/{month}/{year} {amount}: docs/product.md names no flock, so `flock_id` says which
 * flock's budget; it may be left out only when the farm has one budget that month
 * (decision 026). Only budgets of the edit window can change (isBudgetEditable).
 */
export const updateBudgetSchema = z.pipe(
  withAliases(budgetAliases),
  z.object({ amount: budgetAmountField, flock_id: z.optional(idField(expenseMessages.selectBudget)) }),
);
export type UpdateBudgetInput = z.infer<typeof updateBudgetSchema>;

export const BUDGET_LEVELS = ['ok', 'warning', 'over'] as const;

export const budgetSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  flock_name: z.string(),
  month: z.number(),
  year: z.number(),
  /** Shillings, as the product's clients read it; our web reads amount_cents. */
  amount: z.number(),
  amount_cents: z.number(),
  /** What the flock's expenses dated in that month add up to. */
  spent_cents: z.number(),
  /** amount − spent; negative when over. */
  left_cents: z.number(),
  /** budgetPercentUsed; null for a budget of 0. */
  percent_used: z.nullable(z.number()),
  level: z.enum(BUDGET_LEVELS),
  /** isBudgetEditable on the farm's today. */
  editable: z.boolean(),
  user_id: z.nullable(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  ...recordAuthorsSchema.shape,
});
export type Budget = z.infer<typeof budgetSchema>;

export const BUDGET_SORTS = ['period', 'flock', 'amount'] as const;

const booleanQuery = z.pipe(
  z.transform((input: unknown) => (input === 'true' || input === true ? true : input === 'false' || input === false ? false : input)),
  z.boolean({ error: expenseMessages.booleanInvalid }),
);

/**
 * GET /api/budget/: newest period first; filters by flock, month and year, and `editable=true`
 * for the budgets the edit form offers (the past month up to now).
 */
export const listBudgetsQuerySchema = listQuerySchema(BUDGET_SORTS, {
  order: z._default(enumField(SORT_ORDERS, expenseMessages.orderInvalid), 'desc'),
  flock_id: z.optional(idField(expenseMessages.selectFlock)),
  month: z.optional(monthField),
  year: z.optional(yearField),
  editable: z.optional(booleanQuery),
});
export type ListBudgetsQuery = z.infer<typeof listBudgetsQuerySchema>;
export const budgetPageSchema = pageSchema(budgetSchema);

// ---------------------------------------------------------------------------------------
// Statistics and charts, summed in SQL in the farm's time zone.

const categoryAmount = z.object({ category: z.enum(EXPENSE_CATEGORIES), amount_cents: z.number() });

/** GET /api/expenses/stats. */
export const expenseStatsSchema = z.object({
  /** The farm's today, 'YYYY-MM-DD'. */
  today: z.string(),
  /** Monday to Sunday of this week. */
  week_cents: z.number(),
  month_cents: z.number(),
  year_cents: z.number(),
  /** This month's category with the most spent; null when nothing was spent this month. */
  largest_category: z.nullable(categoryAmount),
  /** This month's budgets together against what their flocks spent; null when no budget is set this month. */
  budget_used: z.nullable(
    z.object({ budget_cents: z.number(), spent_cents: z.number(), percent_used: z.nullable(z.number()), level: z.enum(BUDGET_LEVELS) }),
  ),
  /** Budget against actual: each flock with a budget this month. */
  budgets: z.array(
    z.object({
      budget_id: z.number(),
      flock_id: z.number(),
      flock_name: z.string(),
      budget_cents: z.number(),
      spent_cents: z.number(),
      left_cents: z.number(),
      percent_used: z.nullable(z.number()),
      level: z.enum(BUDGET_LEVELS),
    }),
  ),
});
export type ExpenseStats = z.infer<typeof expenseStatsSchema>;

/** GET /api/expenses/series: the four charts' points. */
export const expenseSeriesSchema = z.object({
  /** expenseWeekDays: Monday to Sunday of this week. */
  week: z.array(z.object({ day: z.string(), amount_cents: z.number() })),
  /** expenseMonthWeeks: weeks 1-4 of this month. */
  month_weeks: z.array(z.object({ week: z.number(), start: z.string(), end: z.string(), amount_cents: z.number() })),
  /** yearMonths: January to December of this year. */
  year_months: z.array(z.object({ month: z.string(), amount_cents: z.number() })),
  /** This year's spending by category, in EXPENSE_CATEGORIES order, the ones with nothing left out. */
  categories: z.array(categoryAmount),
});
export type ExpenseSeries = z.infer<typeof expenseSeriesSchema>;

const reportDay = dayField(expenseMessages.reportDatesRequired, expenseMessages.dateInvalid);

/** The expense report form (docs/product.md §5, §7: startDate, endDate, descriptionFilter, category). */
export const expenseReportRequestSchema = z.pipe(
  withAliases({ startDate: 'start_date', endDate: 'end_date', descriptionFilter: 'description_filter' }),
  z
    .object({
      start_date: reportDay,
      end_date: reportDay,
      description_filter: z.optional(
        z.nullable(z.string().check(z.trim(), z.maxLength(EXPENSE_DESCRIPTION_MAX, expenseMessages.reportDescriptionTooLong))),
      ),
      category: z.optional(z.nullable(categoryField)),
    })
    .check(
      z.superRefine((request, ctx) => {
        if (request.end_date.slice(0, 10) < request.start_date.slice(0, 10)) {
          ctx.addIssue({ code: 'custom', message: expenseMessages.reportEndBeforeStart, path: ['end_date'], input: request.end_date });
        } else if (request.end_date.slice(0, 10) === request.start_date.slice(0, 10)) {
          // The report it makes refuses one day (docs/product.md §5 Report generator).
          ctx.addIssue({ code: 'custom', message: reportMessages.singleDay, path: ['end_date'], input: request.end_date });
        }
      }),
    ),
);
export type ExpenseReportRequest = z.infer<typeof expenseReportRequestSchema>;

/** What a client sends to create an expense; amount in shillings. */
export interface ExpenseBody {
  flock_id: number;
  date: string;
  description: string;
  amount: number | string;
  category: (typeof EXPENSE_CATEGORIES)[number];
}

/** What a client sends to create a budget; amount in shillings. */
export interface BudgetBody {
  flock_id: number;
  amount: number | string;
  month: number;
  year: number;
}
