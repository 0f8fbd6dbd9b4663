import { expenseMessages as m, type Role } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeBudget, makeExpense, makeStats } from '../expense-fixtures';
import { ExpensesPage } from './expenses-page';

const flocks = { body: { items: [makeFlock()], total: 1, page: 1, pageSize: 100 } };
const routes = {
  'GET /flocks': flocks,
  'GET /expenses/stats': { body: makeStats() },
  'GET /expenses': { body: { items: [makeExpense()], total: 1, page: 1, pageSize: 10 } },
  'GET /expenses/series': () => new Promise<never>(() => {}),
  'GET /budget': { body: { items: [makeBudget()], total: 1, page: 1, pageSize: 100 } },
};

function renderPage(role: Role = 'owner') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return renderWithProviders(<ExpensesPage />, { queryClient, route: '/expenses' });
}

describe('ExpensesPage', () => {
  it('welcomes the farmer, shows the statistics, the budgets and the list, and opens the new-expense form', async () => {
    mockApi(routes);
    const user = userEvent.setup();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: m.welcomeTitle })).toBeInTheDocument();
    expect(await screen.findByText('Shamba B')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: m.statThisMonth })).toHaveTextContent(/18,500\.00/);
    expect(await screen.findByText('Layers mash 70 kg')).toBeInTheDocument();
    // The charts and the report form hold their places until their code loads.
    expect(screen.getByLabelText(m.chartsLoading)).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 2, name: m.reportTitle })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.newExpense }));
    const dialog = await screen.findByRole('dialog', { name: m.newExpense });
    // The farm's only flock is chosen already.
    expect(within(dialog).getByRole('combobox', { name: /^Flock/ })).toHaveValue('7');
  });

  it('shows an auditor the statistics, the budgets and the list with no button that changes them', async () => {
    mockApi(routes);
    renderPage('auditor');

    expect(await screen.findByText('Layers mash 70 kg')).toBeInTheDocument();
    expect(await screen.findByText('Shamba B')).toBeInTheDocument();
    for (const name of [m.newExpense, m.editBudget, m.addNewBudget, m.addBudget, m.editExpenseOf('Layers mash 70 kg'), m.deleteExpenseOf('Layers mash 70 kg')]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // Reports are made by owners and managers: no report form.
    expect(screen.queryByRole('heading', { level: 2, name: m.reportTitle })).not.toBeInTheDocument();
  });

  it('opens an expense of the list in the edit form', async () => {
    mockApi(routes);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: m.editExpenseOf('Layers mash 70 kg') }));
    const dialog = await screen.findByRole('dialog', { name: m.editExpense });
    expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toHaveValue('Layers mash 70 kg');
  });

  it("opens the budget forms from 'Edit Budget' and 'Add new Budget'", async () => {
    mockApi(routes);
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: m.editBudget }));
    const edit = await screen.findByRole('dialog', { name: m.editBudget });
    expect(await within(edit).findByRole('combobox', { name: /^Budget/ })).toHaveValue('5');
    await user.click(within(edit).getByRole('button', { name: m.cancel }));

    await user.click(screen.getByRole('button', { name: m.addNewBudget }));
    expect(await screen.findByRole('dialog', { name: m.addBudget })).toBeInTheDocument();
  });

  it('says the statistics could not be loaded instead of loading for ever', async () => {
    mockApi({ ...routes, 'GET /expenses/stats': apiError(500, 'internal', 'Something went wrong.') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(m.statsFailed);
  });
});
