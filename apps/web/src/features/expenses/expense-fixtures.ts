import { dayIn, type Budget, type Expense, type ExpenseSeries, type ExpenseStats } from '@kuku/domain';

// Test data for the expense components' tests (imported by *.test.tsx only).

/** The farm's today (Africa/Nairobi, the test user's zone) as 'YYYY-MM-DD'. */
export const farmToday = () => dayIn(new Date(), 'Africa/Nairobi');

/** 'YYYY-MM-DD' `months` from the farm's today, on the 15th. */
export function farmMonthFrom(months: number): string {
  const [year, month] = farmToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 15)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' `days` from the farm's today. */
export function farmDayFrom(days: number): string {
  const date = new Date(`${farmToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function makeExpense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: 41,
    flock_id: 7,
    flock_name: 'Shamba A',
    date: farmToday(),
    description: 'Layers mash 70 kg',
    amount: 3500,
    amount_cents: 350_000,
    category: 'Feed',
    user_id: 1,
    created_at: '2026-03-05T06:00:00.000Z',
    updated_at: '2026-03-05T06:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

export function makeBudget(overrides: Partial<Budget> = {}): Budget {
  const today = farmToday();
  return {
    id: 5,
    flock_id: 7,
    flock_name: 'Shamba A',
    month: Number(today.slice(5, 7)),
    year: Number(today.slice(0, 4)),
    amount: 20_000,
    amount_cents: 2_000_000,
    spent_cents: 350_000,
    left_cents: 1_650_000,
    percent_used: 17.5,
    level: 'ok',
    editable: true,
    user_id: 1,
    created_at: '2026-03-01T06:00:00.000Z',
    updated_at: '2026-03-01T06:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

export function makeStats(overrides: Partial<ExpenseStats> = {}): ExpenseStats {
  return {
    today: '2026-03-18',
    week_cents: 350_000,
    month_cents: 1_850_000,
    year_cents: 5_400_000,
    largest_category: { category: 'Feed', amount_cents: 1_200_000 },
    budget_used: { budget_cents: 3_000_000, spent_cents: 2_550_000, percent_used: 85, level: 'warning' },
    budgets: [
      {
        budget_id: 5,
        flock_id: 7,
        flock_name: 'Shamba A',
        budget_cents: 2_000_000,
        spent_cents: 1_500_000,
        left_cents: 500_000,
        percent_used: 75,
        level: 'ok',
      },
      {
        budget_id: 6,
        flock_id: 8,
        flock_name: 'Shamba B',
        budget_cents: 1_000_000,
        spent_cents: 1_050_000,
        left_cents: -50_000,
        percent_used: 105,
        level: 'over',
      },
    ],
    ...overrides,
  };
}

export function makeSeries(overrides: Partial<ExpenseSeries> = {}): ExpenseSeries {
  return {
    week: ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21', '2026-03-22'].map((day, i) => ({
      day,
      amount_cents: i === 0 ? 250_000 : i === 2 ? 100_000 : 0,
    })),
    month_weeks: [
      { week: 1, start: '2026-03-01', end: '2026-03-07', amount_cents: 500_000 },
      { week: 2, start: '2026-03-08', end: '2026-03-14', amount_cents: 1_000_000 },
      { week: 3, start: '2026-03-15', end: '2026-03-21', amount_cents: 350_000 },
      { week: 4, start: '2026-03-22', end: '2026-03-31', amount_cents: 0 },
    ],
    year_months: Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      amount_cents: i === 0 ? 1_500_000 : i === 1 ? 2_050_000 : i === 2 ? 1_850_000 : 0,
    })),
    categories: [
      { category: 'Feed', amount_cents: 3_600_000 },
      { category: 'Vet', amount_cents: 1_200_000 },
      { category: 'Utilities', amount_cents: 600_000 },
    ],
    ...overrides,
  };
}
