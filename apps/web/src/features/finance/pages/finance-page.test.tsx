import { financeMessages as m, type Role } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi, type MockRequest } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeEmptyFinance, makeFinance } from '../finance-fixtures';
import { FinancePage } from './finance-page';

function renderPage(role: Role = 'owner') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return renderWithProviders(<FinancePage />, { queryClient, route: '/finances' });
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const card = (name: string) => screen.getByRole('group', { name });

describe('FinancePage', () => {
  it('shows an auditor every flock’s money and budget with no budget button', async () => {
    mockApi({ 'GET /flock-financial': { body: makeFinance() } });
    renderPage('auditor');

    const flocks = await screen.findByRole('list', { name: m.flockRevenueVsExpenses });
    const a = within(flocks).getByRole('listitem', { name: 'Shamba A' });
    expect(plain(a.textContent)).toContain(`${m.budget}: Ksh 20,000.00 (${m.yearlyBudget})`);
    expect(within(flocks).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the year’s overview, flock performance, the charts’ frames and each flock’s budget', async () => {
    mockApi({ 'GET /flock-financial': { body: makeFinance() } });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.intro)).toBeInTheDocument();
    expect(await screen.findByText('Shamba A - Ksh 30,000.00', { normalizer: plain })).toBeInTheDocument();

    const year = screen.getByRole('combobox', { name: m.yearLabel });
    expect(year).toHaveValue('2026');
    expect(within(year).getAllByRole('option').map((o) => o.textContent)).toEqual(['2026', '2025']);

    expect(screen.getByRole('heading', { level: 2, name: m.overview })).toBeInTheDocument();
    const revenue = card(m.totalRevenue);
    expect(plain(revenue.textContent)).toContain('Ksh 30,000.00');
    expect(plain(revenue.textContent)).toContain(`${m.paid}Ksh 25,000.00`);
    expect(plain(revenue.textContent)).toContain(`${m.pendingIn(2026)}Ksh 5,000.00`);
    expect(plain(card(m.totalExpenses).textContent)).toContain('Ksh 57,000.00');
    expect(plain(card(m.netProfit).textContent)).toContain('-Ksh 27,000.00');

    expect(plain(card(m.bestPerforming).textContent)).toContain('Shamba A - Ksh 30,000.00');
    expect(plain(card(m.mostEfficient).textContent)).toContain(`Shamba A - Ksh 90.00 ${m.perBird}`);

    for (const title of [m.revenueTrend, m.expensesTrend, m.netRevenueTrend]) expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: m.totalRevenueVsExpenses })).toBeInTheDocument();

    // Each flock: its figures and its budget against its expenses.
    const flocks = screen.getByRole('list', { name: m.flockRevenueVsExpenses });
    const a = within(flocks).getByRole('listitem', { name: 'Shamba A' });
    expect(plain(a.textContent)).toContain(`${m.budget}: Ksh 20,000.00 (${m.yearlyBudget})`);
    expect(plain(a.textContent)).toContain(m.spentOfBudget('Ksh 12,000.00', 'Ksh 20,000.00'));
    expect(plain(a.textContent)).not.toContain(m.inBudgetedMonths(''));
    expect(within(a).getByRole('button', { name: m.budgetActionFor(m.editBudget, 'Shamba A') })).toBeInTheDocument();
    const b = within(flocks).getByRole('listitem', { name: 'Shamba B' });
    expect(plain(b.textContent)).toContain(`(${m.budgetFromMonths})`);
    // Monthly budgets stand against their months' spending, not the year's expenses above: said so.
    expect(plain(b.textContent)).toContain(m.inBudgetedMonths(m.overBudgetBy('Ksh 5,000.00')));
    expect(within(b).getByRole('button', { name: m.budgetActionFor(m.setBudget, 'Shamba B') })).toBeInTheDocument();
  });

  it('lists how the figures are counted behind the help button; Escape closes it', async () => {
    mockApi({ 'GET /flock-financial': { body: makeFinance() } });
    const user = userEvent.setup();
    renderPage();

    const help = screen.getByRole('button', { name: m.definitionsLabel });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(m.definitions[0])).not.toBeVisible();
    await user.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    for (const definition of m.definitions) expect(screen.getByText(definition)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(help).toHaveFocus();
  });

  it('asks for another year when it is picked, and back', async () => {
    const requests: MockRequest[] = mockApi({
      'GET /flock-financial': (request) => ({
        body: request.query.get('year') === '2025' ? makeFinance({ year: 2025, total_revenue_cents: 123_400, best_performing: null }) : makeFinance(),
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Shamba A - Ksh 30,000.00', { normalizer: plain });

    await user.selectOptions(screen.getByRole('combobox', { name: m.yearLabel }), '2025');
    expect(await screen.findByText(m.noBestFlock)).toBeInTheDocument();
    expect(plain(card(m.totalRevenue).textContent)).toContain('Ksh 1,234.00');
    expect(screen.getByRole('combobox', { name: m.yearLabel })).toHaveValue('2025');
    expect(requests.map((r) => r.query.get('year'))).toEqual([null, '2025']);

    // The current year again: the answer already held, no new request.
    await user.selectOptions(screen.getByRole('combobox', { name: m.yearLabel }), '2026');
    expect(await screen.findByText('Shamba A - Ksh 30,000.00', { normalizer: plain })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('says what a new farm has not recorded yet in every card and chart', async () => {
    mockApi({ 'GET /flock-financial': { body: makeEmptyFinance() } });
    renderPage();

    expect(await screen.findAllByText(m.noFlocks)).toHaveLength(7);
    expect(plain(card(m.totalRevenue).textContent)).toContain('Ksh 0.00');
    expect(plain(card(m.netProfit).textContent)).toContain('Ksh 0.00');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /yearly budget/ })).not.toBeInTheDocument();
  });

  it('says so when flocks have recorded nothing this year', async () => {
    const empty = makeEmptyFinance();
    const finance = makeFinance();
    const idle = (f: (typeof finance.flocks)[number]) => ({ ...f, months: empty.months, revenue_cents: 0, expenses_cents: 0, net_profit_cents: 0 });
    mockApi({ 'GET /flock-financial': { body: { ...empty, flocks: finance.flocks.map(idle) } } });
    renderPage();

    expect(await screen.findAllByText(m.flockNoRecords)).toHaveLength(2);
    expect(within(card(m.bestPerforming)).getByText(m.noBestFlock)).toBeInTheDocument();
    expect(within(card(m.mostEfficient)).getByText(m.noEfficientFlock)).toBeInTheDocument();
    // The Revenue Trend says the same.
    expect(screen.getAllByText(m.noBestFlock)).toHaveLength(2);
    expect(screen.getAllByText(m.noRecords)).toHaveLength(2);
    expect(screen.getByText(m.noExpenses)).toBeInTheDocument();
    // A budget can be set before anything is spent.
    expect(screen.getByRole('button', { name: m.budgetActionFor(m.setBudget, 'Shamba B') })).toBeInTheDocument();
  });

  it('shows an error with a retry instead of loading for ever', async () => {
    let fail = true;
    mockApi({ 'GET /flock-financial': () => (fail ? apiError(500, 'internal', 'Something went wrong.') : { body: makeFinance() }) });
    const user = userEvent.setup();
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.loadFailed);
    expect(screen.queryByRole('heading', { name: m.flockPerformance })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: m.retry }));
    expect(await screen.findByText('Shamba A - Ksh 30,000.00', { normalizer: plain })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the cards’ places with skeletons while loading', () => {
    mockApi({ 'GET /flock-financial': () => new Promise(() => {}) });
    renderPage();
    expect(card(m.totalRevenue)).toBeInTheDocument();
    expect(card(m.bestPerforming)).toBeInTheDocument();
    expect(screen.getAllByLabelText(m.chartLoading).length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('combobox', { name: m.yearLabel })).toBeDisabled();
  });

  it('opens the budget form on a flock', async () => {
    mockApi({ 'GET /flock-financial': { body: makeFinance() } });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: m.budgetActionFor(m.editBudget, 'Shamba A') }));
    const dialog = await screen.findByRole('dialog', { name: m.editBudget });
    expect(within(dialog).getByText(m.budgetOf('Shamba A', 2026))).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: new RegExp(m.budgetAmountLabel.replace(/[()]/g, '\\$&')) })).toHaveValue('20000.00');
  });
});
