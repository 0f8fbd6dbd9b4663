import type { EggSeries } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { eggKeys } from '../api';
import { EggCharts } from './egg-charts';

const TITLES = {
  daily: 'Production per day (last 30 days)',
  weekly: 'Production per week (this month)',
  adjustments: 'Egg adjustments by type (this month)',
};

const series: EggSeries = {
  days: ['2026-11-29', '2026-11-30', '2026-12-01'],
  flocks: [
    { flock_id: 7, flock_name: 'Shamba A', eggs: [410, 0, 1250] },
    { flock_id: 8, flock_name: 'Shamba B', eggs: [90, 95, 100] },
  ],
  weeks: [{ week: 1, start: '2026-12-01', end: '2026-12-07', eggs: 1350 }],
  adjustments: { giveaway: 12, breakage: 30, consumption: 0 },
};

const emptySeries: EggSeries = {
  days: series.days,
  flocks: [],
  weeks: [{ week: 1, start: '2026-12-01', end: '2026-12-07', eggs: 0 }],
  adjustments: { giveaway: 0, breakage: 0, consumption: 0 },
};

function renderCharts(data: EggSeries) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(eggKeys.series(), data);
  return renderWithProviders(<EggCharts />, { queryClient });
}

/** The rows of the visually hidden table whose caption is `caption`, cell texts each. */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

describe('EggCharts', () => {
  it('draws the three charts with their numbers in tables for screen readers', async () => {
    renderCharts(series);

    expect(screen.getByRole('heading', { level: 2, name: 'Production charts' })).toBeInTheDocument();
    for (const title of Object.values(TITLES)) expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();

    const daily = await screen.findByRole('img', { name: new RegExp(`^${escape(TITLES.daily)}`) });
    expect(daily).toHaveAttribute('data-type', 'line');
    expect(daily).toHaveAccessibleName(
      `${TITLES.daily}: eggs collected each day from 29 Nov 2026 to 01 Dec 2026, one line for each of 2 flocks.`,
    );
    expect(daily).toHaveAttribute('data-labels', JSON.stringify(['29 Nov', '30 Nov', '01 Dec']));
    expect(tableRows(TITLES.daily)).toEqual([
      ['Day', 'Shamba A', 'Shamba B'],
      ['29 Nov 2026', '410', '90'],
      ['30 Nov 2026', '0', '95'],
      ['01 Dec 2026', '1,250', '100'],
    ]);

    const weekly = await screen.findByRole('img', { name: `${TITLES.weekly}: week 1 (01 Dec – 07 Dec) 1,350 eggs.` });
    expect(weekly).toHaveAttribute('data-type', 'bar');
    expect(weekly).toHaveAttribute('data-values', JSON.stringify([[1350]]));
    expect(tableRows(TITLES.weekly)).toEqual([
      ['Week', 'Days', 'Eggs'],
      ['Week 1', '01 Dec – 07 Dec', '1,350'],
    ]);

    const adjustments = await screen.findByRole('img', {
      name: `${TITLES.adjustments}: Giveaway 12 eggs, Breakage 30 eggs, Consumption 0 eggs.`,
    });
    expect(adjustments).toHaveAttribute('data-labels', JSON.stringify(['Giveaway', 'Breakage', 'Consumption']));
    expect(tableRows(TITLES.adjustments)).toEqual([
      ['Type', 'Eggs'],
      ['Giveaway', '12'],
      ['Breakage', '30'],
      ['Consumption', '0'],
    ]);
  });

  it('keeps the ten flocks that laid most and sums the others into one line', async () => {
    const flocks = Array.from({ length: 12 }, (_, i) => ({
      flock_id: i + 1,
      flock_name: `Flock ${i + 1}`,
      // Flocks 3 and 8 lay least.
      eggs: i === 2 || i === 7 ? [1, 2, 3] : [100 + i, 100, 100],
    }));
    renderCharts({ ...series, flocks });

    const daily = await screen.findByRole('img', { name: new RegExp(`^${escape(TITLES.daily)}`) });
    expect(daily).toHaveAccessibleName(
      `${TITLES.daily}: eggs collected each day from 29 Nov 2026 to 01 Dec 2026, one line for each of 10 flocks, the other 2 flocks summed in one line.`,
    );
    const labels = JSON.parse(daily.getAttribute('data-series') ?? '[]') as string[];
    expect(labels).toHaveLength(11);
    expect(labels).not.toContain('Flock 3');
    expect(labels).not.toContain('Flock 8');
    expect(labels[10]).toBe('Other flocks (2)');
    const rows = tableRows(TITLES.daily);
    expect(rows[0]?.at(-1)).toBe('Other flocks (2)');
    expect(rows.slice(1).map((row) => row.at(-1))).toEqual(['2', '4', '6']);
  });

  it('shows an empty state in each card when there is nothing to draw', () => {
    renderCharts(emptySeries);

    expect(screen.getByText('No eggs recorded in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No eggs recorded this month.')).toBeInTheDocument();
    expect(screen.getByText('No egg adjustments this month.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    for (const title of Object.values(TITLES)) expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
  });

  it('shows the skeletons, titled, while the series loads', () => {
    const requests = mockApi({ 'GET /egg-productions/series': () => new Promise(() => {}) });
    renderWithProviders(<EggCharts />);

    const skeleton = screen.getByLabelText('Loading egg production charts');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    for (const title of Object.values(TITLES)) expect(within(skeleton).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /egg-productions/series']);
  });

  it('says so when the series cannot be loaded', async () => {
    mockApi({ 'GET /egg-productions/series': apiError(500, 'internal', 'Something went wrong.') });
    renderWithProviders(<EggCharts />);

    expect(await screen.findByText('Egg production charts could not be loaded.')).toBeInTheDocument();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
