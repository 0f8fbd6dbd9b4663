/**
 * A budget's use and its colour (docs/product.md §5): apart from expenses-rules.ts, whose words a
 * screen that only colours a budget (the finances) need not load, nor their catalogue (decision 068).
 */
import type { Cents } from './common/money.js';

/** Budget used at or above this percent shows as a warning; at 100 % it is over. */
export const BUDGET_WARNING_PERCENT = 80;
export const BUDGET_OVER_PERCENT = 100;

export type BudgetLevel = 'ok' | 'warning' | 'over';

/**
 * Budget used in percent, one decimal; null for a budget of 0 (nothing to divide by).
 */
export function budgetPercentUsed(spentCents: Cents, budgetCents: Cents): number | null {
  if (budgetCents <= 0) return null;
  return Math.round((spentCents / budgetCents) * 1000) / 10;
}

/**
 * The colour of a budget's use: over at 100 % (spent reaches the budget), warning from 80 %;
 * a budget of 0 is over as soon as anything is spent.
 */
export function budgetLevel(spentCents: Cents, budgetCents: Cents): BudgetLevel {
  if (budgetCents <= 0) return spentCents > 0 ? 'over' : 'ok';
  if (spentCents * 100 >= BUDGET_OVER_PERCENT * budgetCents) return 'over';
  if (spentCents * 100 >= BUDGET_WARNING_PERCENT * budgetCents) return 'warning';
  return 'ok';
}

const LEVEL_ORDER: Record<BudgetLevel, number> = { over: 0, warning: 1, ok: 2 };

/** Budgets with the flocks over first, then those near, in their order otherwise: what needs a look leads. */
export function worstBudgetsFirst<T extends { level: BudgetLevel }>(budgets: readonly T[]): T[] {
  return [...budgets].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
}

/** Whether a change of what a flock spent in a month takes it over its budget (the budget_exceeded event). */
export function crossesBudget(spentBeforeCents: Cents, spentAfterCents: Cents, budgetCents: Cents): boolean {
  return budgetLevel(spentBeforeCents, budgetCents) !== 'over' && budgetLevel(spentAfterCents, budgetCents) === 'over';
}
