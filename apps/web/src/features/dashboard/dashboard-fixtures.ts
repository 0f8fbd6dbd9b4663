import type { Dashboard, OverviewFlock } from '@kuku/domain';

/** A flock of the Flock Overview; tests override what they look at. */
export function makeOverviewFlock(overrides: Partial<OverviewFlock> = {}): OverviewFlock {
  return {
    id: 1,
    name: 'Layers A',
    breed: 'Layers',
    status: 'active',
    bird_count: 490,
    initial_bird_count: 500,
    deaths: 10,
    mortality_rate: 2,
    age_weeks: 30,
    age_group: 'Mature',
    vaccinations_pending: 1,
    vaccinations_completed: 1,
    next_vaccination: null,
    ...overrides,
  };
}

/** The dashboard's answer for a farm of two flocks in November 2026; tests override what they look at. */
export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: '2026-11-24',
    month: '2026-11',
    total_birds: 790,
    total_flocks: 2,
    eggs_this_month: 1234,
    revenue_this_month_cents: 420000,
    revenue_this_month: 4200,
    expenses_this_month_cents: 150000,
    mortality_rate: 1.24,
    eggs_last_7_days: {
      days: ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'],
      flocks: [
        { flock_id: 2, flock_name: 'Broilers B', values: [0, 0, 0, 0, 0, 0, 80] },
        { flock_id: 1, flock_name: 'Layers A', values: [100, 110, 0, 0, 0, 0, 120] },
      ],
    },
    eggs_by_week: {
      weeks: [
        { week: 1, start: '2026-11-01', end: '2026-11-07' },
        { week: 2, start: '2026-11-08', end: '2026-11-14' },
        { week: 3, start: '2026-11-15', end: '2026-11-21' },
        { week: 4, start: '2026-11-22', end: '2026-11-28' },
      ],
      flocks: [
        { flock_id: 2, flock_name: 'Broilers B', values: [0, 0, 0, 80] },
        { flock_id: 1, flock_name: 'Layers A', values: [300, 310, 210, 120] },
      ],
    },
    sales_by_month: {
      months: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'],
      flocks: [{ flock_id: 1, flock_name: 'Layers A', values: [0, 0, 0, 300000, 0, 420000] }],
    },
    revenue_vs_expenses: { revenue_cents: 420000, expenses_cents: 150000 },
    flocks: [makeOverviewFlock(), makeOverviewFlock({ id: 2, name: 'Broilers B', breed: 'Broilers', status: 'growing', bird_count: 300, initial_bird_count: 300, deaths: 0, mortality_rate: 0, age_weeks: 4, age_group: 'Chicks' })],
    ...overrides,
  };
}

/** A farm with nothing recorded yet. */
export function makeEmptyDashboard(): Dashboard {
  const full = makeDashboard();
  return {
    ...full,
    total_birds: 0,
    total_flocks: 0,
    eggs_this_month: 0,
    revenue_this_month_cents: 0,
    revenue_this_month: 0,
    expenses_this_month_cents: 0,
    mortality_rate: 0,
    eggs_last_7_days: { days: full.eggs_last_7_days.days, flocks: [] },
    eggs_by_week: { weeks: full.eggs_by_week.weeks, flocks: [] },
    sales_by_month: { months: full.sales_by_month.months, flocks: [] },
    revenue_vs_expenses: { revenue_cents: 0, expenses_cents: 0 },
    flocks: [],
  };
}
