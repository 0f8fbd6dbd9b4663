import { offlineWords } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../lib/current-user';
import { makeOutboxEntry, makeUser } from '../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import type { OutboxEntry } from './entry';
import { putEntry } from './outbox-db';
import { OutboxStatus } from './outbox-status';
import { WaitingMark } from './waiting-changes';

/** A change of a sale waiting on the phone. */
const entry = (overrides: Partial<OutboxEntry>) =>
  makeOutboxEntry({ kind: 'sale', method: 'PUT', path: '/sales/5', body: { status: 'paid' }, version: '2026-12-07T05:00:00.000Z', summary: 'Change: Sale', attempts: 1, ...overrides });

describe('WaitingMark', () => {
  it('marks the rows whose change or deletion waits on the phone, and no other row', async () => {
    await putEntry(entry({ path: '/sales/5' }));
    await putEntry(entry({ path: '/sales/6', method: 'DELETE', body: null }));
    // A new record has no row yet; another farm's change is not this farm's.
    await putEntry(entry({ path: '/sales', method: 'POST', version: null }));
    await putEntry(entry({ path: '/sales/7', farmId: 2 }));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, makeUser());
    renderWithProviders(
      <>
        {/* The header's list reads the queue; the rows only listen. */}
        <OutboxStatus farm={{ id: 1, time_zone: 'Africa/Nairobi' }} />
        <ul>
          {[5, 6, 7, 8].map((id) => (
            <li key={id} aria-label={`Sale ${id}`}>
              <WaitingMark path={`/sales/${id}`} />
            </li>
          ))}
        </ul>
      </>,
      { queryClient },
    );

    expect(await screen.findByText(offlineWords.changeOnPhone)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Sale 5' })).toHaveTextContent(offlineWords.changeOnPhone);
    expect(screen.getByRole('listitem', { name: 'Sale 6' })).toHaveTextContent(offlineWords.deletionOnPhone);
    expect(screen.getByRole('listitem', { name: 'Sale 7' })).toBeEmptyDOMElement();
    expect(screen.getByRole('listitem', { name: 'Sale 8' })).toBeEmptyDOMElement();
  });
});
