import {
  budgetEditWindow,
  budgetLevel,
  budgetPercentUsed,
  centsToShillings,
  crossesBudget,
  dayIn,
  EXPENSE_CATEGORIES,
  expenseMessages,
  expenseMonthWeeks,
  expenseWeekDays,
  flockMessages,
  isBudgetEditable,
  isExpenseDateAllowed,
  maxBudgetYear,
  parseDay,
  shiftDay,
  shiftMonth,
  yearMonths,
  type Budget,
  type BudgetPeriodParams,
  type CreateBudgetInput,
  type CreateExpenseInput,
  type Expense,
  type ExpenseCategory,
  type ExpenseSeries,
  type ExpenseStats,
  type ListBudgetsQuery,
  type ListExpensesQuery,
  type Page,
  type UpdateBudgetInput,
  type UpdateExpenseInput,
} from '@kuku/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { AppError, conflict, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { preparedQuery } from '../../db/prepared.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { budgets, expenseCategoryMonths, expenseDays, expenseFlockMonths, expenses, flocks } from '../../db/schema/index.js';
import { sqlInteger, toSafeInteger } from '../../db/sql-number.js';
import { searchDayAsShown } from '../../db/day-text.js';
import type { FarmScope } from '../farm-scope.js';


/** A flock's month gone over its budget by a write: the budget_exceeded event (decision 026). */
export interface BudgetExceeded {
  budgetId: number;
  flockId: number;
  flockName: string;
  month: number;
  year: number;
}

type ExpenseRow = typeof expenses.$inferSelect;
type BudgetRow = typeof budgets.$inferSelect;

const todayOf = (scope: FarmScope) => dayIn(new Date(), scope.timeZone);

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

function toBudget(row: BudgetRow & AuthorNames, name: string | null | undefined, spentCents: number, today: string): Budget {
  return {
    id: row.id,
    flock_id: row.flockId,
    flock_name: name ?? expenseMessages.unknownFlock,
    month: row.month,
    year: row.year,
    amount: centsToShillings(row.amountCents),
    amount_cents: row.amountCents,
    spent_cents: spentCents,
    left_cents: row.amountCents - spentCents,
    percent_used: budgetPercentUsed(spentCents, row.amountCents),
    level: budgetLevel(spentCents, row.amountCents),
    editable: isBudgetEditable(row.month, row.year, today),
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

/**
 * The flock an expense or budget is of, in the farm, held with KEY SHARE before the rollup
 * rows are locked: a flock being deleted at the same time (its expenses cascade and their
 * trigger wants the same rollup rows) is waited for instead of deadlocking.
 */
async function farmFlock(tx: DbOrTx, farmId: number, flockId: number): Promise<{ id: number; name: string }> {
  const [flock] = await tx
    .select({ id: flocks.id, name: flocks.name })
    .from(flocks)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, flockId)))
    .limit(1)
    .for('key share');
  if (!flock) throw new AppError('not_found', flockMessages.notFound, { flock_id: expenseMessages.selectFlock });
  return flock;
}

/** A budget's month ('YYYY-MM') as the first day the rollups key it by, and back. */
const monthStart = (month: string) => `${month}-01`;

/**
 * The budgets that the flock-months just written went over, read inside the write's
 * transaction after it: the trigger's upsert holds each flock-month's rollup row until the
 * commit, so what is read is this write's own total, and before it was that less `delta`.
 * Only a rise can cross (a delete or a cut never does), so only rises are looked at.
 */
async function budgetsCrossed(tx: DbOrTx, farmId: number, changes: { flockId: number; month: string; delta: number }[]): Promise<BudgetExceeded[]> {
  const crossed: BudgetExceeded[] = [];
  for (const change of changes) {
    if (change.delta <= 0) continue;
    const [year, month] = change.month.split('-').map(Number) as [number, number];
    const [found] = await tx
      .select({
        id: budgets.id,
        amount: budgets.amountCents,
        name: flocks.name,
        spent: sqlInteger<number>(sql`coalesce(${expenseFlockMonths.amountCents}, 0)`),
      })
      .from(budgets)
      .leftJoin(flocks, eq(flocks.id, budgets.flockId))
      .leftJoin(
        expenseFlockMonths,
        and(eq(expenseFlockMonths.farmId, budgets.farmId), eq(expenseFlockMonths.flockId, budgets.flockId), eq(expenseFlockMonths.month, monthStart(change.month))),
      )
      .where(and(eq(budgets.farmId, farmId), eq(budgets.flockId, change.flockId), eq(budgets.year, year), eq(budgets.month, month)))
      .limit(1);
    if (found && crossesBudget(found.spent - change.delta, found.spent, found.amount)) {
      crossed.push({ budgetId: found.id, flockId: change.flockId, flockName: found.name ?? expenseMessages.unknownFlock, month, year });
    }
  }
  return crossed;
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

// ---------------------------------------------------------------- budgets

/** A budget's month as a number of months, for comparing periods: (11, 2026) → 24,323. */
const periodIndex = (year: number, month: number) => year * 12 + month - 1;
const indexOfPeriod = (period: string) => periodIndex(Number(period.slice(0, 4)), Number(period.slice(5, 7)));
const budgetIndex = sql`(${budgets.year} * 12 + ${budgets.month} - 1)`;

/**
 * What a budget's flock spent in its month, from the flock-month rollup: a lookup by its
 * primary key for each budget answered (after the page's sort and limit), not a join.
 */
const spentOfBudget = sqlInteger<number>(
  sql`coalesce((select s.amount_cents from ${expenseFlockMonths} as s
    where s.farm_id = ${budgets.farmId} and s.month = make_date(${budgets.year}, ${budgets.month}, 1) and s.flock_id = ${budgets.flockId}), 0)`,
);

/**
 * The farm's budgets, newest month first by default, with what each flock spent that month
 * (the flock-month rollup) and whether it can still be edited; `editable=true` keeps the
 * edit window's (the past month up to now), `q` searches the flock's name.
 */
export async function listBudgets(db: Db, scope: FarmScope, query: ListBudgetsQuery): Promise<Page<Budget>> {
  const today = todayOf(scope);
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(budgets.farmId, scope.farmId)];
  if (query.flock_id) filters.push(eq(budgets.flockId, query.flock_id));
  if (query.month) filters.push(eq(budgets.month, query.month));
  if (query.year) filters.push(eq(budgets.year, query.year));
  if (query.editable !== undefined) {
    const { from, to } = budgetEditWindow(today);
    const inWindow = sql`${budgetIndex} between ${indexOfPeriod(from)} and ${indexOfPeriod(to)}`;
    filters.push(query.editable ? inWindow : sql`not (${inWindow})`);
  }
  if (pattern) filters.push(ilike(flocks.name, pattern));
  const direction = query.order === 'desc' ? desc : asc;
  const order =
    query.sort === 'flock'
      ? [direction(flocks.name), direction(budgets.id)]
      : query.sort === 'amount'
        ? [direction(budgets.amountCents), direction(budgets.id)]
        : [direction(budgets.year), direction(budgets.month), direction(budgets.id)];
  return listPage(
    db,
    query,
    {
      table: budgets,
      join: pattern || query.sort === 'flock' ? { table: flocks, on: eq(flocks.id, budgets.flockId) } : undefined,
      where: and(...filters),
      order,
      rows: (inPage, total) =>
        db
          .select({ row: budgets, name: flocks.name, spent: spentOfBudget, ...authorNames(budgets), total })
          .from(budgets)
          .leftJoin(flocks, eq(flocks.id, budgets.flockId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toBudget({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name, r.spent, today),
  );
}

/** The budget's answer, read again with its flock's name and spending. */
async function budgetAnswer(tx: DbOrTx, farmId: number, id: number, today: string): Promise<Budget> {
  const [found] = await tx
    .select({ row: budgets, name: flocks.name, spent: spentOfBudget, ...authorNames(budgets) })
    .from(budgets)
    .leftJoin(flocks, eq(flocks.id, budgets.flockId))
    .where(and(eq(budgets.farmId, farmId), eq(budgets.id, id)))
    .limit(1);
  if (!found) throw notFound(expenseMessages.budgetNotFound);
  return toBudget({ ...found.row, createdByName: found.createdByName, updatedByName: found.updatedByName }, found.name, found.spent, today);
}

/**
 * A flock's budget for a month: one of the farm's flocks, a year from 2023 up to next year.
 * The unique key (farm, flock, year, month) decides a duplicate: the insert does nothing on
 * it, so of two creates at once one writes and the other, waiting on the key, answers 409.
 */
export async function createBudget(db: Db, scope: FarmScope, userId: number, input: CreateBudgetInput): Promise<Budget> {
  const today = todayOf(scope);
  if (input.year > maxBudgetYear(today)) throw invalid(expenseMessages.yearTooFar, { year: expenseMessages.yearTooFar });
  return db.transaction(async (tx) => {
    const flock = await farmFlock(tx, scope.farmId, input.flock_id);
    const [row] = await tx
      .insert(budgets)
      .values({ farmId: scope.farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, month: input.month, year: input.year, amountCents: input.amount })
      .onConflictDoNothing({ target: [budgets.farmId, budgets.flockId, budgets.year, budgets.month] })
      .returning({ id: budgets.id });
    if (!row) throw conflict(expenseMessages.budgetExists);
    return budgetAnswer(tx, scope.farmId, row.id, today);
  });
}

/**
 * docs/product.md §7 PUT /budget/{month}/{year} {amount}: the budget of that month of the flock named by
 * `flock_id`, which may be left out when the farm has only one budget that month (decision
 * 026). Only budgets of the edit window change (422 otherwise). Lowering a budget under what
 * its flock already spent that month is a budget_exceeded event.
 */
export async function updateBudget(
  db: Db,
  scope: FarmScope,
  userId: number,
  period: BudgetPeriodParams,
  input: UpdateBudgetInput,
): Promise<{ budget: Budget; exceeded: BudgetExceeded[] }> {
  const today = todayOf(scope);
  return db.transaction(async (tx) => {
    const filters = [eq(budgets.farmId, scope.farmId), eq(budgets.year, period.year), eq(budgets.month, period.month)];
    if (input.flock_id !== undefined) filters.push(eq(budgets.flockId, input.flock_id));
    const found = await tx
      .select({ row: budgets, name: flocks.name, spent: spentOfBudget })
      .from(budgets)
      .leftJoin(flocks, eq(flocks.id, budgets.flockId))
      .where(and(...filters))
      .orderBy(budgets.id)
      .limit(2)
      .for('no key update', { of: budgets });
    const [first] = found;
    if (!first) throw notFound(expenseMessages.budgetNotFound);
    if (found.length > 1) throw invalid(expenseMessages.selectBudget, { flock_id: expenseMessages.selectBudget });
    if (!isBudgetEditable(period.month, period.year, today)) throw new AppError('rule_broken', expenseMessages.budgetOutsideEditWindow);
    const [changed] = await tx
      .update(budgets)
      .set({ amountCents: input.amount, updatedAt: new Date(), updatedBy: userId })
      .where(and(eq(budgets.farmId, scope.farmId), eq(budgets.id, first.row.id)))
      .returning(returningWithAuthors(budgets));
    if (!changed) throw notFound(expenseMessages.budgetNotFound);
    const wentOver = budgetLevel(first.spent, first.row.amountCents) !== 'over' && budgetLevel(first.spent, changed.amountCents) === 'over';
    const exceeded = wentOver
      ? [{ budgetId: changed.id, flockId: changed.flockId, flockName: first.name ?? expenseMessages.unknownFlock, month: changed.month, year: changed.year }]
      : [];
    return { budget: toBudget(changed, first.name, first.spent, today), exceeded };
  });
}

export async function deleteBudget(db: Db, farmId: number, id: number): Promise<{ id: number }> {
  const [deleted] = await db
    .delete(budgets)
    .where(and(eq(budgets.farmId, farmId), eq(budgets.id, id)))
    .returning({ id: budgets.id });
  if (!deleted) throw notFound(expenseMessages.budgetNotFound);
  return deleted;
}
