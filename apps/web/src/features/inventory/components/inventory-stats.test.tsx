import { inventoryMessages as m } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { withoutMoney } from '../../../test/without-money';
import { makeStats } from '../inventory-fixtures';
import { InventoryStatsCards } from './inventory-stats';

describe('InventoryStatsCards', () => {
  it('shows the items, the stock value and the low items, each one tap from restocking', async () => {
    const onRestock = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<InventoryStatsCards stats={makeStats()} failed={false} onRestock={onRestock} />, { queryClient: queryClientAs('owner') });

    expect(screen.getByRole('group', { name: m.statItems })).toHaveTextContent('4');
    expect(screen.getByRole('group', { name: m.statStockValue })).toHaveTextContent(/Ksh\s51,234\.50/);
    expect(screen.getByRole('group', { name: m.statLowStock })).toHaveTextContent('1');
    const low = within(screen.getByRole('list', { name: m.lowStockTitle })).getByRole('listitem');
    expect(low).toHaveTextContent('Newcastle vaccine');
    expect(low).toHaveTextContent(m.lowStockBadge);
    expect(low).toHaveTextContent('2 Doses left · reorder at 10');

    await user.click(within(low).getByRole('button', { name: m.restockOf('Newcastle vaccine') }));
    expect(onRestock).toHaveBeenCalledWith(32);
  });

  it('shows a worker no stock value (their answer carries none)', () => {
    renderWithProviders(<InventoryStatsCards stats={withoutMoney(makeStats())} failed={false} />, { queryClient: queryClientAs('worker') });
    expect(screen.getByRole('group', { name: m.statItems })).toHaveTextContent('4');
    expect(screen.queryByRole('group', { name: m.statStockValue })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Ksh/);
  });

  it('says when every item is stocked', () => {
    renderWithProviders(<InventoryStatsCards stats={makeStats({ low_stock_count: 0, low_stock: [] })} failed={false} onRestock={() => {}} />);
    expect(screen.getByText(m.allStocked)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: m.lowStockTitle })).not.toBeInTheDocument();
  });

  it('says when the statistics failed', () => {
    renderWithProviders(<InventoryStatsCards stats={undefined} failed onRestock={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(m.statsFailed);
  });
});
