import { financeMessages as m, formatKes, type FinanceMonth, type FlockFinance } from '@kuku/domain';

/** A line chart stays readable on a phone: this many flocks get a line each, the rest share one. */
export const MAX_FLOCK_LINES = 6;

/** One line of a trend chart. */
export interface TrendLine {
  label: string;
  /** Cents a month, January first; null for a month not begun (not drawn, not read out). */
  values: (number | null)[];
  /** The flock's place in the main palette, the same on the three charts; null for 'Other flocks' (grey, dashed). */
  colorIndex: number | null;
}

export interface Trend {
  lines: TrendLine[];
  /** Flocks with a line of their own, and flocks summed in 'Other flocks'. */
  shown: number;
  others: number;
}

/**
 * The flocks that recorded anything this year, busiest first (revenue plus expenses, then the
 * server's order by name): the same flocks keep their lines, and their colours, on every chart.
 */
export function rankedFlocks(flocks: readonly FlockFinance[]): FlockFinance[] {
  return flocks
    .map((flock, index) => ({ flock, index, weight: flock.revenue_cents + flock.expenses_cents }))
    .filter((f) => f.flock.months.some((mo) => mo.revenue_cents !== 0 || mo.expenses_cents !== 0))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((f) => f.flock);
}

/**
 * A chart's lines: one per ranked flock up to `limit`, the others summed month by month in
 * 'Other flocks (n)'. Months after `monthsShown` are null.
 */
export function trendLines(
  ranked: readonly FlockFinance[],
  pick: (month: FinanceMonth) => number,
  monthsShown = 12,
  limit = MAX_FLOCK_LINES,
): Trend {
  const valuesOf = (flock: FlockFinance) => Array.from({ length: 12 }, (_, i) => (i < monthsShown ? pick(flock.months[i] ?? emptyMonth) : null));
  const kept = ranked.slice(0, limit);
  const rest = ranked.slice(limit);
  const lines: TrendLine[] = kept.map((flock, i) => ({ label: flock.flock_name, values: valuesOf(flock), colorIndex: i }));
  if (rest.length > 0) {
    lines.push({
      label: m.otherFlocks(rest.length),
      values: Array.from({ length: 12 }, (_, i) => (i < monthsShown ? rest.reduce((sum, f) => sum + pick(f.months[i] ?? emptyMonth), 0) : null)),
      colorIndex: null,
    });
  }
  return { lines, shown: kept.length, others: rest.length };
}

const emptyMonth: FinanceMonth = { month: '', revenue_cents: 0, expenses_cents: 0, net_revenue_cents: 0, net_profit_cents: 0 };

/**
 * How many months of `year` have begun on the farm's `today` ('YYYY-MM-DD'): 12 for a past
 * year, none for a later one. A line stops at this month instead of falling to 0.
 */
export function monthsBegun(year: number, today: string): number {
  const thisYear = Number(today.slice(0, 4));
  if (year < thisYear) return 12;
  if (year > thisYear) return 0;
  return Number(today.slice(5, 7));
}

/** A share of revenue plus expenses in words: '62.5%'. */
export function shareText(cents: number, total: number): string {
  return total > 0 ? `${Math.round((cents / total) * 1000) / 10}%` : '0%';
}

/** What a revenue-versus-expenses pie says to a screen reader. */
export function pieSummary(revenueCents: number, expensesCents: number): string {
  const total = revenueCents + expensesCents;
  return `${m.revenue} ${formatKes(revenueCents)} (${shareText(revenueCents, total)}), ${m.expenses} ${formatKes(expensesCents)} (${shareText(expensesCents, total)})`;
}

/** Revenue's and expenses' shares of their sum, in words. */
export function pieShares(revenueCents: number, expensesCents: number): [string, string] {
  const total = revenueCents + expensesCents;
  return [shareText(revenueCents, total), shareText(expensesCents, total)];
}
