import { dayIn, type Sale, type SaleSeries, type SaleStats } from '@kuku/domain';

// Test data for the sales components' tests (imported by *.test.tsx only).

/** The farm's today (Africa/Nairobi, the test user's zone) as 'YYYY-MM-DD'. */
export const farmToday = () => dayIn(new Date(), 'Africa/Nairobi');

/** 'YYYY-MM-DD' `days` from the farm's today. */
export function farmDayFrom(days: number): string {
  const date = new Date(`${farmToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' `months` from the farm's today, on the 15th. */
export function farmMonthFrom(months: number): string {
  const [year, month] = farmToday().split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 15));
  return date.toISOString().slice(0, 10);
}

export function makeSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: 31,
    ref_no: 'S-000031',
    flock_id: 7,
    flock_name: 'Shamba A',
    category: 'Egg Sales',
    product: 'Grade A eggs',
    description: 'Mama Wanjiru',
    quantity: 12,
    unit: 'Crates',
    birds: null,
    weight_kg: null,
    unit_price: 450,
    unit_price_cents: 45000,
    amount: 5400,
    amount_cents: 540000,
    date: farmToday(),
    sale_type: 'Cash',
    status: 'pending',
    user_id: 1,
    created_at: '2026-03-05T06:00:00.000Z',
    updated_at: '2026-03-05T06:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

export function makeStats(overrides: Partial<SaleStats> = {}): SaleStats {
  return {
    month: '2026-03',
    revenue_cents: 1_250_000,
    revenue: 12_500,
    sales_count: 5,
    paid_cents: 900_000,
    paid_count: 3,
    pending_cents: 350_000,
    pending_count: 2,
    sale_days: 4,
    average_per_sale_day_cents: 312_500,
    last_month_revenue_cents: 1_000_000,
    sales_growth: 25,
    egg_crates_this_month: 20,
    by_category: [
      { category: 'Egg Sales', amount_cents: 1_000_000, count: 4 },
      { category: 'Manure', amount_cents: 250_000, count: 1 },
    ],
    remarks: [
      { kind: 'remark', text: 'Best selling product this month: Egg Sales' },
      { kind: 'miscellaneous', text: 'Ksh 3,500.00 on credit is older than 30 days (2 sales)' },
      { kind: 'recommendation', text: 'Follow up 2 pending sales worth Ksh 3,500.00.' },
    ],
    ...overrides,
  };
}

export function makeSeries(overrides: Partial<SaleSeries> = {}): SaleSeries {
  return {
    days: [
      { day: '2026-03-01', amount_cents: 540_000 },
      { day: '2026-03-02', amount_cents: 0 },
      { day: '2026-03-03', amount_cents: 710_000 },
    ],
    weeks: [{ week: 1, start: '2026-03-01', end: '2026-03-07', amount_cents: 1_250_000 }],
    months: [
      { month: '2025-10', amount_cents: 0, count: 0 },
      { month: '2025-11', amount_cents: 200_000, count: 1 },
      { month: '2025-12', amount_cents: 0, count: 0 },
      { month: '2026-01', amount_cents: 300_000, count: 2 },
      { month: '2026-02', amount_cents: 1_000_000, count: 4 },
      { month: '2026-03', amount_cents: 1_250_000, count: 5 },
    ],
    flocks_by_week: [
      { flock_id: 7, flock_name: 'Shamba A', amounts: [1_000_000] },
      { flock_id: 8, flock_name: 'Shamba B', amounts: [250_000] },
    ],
    flocks_by_month: [
      { flock_id: 7, flock_name: 'Shamba A', amounts: [0, 200_000, 0, 300_000, 800_000, 1_000_000] },
      { flock_id: 8, flock_name: 'Shamba B', amounts: [0, 0, 0, 0, 200_000, 250_000] },
    ],
    ...overrides,
  };
}
