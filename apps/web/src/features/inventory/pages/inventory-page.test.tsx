import { inventoryMessages as m, type Role } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { itemPage, makeItem, makeStats } from '../inventory-fixtures';
import { InventoryPage } from './inventory-page';

const routes = {
  'GET /flocks': { body: { items: [makeFlock()], total: 1, page: 1, pageSize: 100 } },
  'GET /inventory/stats': { body: makeStats() },
  'GET /inventory': itemPage([makeItem(), makeItem({ id: 32, item_name: 'Newcastle vaccine', unit: 'doses', quantity: 2, reorder_level: 10, low_stock: true })]),
};

function renderPage(role: Role = 'owner') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return renderWithProviders(<InventoryPage />, { queryClient, route: '/inventory' });
}

describe('InventoryPage', () => {
  it('shows the statistics and the list, and opens the add-item form', async () => {
    mockApi(routes);
    const user = userEvent.setup();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(await screen.findByText(/51,234\.50/)).toBeInTheDocument();
    expect(await screen.findByText('Layers mash')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.addNewItem }));
    const dialog = await screen.findByRole('dialog', { name: m.addNewItem });
    // The farm's only flock is chosen already.
    expect(within(dialog).getByRole('combobox', { name: /^Flock/ })).toHaveValue('7');
  });

  it('shows an auditor the statistics and the list with no button that changes them', async () => {
    mockApi(routes);
    renderPage('auditor');

    expect(await screen.findByText(/51,234\.50/)).toBeInTheDocument();
    expect(await screen.findByText('Layers mash')).toBeInTheDocument();
    for (const name of [m.addNewItem, m.updateInventory, m.restockOf('Newcastle vaccine'), m.removeStockOf('Layers mash'), m.editItemOf('Layers mash')]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('opens the stock-in dialog on a low item with one tap', async () => {
    mockApi(routes);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: m.restockOf('Newcastle vaccine') }));
    const dialog = await screen.findByRole('dialog', { name: m.updateInventory });
    expect(await within(dialog).findByText(/In stock: 2 Doses/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Item/ })).toHaveValue('32');
  });

  it('opens an item’s history from the list', async () => {
    mockApi({ ...routes, 'GET /inventory/31/movements': { body: { items: [], total: 0, page: 1, pageSize: 10 } } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: m.detailsOf('Layers mash') }));
    const dialog = await screen.findByRole('dialog', { name: m.detailsTitle });
    expect(await within(dialog).findByText(m.noMovements)).toBeInTheDocument();
  });
});
