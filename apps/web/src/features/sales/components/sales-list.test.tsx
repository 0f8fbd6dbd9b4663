import { saleMessages, staffMessages, type Sale } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs, signedInAs, userLoaded } from '../../../test/signed-in';
import { makeSale } from '../sale-fixtures';
import { SalesList } from './sales-list';

const page = (items: Sale[], total = items.length) => ({ body: { items, total, page: 1, pageSize: 10 } });

const pending = makeSale({ id: 31, ref_no: 'S-000031', status: 'pending', date: '2026-03-05' });
const paid = makeSale({
  id: 32,
  ref_no: 'S-000032',
  status: 'paid',
  category: 'Layer Mash',
  product: 'Layers mash',
  quantity: 2.5,
  unit: 'Kg',
  unit_price_cents: 6000,
  amount_cents: 15000,
  sale_type: 'Mobile Money',
  date: '2026-03-04',
});

const row = async (ref: string) => (await screen.findByText(ref)).closest('tr') as HTMLElement;

describe('SalesList', () => {
  it('shows each sale with its status, amount and quantity, and offers Mark Paid or Mark Pending by status', async () => {
    mockApi({ 'GET /sales': page([pending, paid]) });
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={onEdit} />, { queryClient: queryClientAs() });

    const first = await row('S-000031');
    expect(first).toHaveTextContent('05 Mar 2026');
    expect(first).toHaveTextContent('Grade A eggs');
    expect(first).toHaveTextContent('12 Crates');
    expect(first).toHaveTextContent(/Ksh\s5,400\.00/);
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Mark Paid/ })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Mark Pending/ })).not.toBeInTheDocument();

    const second = await row('S-000032');
    expect(second).toHaveTextContent('2.5 Kg');
    expect(second).toHaveTextContent(/Ksh\s150\.00/);
    expect(second).toHaveTextContent('Mobile Money');
    expect(within(second).getByText('Completed')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: /^Mark Pending/ })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /^Mark Paid/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 sales')).toBeInTheDocument();
    expect(within(first).getByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Edit sale S-000032' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 32 }));
  });

  it('marks a sale paid at once, puts the answer in the list and says so', async () => {
    let stored = pending;
    const requests = mockApi({
      'GET /sales': () => page([stored]),
      'PUT /sales/31': () => {
        stored = { ...pending, status: 'paid' };
        return { body: stored };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await user.click(within(await row('S-000031')).getByRole('button', { name: /^Mark Paid/ }));
    expect(await screen.findByText(saleMessages.markedAs('S-000031', 'paid'))).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'paid' });
    const updated = await row('S-000031');
    await waitFor(() => expect(within(updated).getByText('Completed')).toBeInTheDocument());
    expect(within(updated).getByRole('button', { name: /^Mark Pending/ })).toBeInTheDocument();
  });

  it('says a status change failed, naming the sale', async () => {
    mockApi({
      'GET /sales': page([paid]),
      'PUT /sales/32': apiError(422, 'rule_broken', 'Something went wrong.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await user.click(within(await row('S-000032')).getByRole('button', { name: /^Mark Pending/ }));
    expect(await screen.findByText(saleMessages.couldNotUpdate('S-000032'))).toBeInTheDocument();
  });

  it('deletes a sale only after the productâs question', async () => {
    const requests = mockApi({ 'GET /sales': page([pending]), 'DELETE /sales/31': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await user.click(within(await row('S-000031')).getByRole('button', { name: 'Delete sale S-000031' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sale' });
    expect(dialog).toHaveTextContent(saleMessages.confirmDelete);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(saleMessages.deleted)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/sales/31']);
  });

  it('says a delete failed in the productâs words', async () => {
    mockApi({ 'GET /sales': page([pending]), 'DELETE /sales/31': apiError(422, 'rule_broken', 'Something went wrong.') });
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await user.click(within(await row('S-000031')).getByRole('button', { name: 'Delete sale S-000031' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete sale' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(saleMessages.errorDeleting)).toBeInTheDocument();
  });

  it('pages, sorts and searches on the server, 10 a page', async () => {
    const requests = mockApi({
      'GET /sales': (request) => page([makeSale({ id: Number(request.query.get('page')) })], 25),
    });
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    await screen.findByText('S-000031');
    expect(requests[0]?.query.get('pageSize')).toBe('10');
    expect(requests[0]?.query.get('sort')).toBe('date');
    expect(requests[0]?.query.get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('page')).toBe('3'));

    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sort')).toBe('amount'));
    expect(requests.at(-1)?.query.get('order')).toBe('asc');
    expect(requests.at(-1)?.query.get('page')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: 'Search sales' }), 'Wanjiru');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('Wanjiru'));
  });

  it('says when there are no sales, or none that match', async () => {
    mockApi({ 'GET /sales': page([], 0) });
    const user = userEvent.setup();
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });

    expect(await screen.findByText(saleMessages.noSales)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search sales' }), 'mash');
    expect(await screen.findByText('No sales match "mash".')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({ 'GET /sales': apiError(500, 'internal', 'Something went wrong.') });
    renderWithProviders(<SalesList onEdit={() => {}} />, { queryClient: queryClientAs() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sales could not be loaded. Please try again.');
  });

  it('shows an auditor every sale and who recorded it, with no way to change one', async () => {
    mockApi({ ...signedInAs('auditor'), 'GET /sales': page([pending, { ...paid, updated_by_name: null }]) });
    const { queryClient } = renderWithProviders(<SalesList onEdit={() => {}} />);

    const second = await row('S-000032');
    await userLoaded(queryClient);
    expect(within(second).getByText(`${staffMessages.updatedBy} ${staffMessages.formerMember}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark|^Edit|^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
