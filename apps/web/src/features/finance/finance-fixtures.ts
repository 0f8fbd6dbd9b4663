import { runningTotals, type Finance, type FinanceMonth, type FlockFinance } from '@kuku/domain';

// Test data for the finance components' tests (imported by *.test.tsx only).

/** Twelve months of `year` from revenue and expenses per month (cents), with net and running profit. */
export function makeMonths(year: number, revenue: readonly number[] = [], expenses: readonly number[] = []): FinanceMonth[] {
  const net = Array.from({ length: 12 }, (_, i) => (revenue[i] ?? 0) - (expenses[i] ?? 0));
  const profit = runningTotals(net);
  return net.map((n, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}`,
    revenue_cents: revenue[i] ?? 0,
    expenses_cents: expenses[i] ?? 0,
    net_revenue_cents: n,
    net_profit_cents: profit[i] ?? 0,
  }));
}

export function makeFlockFinance(overrides: Partial<FlockFinance> & { revenue?: number[]; expenses?: number[] } = {}): FlockFinance {
  const { revenue = [], expenses = [], ...rest } = overrides;
  const year = 2026;
  const months = makeMonths(year, revenue, expenses);
  const revenueCents = months.reduce((sum, m) => sum + m.revenue_cents, 0);
  const expensesCents = months.reduce((sum, m) => sum + m.expenses_cents, 0);
  const birds = rest.bird_count ?? 100;
  return {
    flock_id: 7,
    flock_name: 'Shamba A',
    status: 'active',
    bird_count: birds,
    months,
    revenue_cents: revenueCents,
    expenses_cents: expensesCents,
    net_profit_cents: revenueCents - expensesCents,
    net_profit_per_bird_cents: birds > 0 ? Math.round((revenueCents - expensesCents) / birds) : null,
    budget_cents: null,
    budget_source: null,
    budget_spent_cents: null,
    yearly_budget_cents: null,
    budget: null,
    created_by_name: null,
    updated_by_name: null,
    ...rest,
  };
}

/**
 * A farm of two flocks in 2026: Shamba A sold Ksh 30,000 (Ksh 25,000 paid) and spent Ksh 12,000
 * against a yearly budget of Ksh 20,000; Shamba B spent Ksh 45,000 and sold nothing, under
 * monthly budgets of Ksh 40,000.
 */
export function makeFinance(overrides: Partial<Finance> = {}): Finance {
  const a = makeFlockFinance({
    flock_id: 7,
    flock_name: 'Shamba A',
    bird_count: 200,
    revenue: [1_000_000, 2_000_000],
    expenses: [500_000, 700_000],
    budget_cents: 2_000_000,
    budget_source: 'yearly',
    budget_spent_cents: 1_200_000,
    yearly_budget_cents: 2_000_000,
    budget: 20_000,
  });
  const b = makeFlockFinance({
    flock_id: 8,
    flock_name: 'Shamba B',
    bird_count: 50,
    expenses: [0, 0, 4_500_000],
    budget_cents: 4_000_000,
    budget_source: 'monthly',
    budget_spent_cents: 4_500_000,
    budget: 40_000,
  });
  const flocks = [a, b];
  const revenue = Array.from({ length: 12 }, (_, i) => flocks.reduce((sum, f) => sum + (f.months[i]?.revenue_cents ?? 0), 0));
  const expenses = Array.from({ length: 12 }, (_, i) => flocks.reduce((sum, f) => sum + (f.months[i]?.expenses_cents ?? 0), 0));
  return {
    year: 2026,
    years: [2026, 2025],
    totalRevenue: 30_000,
    totalExpenses: 57_000,
    total_revenue_cents: 3_000_000,
    total_expenses_cents: 5_700_000,
    net_profit_cents: -2_700_000,
    paid_cents: 2_500_000,
    pending_cents: 500_000,
    months: makeMonths(2026, revenue, expenses),
    flocks,
    best_performing: { flock_id: 7, flock_name: 'Shamba A', amount_cents: 3_000_000 },
    // Ksh 18,000 over 200 birds: Ksh 90.00 a bird.
    most_efficient: { flock_id: 7, flock_name: 'Shamba A', amount_cents: 9_000 },
    ...overrides,
  };
}

/** A farm with no flocks and no records. */
export function makeEmptyFinance(year = 2026): Finance {
  return {
    year,
    years: [year],
    totalRevenue: 0,
    totalExpenses: 0,
    total_revenue_cents: 0,
    total_expenses_cents: 0,
    net_profit_cents: 0,
    paid_cents: 0,
    pending_cents: 0,
    months: makeMonths(year),
    flocks: [],
    best_performing: null,
    most_efficient: null,
  };
}
