import { inventoryMessages as m } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { itemPage, makeItem, makeMovement } from '../inventory-fixtures';
import type { InventoryNotices } from './inventory-toasts';
import { RestockModal } from './restock-modal';

const notices = (): InventoryNotices => ({ saved: vi.fn(), lowStock: vi.fn(), failed: vi.fn() });
const items = itemPage([makeItem(), makeItem({ id: 32, item_name: 'Newcastle vaccine', unit: 'doses', quantity: 2, reorder_level: 10 })]);
const quantity = () => screen.getByRole('textbox', { name: /^Quantity/ });

describe('RestockModal', () => {
  it('asks for an item and a quantity above 0, whole for doses, and sends nothing until then', async () => {
    const requests = mockApi({ 'GET /inventory': items });
    const user = userEvent.setup();
    renderWithProviders(<RestockModal opened onClose={() => {}} itemId={null} notices={notices()} />);

    await screen.findByRole('option', { name: 'Newcastle vaccine' });
    await user.click(screen.getByRole('button', { name: m.addStock }));
    expect(await screen.findByText(m.selectItem)).toBeInTheDocument();
    expect(screen.getByText(m.quantityPositive)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /^Item/ }), '32');
    await user.type(quantity(), '2.5');
    await user.click(screen.getByRole('button', { name: m.addStock }));
    expect(await screen.findByText(m.quantityWhole('doses'))).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('opens on the item asked for and adds stock at a new cost, with an Idempotency-Key', async () => {
    let release: () => void = () => {};
    const requests = mockApi({
      'GET /inventory': items,
      'POST /inventory/32/restock': () =>
        new Promise((resolve) =>
          (release = () => resolve({ body: { item: makeItem({ id: 32, quantity: 52 }), movement: makeMovement({ kind: 'added', change: 50 }), warning: null } })),
        ),
    });
    const onClose = vi.fn();
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<RestockModal opened onClose={onClose} itemId={32} notices={said} />);

    expect(await screen.findByText(/In stock: 2 Doses/)).toBeInTheDocument();
    await user.type(quantity(), '50');
    await user.type(screen.getByRole('textbox', { name: /^New cost per / }), '45');
    await user.click(screen.getByRole('button', { name: m.addStock }));
    expect(await screen.findByRole('button', { name: m.saving })).toBeDisabled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ quantity: 50, cost_per_unit: 45 });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(said.saved).toHaveBeenCalledWith(m.restocked, expect.objectContaining({ quantity: 52 }));
  });

  it('keeps the cost when none is typed, and toasts a failure with the productâs words', async () => {
    const requests = mockApi({ 'GET /inventory': items, 'POST /inventory/31/restock': apiError(500, 'internal', 'Something went wrong') });
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<RestockModal opened onClose={() => {}} itemId={31} notices={said} />);
    await screen.findByText(/In stock: 12 Bags/);
    await user.type(quantity(), '3');
    await user.click(screen.getByRole('button', { name: m.addStock }));
    await waitFor(() => expect(said.failed).toHaveBeenCalledWith(m.errorUpdating, expect.anything()));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ quantity: 3 });
  });
});
