import { dayIn, feedMessages, feedWords as w, inventoryMessages, offlineWords, type FeedRecord, type InventoryItem } from '@kuku/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeFeedRecord } from '../../../test/fixtures';
import { queryClientAs } from '../../../test/signed-in';
import { RecordFeedModal } from './record-feed-modal';

const flock = { id: 7, name: 'Shamba A' };
const today = () => dayIn(new Date(), 'Africa/Nairobi');

function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id: 31,
    item_name: 'Layers mash',
    flock_id: 7,
    flock_name: 'Shamba A',
    quantity: 12,
    unit: 'bags',
    kind: 'feed',
    unit_weight_kg: 70,
    reorder_level: 5,
    cost_per_unit: 3500,
    cost_per_unit_cents: 350_000,
    value_cents: 4_200_000,
    low_stock: false,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

const mash = item();
const crumbs = item({ id: 32, item_name: 'Chick crumbs', unit: 'kg', quantity: 40, unit_weight_kg: 1 });
const vaccine = item({ id: 33, item_name: 'Newcastle vaccine', kind: 'medicine', unit: 'doses', unit_weight_kg: null });
const options = (items: InventoryItem[]) => ({ body: { items, total: items.length, page: 1, pageSize: 100 } });
const noUsual = { body: { item_id: null, item_name: null, unit: null, quantity: null } };

function renderModal(routes: Parameters<typeof mockApi>[0], record: FeedRecord | null = null) {
  const requests = mockApi(routes);
  const onClose = vi.fn();
  renderWithProviders(<RecordFeedModal opened onClose={onClose} flock={flock} record={record} />, { queryClient: queryClientAs('worker') });
  return { requests, onClose };
}

const select = () => screen.getByRole('combobox', { name: new RegExp(`^${w.itemLabel}`) });
const quantity = () => screen.getByRole('textbox', { name: /^Quantity/ });

describe('RecordFeedModal', () => {
  it('starts on the farm’s today with the flock’s usual feed, offers only feed with its stock, and says the kg and the stock left', async () => {
    renderModal({
      'GET /inventory': options([mash, crumbs, vaccine]),
      'GET /flocks/7/feed/usual': { body: { item_id: 31, item_name: 'Layers mash', unit: 'bags', quantity: 2 } },
    });

    expect(screen.getByRole('dialog', { name: w.recordFeed })).toBeInTheDocument();
    await waitFor(() => expect(select()).toHaveValue('31'));
    expect(quantity()).toHaveValue('2');
    expect(screen.getByLabelText(w.dateLabel, { exact: false })).toHaveValue(today());
    expect(screen.getByText(w.usual)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Layers mash (in stock: 12 Bags)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Chick crumbs (in stock: 40 kg)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Newcastle/ })).not.toBeInTheDocument();
    expect(screen.getByText('That is 140 kg. Left in the store after this: 10 Bags')).toBeInTheDocument();
  });

  it('refuses more than the stock and half a bag before sending, with the store’s words', async () => {
    const user = userEvent.setup();
    const { requests } = renderModal({ 'GET /inventory': options([mash]), 'GET /flocks/7/feed/usual': noUsual });
    // The only feed is chosen.
    await waitFor(() => expect(select()).toHaveValue('31'));
    await user.type(quantity(), '13');
    await user.click(screen.getByRole('button', { name: w.recordFeed }));
    expect(await screen.findByText(inventoryMessages.removalTooMuch(12))).toBeInTheDocument();
    await user.clear(quantity());
    await user.type(quantity(), '1.5');
    await user.click(screen.getByRole('button', { name: w.recordFeed }));
    expect(await screen.findByText(inventoryMessages.quantityWhole('bags'))).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('records with an Idempotency-Key and says what was fed and the stock left; the server’s refusal shows on its field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { requests, onClose } = renderModal({
      'GET /inventory': options([mash, crumbs]),
      'GET /flocks/7/feed/usual': noUsual,
      'POST /flocks/7/feed': () =>
        refuse
          ? apiError(422, 'unprocessable', inventoryMessages.removalTooMuch(30), { fields: { quantity: inventoryMessages.removalTooMuch(30) } })
          : { status: 201, body: { record: makeFeedRecord({ item_id: 32, item_name: 'Chick crumbs', unit: 'kg', quantity: 35, kg: 35 }), item: { ...crumbs, quantity: 5 }, warning: null } },
    });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select(), '32');
    await user.type(quantity(), '35');
    await user.click(screen.getByRole('button', { name: w.recordFeed }));
    expect(await screen.findByText(inventoryMessages.removalTooMuch(30))).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: w.recordFeed }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.filter((r) => r.method === 'POST').at(-1);
    expect(post?.body).toEqual({ item_id: 32, date: today(), quantity: 35 });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Fed to Shamba A: 35 kg of Chick crumbs. Left in the store: 5 kg.')).toBeInTheDocument();
  });

  it('says when the store has no feed, and links to the inventory screen', async () => {
    renderModal({ 'GET /inventory': options([vaccine]), 'GET /flocks/7/feed/usual': noUsual });
    expect(await screen.findByText(w.noFeedItems, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: w.openInventory })).toHaveAttribute('href', '/inventory');
    expect(screen.queryByRole('button', { name: w.recordFeed })).not.toBeInTheDocument();
  });

  it('edits only what changed, the record’s own quantity counted as available, and says when nothing did', async () => {
    const user = userEvent.setup();
    const record = makeFeedRecord({ date: '2026-12-01', quantity: 2 });
    const { requests, onClose } = renderModal(
      {
        'GET /inventory': options([item({ quantity: 10 })]),
        'PATCH /feed/90': { body: { record: { ...record, quantity: 12 }, item: item({ quantity: 0 }), warning: null } },
      },
      record,
    );
    expect(screen.getByRole('dialog', { name: w.editRecord })).toBeInTheDocument();
    await waitFor(() => expect(select()).toHaveValue('31'));
    await user.click(screen.getByRole('button', { name: w.save }));
    expect(await screen.findByText(feedMessages.nothingToUpdate)).toBeInTheDocument();

    await user.clear(quantity());
    await user.type(quantity(), '12');
    await user.click(screen.getByRole('button', { name: w.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ quantity: 12 });
    expect(requests.some((r) => r.path === '/flocks/7/feed/usual')).toBe(false);
  });

  it('with no signal, says the dialog needs a connection and keeps the save off', async () => {
    onlineManager.setOnline(false);
    renderModal({ 'GET /inventory': options([mash]), 'GET /flocks/7/feed/usual': noUsual });
    expect(await screen.findByText(offlineWords.partNeedsConnection)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.recordFeed })).toBeDisabled();
  });
});
