import { expenseAxis, expenseMessages as m, type ExpenseSeries } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { expenseKeys } from '../api';
import { makeSeries } from '../expense-fixtures';
import { ExpensesCharts } from './expenses-charts';

const TITLES = [m.chartWeek, m.chartMonth, m.chartYear, m.chartCategories];

function renderCharts(data: ExpenseSeries) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(expenseKeys.series(), data);
  return renderWithProviders(<ExpensesCharts />, { queryClient });
}

/** The rows of the visually hidden table whose caption is `caption`, cell texts each (spaces made plain). */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').replace(/\s/g, ' ')));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const img = (title: string) => screen.findByRole('img', { name: new RegExp(`^${escape(title)}`) });

describe('ExpensesCharts', () => {
  it('draws the four charts, named, with their figures in tables for screen readers', async () => {
    renderCharts(makeSeries());

    expect(screen.getByRole('heading', { level: 2, name: m.chartsTitle })).toBeInTheDocument();
    for (const title of TITLES) expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();

    const week = await img(m.chartWeek);
    expect(week).toHaveAttribute('data-type', 'bar');
    // docs/product.md §9: the week starts on Monday.
    expect(week).toHaveAttribute('data-labels', JSON.stringify(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']));
    expect(week).toHaveAttribute('data-values', JSON.stringify([[2500, 0, 1000, 0, 0, 0, 0]]));
    expect(tableRows(m.chartWeek)[1]).toEqual(['Mon 16 Mar 2026', 'Ksh 2,500.00']);

    const month = await img(m.chartMonth);
    expect(month).toHaveAttribute('data-labels', JSON.stringify(['Week 1', 'Week 2', 'Week 3', 'Week 4']));
    expect(tableRows(m.chartMonth).at(-1)).toEqual(['Week 4, 22 Mar – 31 Mar', 'Ksh 0.00']);

    const year = await img(m.chartYear);
    expect(year).toHaveAttribute('data-type', 'line');
    expect(JSON.parse(year.getAttribute('data-labels') ?? '[]')).toHaveLength(12);
    expect(year.getAttribute('aria-label')?.replace(/\s/g, ' ')).toContain('February 2026 Ksh 20,500.00');
    // The line stops at this month (March): the months not begun are not drawn, nor read out.
    expect(year).toHaveAttribute('data-values', JSON.stringify([[15000, 20500, 18500, ...Array<null>(9).fill(null)]]));
    expect(year.getAttribute('aria-label')).not.toContain('April');
    expect(tableRows(m.chartYear)).toHaveLength(4);

    const pie = await img(m.chartCategories);
    expect(pie).toHaveAttribute('data-type', 'pie');
    expect(pie).toHaveAttribute('data-labels', JSON.stringify(['Feed', 'Vet', 'Utilities']));
    expect(tableRows(m.chartCategories)).toEqual([
      [m.categoryLabel, m.spentColumn, m.shareColumn],
      ['Feed', 'Ksh 36,000.00', '66.7%'],
      ['Vet', 'Ksh 12,000.00', '22.2%'],
      ['Utilities', 'Ksh 6,000.00', '11.1%'],
    ]);
  });

  it('tops the y-axis at 5 round steps that reach the largest value (decision 054)', async () => {
    renderCharts(makeSeries());
    // The year's largest month is Ksh 20,500: steps of 5,000 up to 25,000 (the product's 4,100 rounded up).
    expect(await img(m.chartYear)).toHaveAttribute('data-y-max', String(expenseAxis(20_500).max));
    expect(await img(m.chartYear)).toHaveAttribute('data-y-step', '5000');
    // The week's largest day is Ksh 2,500: steps of 500.
    expect(await img(m.chartWeek)).toHaveAttribute('data-y-max', '2500');
    // Ksh 10,000 in week 2.
    expect(await img(m.chartMonth)).toHaveAttribute('data-y-step', '2000');
  });

  it('shows an empty state in each panel when nothing was spent', () => {
    const series = makeSeries();
    renderCharts({
      week: series.week.map((d) => ({ ...d, amount_cents: 0 })),
      month_weeks: series.month_weeks.map((w) => ({ ...w, amount_cents: 0 })),
      year_months: series.year_months.map((mo) => ({ ...mo, amount_cents: 0 })),
      categories: [],
    });
    expect(screen.getAllByText(m.chartEmpty)).toHaveLength(4);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the skeletons, titled, while the series loads', () => {
    const requests = mockApi({ 'GET /expenses/series': () => new Promise(() => {}) });
    renderWithProviders(<ExpensesCharts />);

    const skeleton = screen.getByLabelText(m.chartsLoading);
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    for (const title of TITLES) expect(within(skeleton).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /expenses/series']);
  });

  it('says so when the series cannot be loaded', async () => {
    mockApi({ 'GET /expenses/series': apiError(500, 'internal', 'Something went wrong.') });
    renderWithProviders(<ExpensesCharts />);
    expect(await screen.findByText(m.chartsFailed)).toBeInTheDocument();
  });
});
