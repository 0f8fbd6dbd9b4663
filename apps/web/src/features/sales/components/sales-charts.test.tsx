import { saleMessages, type SaleSeries } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { saleKeys } from '../api';
import { makeSeries } from '../sale-fixtures';
import { SalesCharts } from './sales-charts';

const TITLES = {
  daily: saleMessages.dailyChartTitle,
  trend: saleMessages.trendTitle,
  flocksByWeek: 'Sales per flock by week',
  flocksByMonth: 'Sales per flock by month',
};

function renderCharts(data: SaleSeries) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(saleKeys.series(), data);
  return renderWithProviders(<SalesCharts />, { queryClient });
}

/** The rows of the visually hidden table whose caption is `caption`, cell texts each (spaces made plain). */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').replace(/\s/g, ' ')));
}

const img = (title: string) => screen.findByRole('img', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('SalesCharts', () => {
  it('draws the four charts, named, with their figures in tables for screen readers', async () => {
    renderCharts(makeSeries());

    expect(screen.getByRole('heading', { level: 2, name: 'Sales charts' })).toBeInTheDocument();
    for (const title of Object.values(TITLES)) expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();

    const daily = await img(TITLES.daily);
    expect(daily).toHaveAttribute('data-type', 'bar');
    expect(plain(daily.getAttribute('aria-label'))).toBe(
      `${TITLES.daily}: sales each day from 01 Mar 2026 to 03 Mar 2026; the best day was 03 Mar 2026 with Ksh 7,100.00.`,
    );
    expect(daily).toHaveAttribute('data-labels', JSON.stringify(['01 Mar', '02 Mar', '03 Mar']));
    expect(daily).toHaveAttribute('data-values', JSON.stringify([[5400, 0, 7100]]));
    expect(tableRows(TITLES.daily)).toEqual([
      ['Day', 'Sales'],
      ['01 Mar 2026', 'Ksh 5,400.00'],
      ['02 Mar 2026', 'Ksh 0.00'],
      ['03 Mar 2026', 'Ksh 7,100.00'],
    ]);

    const trend = await img(TITLES.trend);
    expect(trend).toHaveAttribute('data-labels', JSON.stringify(['Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar']));
    expect(plain(trend.getAttribute('aria-label'))).toContain('Nov 2025 Ksh 2,000.00 (1 sale)');
    expect(tableRows(TITLES.trend).at(-1)).toEqual(['Mar 2026', 'Ksh 12,500.00', '5']);

    const weekly = await img(TITLES.flocksByWeek);
    expect(weekly).toHaveAttribute('data-type', 'line');
    expect(weekly).toHaveAttribute('data-series', JSON.stringify(['Shamba A', 'Shamba B']));
    expect(weekly).toHaveAccessibleName(`${TITLES.flocksByWeek}: sales each 7-day week of this month so far, one line for each of 2 flocks.`);
    expect(tableRows(TITLES.flocksByWeek)).toEqual([
      ['Week', 'Shamba A', 'Shamba B'],
      ['Week 1, 01 Mar – 07 Mar', 'Ksh 10,000.00', 'Ksh 2,500.00'],
    ]);

    const monthly = await img(TITLES.flocksByMonth);
    expect(monthly).toHaveAccessibleName(`${TITLES.flocksByMonth}: sales each month from Oct 2025 to Mar 2026, one line for each of 2 flocks.`);
    expect(monthly).toHaveAttribute('data-values', JSON.stringify([[0, 2000, 0, 3000, 8000, 10000], [0, 0, 0, 0, 2000, 2500]]));
  });

  it('stops the weekly chart at this week: weeks not begun draw nothing', async () => {
    const series = makeSeries();
    renderCharts({
      ...series,
      weeks: [...series.weeks, { week: 2, start: '2999-03-08', end: '2999-03-14', amount_cents: 0 }],
      flocks_by_week: series.flocks_by_week.map((f) => ({ ...f, amounts: [...f.amounts, 0] })),
    });
    const weekly = await img(TITLES.flocksByWeek);
    expect(weekly).toHaveAttribute('data-labels', JSON.stringify(['Week 1']));
    expect(weekly).toHaveAttribute('data-values', JSON.stringify([[10000], [2500]]));
  });

  it('keeps the ten flocks that sold most and sums the others into one line', async () => {
    const flocks = Array.from({ length: 12 }, (_, i) => ({
      flock_id: i + 1,
      flock_name: `Flock ${i + 1}`,
      // Flocks 3 and 8 sold least.
      amounts: i === 2 || i === 7 ? [100, 200, 0, 0, 0, 0] : [10_000 + i, 10_000, 0, 0, 0, 0],
    }));
    renderCharts(makeSeries({ flocks_by_month: flocks }));
    const monthly = await img(TITLES.flocksByMonth);
    const values = JSON.parse(monthly.getAttribute('data-values') ?? '[]') as number[][];
    expect(values).toHaveLength(11);
    // Plotted in shillings: the two smallest summed, month by month.
    expect(values.at(-1)).toEqual([2, 4, 0, 0, 0, 0]);
    expect(tableRows(TITLES.flocksByMonth).join(' ')).not.toContain('Flock 3');
  });

  it('shows an empty state in each panel when there is nothing to draw', () => {
    renderCharts(
      makeSeries({
        days: [{ day: '2026-03-01', amount_cents: 0 }],
        weeks: [{ week: 1, start: '2026-03-01', end: '2026-03-07', amount_cents: 0 }],
        months: makeSeries().months.map((m) => ({ ...m, amount_cents: 0, count: 0 })),
        flocks_by_week: [],
        flocks_by_month: [],
      }),
    );

    expect(screen.getAllByText('No sales this month yet.')).toHaveLength(2);
    expect(screen.getAllByText('No sales in the last 6 months.')).toHaveLength(2);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the skeletons, titled, while the series loads', () => {
    const requests = mockApi({ 'GET /sales/series': () => new Promise(() => {}) });
    renderWithProviders(<SalesCharts />);

    const skeleton = screen.getByLabelText('Loading sales charts');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    for (const title of Object.values(TITLES)) expect(within(skeleton).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /sales/series']);
  });

  it('says so when the series cannot be loaded', async () => {
    mockApi({ 'GET /sales/series': apiError(500, 'internal', 'Something went wrong.') });
    renderWithProviders(<SalesCharts />);
    expect(await screen.findByText('Sales charts could not be loaded.')).toBeInTheDocument();
  });
});
