import { expenseCategoryLabel, formatKes, type Expense } from '@kuku/domain';

/** 'Feed · Layers mash, Ksh 3,500.00 (Shamba A)': what the popup and the delete question name. */
export function expenseSummary(e: Expense): string {
  return `${expenseCategoryLabel(e.category)} · ${e.description}, ${formatKes(e.amount_cents)} (${e.flock_name})`;
}
