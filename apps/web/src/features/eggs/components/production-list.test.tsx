import { eggMessages, staffMessages, type EggProduction } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { signedInAs, userLoaded } from '../../../test/signed-in';
import { withoutMoney } from '../../../test/without-money';
import { ProductionList } from './production-list';

function makeProduction(overrides: Partial<EggProduction> = {}): EggProduction {
  return {
    id: 41,
    flock_id: 7,
    flockId: 7,
    flock_name: 'Shamba A',
    date_produced: '2026-03-05',
    eggs_collected: 365,
    eggsCollected: 365,
    trays: 12,
    remainder_eggs: 5,
    price_per_unit: 12.5,
    price_per_unit_cents: 1250,
    total_revenue: 4562.5,
    total_revenue_cents: 456250,
    user_id: 1,
    created_at: '2026-03-05T06:00:00.000Z',
    updated_at: '2026-03-05T06:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'peter',
    ...overrides,
  };
}

const page = (items: EggProduction[], total = items.length) => ({ body: { items, total, page: 1, pageSize: 10 } });

describe('ProductionList', () => {
  it('shows each day as trays and eggs with its revenue, and opens one for editing', async () => {
    mockApi({ ...signedInAs('manager'), 'GET /egg-productions': page([makeProduction()]) });
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProductionList onEdit={onEdit} />);

    const row = (await screen.findByText('Shamba A')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('05 Mar 2026');
    expect(row).toHaveTextContent('365');
    expect(row).toHaveTextContent('12 trays + 5 eggs');
    expect(row).toHaveTextContent(/Ksh\s4,562\.50/);
    expect(screen.getByText('1 record')).toBeInTheDocument();
    expect(within(row).getByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();
    expect(within(row).getByText(`${staffMessages.updatedBy} peter`)).toBeInTheDocument();
    await user.click(await within(row).findByRole('button', { name: 'Edit production of Shamba A on 05 Mar 2026' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
  });

  it("says 'No price' for a record kept without one, not Ksh 0.00", async () => {
    mockApi({ ...signedInAs('owner'), 'GET /egg-productions': page([makeProduction({ price_per_unit: 0, price_per_unit_cents: 0, total_revenue: 0, total_revenue_cents: 0 })]) });
    renderWithProviders(<ProductionList onEdit={vi.fn()} />);
    const row = (await screen.findByText('Shamba A')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(eggMessages.noPrice);
    expect(row).not.toHaveTextContent('Ksh');
  });

  it('shows a worker the eggs with no revenue column nor amount (their answers carry none)', async () => {
    mockApi({ ...signedInAs('worker'), 'GET /egg-productions': page([withoutMoney(makeProduction())]) });
    const { queryClient } = renderWithProviders(<ProductionList onEdit={vi.fn()} />);
    const row = (await screen.findByText('Shamba A')).closest('tr') as HTMLElement;
    await userLoaded(queryClient);
    expect(row).toHaveTextContent('12 trays + 5 eggs');
    expect(screen.queryByRole('columnheader', { name: /Revenue/ })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Ksh/);
    expect(within(row).getByRole('button', { name: 'Edit production of Shamba A on 05 Mar 2026' })).toBeInTheDocument();
  });

  it('pages, sorts and searches on the server, 10 a page', async () => {
    const requests = mockApi({
      'GET /egg-productions': (request) => page([makeProduction({ id: Number(request.query.get('page')) })], 25),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductionList onEdit={() => {}} />);

    await screen.findByText('Shamba A');
    expect(requests[0]?.query.get('pageSize')).toBe('10');
    expect(requests[0]?.query.get('sort')).toBe('date');
    expect(requests[0]?.query.get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('page')).toBe('3'));

    await user.click(screen.getByRole('button', { name: /^Eggs/ }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sort')).toBe('eggs'));
    expect(requests.at(-1)?.query.get('order')).toBe('asc');
    expect(requests.at(-1)?.query.get('page')).toBe('1');

    await user.type(screen.getByLabelText('Search production'), 'Shamba');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('Shamba'));
  });

  it('deletes a day after asking, and says so', async () => {
    let items = [makeProduction()];
    const requests = mockApi({
      ...signedInAs(),
      'GET /egg-productions': () => page(items),
      'DELETE /egg-productions/41': () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductionList onEdit={() => {}} />);

    await user.click(await screen.findByRole('button', { name: 'Delete production of Shamba A on 05 Mar 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete egg production' });
    expect(dialog).toHaveTextContent(eggMessages.confirmDeleteProduction);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(eggMessages.productionDeleted)).toBeInTheDocument();
    expect(await screen.findByText(eggMessages.noProduction)).toBeInTheDocument();
  });

  it('shows an auditor the records and who made them, with no way to change one', async () => {
    mockApi({ ...signedInAs('auditor'), 'GET /egg-productions': page([makeProduction({ created_by_name: null })]) });
    const { queryClient } = renderWithProviders(<ProductionList onEdit={() => {}} />);

    const row = (await screen.findByText('Shamba A')).closest('tr') as HTMLElement;
    await userLoaded(queryClient);
    expect(within(row).getByText(`${staffMessages.createdBy} ${staffMessages.formerMember}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit|^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
