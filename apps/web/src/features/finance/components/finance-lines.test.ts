import { describe, expect, it } from 'vitest';
import { makeFlockFinance } from '../finance-fixtures';
import { MAX_FLOCK_LINES, monthsBegun, pieShares, pieSummary, rankedFlocks, trendLines } from './finance-lines';

describe('rankedFlocks', () => {
  it('keeps the flocks with records, busiest first, the server’s order breaking a tie', () => {
    const idle = makeFlockFinance({ flock_id: 1, flock_name: 'Idle' });
    const small = makeFlockFinance({ flock_id: 2, flock_name: 'Small', revenue: [100] });
    const big = makeFlockFinance({ flock_id: 3, flock_name: 'Big', expenses: [5_000] });
    const tie = makeFlockFinance({ flock_id: 4, flock_name: 'Tie', revenue: [100] });
    expect(rankedFlocks([idle, small, big, tie]).map((f) => f.flock_name)).toEqual(['Big', 'Small', 'Tie']);
  });
});

describe('trendLines', () => {
  it('draws a line a flock, coloured by rank, the same flocks on every chart', () => {
    const flocks = [makeFlockFinance({ flock_id: 1, flock_name: 'A', revenue: [100, 200] }), makeFlockFinance({ flock_id: 2, flock_name: 'B', expenses: [50] })];
    const trend = trendLines(flocks, (m) => m.revenue_cents);
    expect(trend.shown).toBe(2);
    expect(trend.others).toBe(0);
    expect(trend.lines.map((l) => [l.label, l.colorIndex, l.values.slice(0, 3)])).toEqual([
      ['A', 0, [100, 200, 0]],
      ['B', 1, [0, 0, 0]],
    ]);
  });

  it(`sums the flocks past ${MAX_FLOCK_LINES} in one 'Other flocks' line, month by month`, () => {
    const flocks = Array.from({ length: MAX_FLOCK_LINES + 3 }, (_, i) => makeFlockFinance({ flock_id: i + 1, flock_name: `F${i + 1}`, revenue: [1_000 - i, 10] }));
    const trend = trendLines(flocks, (m) => m.revenue_cents);
    expect(trend.shown).toBe(MAX_FLOCK_LINES);
    expect(trend.others).toBe(3);
    const other = trend.lines.at(-1);
    expect(other?.label).toBe('Other flocks (3)');
    expect(other?.colorIndex).toBeNull();
    expect(other?.values.slice(0, 2)).toEqual([(1_000 - 6) + (1_000 - 7) + (1_000 - 8), 30]);
  });

  it('stops at the months begun: the rest are null, not 0', () => {
    const trend = trendLines([makeFlockFinance({ revenue: [5, 6, 7, 8] })], (m) => m.revenue_cents, 3);
    expect(trend.lines[0]?.values).toEqual([5, 6, 7, ...Array<null>(9).fill(null)]);
  });
});

describe('monthsBegun', () => {
  it('is 12 for a past year, the month for this year, none for a later one', () => {
    expect(monthsBegun(2025, '2026-03-15')).toBe(12);
    expect(monthsBegun(2026, '2026-03-15')).toBe(3);
    expect(monthsBegun(2027, '2026-03-15')).toBe(0);
  });
});

describe('the pies’ words', () => {
  it('give each side its share of the two', () => {
    expect(pieShares(3_000_000, 5_700_000)).toEqual(['34.5%', '65.5%']);
    expect(pieShares(0, 0)).toEqual(['0%', '0%']);
    expect(pieSummary(3_000_000, 1_000_000).replace(/\s/g, ' ')).toBe('Revenue Ksh 30,000.00 (75%), Expenses Ksh 10,000.00 (25%)');
  });
});
