import { inventoryKindMessages as k, inventoryMessages as m } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeItem } from '../inventory-fixtures';
import { ItemModal } from './item-modal';
import type { InventoryNotices } from './inventory-toasts';

const notices = (): InventoryNotices => ({ saved: vi.fn(), lowStock: vi.fn(), failed: vi.fn() });
const flocks = [makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })];
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

describe('ItemModal', () => {
  it('shows the docs/product.md §5 messages on an empty submit, and sends nothing', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={() => {}} flocks={flocks} item={null} notices={notices()} />);

    await user.type(field(/^Item name/), 'Ma');
    await user.click(screen.getByRole('button', { name: m.addItem }));
    expect(await screen.findByText(m.nameTooShort)).toBeInTheDocument();
    expect(screen.getByText(m.selectFlock)).toBeInTheDocument();
    expect(screen.getByText(m.quantityPositive)).toBeInTheDocument();
    expect(screen.getByText(m.reorderPositive)).toBeInTheDocument();
    expect(screen.getByText(m.costPositive)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(m.formInvalid);
    expect(requests).toHaveLength(0);
  });

  it('adds an item with an Idempotency-Key, cost in shillings, and says so', async () => {
    let release: () => void = () => {};
    const requests = mockApi({
      'POST /inventory': () => new Promise((resolve) => (release = () => resolve({ status: 201, body: makeItem({ id: 40 }) }))),
    });
    const onClose = vi.fn();
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={onClose} flocks={flocks} item={null} notices={said} />);

    await user.type(field(/^Item name/), 'Layers mash');
    await user.selectOptions(select(/^Flock/), '8');
    await user.type(field(/^Quantity/), '12');
    await user.selectOptions(select(/^Unit/), 'bags');
    await user.type(field(/^Reorder level/), '5');
    await user.type(field(/^Cost per /), '3,500.50');
    await user.click(screen.getByRole('button', { name: m.addItem }));

    expect(await screen.findByRole('button', { name: m.adding })).toBeDisabled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    // The name tells the kind (feed); its bag's weight was left empty: unknown.
    expect(post?.body).toEqual({ item_name: 'Layers mash', flock_id: 8, quantity: 12, unit: 'bags', reorder_level: 5, cost_per_unit: 3500.5, kind: 'feed', unit_weight_kg: null });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(said.saved).toHaveBeenCalledWith(m.added, expect.objectContaining({ id: 40 }));
  });

  it('edits the full item, asks why a quantity changed, and shows "Updating..."', async () => {
    let release: () => void = () => {};
    const requests = mockApi({
      'PUT /inventory/31': () => new Promise((resolve) => (release = () => resolve({ body: makeItem({ quantity: 10 }) }))),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={onClose} flocks={flocks} item={makeItem()} notices={notices()} />);

    expect(screen.getByRole('dialog', { name: m.editItem })).toBeInTheDocument();
    expect(field(/^Cost per /)).toHaveValue('3500.00');
    await user.click(screen.getByRole('button', { name: m.updateItem }));
    expect(await screen.findByText(m.nothingToUpdate)).toBeInTheDocument();

    await user.clear(field(/^Quantity/));
    await user.type(field(/^Quantity/), '10');
    await user.type(field(/^Why the quantity changed/), 'Counted the store');
    await user.click(screen.getByRole('button', { name: m.updateItem }));
    expect(await screen.findByRole('button', { name: m.updating })).toBeDisabled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      item_name: 'Layers mash',
      flock_id: 7,
      quantity: 10,
      unit: 'bags',
      reorder_level: 5,
      cost_per_unit: 3500,
      kind: 'feed',
      unit_weight_kg: 50,
      note: 'Counted the store',
    });
  });

  it('puts the server’s field messages on the fields, and toasts any other failure with the productâs words', async () => {
    mockApi({ 'POST /inventory': apiError(400, 'validation', 'Invalid', { fields: { quantity: m.quantityWhole('bags') } }) });
    const said = notices();
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={() => {}} flocks={flocks} item={null} notices={said} />);
    await user.type(field(/^Item name/), 'Layers mash');
    await user.selectOptions(select(/^Flock/), '7');
    await user.type(field(/^Quantity/), '12');
    await user.type(field(/^Reorder level/), '5');
    await user.type(field(/^Cost per /), '3500');
    await user.click(screen.getByRole('button', { name: m.addItem }));
    expect(await screen.findByText(m.quantityWhole('bags'))).toBeInTheDocument();

    mockApi({ 'POST /inventory': apiError(500, 'internal', 'Something went wrong') });
    await user.click(screen.getByRole('button', { name: m.addItem }));
    await waitFor(() => expect(said.failed).toHaveBeenCalledWith(m.errorSaving, expect.anything()));
  });

  it('takes the kind the name tells until one is chosen, and asks a feed bag’s weight, not a kilo’s', async () => {
    const requests = mockApi({ 'POST /inventory': { status: 201, body: makeItem({ id: 41 }) } });
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={() => {}} flocks={flocks} item={null} notices={notices()} />);

    expect(select(/^Kind/)).toHaveValue('other');
    expect(screen.queryByRole('textbox', { name: /^Weight of one/ })).not.toBeInTheDocument();
    await user.type(field(/^Item name/), 'Growers mash');
    expect(select(/^Kind/)).toHaveValue('feed');
    await user.selectOptions(select(/^Unit/), 'bags');
    expect(field(/^Weight of one bag \(kg\)/)).toBeInTheDocument();
    expect(screen.getByText(k.unitWeightHint)).toBeInTheDocument();
    await user.selectOptions(select(/^Unit/), 'kg');
    expect(screen.queryByRole('textbox', { name: /^Weight of one/ })).not.toBeInTheDocument();
    await user.selectOptions(select(/^Unit/), 'bags');

    await user.selectOptions(select(/^Flock/), '7');
    await user.type(field(/^Quantity/), '10');
    await user.type(field(/^Reorder level/), '2');
    await user.type(field(/^Cost per /), '3200');
    await user.type(field(/^Weight of one bag/), '0');
    await user.click(screen.getByRole('button', { name: m.addItem }));
    expect(await screen.findByText(k.unitWeightPositive)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.clear(field(/^Weight of one bag/));
    await user.type(field(/^Weight of one bag/), '70');
    await user.click(screen.getByRole('button', { name: m.addItem }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ item_name: 'Growers mash', unit: 'bags', kind: 'feed', unit_weight_kg: 70 }));
  });

  it('keeps a kind chosen over the name’s, and sends no weight for an item that is not feed', async () => {
    const requests = mockApi({ 'POST /inventory': { status: 201, body: makeItem({ id: 42 }) } });
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={() => {}} flocks={flocks} item={null} notices={notices()} />);

    await user.selectOptions(select(/^Kind/), 'medicine');
    await user.type(field(/^Item name/), 'Layers booster');
    expect(select(/^Kind/)).toHaveValue('medicine');
    await user.selectOptions(select(/^Flock/), '7');
    await user.type(field(/^Quantity/), '4');
    await user.selectOptions(select(/^Unit/), 'pieces');
    await user.type(field(/^Reorder level/), '1');
    await user.type(field(/^Cost per /), '250');
    await user.click(screen.getByRole('button', { name: m.addItem }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeDefined());
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body.kind).toBe('medicine');
    expect(body).not.toHaveProperty('unit_weight_kg');
  });

  it('edits an item’s bag weight: a change of the weight alone is a change', async () => {
    const requests = mockApi({ 'PUT /inventory/31': { body: makeItem({ unit_weight_kg: 70 }) } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ItemModal opened onClose={onClose} flocks={flocks} item={makeItem()} notices={notices()} />);

    expect(select(/^Kind/)).toHaveValue('feed');
    expect(field(/^Weight of one bag/)).toHaveValue('50');
    await user.clear(field(/^Weight of one bag/));
    await user.type(field(/^Weight of one bag/), '70');
    await user.click(screen.getByRole('button', { name: m.updateItem }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ kind: 'feed', unit_weight_kg: 70 });
  });
});
