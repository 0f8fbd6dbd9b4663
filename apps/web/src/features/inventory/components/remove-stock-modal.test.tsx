import { CLIENT_RECORD_HEADERS, inventoryMessages as m } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { currentUserKey } from '../../../lib/current-user';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeItem, makeMovement } from '../inventory-fixtures';
import type { InventoryNotices } from './inventory-toasts';
import { RemoveStockModal } from './remove-stock-modal';

const notices = (): InventoryNotices => ({ saved: vi.fn(), lowStock: vi.fn(), failed: vi.fn() });
/** The signed-in user's farm is where the removal is kept until it is sent. */
function signedIn() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return { queryClient };
}
const quantity = () => screen.getByRole('textbox', { name: /^Quantity to remove/ });

describe('RemoveStockModal', () => {
  it('refuses more than the stock before sending, with the productâs words', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RemoveStockModal opened onClose={() => {}} item={makeItem()} notices={notices()} />, signedIn());

    expect(screen.getByText('In stock: 12 Bags')).toBeInTheDocument();
    await user.type(quantity(), '13');
    await user.click(screen.getByRole('button', { name: m.removeStock }));
    expect(await screen.findByText(m.removalTooMuch(12))).toBeInTheDocument();
    await user.clear(quantity());
    await user.click(screen.getByRole('button', { name: m.removeStock }));
    expect(await screen.findByText(m.removalMin)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says while typing that the removal leaves the stock low, before anything is saved', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RemoveStockModal opened onClose={() => {}} item={makeItem({ quantity: 12, reorder_level: 5 })} notices={notices()} />, signedIn());
    await user.type(quantity(), '7');
    expect(screen.queryByText(m.lowStock(5, 5))).not.toBeInTheDocument();
    await user.clear(quantity());
    await user.type(quantity(), '9');
    expect(screen.getByText(m.lowStock(3, 5))).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s 422 on the quantity (the stock moved meanwhile)', async () => {
    const problem = m.removalTooMuch(4);
    mockApi({ 'POST /inventory/31/remove': apiError(422, 'rule_broken', problem, { fields: { quantity: problem } }) });
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<RemoveStockModal opened onClose={() => {}} item={makeItem()} notices={said} />, signedIn());
    await user.type(quantity(), '10');
    await user.click(screen.getByRole('button', { name: m.removeStock }));
    expect(await screen.findByText(problem)).toBeInTheDocument();
    expect(said.failed).not.toHaveBeenCalled();
  });

  it('removes with the reason and note, shows "Saving...", then the low-stock warning', async () => {
    let release: () => void = () => {};
    const warning = m.lowStock(3, 5);
    const requests = mockApi({
      'POST /inventory/31/remove': () =>
        new Promise((resolve) => (release = () => resolve({ body: { item: makeItem({ quantity: 3, low_stock: true }), movement: makeMovement(), warning } }))),
    });
    const onClose = vi.fn();
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<RemoveStockModal opened onClose={onClose} item={makeItem()} notices={said} />, signedIn());
    await user.type(quantity(), '9');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Reason/ }), 'spoiled');
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Wet bags');
    await user.click(screen.getByRole('button', { name: m.removeStock }));
    expect(await screen.findByRole('button', { name: m.saving })).toBeDisabled();
    // Kept on the phone first, then sent.
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ quantity: 9, reason: 'spoiled', note: 'Wet bags' });
    expect(post?.headers.get(CLIENT_RECORD_HEADERS.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(said.saved).toHaveBeenCalledWith(m.removed, expect.objectContaining({ quantity: 3 }));
    expect(said.lowStock).toHaveBeenCalledWith(warning, m.lowStockTitle);
  });

  it('toasts a failure with the productâs words', async () => {
    // The server's trouble (5xx) keeps the removal on the phone instead.
    mockApi({ 'POST /inventory/31/remove': apiError(403, 'forbidden', 'You do not have permission.') });
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<RemoveStockModal opened onClose={() => {}} item={makeItem()} notices={said} />, signedIn());
    await user.type(quantity(), '1');
    await user.click(screen.getByRole('button', { name: m.removeStock }));
    await waitFor(() => expect(said.failed).toHaveBeenCalledWith(m.errorUpdating, expect.anything()));
  });
});
