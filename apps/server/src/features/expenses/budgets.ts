/** A flock's monthly budgets: listed with what the flock spent (the flock-month rollup), set, changed in their edit window, and the budgets an expense write goes over (decision 026). */
import {
  budgetEditWindow,
  budgetLevel,
  budgetPercentUsed,
  centsToShillings,
  crossesBudget,
  expenseMessages,
  isBudgetEditable,
  maxBudgetYear,
  type Budget,
  type BudgetPeriodParams,
  type CreateBudgetInput,
  type ListBudgetsQuery,
  type Page,
  type UpdateBudgetInput,
} from '@kuku/domain';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { AppError, conflict, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { budgets, expenseFlockMonths, flocks } from '../../db/schema/index.js';
import { sqlInteger } from '../../db/sql-number.js';
import type { FarmScope } from '../farm-scope.js';
import { farmFlock, monthStart, todayOf } from './farm-flock.js';

/** A flock's month gone over its budget by a write: the budget_exceeded event (decision 026). */
export interface BudgetExceeded {
  budgetId: number;
  flockId: number;
  flockName: string;
  month: number;
  year: number;
}

type BudgetRow = typeof budgets.$inferSelect;

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

/**
 * The budgets that the flock-months just written went over, read inside the write's
 * transaction after it: the trigger's upsert holds each flock-month's rollup row until the
 * commit, so what is read is this write's own total, and before it was that less `delta`.
 * Only a rise can cross (a delete or a cut never does), so only rises are looked at.
 */
export async function budgetsCrossed(tx: DbOrTx, farmId: number, changes: { flockId: number; month: string; delta: number }[]): Promise<BudgetExceeded[]> {
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
