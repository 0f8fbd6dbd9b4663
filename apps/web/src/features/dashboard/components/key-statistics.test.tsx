import { dashboardMessages as m } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeDashboard, makeEmptyDashboard } from '../dashboard-fixtures';
import { KeyStatistics } from './key-statistics';

const tile = (name: string) => screen.getByRole('group', { name });
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('KeyStatistics', () => {
  it('shows the four figures of docs/product.md §2 from the answer', () => {
    renderWithProviders(<KeyStatistics data={makeDashboard()} failed={false} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { level: 2, name: m.keyStatistics })).toBeInTheDocument();
    expect(tile(m.totalBirds)).toHaveTextContent('790');
    expect(tile(m.totalBirds)).toHaveTextContent(m.totalBirdsNote);
    expect(tile(m.eggsProduced)).toHaveTextContent('1,234');
    expect(plain(tile(m.totalRevenue).textContent)).toContain('Ksh 4,200.00');
    const mortality = within(tile(m.mortalityRate)).getByText('1.24%');
    expect(mortality).toHaveAttribute('data-tone', 'bad');
  });

  it("reads 'No mortalities recorded !!' in green at 0.00 (docs/product.md §9)", () => {
    renderWithProviders(<KeyStatistics data={makeEmptyDashboard()} failed={false} onRetry={() => undefined} />);
    const mortality = within(tile(m.mortalityRate)).getByText('No mortalities recorded !!');
    expect(mortality).toHaveAttribute('data-tone', 'good');
    expect(plain(tile(m.totalRevenue).textContent)).toContain('Ksh 0.00');
  });

  it('rounds the rate to 2 decimals: 0.004 is still no mortality, 0.50 is not', () => {
    const { unmount } = renderWithProviders(<KeyStatistics data={makeDashboard({ mortality_rate: 0.004 })} failed={false} onRetry={() => undefined} />);
    expect(within(tile(m.mortalityRate)).getByText('No mortalities recorded !!')).toBeInTheDocument();
    unmount();
    renderWithProviders(<KeyStatistics data={makeDashboard({ mortality_rate: 0.5 })} failed={false} onRetry={() => undefined} />);
    expect(within(tile(m.mortalityRate)).getByText('0.50%')).toHaveAttribute('data-tone', 'bad');
  });

  it('holds the tiles in place while loading', () => {
    renderWithProviders(<KeyStatistics data={undefined} failed={false} onRetry={() => undefined} />);
    expect(screen.getByRole('region', { name: m.keyStatistics })).toHaveAttribute('aria-busy', 'true');
    for (const name of [m.totalBirds, m.eggsProduced, m.totalRevenue, m.mortalityRate]) {
      expect(tile(name)).toHaveTextContent(name);
      expect(tile(name)).not.toHaveTextContent(/\d/);
    }
  });

  it('says the figures failed and tries again on request', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<KeyStatistics data={undefined} failed onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(m.loadFailed);
    expect(tile(m.totalBirds)).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: m.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
