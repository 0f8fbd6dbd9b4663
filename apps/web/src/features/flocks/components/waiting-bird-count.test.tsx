import { flockMessages, instantDayText, offlineWords } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { putEntry, readOutbox } from '../../../outbox/outbox-db';
import { makeFlock, makeOutboxEntry, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { flockKeys } from '../api';
import { WaitingBirdCount } from './waiting-bird-count';

const waiting = makeOutboxEntry({
  id: '5b0f4c8e-8d0e-4a57-9d43-6e0d5d1f2a10',
  kind: 'bird_count_change',
  path: '/flocks/7/bird-count-changes',
  body: { change: -3, reason: 'mortality', note: 'heat' },
  summary: 'Bird count change · 07 Dec 2026 · Shamba A, -3 birds (Mortality (deaths))',
  attempts: 1,
});

function renderForm(onClose = vi.fn()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  queryClient.setQueryData(flockKeys.options(), { items: [makeFlock({ id: 7, name: 'Shamba A' })], total: 1, page: 1, pageSize: 100 });
  renderWithProviders(<WaitingBirdCount entry={waiting} onClose={onClose} />, { queryClient });
  return onClose;
}

describe('WaitingBirdCount', () => {
  it('opens the change saved on the phone, and keeps the correction there under the same id', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await putEntry(waiting);
    const user = userEvent.setup();
    const onClose = renderForm();

    const change = screen.getByRole('textbox', { name: new RegExp(`^${flockMessages.changeLabel}`) });
    expect(change).toHaveValue('-3');
    expect(screen.getByRole('combobox', { name: /^Reason/ })).toHaveValue('mortality');
    await user.clear(change);
    await user.type(change, '-4');
    await user.click(screen.getByRole('button', { name: flockMessages.saveChange }));

    expect(await screen.findByText(offlineWords.savedOnPhone)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    // A change is of the farm's today, whenever the test runs.
    const today = instantDayText(new Date(), makeUser().farm.time_zone);
    expect(await readOutbox()).toMatchObject([{ id: waiting.id, body: { change: -4, reason: 'mortality', note: 'heat' }, summary: `Bird count change · ${today} · Shamba A, -4 birds (Mortality (deaths))` }]);
  });

  it('refuses a reason that does not fit the change, and 0, and changes nothing', async () => {
    await putEntry(waiting);
    const user = userEvent.setup();
    const onClose = renderForm();

    const change = screen.getByRole('textbox', { name: new RegExp(`^${flockMessages.changeLabel}`) });
    await user.clear(change);
    await user.type(change, '0');
    await user.click(screen.getByRole('button', { name: flockMessages.saveChange }));
    expect(await screen.findByText(flockMessages.changeZero)).toBeInTheDocument();

    await user.clear(change);
    await user.type(change, '5');
    // 'Mortality' is no longer offered for a raise: the reason is asked for again.
    await user.click(screen.getByRole('button', { name: flockMessages.saveChange }));
    expect(await screen.findByText(flockMessages.reasonRequired)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(await readOutbox()).toMatchObject([{ body: { change: -3 } }]);
  });
});
