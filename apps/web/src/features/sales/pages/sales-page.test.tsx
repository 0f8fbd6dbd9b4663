import { saleMessages, type Role } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeSale, makeStats } from '../sale-fixtures';
import { SalesPage } from './sales-page';

const flocks = { body: { items: [makeFlock()], total: 1, page: 1, pageSize: 100 } };

function renderPage(role: Role = 'owner') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return renderWithProviders(<SalesPage />, { queryClient, route: '/sales-management' });
}

describe('SalesPage', () => {
  it('welcomes the farmer, shows the month and the recent sales, and opens the new-sale form', async () => {
    mockApi({
      'GET /flocks': flocks,
      'GET /sales/stats': { body: makeStats() },
      'GET /sales': { body: { items: [makeSale()], total: 1, page: 1, pageSize: 10 } },
      'GET /sales/series': () => new Promise(() => {}),
    });
    const user = userEvent.setup();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: saleMessages.welcome })).toBeInTheDocument();
    expect(await screen.findByText('Best selling product this month: Egg Sales')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Revenue this month' })).toHaveTextContent(/12,500\.00/);
    expect(screen.getByRole('heading', { name: saleMessages.overviewTitle })).toBeInTheDocument();
    expect(await screen.findByText('S-000031')).toBeInTheDocument();
    // The charts and the report form hold their places until their code loads.
    expect(screen.getByLabelText('Loading sales charts')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 2, name: saleMessages.reportTitle })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: saleMessages.createNewSale }));
    const dialog = await screen.findByRole('dialog', { name: saleMessages.createNewSale });
    // The farm's only flock is chosen already.
    expect(within(dialog).getByRole('combobox', { name: /^Flock/ })).toHaveValue('7');
  });

  it('shows an auditor the month and the sales with no button that changes them', async () => {
    mockApi({
      'GET /flocks': flocks,
      'GET /sales/stats': { body: makeStats() },
      'GET /sales': { body: { items: [makeSale()], total: 1, page: 1, pageSize: 10 } },
      'GET /sales/series': () => new Promise(() => {}),
    });
    renderPage('auditor');

    expect(await screen.findByText('S-000031')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: saleMessages.createNewSale })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark|^Edit|^Delete/ })).not.toBeInTheDocument();
    // Reports are made by owners and managers: no report form.
    expect(screen.queryByRole('heading', { level: 2, name: saleMessages.reportTitle })).not.toBeInTheDocument();
  });

  it('opens a sale of the list in the edit form', async () => {
    mockApi({
      'GET /flocks': flocks,
      'GET /sales/stats': { body: makeStats() },
      'GET /sales': { body: { items: [makeSale()], total: 1, page: 1, pageSize: 10 } },
      'GET /sales/series': () => new Promise(() => {}),
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit sale S-000031' }));
    const dialog = await screen.findByRole('dialog', { name: saleMessages.editSale });
    expect(within(dialog).getByRole('textbox', { name: /^Product/ })).toHaveValue('Grade A eggs');
  });

  it('says the statistics could not be loaded instead of loading for ever', async () => {
    mockApi({
      'GET /flocks': flocks,
      'GET /sales/stats': apiError(500, 'internal', 'Something went wrong.'),
      'GET /sales': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
      'GET /sales/series': () => new Promise(() => {}),
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Sales statistics could not be loaded.');
    expect(await screen.findByText(saleMessages.noSales)).toBeInTheDocument();
  });
});
