/**
 * Expense and budget rules, words and calculations, without zod: a screen that shows them
 * does not load the schemas (decision 017). The schemas are in expenses.ts.
 */
import { isCalendarDay, shiftDay, shiftMonth } from './common/dates.js';
import { monthText } from './common/month-text.js';
import { shillingsText } from './common/money.js';
import { words, type Catalogues } from './common/words.js';

export * from './budget-rules.js';

/** docs/product.md §9 Expense categories, stored and answered so. */
export const EXPENSE_CATEGORIES = ['Feed', 'Vet', 'Utilities', 'Transport', 'Others'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
/** Other spellings a client or a farmer uses for a category. */
export const EXPENSE_CATEGORY_ALIASES: Record<string, ExpenseCategory> = {
  other: 'Others',
  veterinary: 'Vet',
  medicine: 'Vet',
  utility: 'Utilities',
};

/** The stored categories said in the page's language; what is stored stays English. */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = words(
  'expenseCategories',
  { Feed: 'Feed', Vet: 'Vet', Utilities: 'Utilities', Transport: 'Transport', Others: 'Others' },
  { sw: () => import('./sw/expenses-rules.js') as Promise<Catalogues> },
);
/** A stored category as the farmer reads it; a value the table does not hold, as stored. */
export function expenseCategoryLabel(category: string): string {
  return Object.hasOwn(EXPENSE_CATEGORY_LABELS, category) ? EXPENSE_CATEGORY_LABELS[category as ExpenseCategory] : category;
}

/** docs/product.md §9: the expense list shows 10 a page. */
export const EXPENSE_PAGE_SIZE = 10;
/** docs/product.md §9: an expense's date lies from the first day of the month six months back up to today. */
export const EXPENSE_DATE_WINDOW_MONTHS = 6;
/** docs/product.md §9: the minimum budget year. */
export const MIN_BUDGET_YEAR = 2023;
/** A budget may be planned this far ahead of the farm's current year. */
export const BUDGET_YEARS_AHEAD = 1;
/** docs/product.md §9: the budget edit window reaches back this many months (the past month up to now). */
export const BUDGET_EDIT_MONTHS_BACK = 1;
/** docs/product.md §9: the expense charts' y-axis has 5 steps. */
export const EXPENSE_AXIS_STEPS = 5;
/** docs/product.md §2: weeks 1-4 of the month chart (the fourth runs to the month's end). */
export const EXPENSE_MONTH_WEEKS = 4;
/** The notification popup after a change shows this long (as the sales popup). */
export const EXPENSE_POPUP_MS = 3000;

export const EXPENSE_DESCRIPTION_MAX = 500;


export const expenseMessages = words(
  'expenses',
  {
    // Screen (docs/product.md §2 Expenses).
    title: 'Expenses',
    newExpense: 'New Expense',
    editExpense: 'Edit Expense',
    editBudget: 'Edit Budget',
    addNewBudget: 'Add new Budget',
    addBudget: 'Add Budget',
    expenseList: 'Expense List',
    noExpenses: 'No expenses recorded yet.',
    unknownFlock: 'Unknown Flock',
    statThisWeek: 'This week',
    statThisMonth: 'This month',
    statThisYear: 'This year',
    statLargestCategory: 'Largest category (this month)',
    statBudgetUsed: 'Budget used (this month)',
    noBudgetThisMonth: 'No budget set for this month.',
    noCategoryYet: 'No expenses this month yet.',
    chartWeek: 'This week (Monday to Sunday)',
    chartMonth: 'This month by week',
    chartYear: 'This year by month',
    chartCategories: 'Expenses by category (this year)',
    budgetAgainstActual: 'Budget against actual (this month)',
    budgetColumn: 'Budget',
    spentColumn: 'Spent',
    leftColumn: 'Left',
    usedColumn: 'Used',
    saving: 'Saving...',
    // Expense fields (docs/product.md §5 Expense add).
    formInvalid: 'Form Validation Failed: Please fill in all fields correctly.',
    selectFlock: 'Please select a flock.',
    dateRequired: 'Date is required.',
    dateInvalid: 'Enter a valid date.',
    /** docs/product.md §5: the words shown for a date outside the six-month window or in the future. */
    dateOutsideWindow: 'Date must be within the current month and cannot be in the future.',
    descriptionRequired: 'Description is required.',
    descriptionTooLong: `Description must be at most ${EXPENSE_DESCRIPTION_MAX} characters.`,
    selectCategory: 'Please select a category.',
    nothingToUpdate: 'Nothing to update.',
    notFound: 'Expense not found.',
    // docs/product.md §8 Expenses.
    added: 'Expense Added',
    updated: 'Expense Updated',
    deleted: 'Expense deleted',
    addedText: 'The expense was recorded.',
    updatedText: 'The expense was updated.',
    deletedText: 'The expense was deleted.',
    errorUpdatingTitle: 'Error Updating Expense',
    errorUpdating: 'An error occurred while updating the expense.',
    errorTitle: 'Error',
    failedToAdd: 'Failed to add expense. Try again later.',
    failedToDelete: 'Failed to delete the expense. Try again later.',
    confirmDelete: 'Are you sure you want to delete this item? This action cannot be undone.',
    // Budget fields (docs/product.md §5 Budget add and Budget edit).
    selectBudget: 'Please select a budget.',
    amountInvalid: 'Enter a valid amount.',
    selectMonth: 'Please select a month.',
    monthInvalid: 'Month must be between 1 and 12.',
    yearRequired: 'Please enter a year.',
    yearTooEarly: `Year must be ${MIN_BUDGET_YEAR} or later.`,
    yearInvalid: 'Enter a valid year.',
    yearTooFar: 'A budget can be set for this year or next year at most.',
    budgetExists: 'Budget already exists for this flock and time. Please edit the existing budget.',
    budgetNotFound: 'Budget not found.',
    budgetOutsideEditWindow: 'Only budgets of last month and this month can be edited.',
    // docs/product.md §8 Budgets.
    budgetAdded: 'Budget added successfully!',
    budgetUpdated: 'Budget updated successfully!',
    budgetDeleted: 'Budget deleted.',
    failedToAddBudget: 'Failed to add budget.',
    failedToUpdateBudget: 'Failed to update budget.',
    failedToDeleteBudget: 'Failed to delete budget.',
    /** docs/product.md §5: budget delete asks a variant of the sale's confirmation. */
    confirmDeleteBudget: 'Are you sure you want to delete this budget? This action cannot be undone.',
    /** 'Layers A is over its November 2026 budget.' (the budget_exceeded event's text). */
    budgetExceeded: (flockName: string, month: number, year: number) => `${flockName} is over its ${budgetPeriodLabel(month, year)} budget.`,
    // Expense report form (docs/product.md §5); it asks the reports feature for an expense report.
    reportTitle: 'Generate Expense Report',
    reportDatesRequired: 'Start date and end date are required.',
    reportEndBeforeStart: 'Start date cannot be after end date.',
    reportDescriptionTooLong: `The description filter must be at most ${EXPENSE_DESCRIPTION_MAX} characters.`,
    // The web screen's other words (headings, labels, buttons, notes), docs/product.md naming none of them.
    welcomeTitle: "Let's Track Your Expenses",
    welcomeText: 'Record what each flock costs, set its monthly budget, and see where the money goes.',
    statsTitle: 'Expense Statistics',
    statsFailed: 'Expense statistics could not be loaded. Please try again.',
    statWeekNote: 'Monday to Sunday',
    statMonthNote: 'Since the 1st of the month',
    statYearNote: 'Since 1 January',
    spentOf: (spent: string, budget: string) => `${spent} spent of ${budget}`,
    overBy: (amount: string) => `Over by ${amount}`,
    levelOk: 'Within budget',
    levelWarning: 'Near the budget',
    levelOver: 'Over budget',
    flocksOverBudget: (n: number) => `${n} ${n === 1 ? 'flock' : 'flocks'} over budget`,
    flockColumn: 'Flock',
    chartsTitle: 'Expense charts',
    chartsLoading: 'Loading expense charts',
    chartsFailed: 'Expense charts could not be loaded.',
    chartWeekNote: 'Spent each day, in Ksh',
    chartMonthNote: 'Weeks of 7 days from the 1st, in Ksh',
    chartYearNote: 'Spent each month, in Ksh',
    chartCategoriesNote: "Each category's share of the year",
    chartEmpty: 'No expenses in this period yet.',
    dayColumn: 'Day',
    weekColumn: 'Week',
    monthColumn: 'Month',
    shareColumn: 'Share',
    weekLabel: (week: number) => `Week ${week}`,
    searchLabel: 'Search expenses',
    searchPlaceholder: 'Description, category or flock',
    listLoading: 'Loading expenses',
    listPages: 'Expense list pages',
    listFailed: 'Expenses could not be loaded. Please try again.',
    noMatch: (q: string) => `No expenses match "${q}".`,
    expenseCount: (count: number, figure: string) => `${figure} ${count === 1 ? 'expense' : 'expenses'}`,
    editExpenseOf: (description: string) => `Edit expense ${description}`,
    deleteExpenseOf: (description: string) => `Delete expense ${description}`,
    deleteExpense: 'Delete expense',
    // Form fields and buttons.
    flockLabel: 'Flock',
    flockPlaceholder: 'Select a flock',
    dateLabel: 'Date',
    descriptionLabel: 'Description',
    descriptionPlaceholder: 'e.g. 2 bags of layers mash',
    amountLabel: 'Amount (Ksh)',
    amountColumn: 'Amount',
    categoryLabel: 'Category',
    categoryPlaceholder: 'Select a category',
    actionsColumn: 'Actions',
    monthLabel: 'Month',
    monthPlaceholder: 'Select a month',
    yearLabel: 'Year',
    budgetLabel: 'Budget',
    budgetPlaceholder: 'Select a budget',
    budgetAmountLabel: 'Budget amount (Ksh)',
    editWindowNote: 'Budgets of last month and this month can be changed.',
    noEditableBudgets: 'No budget of last month or this month yet.',
    budgetsLoading: 'Loading budgets',
    budgetsFailed: 'Budgets could not be loaded. Please try again.',
    noFlocks: 'No flocks yet: add a flock first, then record its expenses and budgets here.',
    addFlock: 'Add a flock',
    saveExpense: 'Save Expense',
    updateExpense: 'Update Expense',
    updating: 'Updating...',
    saveBudget: 'Save Budget',
    updateBudget: 'Update Budget',
    deleteBudget: 'Delete Budget',
    deleting: 'Deleting...',
    delete: 'Delete',
    cancel: 'Cancel',
    reportStart: 'Start date',
    reportEnd: 'End date',
    reportDescription: 'Description filter',
    reportDescriptionHint: 'Optional: only expenses whose description contains it',
    reportLoading: 'Loading the report form',
    generateReport: 'Generate Report',
    orderInvalid: 'Order must be asc or desc.',
    booleanInvalid: 'Use true or false.',
  },
  { sw: () => import('./sw/expenses-rules.js') as Promise<Catalogues> },
);

/**
 * docs/product.md §5: an expense's date lies from the first day of the month six months back up to
 * today (both 'YYYY-MM-DD' in the farm's time zone): 2026-11-24 → 2026-05-01 to 2026-11-24.
 */
export function expenseDateWindow(today: string): { earliest: string; latest: string } {
  return { earliest: `${shiftMonth(today.slice(0, 7), -EXPENSE_DATE_WINDOW_MONTHS)}-01`, latest: today };
}

/** Whether `day` ('YYYY-MM-DD') may be an expense's date when it is `today` on the farm. */
export function isExpenseDateAllowed(day: string, today: string): boolean {
  if (!isCalendarDay(day)) return false;
  const { earliest, latest } = expenseDateWindow(today);
  return day >= earliest && day <= latest;
}

/** A budget's month as 'YYYY-MM': (11, 2026) → '2026-11'. */
export function budgetPeriod(month: number, year: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** 'November 2026'. */
export function budgetPeriodLabel(month: number, year: number): string {
  return monthText(budgetPeriod(month, year));
}

/**
 * docs/product.md §9: only budgets from the past month up to now can be edited: on 2026-11-24 those
 * of 2026-10 and 2026-11; on 2026-01-05 those of 2025-12 and 2026-01.
 */
export function budgetEditWindow(today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  return { from: shiftMonth(month, -BUDGET_EDIT_MONTHS_BACK), to: month };
}

export function isBudgetEditable(month: number, year: number, today: string): boolean {
  const period = budgetPeriod(month, year);
  const { from, to } = budgetEditWindow(today);
  return period >= from && period <= to;
}

/** The latest year a budget may be set for when it is `today` on the farm. */
export function maxBudgetYear(today: string): number {
  return Number(today.slice(0, 4)) + BUDGET_YEARS_AHEAD;
}

/**
 * The expense charts' y-axis is 5 steps that reach the largest value. The original step was
 * ceil(max/5) whole shillings (2,461 for Ksh 12,301); a farmer reads round ticks, so the step is
 * the next round one, 1, 2, 2.5 or 5 times a power of ten (2,500, up to 12,500; decision 054).
 * Nothing spent gives 1 to 5.
 */
export function expenseAxis(maxShillings: number): { max: number; step: number } {
  const raw = Math.max(1, Math.ceil(Math.max(0, maxShillings) / EXPENSE_AXIS_STEPS));
  const step = roundStep(raw);
  return { max: step * EXPENSE_AXIS_STEPS, step };
}

/** The smallest whole 1, 2, 2.5 or 5 × 10^k at or above `raw` (at least 1). */
function roundStep(raw: number): number {
  for (let power = 1; ; power *= 10) {
    for (const factor of [1, 2, 2.5, 5]) {
      const step = factor * power;
      if (Number.isInteger(step) && step >= raw) return step;
    }
  }
}

/** 0 for Monday … 6 for Sunday, of a calendar day. */
export function weekdayFromMonday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** docs/product.md §9: the weekly chart starts on Monday: the 7 days of the week `today` is in, Monday first. */
export function expenseWeekDays(today: string): string[] {
  const monday = shiftDay(today, -weekdayFromMonday(today));
  return Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
}

/** The number of days of a month 'YYYY-MM'. */
export function daysInMonth(month: string): number {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).getUTCDate();
}

export interface MonthWeek {
  week: number;
  start: string;
  end: string;
}

/**
 * docs/product.md §2: this month's weeks 1-4, 7 days each from the 1st; the fourth runs to the month's
 * end, so no day is left out: 2026-11 → 1-7, 8-14, 15-21, 22-30.
 */
export function expenseMonthWeeks(month: string): MonthWeek[] {
  const last = daysInMonth(month);
  return Array.from({ length: EXPENSE_MONTH_WEEKS }, (_, i) => {
    const first = i * 7 + 1;
    const end = i === EXPENSE_MONTH_WEEKS - 1 ? last : first + 6;
    return { week: i + 1, start: `${month}-${String(first).padStart(2, '0')}`, end: `${month}-${String(end).padStart(2, '0')}` };
  });
}

/** The twelve months 'YYYY-MM' of a year, January first. */
export function yearMonths(year: number): string[] {
  return Array.from({ length: 12 }, (_, i) => budgetPeriod(i + 1, year));
}

/** Which expense it is, as sent or as answered (the phone's list of records). */
export const expenseLine = (r: { date: string; description: string; amount: number | string }) => ({ day: r.date, detail: `${r.description}, ${shillingsText(r.amount)}` });
