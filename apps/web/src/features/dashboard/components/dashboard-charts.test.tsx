import { dashboardMessages as m, type Dashboard, type DashboardFlockLine } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { dashboardKeys } from '../api';
import { makeDashboard, makeEmptyDashboard } from '../dashboard-fixtures';
import { DashboardCharts, flockSeries } from './dashboard-charts';

function renderCharts(data: Dashboard) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(dashboardKeys.all, data);
  return renderWithProviders(<DashboardCharts />, { queryClient });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const img = (title: string) => screen.findByRole('img', { name: new RegExp(`^${escape(title)}:`) });
const json = (element: HTMLElement, name: string): unknown => JSON.parse(element.getAttribute(name) ?? 'null');

/** The rows of the visually hidden table named `caption`, cell texts each (spaces made plain). */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').replace(/\s/g, ' ')));
}

describe('DashboardCharts', () => {
  it('draws the four charts of docs/product.md §2, named, with their numbers in tables', async () => {
    renderCharts(makeDashboard());
    expect(screen.getByRole('heading', { level: 2, name: m.charts })).toBeInTheDocument();
    for (const title of [m.eggsLast7Days, m.eggsByWeek, m.salesByMonth, m.revenueVsExpenses]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }

    const days = await img(m.eggsLast7Days);
    expect(days).toHaveAttribute('data-type', 'line');
    expect(json(days, 'data-labels')).toEqual(['18 Nov', '19 Nov', '20 Nov', '21 Nov', '22 Nov', '23 Nov', '24 Nov']);
    expect(json(days, 'data-series')).toEqual(['Broilers B', 'Layers A']);
    expect(days.getAttribute('aria-label')).toContain('from 18 Nov 2026 to 24 Nov 2026');
    expect(tableRows(m.eggsLast7Days)[0]).toEqual([m.dayColumn, 'Broilers B', 'Layers A']);
    expect(tableRows(m.eggsLast7Days)[7]).toEqual(['24 Nov 2026', '80 eggs', '120 eggs']);

    const weeks = await img(m.eggsByWeek);
    expect(weeks).toHaveAttribute('data-type', 'bar');
    expect(json(weeks, 'data-labels')).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(json(weeks, 'data-values')).toEqual([
      [0, 0, 0, 80],
      [300, 310, 210, 120],
    ]);
    expect(tableRows(m.eggsByWeek)[1]).toEqual(['Week 1, 01 Nov – 07 Nov', '0 eggs', '300 eggs']);

    const sales = await img(m.salesByMonth);
    expect(sales).toHaveAttribute('data-type', 'line');
    expect(json(sales, 'data-labels')).toEqual(['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov']);
    // Plotted in shillings; every figure shown is formatKes of the cents.
    expect(json(sales, 'data-values')).toEqual([[0, 0, 0, 3000, 0, 4200]]);
    expect(tableRows(m.salesByMonth)[6]).toEqual(['Nov 2026', 'Ksh 4,200.00']);

    const pie = await img(m.revenueVsExpenses);
    expect(pie).toHaveAttribute('data-type', 'pie');
    expect(json(pie, 'data-labels')).toEqual([m.revenue, m.expenses]);
    // docs/product.md §9: the pie's two fixed colours.
    expect((json(pie, 'data-colors') as string[][])[0]).toHaveLength(2);
    expect(pie.getAttribute('aria-label')?.replace(/\s/g, ' ')).toContain('Revenue Ksh 4,200.00 (73.7%), Expenses Ksh 1,500.00 (26.3%)');
    expect(tableRows(m.revenueVsExpenses).slice(1)).toEqual([
      [m.revenue, 'Ksh 4,200.00', '73.7%'],
      [m.expenses, 'Ksh 1,500.00', '26.3%'],
    ]);
  });

  it('says what is missing on an empty farm, with no chart drawn', () => {
    renderCharts(makeEmptyDashboard());
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(screen.getAllByText(m.noEggs)).toHaveLength(2);
    expect(screen.getByText(m.noSales)).toBeInTheDocument();
    expect(screen.getByText(m.noMoney)).toBeInTheDocument();
  });

  it('keeps a farm of many flocks readable: the largest five drawn, the rest summed apart', async () => {
    const flocks: DashboardFlockLine[] = Array.from({ length: 8 }, (_, i) => ({
      flock_id: i + 1,
      flock_name: `Flock ${i + 1}`,
      values: [i + 1, 0, 0, 0, 0, 0, 1],
    }));
    renderCharts(makeDashboard({ eggs_last_7_days: { ...makeDashboard().eggs_last_7_days, flocks } }));
    const days = await img(m.eggsLast7Days);
    // The other flocks' sum would flatten the five: it is said under the chart and kept in the table.
    expect(json(days, 'data-series')).toEqual(['Flock 4', 'Flock 5', 'Flock 6', 'Flock 7', 'Flock 8']);
    expect(screen.getByText(m.otherFlocksApart('Other flocks (3)', '9 eggs'))).toBeInTheDocument();
    expect(days.getAttribute('aria-label')).toContain('the other 3 flocks summed as one');
  });

  it('says the charts failed when the answer could not be loaded', async () => {
    mockApi({ 'GET /stats/dashboard': apiError(500, 'internal', 'Something went wrong.') });
    renderWithProviders(<DashboardCharts />);
    expect(await screen.findByText(m.chartsFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: m.charts })).toBeInTheDocument();
  });
});

describe('flockSeries', () => {
  const line = (id: number, values: number[]): DashboardFlockLine => ({ flock_id: id, flock_name: `F${id}`, values });

  it('keeps every flock up to the limit, in the server order', () => {
    expect(flockSeries([line(2, [1]), line(1, [5])], 1, 2).map((s) => s.label)).toEqual(['F2', 'F1']);
  });

  it('sums the smallest past the limit into one series, bucket by bucket', () => {
    const series = flockSeries([line(1, [1, 1]), line(2, [9, 9]), line(3, [2, 0]), line(4, [5, 5])], 2, 2);
    expect(series.map((s) => s.label)).toEqual(['F2', 'F4', 'Other flocks (2)']);
    expect(series[2]).toEqual({ flockId: null, label: 'Other flocks (2)', values: [3, 1], other: true });
  });
});
