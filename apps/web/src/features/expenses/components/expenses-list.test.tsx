import { expenseMessages as m, staffMessages, type Expense } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs, signedInAs, userLoaded } from '../../../test/signed-in';
import { makeExpense } from '../expense-fixtures';
import { ExpensesList } from './expenses-list';

const page = (items: Expense[], total = items.length) => ({ body: { items, total, page: 1, pageSize: 10 } });

const feed = makeExpense({ id: 41, description: 'Layers mash 70 kg', date: '2026-03-05' });
const vet = makeExpense({
  id: 42,
  description: 'Newcastle vaccine',
  category: 'Vet',
  flock_name: 'Shamba B',
  flock_id: 8,
  amount_cents: 120_050,
  date: '2026-03-04',
});

const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('ExpensesList', () => {
  it('shows each expense with its date, category, flock and amount, and opens it for editing', async () => {
    mockApi({ 'GET /expenses': page([feed, vet]) });
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ExpensesList onEdit={onEdit} />, { queryClient: queryClientAs() });

    expect(screen.getByRole('heading', { name: m.expenseList })).toBeInTheDocument();
    const first = await row('Layers mash 70 kg');
    expect(first).toHaveTextContent('05 Mar 2026');
    expect(first).toHaveTextContent('Feed');
    expect(first).toHaveTextContent('Shamba A');
    expect(first).toHaveTextContent(/Ksh\s3,500\.00/);
    const second = await row('Newcastle vaccine');
    expect(second).toHaveTextContent('Vet');
    expect(second).toHaveTextContent(/Ksh\s1,200\.50/);
    expect(screen.getByText('2 expenses')).toBeInTheDocument();
    expect(within(first).getByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: m.editExpenseOf('Newcastle vaccine') }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
  });

  it('deletes an expense only after the productâs question, then says so', async () => {
    const requests = mockApi({ 'GET /expenses': page([feed]), 'DELETE /expenses/41': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await user.click(within(await row('Layers mash 70 kg')).getByRole('button', { name: m.deleteExpenseOf('Layers mash 70 kg') }));
    const dialog = await screen.findByRole('dialog', { name: m.deleteExpense });
    expect(dialog).toHaveTextContent(m.confirmDelete);
    expect(dialog).toHaveTextContent('Layers mash 70 kg');
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/expenses/41']);
  });

  it('says a delete failed', async () => {
    mockApi({ 'GET /expenses': page([feed]), 'DELETE /expenses/41': apiError(422, 'rule_broken', 'Something went wrong.') });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await user.click(within(await row('Layers mash 70 kg')).getByRole('button', { name: m.deleteExpenseOf('Layers mash 70 kg') }));
    await user.click(within(await screen.findByRole('dialog', { name: m.deleteExpense })).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(new RegExp(`^${m.failedToDelete.replace(/[.]/g, '\\.')}`))).toBeInTheDocument();
  });

  it('pages, sorts and searches on the server, 10 a page', async () => {
    const requests = mockApi({
      'GET /expenses': (request) => page([makeExpense({ id: Number(request.query.get('page')) })], 25),
    });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await screen.findByText('Layers mash 70 kg');
    expect(requests[0]?.query.get('pageSize')).toBe('10');
    expect(requests[0]?.query.get('sort')).toBe('date');
    expect(requests[0]?.query.get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('page')).toBe('3'));

    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sort')).toBe('amount'));
    expect(requests.at(-1)?.query.get('order')).toBe('asc');
    expect(requests.at(-1)?.query.get('page')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: m.searchLabel }), 'Vet');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('Vet'));
  });

  it('says when there are no expenses, or none that match', async () => {
    mockApi({ 'GET /expenses': page([], 0) });
    const user = userEvent.setup();
    renderWithProviders(<ExpensesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    expect(await screen.findByText(m.noExpenses)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: m.searchLabel }), 'mash');
    expect(await screen.findByText(m.noMatch('mash'))).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({ 'GET /expenses': apiError(500, 'internal', 'Something went wrong.') });
    renderWithProviders(<ExpensesList onEdit={() => {}} />, { queryClient: queryClientAs() });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.listFailed);
  });

  it('shows an auditor every expense and who recorded it, with no way to change one', async () => {
    mockApi({ ...signedInAs('auditor'), 'GET /expenses': page([feed, { ...vet, updated_by_name: 'peter' }]) });
    const { queryClient } = renderWithProviders(<ExpensesList onEdit={() => {}} />);

    const second = await row('Newcastle vaccine');
    await userLoaded(queryClient);
    expect(within(second).getByText(`${staffMessages.updatedBy} peter`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit|^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: m.actionsColumn })).not.toBeInTheDocument();
  });
});
