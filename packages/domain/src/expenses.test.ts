import { describe, expect, it } from 'vitest';
import { moneyMessages } from './common/money.js';
import { reportMessages } from './reports-rules.js';
import {
  budgetPeriodParamsSchema,
  createBudgetSchema,
  createExpenseSchema,
  expenseReportRequestSchema,
  listBudgetsQuerySchema,
  listExpensesQuerySchema,
  updateBudgetSchema,
  updateExpenseSchema,
} from './expenses.js';
import {
  budgetEditWindow,
  budgetLevel,
  worstBudgetsFirst,
  budgetPercentUsed,
  budgetPeriod,
  budgetPeriodLabel,
  crossesBudget,
  daysInMonth,
  expenseAxis,
  expenseDateWindow,
  expenseMessages,
  expenseMonthWeeks,
  expenseWeekDays,
  isBudgetEditable,
  isExpenseDateAllowed,
  maxBudgetYear,
  weekdayFromMonday,
  yearMonths,
  EXPENSE_CATEGORIES,
  expenseCategoryLabel,
} from './expenses-rules.js';

const m = expenseMessages;

/** The messages of a failed parse by field path ('' for the whole object). */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success) return {};
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the expense date window (docs/product.md §9: six months back to today)', () => {
  it.each([
    ['2026-11-24', '2026-05-01'],
    ['2026-03-31', '2025-09-01'],
    ['2026-08-31', '2026-02-01'],
    ['2026-01-01', '2025-07-01'],
    ['2024-02-29', '2023-08-01'],
  ])('on %s starts on %s', (today, earliest) => {
    expect(expenseDateWindow(today)).toEqual({ earliest, latest: today });
  });

  it('takes its first and last day and nothing outside', () => {
    expect(isExpenseDateAllowed('2026-05-01', '2026-11-24')).toBe(true);
    expect(isExpenseDateAllowed('2026-11-24', '2026-11-24')).toBe(true);
    expect(isExpenseDateAllowed('2026-04-30', '2026-11-24')).toBe(false);
    expect(isExpenseDateAllowed('2026-11-25', '2026-11-24')).toBe(false);
    expect(isExpenseDateAllowed('2026-02-30', '2026-03-31')).toBe(false);
  });
});

describe('the budget edit window (docs/product.md §9: the past month up to now)', () => {
  it('is last month and this month, across a year end', () => {
    expect(budgetEditWindow('2026-11-24')).toEqual({ from: '2026-10', to: '2026-11' });
    expect(budgetEditWindow('2026-01-05')).toEqual({ from: '2025-12', to: '2026-01' });
  });

  it.each([
    [10, 2026, true],
    [11, 2026, true],
    [9, 2026, false],
    [12, 2026, false],
    [11, 2025, false],
  ])('month %i of %i is editable on 2026-11-24: %s', (month, year, editable) => {
    expect(isBudgetEditable(month, year, '2026-11-24')).toBe(editable);
  });

  it('takes December of last year in January', () => {
    expect(isBudgetEditable(12, 2025, '2026-01-31')).toBe(true);
    expect(isBudgetEditable(11, 2025, '2026-01-31')).toBe(false);
  });

  it('names periods', () => {
    expect(budgetPeriod(3, 2026)).toBe('2026-03');
    expect(budgetPeriodLabel(11, 2026)).toBe('November 2026');
    expect(maxBudgetYear('2026-11-24')).toBe(2027);
  });
});

describe('budget use', () => {
  it('is a percent with one decimal, null for a budget of 0', () => {
    expect(budgetPercentUsed(2_500_00, 10_000_00)).toBe(25);
    expect(budgetPercentUsed(1, 3)).toBe(33.3);
    expect(budgetPercentUsed(15_000_00, 10_000_00)).toBe(150);
    expect(budgetPercentUsed(100, 0)).toBeNull();
  });

  it.each([
    [0, 1000, 'ok'],
    [799, 1000, 'ok'],
    [800, 1000, 'warning'],
    [999, 1000, 'warning'],
    [1000, 1000, 'over'],
    [1500, 1000, 'over'],
    [0, 0, 'ok'],
    [1, 0, 'over'],
  ] as const)('%i spent of %i is %s', (spent, budget, level) => {
    expect(budgetLevel(spent, budget)).toBe(level);
  });

  it('crosses the budget only on the change that takes it over', () => {
    expect(crossesBudget(900, 1000, 1000)).toBe(true);
    expect(crossesBudget(900, 999, 1000)).toBe(false);
    expect(crossesBudget(1000, 1200, 1000)).toBe(false);
    expect(crossesBudget(1200, 500, 1000)).toBe(false);
  });
});

describe('the charts', () => {
  it.each([
    // Round steps a farmer reads at a glance, 5 of them reaching the largest value.
    [12_301, 12_500, 2_500],
    [10, 10, 2],
    [11, 25, 5],
    [0, 5, 1],
    [-4, 5, 1],
    [3, 5, 1],
    [100, 100, 20],
    [101, 125, 25],
    [480_000, 500_000, 100_000],
  ])('a largest value of %i gives an axis to %i in steps of %i', (value, max, step) => {
    expect(expenseAxis(value)).toEqual({ max, step });
  });

  it('counts weeks from Monday', () => {
    expect(weekdayFromMonday('2026-11-23')).toBe(0);
    expect(weekdayFromMonday('2026-11-29')).toBe(6);
    expect(expenseWeekDays('2026-11-24')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    // A Sunday is the last day of its week; a week may start in the month before.
    expect(expenseWeekDays('2026-11-01')[0]).toBe('2026-10-26');
    expect(expenseWeekDays('2026-11-01')[6]).toBe('2026-11-01');
  });

  it('cuts the month into weeks 1-4, the fourth to its end', () => {
    expect(expenseMonthWeeks('2026-11').map((w) => [w.week, w.start, w.end])).toEqual([
      [1, '2026-11-01', '2026-11-07'],
      [2, '2026-11-08', '2026-11-14'],
      [3, '2026-11-15', '2026-11-21'],
      [4, '2026-11-22', '2026-11-30'],
    ]);
    expect(expenseMonthWeeks('2026-02').at(-1)?.end).toBe('2026-02-28');
    expect(expenseMonthWeeks('2024-02').at(-1)?.end).toBe('2024-02-29');
    expect(daysInMonth('2026-12')).toBe(31);
  });

  it('lists the year January to December', () => {
    expect(yearMonths(2026)).toHaveLength(12);
    expect(yearMonths(2026)[0]).toBe('2026-01');
    expect(yearMonths(2026)[11]).toBe('2026-12');
  });
});

describe('the expense schemas', () => {
  const valid = { flock_id: 3, date: '2026-11-24T12:00:00.000Z', description: ' Layers mash ', amount: 2450.5, category: 'Feed' };

  it('takes the product\'s body: shillings to cents, the description trimmed, the date as sent', () => {
    expect(createExpenseSchema.parse(valid)).toEqual({ ...valid, description: 'Layers mash', amount: 245_050 });
    expect(createExpenseSchema.parse({ ...valid, flock_id: undefined, flockId: '3', amount: '1,200', category: 'other' })).toMatchObject({
      flock_id: 3,
      amount: 120_000,
      category: 'Others',
    });
  });

  it('names every missing field', () => {
    expect(problems(createExpenseSchema.safeParse({}))).toEqual({
      flock_id: m.selectFlock,
      date: m.dateRequired,
      description: m.descriptionRequired,
      amount: moneyMessages.amountRequired,
      category: m.selectCategory,
    });
  });

  it.each([
    [{ amount: 0 }, 'amount', moneyMessages.amountNotPositive],
    [{ amount: -5 }, 'amount', moneyMessages.amountNegative],
    [{ amount: 1.005 }, 'amount', moneyMessages.amountDecimals],
    [{ amount: 100_000_001 }, 'amount', moneyMessages.amountTooLarge],
    [{ category: 'Fuel' }, 'category', m.selectCategory],
    [{ description: '   ' }, 'description', m.descriptionRequired],
    [{ description: 'x'.repeat(501) }, 'description', m.descriptionTooLong],
    [{ date: '2026-02-30' }, 'date', m.dateInvalid],
    [{ flock_id: 0 }, 'flock_id', m.selectFlock],
  ])('refuses %j', (change, field, message) => {
    expect(problems(createExpenseSchema.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });

  it('edits any part, and wants one', () => {
    expect(updateExpenseSchema.parse({ amount: 10 })).toEqual({ amount: 1000 });
    expect(problems(updateExpenseSchema.safeParse({}))['']).toBe(m.nothingToUpdate);
    expect(problems(updateExpenseSchema.safeParse({ amount: 0 })).amount).toBe(moneyMessages.amountNotPositive);
  });

  it('lists newest first by date, filtered by category in any case', () => {
    expect(listExpensesQuerySchema.parse({})).toMatchObject({ sort: 'date', order: 'desc', page: 1, pageSize: 10 });
    expect(listExpensesQuerySchema.parse({ category: 'vet' }).category).toBe('Vet');
    expect(listExpensesQuerySchema.safeParse({ sort: 'secret' }).success).toBe(false);
  });
});

describe('the budget schemas', () => {
  it('takes a budget in shillings, 0 included', () => {
    expect(createBudgetSchema.parse({ flock_id: '3', amount: '15,000', month: '11', year: '2026' })).toEqual({
      flock_id: 3,
      amount: 1_500_000,
      month: 11,
      year: 2026,
    });
    expect(createBudgetSchema.parse({ flockId: 3, amount: 0, month: 1, year: 2023 }).amount).toBe(0);
  });

  it('says the product\'s words for each missing or wrong field', () => {
    expect(problems(createBudgetSchema.safeParse({ amount: '', month: '', year: '' }))).toEqual({
      flock_id: m.selectFlock,
      amount: m.amountInvalid,
      month: m.selectMonth,
      year: m.yearRequired,
    });
    expect(problems(createBudgetSchema.safeParse({ flock_id: 1, amount: -1, month: 13, year: 2022 }))).toEqual({
      amount: m.amountInvalid,
      month: m.monthInvalid,
      year: m.yearTooEarly,
    });
    expect(problems(createBudgetSchema.safeParse({ flock_id: 1, amount: 10, month: 1.5, year: 99_999 }))).toEqual({
      month: m.monthInvalid,
      year: m.yearInvalid,
    });
    expect(problems(createBudgetSchema.safeParse({ flock_id: 1, amount: 'lots', month: 1, year: 2026 })).amount).toBe(m.amountInvalid);
    expect(problems(createBudgetSchema.safeParse({ flock_id: 1, amount: 1.234, month: 1, year: 2026 })).amount).toBe(moneyMessages.amountDecimals);
  });

  it('reads the period from the path and the flock from the body', () => {
    expect(budgetPeriodParamsSchema.parse({ month: '10', year: '2026' })).toEqual({ month: 10, year: 2026 });
    expect(problems(budgetPeriodParamsSchema.safeParse({ month: '13', year: 'x' }))).toEqual({ month: m.monthInvalid, year: m.yearInvalid });
    expect(updateBudgetSchema.parse({ amount: 500 })).toEqual({ amount: 50_000 });
    expect(updateBudgetSchema.parse({ amount: 500, flockId: '4' })).toEqual({ amount: 50_000, flock_id: 4 });
    expect(problems(updateBudgetSchema.safeParse({ amount: 500, flock_id: 'x' })).flock_id).toBe(m.selectBudget);
  });

  it('lists the editable budgets on request', () => {
    expect(listBudgetsQuerySchema.parse({ editable: 'true' })).toMatchObject({ editable: true, sort: 'period', order: 'desc' });
    expect(listBudgetsQuerySchema.parse({}).editable).toBeUndefined();
    expect(listBudgetsQuerySchema.safeParse({ editable: 'maybe' }).success).toBe(false);
  });
});

describe('the expense report form', () => {
  it('wants both dates, the end after the start', () => {
    expect(expenseReportRequestSchema.parse({ startDate: '2026-11-01', endDate: '2026-11-24', descriptionFilter: ' feed ' })).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-24',
      description_filter: 'feed',
    });
    expect(problems(expenseReportRequestSchema.safeParse({}))).toEqual({ start_date: m.reportDatesRequired, end_date: m.reportDatesRequired });
    expect(problems(expenseReportRequestSchema.safeParse({ start_date: '2026-11-24', end_date: '2026-11-01' })).end_date).toBe(m.reportEndBeforeStart);
    // The report it makes refuses a single day (docs/product.md §5 Report generator).
    expect(problems(expenseReportRequestSchema.safeParse({ start_date: '2026-11-24', end_date: '2026-11-24' })).end_date).toBe(reportMessages.singleDay);
  });
});

describe('expense words', () => {
  it('say when a flock goes over its budget', () => {
    expect(m.budgetExceeded('Layers A', 11, 2026)).toBe('Layers A is over its November 2026 budget.');
  });
});

describe('the budgets a month shows', () => {
  it('puts the flocks over budget first, then those near it, keeping their order otherwise', () => {
    const budgets = [
      { flock: 'A', level: 'ok' as const },
      { flock: 'B', level: 'over' as const },
      { flock: 'C', level: 'warning' as const },
      { flock: 'D', level: 'over' as const },
    ];
    expect(worstBudgetsFirst(budgets).map((b) => b.flock)).toEqual(['B', 'D', 'C', 'A']);
    expect(expenseMessages.flocksOverBudget(1)).toBe('1 flock over budget');
    expect(expenseMessages.flocksOverBudget(3)).toBe('3 flocks over budget');
  });
});

describe('expenseCategoryLabel (decision 068)', () => {
  it('labels each category; a value it does not know, as stored', () => {
    for (const category of EXPENSE_CATEGORIES) expect(expenseCategoryLabel(category)).toBe(category);
    expect(expenseCategoryLabel('toString')).toBe('toString');
  });
});
