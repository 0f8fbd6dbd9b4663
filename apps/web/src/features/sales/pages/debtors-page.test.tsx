import { debtorMessages as m, formatKes, type Debtor, type Debtors, type Role } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { DebtorsPage } from './debtors-page';

const njeri: Debtor = { buyer: 'Mama Njeri', sales: 2, owed_cents: 84_000, owed: 840, since: '2026-03-05', days: 42, sale_ids: [3, 9] };
const unnamed: Debtor = { buyer: null, sales: 1, owed_cents: 4_200, owed: 42, since: '2026-04-10', days: 6, sale_ids: [12] };

const answer = (items: Debtor[], extra: Partial<Debtors> = {}): { body: Debtors } => {
  const total = items.reduce((sum, d) => sum + d.owed_cents, 0);
  return { body: { items, buyers: items.length, total_owed_cents: total, total_owed: total / 100, ...extra } };
};

/** A text as the DOM queries read it: formatKes writes a no-break space after 'Ksh'. */
const plain = (text: string) => text.replace(/\s+/g, ' ');
const kes = (cents: number) => plain(formatKes(cents));

const renderPage = (role: Role = 'owner') =>
  renderWithProviders(<DebtorsPage />, { queryClient: queryClientAs(role), route: '/sales-management/debtors' });

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('DebtorsPage', () => {
  it('shows the total owed, the buyers, and each buyer with their sales, what they owe and since when', async () => {
    mockApi({ 'GET /sales/debtors': answer([njeri, unnamed]) });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.backToSales })).toHaveAttribute('href', '/sales-management');
    const first = await row('Mama Njeri');
    const summary = screen.getByRole('region', { name: m.totalOwed });
    expect(summary).toHaveTextContent(kes(88_200));
    expect(summary).toHaveTextContent('2 buyers');
    expect(first).toHaveTextContent(kes(84_000));
    expect(first).toHaveTextContent(m.sinceDays('05 Mar 2026', 42));
    expect(within(first).getByRole('cell', { name: '2' })).toBeInTheDocument();
    const second = await row(m.noBuyer);
    expect(second).toHaveTextContent('10 Apr 2026 · 6 days');
    expect(within(second).getByRole('button', { name: m.markPaidFor(m.noBuyer) })).toBeInTheDocument();
  });

  it('marks a buyer paid in one tap, names the buyer and the amount, and Undo sets the same sales back to pending', async () => {
    let owing = [njeri, unnamed];
    const requests = mockApi({
      'GET /sales/debtors': () => answer(owing),
      'POST /sales/status': (request) => {
        const body = request.body as { ids: number[]; status: string };
        owing = body.status === 'paid' ? [unnamed] : [njeri, unnamed];
        return { body: { updated: 2, amount_cents: 84_000, amount: 840 } };
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(within(await row('Mama Njeri')).getByRole('button', { name: m.markPaidFor('Mama Njeri') }));
    expect(await screen.findByText(plain(m.markedPaid('Mama Njeri', 84_000, 2)))).toBeInTheDocument();
    const posts = () => requests.filter((r) => r.method === 'POST');
    expect(posts()[0]?.body).toEqual({ ids: [3, 9], status: 'paid' });
    expect(posts()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Mama Njeri')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: m.undo }));
    expect(await screen.findByText(plain(m.undone('Mama Njeri', 84_000)))).toBeInTheDocument();
    expect(posts()[1]?.body).toEqual({ ids: [3, 9], status: 'pending' });
    expect(await row('Mama Njeri')).toBeInTheDocument();
  });

  it('says so when marking paid fails, naming the buyer, and keeps the row', async () => {
    mockApi({ 'GET /sales/debtors': answer([njeri]), 'POST /sales/status': apiError(500, 'internal', 'Something went wrong.') });
    const user = userEvent.setup();
    renderPage();

    await user.click(within(await row('Mama Njeri')).getByRole('button', { name: m.markPaidFor('Mama Njeri') }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Mama Njeri')).toBeInTheDocument();
  });

  it('says no one owes when nothing is pending', async () => {
    mockApi({ 'GET /sales/debtors': answer([]) });
    renderPage();
    expect(await screen.findByText(m.none)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: m.totalOwed })).toHaveTextContent('0 buyers');
  });

  it('says when the list is cut short, the total counting every buyer', async () => {
    mockApi({ 'GET /sales/debtors': answer([njeri], { buyers: 240, total_owed_cents: 9_000_000 }) });
    renderPage();
    expect(await screen.findByText(m.capped(1, 240))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: m.totalOwed })).toHaveTextContent(kes(9_000_000));
  });

  it('shows an auditor who owes, with no way to mark anyone paid', async () => {
    mockApi({ 'GET /sales/debtors': answer([njeri]) });
    renderPage('auditor');
    await row('Mama Njeri');
    expect(screen.queryByRole('button', { name: /^Mark paid/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says so when who owes cannot be loaded', async () => {
    mockApi({ 'GET /sales/debtors': apiError(500, 'internal', 'Something went wrong.') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(m.failedToLoad);
  });
});
