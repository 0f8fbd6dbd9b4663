/**
 * The financial dashboard's words, definitions and rules (docs/product.md §2 Financial dashboard, §3
 * Financial record, decision 030), without zod. The answer's schema is in finance.ts.
 */
import type { Cents } from './common/money.js';
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §2: the trend charts run January to December of the chosen year. */
export const FINANCE_MONTHS = 12;

export const financeMessages = words(
  'finance',
  {
    title: 'Financial Dashboard',
    intro: 'Revenue, expenses and profit for the year, for the farm and for each flock.',
    overview: 'Financial Overview',
    totalRevenue: 'Total Revenue',
    totalExpenses: 'Total Expenses',
    netProfit: 'Net Profit',
    paid: 'Paid',
    pending: 'Pending',
    /** The year's pending sales, named by their year, and where to chase them (decision 054). */
    pendingIn: (year: number) => `Pending, sold in ${year}`,
    seeWhoOwes: 'See who owes',
    yearLabel: 'Year',
    flockPerformance: 'Flock Performance',
    bestPerforming: 'Best Performing Flock',
    bestPerformingNote: 'Highest revenue this year',
    mostEfficient: 'Most Efficient Flock',
    mostEfficientNote: 'Highest net profit per bird this year',
    noBestFlock: 'No sales recorded this year yet.',
    noEfficientFlock: 'No flock with birds has revenue or expenses this year yet.',
    revenueTrend: 'Revenue Trend',
    netRevenueTrend: 'Net Revenue Trend',
    expensesTrend: 'Expenses Trend',
    trendNote: 'Ksh a month, a line a flock',
    totalRevenueVsExpenses: 'Total Revenue vs Expenses',
    flockRevenueVsExpenses: 'Revenue vs Expenses by Flock',
    revenue: 'Revenue',
    expenses: 'Expenses',
    budget: 'Budget',
    yearlyBudget: 'Yearly budget',
    budgetFromMonths: 'Sum of monthly budgets',
    noBudget: 'No budget set',
    setBudget: 'Set yearly budget',
    editBudget: 'Edit yearly budget',
    clearBudget: 'Clear yearly budget',
    budgetSaved: 'Yearly budget saved.',
    budgetCleared: 'Yearly budget cleared.',
    saveBudget: 'Save',
    cancel: 'Cancel',
    noRecords: 'No sales or expenses recorded in this year yet.',
    noFlocks: 'No flocks yet. Add a flock and record its sales and expenses to see them here.',
    loadFailed: 'The financial figures could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    definitionsLabel: 'How these figures are counted',
    definitions: [
      'Revenue: sales dated in the month, paid and pending alike (the overview shows them apart).',
      'Expenses: expenses dated in the month.',
      'Net revenue: revenue minus expenses of the month.',
      'Net profit: the running total of net revenue from January.',
      'Budget: the yearly budget set here, against the year’s expenses; or else the sum of the flock’s monthly budgets, against the expenses of those months.',
    ] as const,
    unknownFlock: 'Unknown Flock',
    // The screen's other words.
    perBird: 'per bird',
    totalExpensesNote: 'Expenses dated this year',
    netProfitNote: 'Revenue minus expenses',
    trendsTitle: 'Monthly Trends',
    pieNote: 'The year’s money in and out, in Ksh',
    flockPiesNote: 'Each flock’s year, with its budget against its expenses',
    noExpenses: 'No expenses recorded this year yet.',
    flockNoRecords: 'No sales or expenses this year.',
    monthColumn: 'Month',
    itemColumn: 'Item',
    amountColumn: 'Amount',
    shareColumn: 'Share',
    budgetAmountLabel: 'Yearly budget (Ksh)',
    saving: 'Saving...',
    clearing: 'Clearing...',
    budgetSaveFailed: 'The yearly budget could not be saved.',
    budgetClearFailed: 'The yearly budget could not be cleared.',
    chartLoading: 'Loading the chart',
    otherFlocks: (count: number) => `Other flocks (${count})`,
    /** A flock's budget button, named with the flock (the visible words first, WCAG 2.5.3). */
    budgetActionFor: (action: string, flockName: string) => `${action} for ${flockName}`,
    /** Under the dialog's title: whose budget, for which year. */
    budgetOf: (flockName: string, year: number) => `${flockName}, ${year}`,
    spentOfBudget: (spent: string, budget: string) => `${spent} of ${budget} spent`,
    overBudgetBy: (amount: string) => `Over budget by ${amount}`,
    // Monthly budgets stand against their own months' spending, not the year's expenses shown above.
    inBudgetedMonths: (text: string) => `${text} in budgeted months`,
    /** A line chart's accessible name after its title. */
    trendSummary: (lines: number, others: number) =>
      `each month of the year, one line for each of ${lines} ${lines === 1 ? 'flock' : 'flocks'}` +
      (others > 0 ? `, the other ${others} ${others === 1 ? 'flock' : 'flocks'} summed in one line.` : '.'),
    // Errors.
    flockNotFound: 'Flock not found.',
    selectFlock: 'Please select a flock.',
    budgetRequired: 'Enter a valid amount.',
    yearRequired: 'Please select a year.',
    yearInvalid: 'Please select a valid year.',
    yearTooEarly: 'Please select a year from 2023.',
  },
  { sw: () => import('./sw/finance-rules.js') as Promise<Catalogues> },
);

export interface FlockFigures {
  flock_id: number;
  flock_name: string;
  bird_count: number;
  revenue_cents: Cents;
  net_profit_cents: Cents;
  /** Whether the flock had any sale or expense in the year. */
  has_records: boolean;
}

/** Higher first; on a tie the name, then the id, decides (the same flock wins every time). */
function pick<T extends FlockFigures>(flocks: readonly T[], score: (f: T) => number): T | null {
  let best: T | null = null;
  let bestScore = 0;
  for (const flock of flocks) {
    const value = score(flock);
    const better =
      best === null ||
      value > bestScore ||
      (value === bestScore && (flock.flock_name.localeCompare(best.flock_name) < 0 || (flock.flock_name === best.flock_name && flock.flock_id < best.flock_id)));
    if (better) {
      best = flock;
      bestScore = value;
    }
  }
  return best;
}

/** docs/product.md §2: the flock with the highest revenue; none while no flock sold anything. */
export function bestPerformingFlock<T extends FlockFigures>(flocks: readonly T[]): { flock: T; revenue_cents: Cents } | null {
  const best = pick(flocks.filter((f) => f.revenue_cents > 0), (f) => f.revenue_cents);
  return best ? { flock: best, revenue_cents: best.revenue_cents } : null;
}

/** Net profit per bird in cents, rounded to the cent (shown with 2 decimals). */
export function profitPerBirdCents(netProfitCents: Cents, birds: number): Cents {
  return birds > 0 ? Math.round(netProfitCents / birds) : 0;
}

/**
 * docs/product.md §2: the highest net profit per bird among flocks with a bird count above 0; only
 * flocks with a sale or an expense in the year compete (an idle flock is not "efficient").
 */
export function mostEfficientFlock<T extends FlockFigures>(flocks: readonly T[]): { flock: T; per_bird_cents: Cents } | null {
  const candidates = flocks.filter((f) => f.bird_count > 0 && f.has_records);
  const best = pick(candidates, (f) => f.net_profit_cents / f.bird_count);
  return best ? { flock: best, per_bird_cents: profitPerBirdCents(best.net_profit_cents, best.bird_count) } : null;
}

/** docs/product.md §3: net profit is the running total of the months' net revenue. */
export function runningTotals(values: readonly Cents[]): Cents[] {
  let total = 0;
  return values.map((value) => (total += value));
}

/** 'name - KES amount' as docs/product.md §2 shows a flock's figure (the amount already formatted). */
export function flockFigure(name: string, formattedAmount: string): string {
  return `${name} - ${formattedAmount}`;
}

/** The earliest year the financial dashboard reads: older than any farm's records. */
export const FINANCE_FIRST_YEAR = 2000;

/** The years the picker offers: every year from the first with records to this year. */
export function financeYears(firstYear: number | null, thisYear: number): number[] {
  const from = Math.max(FINANCE_FIRST_YEAR, Math.min(firstYear ?? thisYear, thisYear));
  return Array.from({ length: thisYear - from + 1 }, (_, i) => thisYear - i);
}
