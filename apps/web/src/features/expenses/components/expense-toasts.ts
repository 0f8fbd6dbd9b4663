import { budgetPeriodLabel, EXPENSE_POPUP_MS, formatKes, type Budget, type Expense } from '@kuku/domain';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showReplacingPopup } from '../../../ui/toast';
import { expenseSummary } from './expense-format';

/** docs/product.md §2 and §9: after each change a popup says what was saved, for 3 seconds. */
export function showExpensePopup(title: string, message: string): void {
  showReplacingPopup('expense-saved', { title, message, autoClose: EXPENSE_POPUP_MS });
}

/** docs/product.md §8: the client's words, with the server's reason after them when it gave another one. */
export function showExpenseFailure(message: string, error: unknown, title?: string): void {
  const reason = error instanceof ApiError && error.message && error.message !== message ? ` ${error.message}` : '';
  showErrorToast(`${message}${reason}`, title ? { title } : {});
}

/** 'Shamba A, November 2026: Ksh 20,000.00': what a budget's popup names. */
export function budgetSummary(b: Budget): string {
  return `${b.flock_name}, ${budgetPeriodLabel(b.month, b.year)}: ${formatKes(b.amount_cents)}`;
}

/**
 * How a dialog announces what became of a change. The page hands these to its dialogs, so the
 * dialogs' lazy chunks share no module with the first screen but the words and the api (each
 * module shared with a lazy chunk is one more chunk named in the entry: docs/design.md §9 budget).
 */
export interface ExpenseNotices {
  expenseSaved: (title: string, expense: Expense) => void;
  budgetSaved: (title: string, budget: Budget) => void;
  failed: (message: string, error: unknown, title?: string) => void;
}

export const expenseNotices: ExpenseNotices = {
  expenseSaved: (title, expense) => showExpensePopup(title, expenseSummary(expense)),
  budgetSaved: (title, budget) => showExpensePopup(title, budgetSummary(budget)),
  failed: showExpenseFailure,
};
