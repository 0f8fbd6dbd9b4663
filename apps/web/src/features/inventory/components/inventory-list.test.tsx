import { inventoryMessages as m, type Role } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs, signedInAs, userLoaded } from '../../../test/signed-in';
import { withoutMoney } from '../../../test/without-money';
import { itemPage, makeItem } from '../inventory-fixtures';
import { InventoryList } from './inventory-list';
import type { InventoryNotices } from './inventory-toasts';

const notices = (): InventoryNotices => ({ saved: vi.fn(), lowStock: vi.fn(), failed: vi.fn() });
const mash = makeItem();
const vaccine = makeItem({ id: 32, item_name: 'Newcastle vaccine', kind: 'medicine', unit_weight_kg: null, unit: 'doses', quantity: 2, reorder_level: 10, low_stock: true, flock_name: 'Shamba B' });
const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

function renderList(said = notices(), role: Role = 'owner') {
  const handlers = { onEdit: vi.fn(), onRemove: vi.fn(), onDetails: vi.fn() };
  renderWithProviders(<InventoryList {...handlers} notices={said} />, { queryClient: queryClientAs(role) });
  return handlers;
}

describe('InventoryList', () => {
  it('shows each item with its flock, stock, reorder level, cost and value, the low ones badged', async () => {
    const requests = mockApi({ 'GET /inventory': itemPage([mash, vaccine]) });
    const user = userEvent.setup();
    const handlers = renderList();

    const first = await row('Layers mash');
    expect(first).toHaveTextContent('Shamba A');
    expect(first).toHaveTextContent('12 Bags');
    expect(first).toHaveTextContent(/Ksh\s3,500\.00/);
    expect(first).toHaveTextContent(/Ksh\s42,000\.00/);
    expect(first).not.toHaveTextContent(m.lowStockBadge);
    // What each item is (decision 070), and a feed bag's weight.
    expect(first).toHaveTextContent('Feed · 50 kg a bag');
    const second = await row('Newcastle vaccine');
    expect(second).toHaveTextContent(m.lowStockBadge);
    expect(second).toHaveTextContent('Vaccine or drug');
    expect(second).not.toHaveTextContent(' kg a ');
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(requests[0]?.query.get('pageSize')).toBe('10');
    expect(requests[0]?.query.get('sort')).toBe('name');

    await user.click(within(second).getByRole('button', { name: m.editItemOf('Newcastle vaccine') }));
    expect(handlers.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 32 }));
    await user.click(within(second).getByRole('button', { name: m.removeStockOf('Newcastle vaccine') }));
    expect(handlers.onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 32 }));
    await user.click(within(first).getByRole('button', { name: m.detailsOf('Layers mash') }));
    expect(handlers.onDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 31 }));
  });

  it('sorts by a column and searches by name or flock on the server', async () => {
    const requests = mockApi({ 'GET /inventory': itemPage([mash]) });
    const user = userEvent.setup();
    renderList();
    await row('Layers mash');
    await user.click(screen.getByRole('button', { name: m.valueColumn }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sort')).toBe('value'));
    await user.type(screen.getByRole('textbox', { name: m.searchLabel }), 'Shamba');
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('Shamba'));
    expect(requests.at(-1)?.query.get('page')).toBe('1');
  });

  it('deletes an item only after the productâs question, then says so', async () => {
    const requests = mockApi({ 'GET /inventory': itemPage([mash]), 'DELETE /inventory/31': { status: 204 } });
    const said = notices();
    const user = userEvent.setup();
    renderList(said);

    await user.click(within(await row('Layers mash')).getByRole('button', { name: m.deleteItemOf('Layers mash') }));
    const dialog = await screen.findByRole('dialog', { name: m.deleteItem });
    expect(dialog).toHaveTextContent(m.confirmDelete);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: m.delete }));
    await waitFor(() => expect(said.saved).toHaveBeenCalledWith(m.deleted, expect.objectContaining({ id: 31 })));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/inventory/31']);
  });

  it('says when the farm has no item yet', async () => {
    mockApi({ 'GET /inventory': itemPage([]) });
    renderList();
    expect(await screen.findByText(m.noItems)).toBeInTheDocument();
  });

  it('lets a worker remove stock only, and shows them no cost nor value', async () => {
    mockApi({ 'GET /inventory': itemPage([withoutMoney(mash)]) });
    renderList(notices(), 'worker');

    const first = await row('Layers mash');
    expect(first).toHaveTextContent('12 Bags');
    expect(screen.queryByRole('columnheader', { name: new RegExp(m.costColumn) })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: new RegExp(m.valueColumn) })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Ksh/);
    expect(within(first).getByRole('button', { name: m.removeStockOf('Layers mash') })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: m.editItemOf('Layers mash') })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: m.deleteItemOf('Layers mash') })).not.toBeInTheDocument();
  });

  it('shows an auditor every item with no way to change one', async () => {
    mockApi({ ...signedInAs('auditor'), 'GET /inventory': itemPage([mash, vaccine]) });
    const { queryClient } = renderWithProviders(<InventoryList onEdit={vi.fn()} onRemove={vi.fn()} onDetails={vi.fn()} notices={notices()} />);

    await row('Newcastle vaccine');
    await userLoaded(queryClient);
    expect(screen.getByRole('button', { name: m.detailsOf('Layers mash') })).toBeInTheDocument();
    for (const name of ['Layers mash', 'Newcastle vaccine']) {
      for (const label of [m.editItemOf(name), m.removeStockOf(name), m.deleteItemOf(name)]) {
        expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
      }
    }
    expect(screen.queryByRole('columnheader', { name: m.actionsColumn })).not.toBeInTheDocument();
  });
});
