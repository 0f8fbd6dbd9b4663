import { describe, expect, it } from 'vitest';
import { formatKes } from './common/money.js';
import { financeQuerySchema, setFlockBudgetSchema } from './finance.js';
import {
  bestPerformingFlock,
  financeMessages,
  financeYears,
  flockFigure,
  mostEfficientFlock,
  profitPerBirdCents,
  runningTotals,
  type FlockFigures,
} from './finance-rules.js';

function flock(id: number, name: string, figures: Partial<FlockFigures> = {}): FlockFigures {
  return { flock_id: id, flock_name: name, bird_count: 100, revenue_cents: 0, net_profit_cents: 0, has_records: true, ...figures };
}

describe('bestPerformingFlock (docs/product.md §2: the highest revenue)', () => {
  it('picks the flock that sold most', () => {
    const best = bestPerformingFlock([
      flock(1, 'Shamba A', { revenue_cents: 50_000 }),
      flock(2, 'Shamba B', { revenue_cents: 120_000 }),
      flock(3, 'Shamba C', { revenue_cents: 90_000 }),
    ]);
    expect(best?.flock.flock_id).toBe(2);
    expect(best?.revenue_cents).toBe(120_000);
  });

  it('breaks a tie by the name, then the id, whatever the order', () => {
    const tied = [flock(9, 'Zebra', { revenue_cents: 10_000 }), flock(4, 'Alpha', { revenue_cents: 10_000 }), flock(2, 'Alpha', { revenue_cents: 10_000 })];
    expect(bestPerformingFlock(tied)?.flock.flock_id).toBe(2);
    expect(bestPerformingFlock([...tied].reverse())?.flock.flock_id).toBe(2);
  });

  it('is none with no flocks, or while no flock sold anything', () => {
    expect(bestPerformingFlock([])).toBeNull();
    expect(bestPerformingFlock([flock(1, 'Idle', { has_records: false }), flock(2, 'Spender', { net_profit_cents: -5_000 })])).toBeNull();
  });

  it('counts a flock without birds (revenue is revenue)', () => {
    expect(bestPerformingFlock([flock(1, 'Sold out', { bird_count: 0, revenue_cents: 7_000 })])?.flock.flock_name).toBe('Sold out');
  });
});

describe('mostEfficientFlock (docs/product.md §2: the highest net profit per bird)', () => {
  it('compares profit per bird, not profit', () => {
    const best = mostEfficientFlock([
      // 1,000 birds, KES 5,000: KES 5 a bird.
      flock(1, 'Big', { bird_count: 1000, net_profit_cents: 500_000 }),
      // 100 birds, KES 2,000: KES 20 a bird.
      flock(2, 'Small', { bird_count: 100, net_profit_cents: 200_000 }),
    ]);
    expect(best?.flock.flock_id).toBe(2);
    expect(best?.per_bird_cents).toBe(2_000);
  });

  it('leaves out flocks with no birds and flocks without records', () => {
    const best = mostEfficientFlock([
      flock(1, 'No birds', { bird_count: 0, net_profit_cents: 900_000 }),
      flock(2, 'Idle', { has_records: false }),
      flock(3, 'Working', { bird_count: 50, net_profit_cents: 1_000 }),
    ]);
    expect(best?.flock.flock_id).toBe(3);
    expect(best?.per_bird_cents).toBe(20);
    expect(mostEfficientFlock([flock(1, 'No birds', { bird_count: 0, net_profit_cents: 900_000 }), flock(2, 'Idle', { has_records: false })])).toBeNull();
    expect(mostEfficientFlock([])).toBeNull();
  });

  it('still names the least bad flock when every flock lost money', () => {
    const best = mostEfficientFlock([flock(1, 'A', { bird_count: 10, net_profit_cents: -10_000 }), flock(2, 'B', { bird_count: 10, net_profit_cents: -2_000 })]);
    expect(best?.flock.flock_id).toBe(2);
    expect(best?.per_bird_cents).toBe(-200);
  });

  it('breaks a tie of profit per bird by the name, then the id', () => {
    const tied = [
      // KES 10 a bird each.
      flock(5, 'Mango', { bird_count: 10, net_profit_cents: 10_000 }),
      flock(7, 'Apple', { bird_count: 20, net_profit_cents: 20_000 }),
      flock(3, 'Apple', { bird_count: 30, net_profit_cents: 30_000 }),
    ];
    expect(mostEfficientFlock(tied)?.flock.flock_id).toBe(3);
    expect(mostEfficientFlock([...tied].reverse())?.flock.flock_id).toBe(3);
  });
});

describe('profitPerBirdCents', () => {
  it('rounds to the cent, half away from zero upward as Math.round does', () => {
    expect(profitPerBirdCents(1_000, 3)).toBe(333);
    expect(profitPerBirdCents(2_000, 3)).toBe(667);
    expect(profitPerBirdCents(1_001, 2)).toBe(501);
    expect(profitPerBirdCents(-1_001, 2)).toBe(-500);
    expect(profitPerBirdCents(-2_000, 3)).toBe(-667);
  });

  it('is 0 for a flock with no birds', () => {
    expect(profitPerBirdCents(50_000, 0)).toBe(0);
  });

  it('reads with 2 decimals through formatKes', () => {
    expect(flockFigure('Shamba A', formatKes(profitPerBirdCents(1_000, 3))).replace(/\s/g, ' ')).toBe('Shamba A - Ksh 3.33');
  });
});

describe('runningTotals (docs/product.md §3: net profit runs from January)', () => {
  it('adds each month to the ones before it', () => {
    expect(runningTotals([100, -50, 0, 200])).toEqual([100, 50, 50, 250]);
  });

  it('is empty for no months and all zeros for a quiet year', () => {
    expect(runningTotals([])).toEqual([]);
    expect(runningTotals(Array<number>(12).fill(0))).toEqual(Array<number>(12).fill(0));
  });
});

describe('financeYears (the year picker)', () => {
  it('runs from the first year with records to this year, newest first', () => {
    expect(financeYears(2024, 2026)).toEqual([2026, 2025, 2024]);
  });

  it('is this year alone for a farm without records', () => {
    expect(financeYears(null, 2026)).toEqual([2026]);
  });

  it("goes back to a farm's first records, before the budgets' 2023, and no later than this year", () => {
    expect(financeYears(2017, 2020)).toEqual([2020, 2019, 2018, 2017]);
    expect(financeYears(2030, 2026)).toEqual([2026]);
  });

  it('reads any year with records, while a budget is set from 2023 only', () => {
    expect(financeQuerySchema.safeParse({ year: '2017' }).data).toEqual({ year: 2017 });
    expect(financeQuerySchema.safeParse({ year: '1200' }).success).toBe(false);
  });
});

describe('setFlockBudgetSchema', () => {
  it('takes shillings and answers cents, with the product’s alias names', () => {
    const parsed = setFlockBudgetSchema.safeParse({ flockId: '4', year: 2026, amount: '12,500.50' });
    expect(parsed.success && parsed.data).toEqual({ flock_id: 4, year: 2026, budget: 1_250_050 });
  });

  it('refuses a year before 2023 with its message', () => {
    const parsed = setFlockBudgetSchema.safeParse({ flock_id: 4, year: 2020, budget: 100 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(financeMessages.yearTooEarly);
  });
});

describe('financeMessages', () => {
  it('names a flock’s budget button with the visible words first', () => {
    expect(financeMessages.budgetActionFor(financeMessages.setBudget, 'Shamba A')).toBe('Set yearly budget for Shamba A');
    expect(financeMessages.otherFlocks(3)).toBe('Other flocks (3)');
    expect(financeMessages.trendSummary(1, 0)).toBe('each month of the year, one line for each of 1 flock.');
    expect(financeMessages.trendSummary(6, 2)).toContain('the other 2 flocks summed in one line.');
  });
});
