import { inventoryMessages as m, staffMessages } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { withoutMoney } from '../../../test/without-money';
import { makeItem, makeMovement } from '../inventory-fixtures';
import { ItemDetailsModal } from './item-details-modal';

describe('ItemDetailsModal', () => {
  it('shows the item and its movements: when, who, the change, the balance and why', async () => {
    const requests = mockApi({
      'GET /inventory/31/movements': {
        body: {
          items: [
            makeMovement({ id: 2, change: -3, balance: 12, reason: 'spoiled', note: 'Wet bags' }),
            makeMovement({ id: 1, kind: 'added', change: 15, balance: 15, reason: null, cost_per_unit_cents: 350_000, user_name: null }),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderWithProviders(<ItemDetailsModal opened onClose={() => {}} item={makeItem({ low_stock: true })} />, { queryClient: queryClientAs('owner') });

    const dialog = screen.getByRole('dialog', { name: m.detailsTitle });
    expect(dialog).toHaveTextContent('Layers mash');
    expect(dialog).toHaveTextContent(m.lowStockBadge);
    expect(dialog).toHaveTextContent(/Ksh\s42,000\.00/);
    expect(within(dialog).getByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();
    const removed = (await within(dialog).findByText('Removed · Spoiled · Wet bags')).closest('tr') as HTMLElement;
    expect(removed).toHaveTextContent('\u22123');
    expect(removed).toHaveTextContent('wanjiku');
    expect(removed).toHaveTextContent('05 Mar 2026 12:30');
    const added = within(dialog).getByText('Added').closest('tr') as HTMLElement;
    expect(added).toHaveTextContent('+15');
    expect(added).toHaveTextContent('—');
    expect(requests[0]?.query.get('pageSize')).toBe('10');
  });

  it('shows a worker the stock and its history with no cost nor value (their answers carry none)', async () => {
    mockApi({ 'GET /inventory/31/movements': { body: { items: [], total: 0, page: 1, pageSize: 10 } } });
    renderWithProviders(<ItemDetailsModal opened onClose={() => {}} item={withoutMoney(makeItem())} />, { queryClient: queryClientAs('worker') });
    const dialog = screen.getByRole('dialog', { name: m.detailsTitle });
    expect(await within(dialog).findByText(m.noMovements)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Layers mash');
    expect(within(dialog).queryByText(m.costColumn)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(m.valueColumn)).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/Ksh/);
  });

  it('says when there is no movement yet', async () => {
    mockApi({ 'GET /inventory/31/movements': { body: { items: [], total: 0, page: 1, pageSize: 10 } } });
    renderWithProviders(<ItemDetailsModal opened onClose={() => {}} item={makeItem()} />);
    expect(await screen.findByText(m.noMovements)).toBeInTheDocument();
  });
});
