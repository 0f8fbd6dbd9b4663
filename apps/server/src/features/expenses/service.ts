import {
  budgetLevel,
  budgetPercentUsed,
  centsToShillings,
  EXPENSE_CATEGORIES,
  expenseMessages,
  expenseMonthWeeks,
  expenseWeekDays,
  isExpenseDateAllowed,
  parseDay,
  shiftDay,
  shiftMonth,
  yearMonths,
  type CreateExpenseInput,
  type Expense,
  type ExpenseCategory,
  type ExpenseSeries,
  type ExpenseStats,
  type ListExpensesQuery,
  type Page,
  type UpdateExpenseInput,
} from '@kuku/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { preparedQuery } from '../../db/prepared.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { budgets, expenseCategoryMonths, expenseDays, expenseFlockMonths, expenses, flocks } from '../../db/schema/index.js';
import { sqlInteger, toSafeInteger } from '../../db/sql-number.js';
import { searchDayAsShown } from '../../db/day-text.js';
import type { FarmScope } from '../farm-scope.js';
import { budgetsCrossed, type BudgetExceeded } from './budgets.js';
import { farmFlock, monthStart, todayOf } from './farm-flock.js';

type ExpenseRow = typeof expenses.$inferSelect;

function toExpense(row: ExpenseRow & AuthorNames, name: string | null | undefined): Expense {
  return {
    id: row.id,
    flock_id: row.flockId,
    flock_name: name ?? expenseMessages.unknownFlock,
    date: row.date,
    description: row.description,
    amount: centsToShillings(row.amountCents),
    amount_cents: row.amountCents,
    category: row.category,
    user_id: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

/** A day the client sent, read in the farm's zone ('YYYY-MM-DD' or an ISO instant). */
function dayOf(value: string, scope: FarmScope, field: string): string {
  const day = parseDay(value, scope.timeZone);
  if (!day) throw invalid(expenseMessages.dateInvalid, { [field]: expenseMessages.dateInvalid });
  return day;
}

/** docs/product.md §5: from the first day of the month six months back up to the farm's today. */
function windowDay(value: string, scope: FarmScope): string {
  const day = dayOf(value, scope, 'date');
  if (!isExpenseDateAllowed(day, todayOf(scope))) throw invalid(expenseMessages.dateOutsideWindow, { date: expenseMessages.dateOutsideWindow });
  return day;
}

// ---------------------------------------------------------------- expense list

const expenseSorts = {
  date: expenses.date,
  description: expenses.description,
  category: expenses.category,
  flock: flocks.name,
  amount: expenses.amountCents,
} as const;

/**
 * The farm's expenses a page at a time, newest first by default, searched by description,
 * category and flock name, as the sales list does (decision 025): the page's ids off the
 * sort's index (flocks joined only to sort or search by name), then those rows with their
 * flock's name, in one statement that carries the total (an unfiltered list's total summed
 * from the category-month rollup).
 */
export async function listExpenses(db: Db, scope: FarmScope, query: ListExpensesQuery): Promise<Page<Expense>> {
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(expenses.farmId, scope.farmId)];
  if (query.flock_id) filters.push(eq(expenses.flockId, query.flock_id));
  if (query.category) filters.push(eq(expenses.category, query.category));
  if (query.from) filters.push(gte(expenses.date, dayOf(query.from, scope, 'from')));
  if (query.to) filters.push(lte(expenses.date, dayOf(query.to, scope, 'to')));
  if (pattern) {
    const text = or(
      ilike(expenses.description, pattern),
      ilike(expenses.category, pattern),
      ilike(flocks.name, pattern),
      searchDayAsShown(expenses.date, query.q, pattern),
    );
    if (text) filters.push(text);
  }
  const direction = query.order === 'desc' ? desc : asc;
  // Unfiltered, the total is the farm's kept count.
  const whole = filters.length === 1;
  const order = [direction(expenseSorts[query.sort]), direction(expenses.id)];
  return listPage(
    db,
    query,
    {
      table: expenses,
      join: pattern || query.sort === 'flock' ? { table: flocks, on: eq(flocks.id, expenses.flockId) } : undefined,
      where: and(...filters),
      order,
      // Summed from the category-month rollup.
      kept: whole ? sql`coalesce((select sum(${expenseCategoryMonths.expenses}) from ${expenseCategoryMonths} where ${expenseCategoryMonths.farmId} = ${scope.farmId}), 0)` : undefined,
      rows: (inPage, total) =>
        db
          .select({ row: expenses, name: flocks.name, ...authorNames(expenses), total })
          .from(expenses)
          .leftJoin(flocks, eq(flocks.id, expenses.flockId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toExpense({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name),
  );
}

// ---------------------------------------------------------------- expense writes

/** One expense as the API answers it, for the 409 that shows what it is now (decision 067). */
export async function expenseNow(db: DbOrTx, farmId: number, id: number): Promise<Expense | undefined> {
  const [r] = await db
    .select({ row: expenses, name: flocks.name, ...authorNames(expenses) })
    .from(expenses)
    .leftJoin(flocks, eq(flocks.id, expenses.flockId))
    .where(and(eq(expenses.farmId, farmId), eq(expenses.id, id)));
  return r && toExpense({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name);
}

/**
 * A new expense of one of the farm's flocks, its date in the six-month window of the farm's
 * today. The flock-month it lands in is read back after the insert: crossing its budget is
 * a budget_exceeded event.
 */
export async function createExpense(
  db: Db,
  scope: FarmScope,
  userId: number,
  input: CreateExpenseInput,
): Promise<{ expense: Expense; exceeded: BudgetExceeded[] }> {
  const date = windowDay(input.date, scope);
  return db.transaction(async (tx) => {
    const flock = await farmFlock(tx, scope.farmId, input.flock_id);
    const [row] = await tx
      .insert(expenses)
      .values({
        farmId: scope.farmId,
        flockId: flock.id,
        createdBy: userId,
        updatedBy: userId,
        date,
        description: input.description,
        amountCents: input.amount,
        category: input.category,
      })
      .returning(returningWithAuthors(expenses));
    if (!row) throw new Error('insert returned nothing');
    const exceeded = await budgetsCrossed(tx, scope.farmId, [{ flockId: row.flockId, month: row.date.slice(0, 7), delta: row.amountCents }]);
    return { expense: toExpense(row, flock.name), exceeded };
  });
}

/**
 * Any of date, description, amount and category, merged with the stored expense read
 * locked; the flock stays. The date window is checked only when the date changes, so an
 * expense near the window's start can still have its description corrected.
 */
export async function updateExpense(
  db: Db,
  scope: FarmScope,
  userId: number,
  id: number,
  input: UpdateExpenseInput,
): Promise<{ expense: Expense; exceeded: BudgetExceeded[] }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: expenses, name: flocks.name })
      .from(expenses)
      .leftJoin(flocks, eq(flocks.id, expenses.flockId))
      .where(and(eq(expenses.farmId, scope.farmId), eq(expenses.id, id)))
      .limit(1)
      .for('no key update', { of: expenses });
    if (!found) throw notFound(expenseMessages.notFound);
    const { row, name } = found;
    const changes: Partial<typeof expenses.$inferInsert> = { updatedAt: new Date(), updatedBy: userId };
    if (input.date !== undefined) {
      const day = dayOf(input.date, scope, 'date');
      if (day !== row.date) changes.date = windowDay(input.date, scope);
    }
    if (input.description !== undefined) changes.description = input.description;
    if (input.amount !== undefined) changes.amountCents = input.amount;
    if (input.category !== undefined) changes.category = input.category;
    const [changed] = await tx
      .update(expenses)
      .set(changes)
      .where(and(eq(expenses.farmId, scope.farmId), eq(expenses.id, row.id)))
      .returning(returningWithAuthors(expenses));
    if (!changed) throw notFound(expenseMessages.notFound);
    // What the flock-month it now lies in gained: its new amount, less its old one if it stayed in that month.
    const month = changed.date.slice(0, 7);
    const delta = changed.amountCents - (row.date.slice(0, 7) === month ? row.amountCents : 0);
    const exceeded = await budgetsCrossed(tx, scope.farmId, [{ flockId: changed.flockId, month, delta }]);
    return { expense: toExpense(changed, name), exceeded };
  });
}

/** Deletes an expense; what its flock spent that month only falls, so no budget is crossed. */
export async function deleteExpense(db: Db, farmId: number, id: number): Promise<{ id: number }> {
  const [deleted] = await db
    .delete(expenses)
    .where(and(eq(expenses.farmId, farmId), eq(expenses.id, id)))
    .returning({ id: expenses.id });
  if (!deleted) throw notFound(expenseMessages.notFound);
  return deleted;
}

// ---------------------------------------------------------------- statistics and charts

/** A json column: parsed by both drivers as they are set up, parsed here if one hands over text. */
function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** An array column as numbers: node-postgres hands a bigint[] over as text items. */
const numbers = (values: unknown): number[] => (Array.isArray(values) ? values.map(toSafeInteger) : []);

const categoryOrder = (category: ExpenseCategory) => EXPENSE_CATEGORIES.indexOf(category);

const p = {
  farmId: sql.placeholder('farmId'),
  monday: sql.placeholder('monday'),
  sunday: sql.placeholder('sunday'),
  start: sql.placeholder('start'),
  yearStart: sql.placeholder('yearStart'),
  nextYear: sql.placeholder('nextYear'),
  year: sql.placeholder('year'),
  month: sql.placeholder('month'),
  first: sql.placeholder('first'),
  end: sql.placeholder('end'),
};

/** The farm's today, this week's Monday and Sunday, this month's first day and this year's bounds. */
function periods(scope: FarmScope) {
  const today = todayOf(scope);
  const week = expenseWeekDays(today);
  const month = today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  return {
    today,
    week,
    month,
    year,
    monday: week[0] ?? today,
    sunday: week[6] ?? today,
    start: monthStart(month),
    next: monthStart(shiftMonth(month, 1)),
    yearStart: `${today.slice(0, 4)}-01-01`,
    nextYear: `${String(year + 1).padStart(4, '0')}-01-01`,
  };
}

/**
 * The statistics in one statement and one row (decision 024): this week's sum from the day
 * rollup; this month's and this year's sums and this month's categories from the
 * category-month rollup; this month's budgets with their flock's name and spending from the
 * flock-month rollup, as one json value. Built once with placeholders (decision 018).
 */
const statsStatement = (db: Db) =>
  preparedQuery(db, 'expense_stats', (name) =>
    db
      .select({
        week: sqlInteger<number>(
          sql`(select coalesce(sum(${expenseDays.amountCents}), 0) from ${expenseDays}
            where ${expenseDays.farmId} = ${p.farmId} and ${expenseDays.day} >= ${p.monday} and ${expenseDays.day} <= ${p.sunday})`,
        ),
        month: sqlInteger<number>(sql`c.month_cents`),
        year: sqlInteger<number>(sql`c.year_cents`),
        // This month's categories as [category, cents].
        categories: sql<unknown>`c.categories`,
        // This month's budgets as [budget id, flock id, flock name, budget cents, spent cents], by flock name.
        // Written with aliases: in a select list Drizzle names a column without its table, and three tables here have a farm_id.
        budgets: sql<unknown>`(select coalesce(json_agg(json_build_array(b.id, b.flock_id, f.name, b.amount_cents, coalesce(s.amount_cents, 0))
            order by f.name, b.id), '[]'::json)
          from ${budgets} as b left join ${flocks} as f on f.id = b.flock_id
          left join ${expenseFlockMonths} as s on s.farm_id = b.farm_id and s.month = ${p.start}::date and s.flock_id = b.flock_id
          where b.farm_id = ${p.farmId} and b.year = ${p.year}::int and b.month = ${p.month}::int)`,
      })
      .from(
        sql`(select coalesce(sum(${expenseCategoryMonths.amountCents}) filter (where ${expenseCategoryMonths.month} = ${p.start}), 0) as month_cents,
              coalesce(sum(${expenseCategoryMonths.amountCents}), 0) as year_cents,
              coalesce(json_agg(json_build_array(${expenseCategoryMonths.category}, ${expenseCategoryMonths.amountCents}))
                filter (where ${expenseCategoryMonths.month} = ${p.start} and ${expenseCategoryMonths.amountCents} > 0), '[]'::json) as categories
            from ${expenseCategoryMonths}
            where ${expenseCategoryMonths.farmId} = ${p.farmId} and ${expenseCategoryMonths.month} >= ${p.yearStart}
              and ${expenseCategoryMonths.month} < ${p.nextYear}) as c`,
      )
      .prepare(name),
  );

/**
 * This week (Monday to Sunday), month and year in the farm's time zone, this month's largest
 * category, and this month's budgets against what their flocks spent (budget against actual),
 * one statement (statsStatement), whatever the farm's history.
 */
export async function expenseStats(db: Db, scope: FarmScope): Promise<ExpenseStats> {
  const at = periods(scope);
  const [t] = await statsStatement(db).execute({
    farmId: scope.farmId,
    monday: at.monday,
    sunday: at.sunday,
    start: at.start,
    yearStart: at.yearStart,
    nextYear: at.nextYear,
    year: at.year,
    month: Number(at.month.slice(5)),
  });
  if (!t) throw new Error('the statistics answered no row');
  const categories = fromJson<[ExpenseCategory, unknown][]>(t.categories)
    .map(([category, amount]) => ({ category, amount_cents: toSafeInteger(amount) }))
    .sort((a, b) => b.amount_cents - a.amount_cents || categoryOrder(a.category) - categoryOrder(b.category));
  const rows = fromJson<[unknown, unknown, string | null, unknown, unknown][]>(t.budgets).map(([budgetId, flockId, name, amount, spent]) => {
    const budget = toSafeInteger(amount);
    const spentCents = toSafeInteger(spent);
    return {
      budget_id: toSafeInteger(budgetId),
      flock_id: toSafeInteger(flockId),
      flock_name: name ?? expenseMessages.unknownFlock,
      budget_cents: budget,
      spent_cents: spentCents,
      left_cents: budget - spentCents,
      percent_used: budgetPercentUsed(spentCents, budget),
      level: budgetLevel(spentCents, budget),
    };
  });
  const budgetCents = rows.reduce((sum, r) => sum + r.budget_cents, 0);
  const spentCents = rows.reduce((sum, r) => sum + r.spent_cents, 0);
  return {
    today: at.today,
    week_cents: t.week,
    month_cents: t.month,
    year_cents: t.year,
    largest_category: categories[0] ?? null,
    budget_used:
      rows.length === 0
        ? null
        : { budget_cents: budgetCents, spent_cents: spentCents, percent_used: budgetPercentUsed(spentCents, budgetCents), level: budgetLevel(spentCents, budgetCents) },
    budgets: rows,
  };
}

/**
 * The four charts in one statement and one row of arrays (decision 025): the days from this
 * week's Monday or this month's first day, whichever is earlier, to the later of this week's
 * Sunday and this month's last day, from the day rollup (at most 37 rows); this year's
 * months and categories summed from the category-month rollup.
 */
const seriesStatement = (db: Db) =>
  preparedQuery(db, 'expense_series', (name) =>
    db
      .select({
        days: sql<unknown>`d.days`,
        day_amounts: sql<unknown>`d.amounts`,
        months: sql<unknown>`m.months`,
        month_amounts: sql<unknown>`m.amounts`,
        categories: sql<unknown>`c.categories`,
        category_amounts: sql<unknown>`c.amounts`,
      })
      .from(
        sql`(
          select array_agg(${expenseDays.day} - ${p.first}::date) as days, array_agg(${expenseDays.amountCents}) as amounts from ${expenseDays}
          where ${expenseDays.farmId} = ${p.farmId} and ${expenseDays.day} >= ${p.first} and ${expenseDays.day} < ${p.end} and ${expenseDays.amountCents} <> 0
        ) as d, (
          select array_agg(month) as months, array_agg(amount) as amounts from (
            select extract(month from ${expenseCategoryMonths.month})::int as month, sum(${expenseCategoryMonths.amountCents})::bigint as amount
            from ${expenseCategoryMonths}
            where ${expenseCategoryMonths.farmId} = ${p.farmId} and ${expenseCategoryMonths.month} >= ${p.yearStart} and ${expenseCategoryMonths.month} < ${p.nextYear}
            group by 1
          ) as x
        ) as m, (
          select array_agg(category) as categories, array_agg(amount) as amounts from (
            select ${expenseCategoryMonths.category} as category, sum(${expenseCategoryMonths.amountCents})::bigint as amount
            from ${expenseCategoryMonths}
            where ${expenseCategoryMonths.farmId} = ${p.farmId} and ${expenseCategoryMonths.month} >= ${p.yearStart} and ${expenseCategoryMonths.month} < ${p.nextYear}
            group by 1
          ) as x
        ) as c`,
      )
      .prepare(name),
  );

/**
 * The charts' points in the farm's time zone: this week Monday to Sunday (docs/product.md §9), this
 * month's weeks 1-4 (the fourth to the month's end), this year January to December, and
 * this year's spending by category, the categories with nothing left out.
 */
export async function expenseSeries(db: Db, scope: FarmScope): Promise<ExpenseSeries> {
  const at = periods(scope);
  const first = at.monday < at.start ? at.monday : at.start;
  const afterSunday = shiftDay(at.sunday, 1);
  const end = afterSunday > at.next ? afterSunday : at.next;
  const [found] = await seriesStatement(db).execute({ farmId: scope.farmId, first, end, yearStart: at.yearStart, nextYear: at.nextYear });
  const row: Record<string, unknown> = found ?? {};

  // Days come as offsets from `first`; the few days wanted are written out here.
  const dayAmounts = numbers(row.day_amounts);
  const byOffset = new Map(numbers(row.days).map((d, i) => [d, dayAmounts[i] ?? 0]));
  const offsetOf = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
  const week = at.week.map((day) => ({ day, amount_cents: byOffset.get(offsetOf(day)) ?? 0 }));
  const startOffset = offsetOf(at.start);
  const monthWeeks = expenseMonthWeeks(at.month).map((w) => {
    let amount = 0;
    for (let d = Number(w.start.slice(8)); d <= Number(w.end.slice(8)); d++) amount += byOffset.get(startOffset + d - 1) ?? 0;
    return { ...w, amount_cents: amount };
  });

  const monthAmounts = numbers(row.month_amounts);
  const byMonth = new Map(numbers(row.months).map((m, i) => [m, monthAmounts[i] ?? 0]));
  const yearMonthsOut = yearMonths(at.year).map((month, i) => ({ month, amount_cents: byMonth.get(i + 1) ?? 0 }));

  const categoryAmounts = numbers(row.category_amounts);
  const byCategory = new Map((Array.isArray(row.categories) ? (row.categories as ExpenseCategory[]) : []).map((c, i) => [c, categoryAmounts[i] ?? 0]));
  const categories = EXPENSE_CATEGORIES.map((category) => ({ category, amount_cents: byCategory.get(category) ?? 0 })).filter((c) => c.amount_cents !== 0);

  return { week, month_weeks: monthWeeks, year_months: yearMonthsOut, categories };
}
