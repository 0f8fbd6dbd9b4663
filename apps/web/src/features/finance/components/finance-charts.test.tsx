import { financeMessages as m } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeFlockFinance } from '../finance-fixtures';
import { RevenuePie, TrendPlot } from './finance-charts';
import { trendLines } from './finance-lines';

/** The rows of the visually hidden table whose caption is `caption`, cell texts each (spaces made plain). */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').replace(/\s/g, ' ')));
}

describe('TrendPlot', () => {
  it('draws a line a flock over Jan–Dec, named, with its figures in a table up to the months begun', async () => {
    const flocks = [
      makeFlockFinance({ flock_id: 1, flock_name: 'Shamba A', revenue: [1_000_000, 2_000_000, 500_000] }),
      makeFlockFinance({ flock_id: 2, flock_name: 'Shamba B', revenue: [0, 300_000] }),
    ];
    const trend = trendLines(flocks, (mo) => mo.revenue_cents, 3);
    renderWithProviders(<TrendPlot title={m.revenueTrend} summary={m.trendSummary(trend.shown, trend.others)} lines={trend.lines} />);

    const chart = await screen.findByRole('img', { name: `${m.revenueTrend}: each month of the year, one line for each of 2 flocks.` });
    expect(chart).toHaveAttribute('data-type', 'line');
    expect(JSON.parse(chart.getAttribute('data-labels') ?? '[]')).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(chart).toHaveAttribute('data-series', JSON.stringify(['Shamba A', 'Shamba B']));
    // Shillings on the plot; months not begun are not drawn.
    expect(chart).toHaveAttribute('data-values', JSON.stringify([[10000, 20000, 5000, ...Array<null>(9).fill(null)], [0, 3000, 0, ...Array<null>(9).fill(null)]]));
    expect(tableRows(m.revenueTrend)).toEqual([
      ['Month', 'Shamba A', 'Shamba B'],
      ['January', 'Ksh 10,000.00', 'Ksh 0.00'],
      ['February', 'Ksh 20,000.00', 'Ksh 3,000.00'],
      ['March', 'Ksh 5,000.00', 'Ksh 0.00'],
    ]);
  });

  it("draws 'Other flocks' dashed", async () => {
    const flocks = Array.from({ length: 8 }, (_, i) => makeFlockFinance({ flock_id: i + 1, flock_name: `F${i + 1}`, expenses: [1_000 * (10 - i)] }));
    const trend = trendLines(flocks, (mo) => mo.expenses_cents);
    renderWithProviders(<TrendPlot title={m.expensesTrend} summary={m.trendSummary(trend.shown, trend.others)} lines={trend.lines} />);
    const chart = await screen.findByRole('img', { name: /the other 2 flocks summed in one line\.$/ });
    expect(JSON.parse(chart.getAttribute('data-series') ?? '[]')).toHaveLength(7);
    expect(JSON.parse(chart.getAttribute('data-dashed') ?? '[]')).toEqual([false, false, false, false, false, false, true]);
    expect(tableRows(m.expensesTrend)[0]?.at(-1)).toBe('Other flocks (2)');
    expect(tableRows(m.expensesTrend)).toHaveLength(13);
  });
});

describe('RevenuePie', () => {
  it('draws revenue against expenses, named, with a table when asked for', async () => {
    renderWithProviders(
      <RevenuePie label="Total Revenue vs Expenses: …" revenueCents={3_000_000} expensesCents={1_000_000} shares={['75%', '25%']} tableCaption={m.totalRevenueVsExpenses} />,
    );
    const pie = await screen.findByRole('img', { name: 'Total Revenue vs Expenses: …' });
    expect(pie).toHaveAttribute('data-type', 'pie');
    expect(pie).toHaveAttribute('data-labels', JSON.stringify([m.revenue, m.expenses]));
    expect(pie).toHaveAttribute('data-values', JSON.stringify([[30000, 10000]]));
    expect(tableRows(m.totalRevenueVsExpenses)).toEqual([
      [m.itemColumn, m.amountColumn, m.shareColumn],
      [m.revenue, 'Ksh 30,000.00', '75%'],
      [m.expenses, 'Ksh 10,000.00', '25%'],
    ]);
  });

  it('has no table where the figures are printed beside it', async () => {
    renderWithProviders(<RevenuePie label="Shamba A" revenueCents={0} expensesCents={500} shares={['0%', '100%']} />);
    expect(await screen.findByRole('img', { name: 'Shamba A' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
