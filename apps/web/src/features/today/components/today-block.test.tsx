import { todayMessages as m, type Today, type Vaccination } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { TodayBlock } from './today-block';
import { makeVaccination } from '../../../test/fixtures';

const vaccination = (overrides: Partial<Vaccination> = {}) => makeVaccination({ updated_by_name: null, ...overrides });

const busy: Today = {
  date: '2026-03-10',
  eggs: {
    missing: 7,
    laying: 12,
    flocks: [1, 2, 3, 4, 5].map((n) => ({ id: n, name: `Batch ${n}` })),
  },
  vaccinations: { total: 2, overdue: 1, items: [vaccination(), vaccination({ id: 32, vaccine_name: 'Fowl Pox', due: 'due_soon' })] },
  low_stock: { total: 1, items: [{ id: 4, item_name: 'Layers mash', quantity: 2.5, unit: 'bags', reorder_level: 5 }] },
  credit: { sales: 3, owed_cents: 1_234_500, oldest: '2026-01-05' },
};

const none: Today = { date: '2026-03-10', eggs: null, vaccinations: null, low_stock: null, credit: null };

describe('TodayBlock', () => {
  it('lists each thing to do with its count, its first few and where to do it', () => {
    renderWithProviders(<TodayBlock data={busy} failed={false} onRetry={vi.fn()} vaccinationActions={(v) => <button type="button">act {v.id}</button>} />, {
      queryClient: queryClientAs('worker'),
    });
    const block = screen.getByRole('region', { name: m.title });
    expect(within(block).getByText(m.eggsMissing(7, 12))).toBeInTheDocument();
    expect(within(block).getByText(`Batch 1, Batch 2, Batch 3, Batch 4, Batch 5 ${m.more(2)}`)).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: m.eggsAction })).toHaveAttribute('href', '/egg-production/today');

    expect(within(block).getByText(m.vaccinationsCount(2, 1))).toBeInTheDocument();
    expect(within(block).getByText('Gumboro · Layers A')).toBeInTheDocument();
    expect(within(block).getAllByText('05 Mar 2026 13:05')).toHaveLength(2);
    expect(within(block).getByRole('button', { name: 'act 32' })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: m.seeAllVaccinations })).toHaveAttribute('href', '/vaccination?all=true&filter=overdue');

    expect(within(block).getByText(m.lowStockCount(1))).toBeInTheDocument();
    expect(within(block).getByText(`: ${m.lowStockLine('2.5', 'bags', '5')}`, { exact: false })).toBeInTheDocument();

    expect(within(block).getByText(`${m.creditCount(3)} · Ksh 12,345.00`)).toBeInTheDocument();
    expect(within(block).getByText(m.creditSince('05 Jan 2026'))).toBeInTheDocument();
  });

  it("offers 'Record today's eggs' only to a role that records eggs", () => {
    renderWithProviders(<TodayBlock data={busy} failed={false} onRetry={vi.fn()} />, { queryClient: queryClientAs('auditor') });
    expect(screen.getByText(m.eggsMissing(7, 12))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: m.eggsAction })).not.toBeInTheDocument();
  });

  it('says all is done when every laying flock is recorded and nothing else waits', () => {
    renderWithProviders(<TodayBlock data={{ ...none, eggs: { missing: 0, laying: 4, flocks: [] } }} failed={false} onRetry={vi.fn()} />, {
      queryClient: queryClientAs('owner'),
    });
    expect(screen.getByText(m.allDone)).toBeInTheDocument();
  });

  it('shows nothing on a farm with nothing of the kinds it tells (a new farm)', () => {
    renderWithProviders(<TodayBlock data={none} failed={false} onRetry={vi.fn()} />, { queryClient: queryClientAs('owner') });
    expect(screen.queryByRole('region', { name: m.title })).not.toBeInTheDocument();
  });

  it('says it could not load, and tries again on request', async () => {
    const retry = vi.fn();
    renderWithProviders(<TodayBlock data={undefined} failed onRetry={retry} />, { queryClient: queryClientAs('owner') });
    expect(screen.getByText(m.failed)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
