import {
  bestPerformingFlock,
  centsToShillings,
  FINANCE_MONTHS,
  financeMessages,
  financeYears,
  maxBudgetYear,
  mostEfficientFlock,
  profitPerBirdCents,
  runningTotals,
  type Finance,
  type FinanceMonth,
  type FlockFinance,
  type FlockFinanceAnswer,
  type FlockStatus,
  type SetFlockBudgetInput,
} from '@kuku/domain';
import { and, eq, sql } from 'drizzle-orm';
import { invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import {
  budgets,
  expenseCategoryMonths,
  expenseFlockMonths,
  flocks,
  flockYearBudgets,
  saleCategoryMonths,
  saleDays,
  saleFlockMonths,
  users,
} from '../../db/schema/index.js';
import { farmMonth, oneRow, type FarmScope } from '../farm-scope.js';
import { findFlockRow } from '../flocks/service.js';

type FlockRow = [id: number, name: string, status: FlockStatus, birdCount: number];
/** A flock's month: flock id, month number 1-12, cents. */
type MonthAmount = [flockId: number, month: number, cents: number | string];
/** A flock's yearly budget: flock id, cents, who set it and who last changed it. */
type FlockBudget = [flockId: number, cents: number | string, createdByName: string | null, updatedByName: string | null];

/** The year asked for, or the farm's current one; a year past next year is refused. */
function chosenYear(scope: FarmScope, year: number | undefined) {
  const { today } = farmMonth(scope);
  const thisYear = Number(today.slice(0, 4));
  const chosen = year ?? thisYear;
  if (chosen > maxBudgetYear(today)) throw invalid(financeMessages.yearInvalid, { year: financeMessages.yearInvalid });
  return { year: chosen, thisYear };
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

function financeMonths(year: number, revenue: number[], expenses: number[]): FinanceMonth[] {
  const net = revenue.map((cents, i) => cents - (expenses[i] ?? 0));
  const profit = runningTotals(net);
  return net.map((netCents, i) => ({
    month: monthKey(year, i + 1),
    revenue_cents: revenue[i] ?? 0,
    expenses_cents: expenses[i] ?? 0,
    net_revenue_cents: netCents,
    net_profit_cents: profit[i] ?? 0,
  }));
}

interface YearRows {
  flocks: FlockRow[] | null;
  sales: MonthAmount[] | null;
  expenses: MonthAmount[] | null;
  month_budgets: MonthAmount[] | null;
  year_budgets: FlockBudget[] | null;
  paid: number | string;
  first_month: string | null;
}

/**
 * A year of the farm's (or one flock's) money in one statement over the monthly rollups
 * (decision 030): a row a flock a month of sales and of expenses, a row a flock of budgets,
 * the paid sales of the year's days. Its cost is the same for a farm with ten years of records.
 */
async function yearRows(db: Db, farmId: number, year: number, flockId?: number): Promise<YearRows> {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const ofFlock = (column: string) => (flockId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${flockId}`);
  return oneRow<YearRows>(
    db,
    sql`select
      (select json_agg(json_build_array(id, name, status, bird_count) order by name, id) from ${flocks} where farm_id = ${farmId}${ofFlock('id')}) as flocks,
      (select json_agg(json_build_array(flock_id, extract(month from month)::int, amount_cents)) from ${saleFlockMonths}
         where farm_id = ${farmId} and month >= ${from} and month < ${to} and amount_cents <> 0${ofFlock('flock_id')}) as sales,
      (select json_agg(json_build_array(flock_id, extract(month from month)::int, amount_cents)) from ${expenseFlockMonths}
         where farm_id = ${farmId} and month >= ${from} and month < ${to} and amount_cents <> 0${ofFlock('flock_id')}) as expenses,
      (select json_agg(json_build_array(flock_id, month, amount_cents)) from ${budgets}
         where farm_id = ${farmId} and year = ${year}${ofFlock('flock_id')}) as month_budgets,
      (select json_agg(json_build_array(flock_id, amount_cents,
           (select u.username from ${users} u where u.id = ${flockYearBudgets}.created_by),
           (select u.username from ${users} u where u.id = ${flockYearBudgets}.updated_by))) from ${flockYearBudgets}
         where farm_id = ${farmId} and year = ${year}${ofFlock('flock_id')}) as year_budgets,
      (select coalesce(sum(paid_cents), 0) from ${saleDays} where farm_id = ${farmId} and day >= ${from} and day < ${to}) as paid,
      (select least((select min(month) from ${saleCategoryMonths} where farm_id = ${farmId}),
                    (select min(month) from ${expenseCategoryMonths} where farm_id = ${farmId}))::text) as first_month`,
  );
}

/** Each flock's year from the rows, by name; archived flocks only when they have records or a budget. */
function flockFinances(year: number, rows: YearRows, keepArchived: boolean): FlockFinance[] {
  const perFlock = (amounts: MonthAmount[] | null) => {
    const byFlock = new Map<number, number[]>();
    for (const [flockId, month, cents] of amounts ?? []) {
      const values = byFlock.get(flockId) ?? Array.from({ length: FINANCE_MONTHS }, () => 0);
      values[month - 1] = (values[month - 1] ?? 0) + Number(cents);
      byFlock.set(flockId, values);
    }
    return byFlock;
  };
  const revenue = perFlock(rows.sales);
  const expenses = perFlock(rows.expenses);
  const monthBudgets = perFlock(rows.month_budgets);
  const budgetMonths = new Map<number, Set<number>>();
  for (const [flockId, month] of rows.month_budgets ?? []) budgetMonths.set(flockId, (budgetMonths.get(flockId) ?? new Set()).add(month));
  const yearBudgets = new Map((rows.year_budgets ?? []).map(([id, cents, createdBy, updatedBy]) => [id, { cents: Number(cents), createdBy, updatedBy }]));
  const zeros = () => Array.from({ length: FINANCE_MONTHS }, () => 0);
  const result: FlockFinance[] = [];
  for (const [id, name, status, birdCount] of rows.flocks ?? []) {
    const hasRecords = revenue.has(id) || expenses.has(id);
    const yearBudget = yearBudgets.get(id);
    const yearly = yearBudget?.cents ?? null;
    const budgeted = monthBudgets.get(id);
    const monthly = budgeted ? budgeted.reduce((sum, cents) => sum + cents, 0) : null;
    if (status === 'archived' && !keepArchived && !hasRecords && yearly === null && monthly === null) continue;
    const months = financeMonths(year, revenue.get(id) ?? zeros(), expenses.get(id) ?? zeros());
    const revenueCents = months.reduce((sum, m) => sum + m.revenue_cents, 0);
    const expensesCents = months.reduce((sum, m) => sum + m.expenses_cents, 0);
    const budget = yearly ?? monthly;
    // A yearly budget stands against the year's expenses; monthly ones against the expenses of their months.
    const budgetSpent =
      yearly !== null ? expensesCents : budgeted ? months.reduce((sum, m, i) => sum + (budgetMonths.get(id)?.has(i + 1) ? m.expenses_cents : 0), 0) : null;
    result.push({
      flock_id: id,
      flock_name: name,
      status,
      bird_count: birdCount,
      months,
      revenue_cents: revenueCents,
      expenses_cents: expensesCents,
      net_profit_cents: revenueCents - expensesCents,
      net_profit_per_bird_cents: birdCount > 0 ? profitPerBirdCents(revenueCents - expensesCents, birdCount) : null,
      budget_cents: budget,
      budget_source: yearly !== null ? 'yearly' : monthly !== null ? 'monthly' : null,
      budget_spent_cents: budgetSpent,
      yearly_budget_cents: yearly,
      budget: budget === null ? null : centsToShillings(budget),
      created_by_name: yearBudget?.createdBy ?? null,
      updated_by_name: yearBudget?.updatedBy ?? null,
    });
  }
  return result;
}

/** GET /api/flock-financial/: the farm's year, each flock's months and the two best flocks (docs/product.md §2). */
export async function farmFinance(db: Db, scope: FarmScope, askedYear?: number): Promise<Finance> {
  const { year, thisYear } = chosenYear(scope, askedYear);
  const rows = await yearRows(db, scope.farmId, year);
  const flockYears = flockFinances(year, rows, false);
  const farmRevenue = Array.from({ length: FINANCE_MONTHS }, (_, i) => flockYears.reduce((sum, f) => sum + (f.months[i]?.revenue_cents ?? 0), 0));
  const farmExpenses = Array.from({ length: FINANCE_MONTHS }, (_, i) => flockYears.reduce((sum, f) => sum + (f.months[i]?.expenses_cents ?? 0), 0));
  const months = financeMonths(year, farmRevenue, farmExpenses);
  const totalRevenue = farmRevenue.reduce((a, b) => a + b, 0);
  const totalExpenses = farmExpenses.reduce((a, b) => a + b, 0);
  const paid = Number(rows.paid);
  const figures = flockYears.map((f) => ({ ...f, has_records: f.revenue_cents !== 0 || f.expenses_cents !== 0 }));
  const best = bestPerformingFlock(figures);
  const efficient = mostEfficientFlock(figures);
  return {
    year,
    years: financeYears(rows.first_month ? Number(rows.first_month.slice(0, 4)) : null, thisYear),
    totalRevenue: centsToShillings(totalRevenue),
    totalExpenses: centsToShillings(totalExpenses),
    total_revenue_cents: totalRevenue,
    total_expenses_cents: totalExpenses,
    net_profit_cents: totalRevenue - totalExpenses,
    paid_cents: paid,
    pending_cents: totalRevenue - paid,
    months,
    flocks: flockYears,
    best_performing: best ? { flock_id: best.flock.flock_id, flock_name: best.flock.flock_name, amount_cents: best.revenue_cents } : null,
    most_efficient: efficient
      ? { flock_id: efficient.flock.flock_id, flock_name: efficient.flock.flock_name, amount_cents: efficient.per_bird_cents }
      : null,
  };
}

/** GET /api/flock-financial/flock/{flockId}: one flock's year (another farm's flock is not found). */
export async function flockFinance(db: Db, scope: FarmScope, flockId: number, askedYear?: number): Promise<FlockFinanceAnswer> {
  const { year } = chosenYear(scope, askedYear);
  await findFlockRow(db, scope.farmId, flockId);
  const [flock] = flockFinances(year, await yearRows(db, scope.farmId, year, flockId), true);
  return { year, flock: flock! };
}

/** PUT /api/flock-financial/: sets the flock's yearly budget (decision 030); sales and expenses stay as they are. */
export async function setFlockBudget(db: Db, scope: FarmScope, userId: number, input: SetFlockBudgetInput): Promise<FlockFinanceAnswer> {
  const { year } = chosenYear(scope, input.year);
  await db.transaction(async (tx) => {
    await findFlockRow(tx, scope.farmId, input.flock_id, 'no key update');
    await tx
      .insert(flockYearBudgets)
      .values({ farmId: scope.farmId, flockId: input.flock_id, createdBy: userId, updatedBy: userId, year, amountCents: input.budget })
      .onConflictDoUpdate({
        target: [flockYearBudgets.farmId, flockYearBudgets.year, flockYearBudgets.flockId],
        set: { amountCents: input.budget, updatedAt: sql`now()`, updatedBy: userId },
      });
  });
  return flockFinance(db, scope, input.flock_id, year);
}

/** DELETE /api/flock-financial/flock/{flockId}: clears the flock's yearly budget; nothing else. */
export async function clearFlockBudget(db: Db, scope: FarmScope, flockId: number, askedYear?: number): Promise<void> {
  const { year } = chosenYear(scope, askedYear);
  await findFlockRow(db, scope.farmId, flockId);
  await db
    .delete(flockYearBudgets)
    .where(and(eq(flockYearBudgets.farmId, scope.farmId), eq(flockYearBudgets.flockId, flockId), eq(flockYearBudgets.year, year)));
}
