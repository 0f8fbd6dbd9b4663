import { outboxWords as w } from '@kuku/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../lib/current-user';
import { mockApi } from '../test/fetch-mock';
import { makeOutboxEntry, makeUser } from '../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import type { OutboxEntry } from './entry';
import { putEntry, readOutbox } from './outbox-db';
import { OutboxStatus, WaitingNote } from './outbox-status';
import type { WaitingEditForms, WaitingEditProps } from './waiting-edit';

const entry = makeOutboxEntry;

function renderStatus(answeredAt?: Date, editForms?: WaitingEditForms) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser(), { updatedAt: answeredAt?.getTime() });
  return renderWithProviders(<OutboxStatus farm={{ id: 1, time_zone: 'Africa/Nairobi' }} editForms={editForms} />, { queryClient });
}

/** A kind's form as the list opens it: what it was given, and its close. */
function FakeForm({ entry, onClose }: WaitingEditProps) {
  return (
    <div role="dialog" aria-label="The record's form">
      <p>{JSON.stringify(entry.body)}</p>
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  );
}

describe('OutboxStatus', () => {
  it('shows nothing online while nothing waits', async () => {
    renderStatus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts what waits and what was refused, and lists them with the server’s words', async () => {
    await putEntry(entry({ seq: 1 }));
    await putEntry(entry({ seq: 2, kind: 'sale', summary: 'Sale · 07 Dec 2026 · Trays', problem: { status: 422, message: 'Date cannot be in the future' } }));
    // Another farm's record on the same phone is not this farm's to see.
    await putEntry(entry({ seq: 3, farmId: 2, summary: 'Elsewhere' }));
    const user = userEvent.setup();
    renderStatus();

    await user.click(await screen.findByRole('button', { name: w.buttonLabel(1, 1) }));
    const dialog = screen.getByRole('dialog', { name: w.title });
    expect(within(dialog).getByText(w.waiting(1))).toBeInTheDocument();
    expect(within(dialog).getByText(w.neverSent)).toBeInTheDocument();
    expect(within(dialog).getByText('Egg production · 07 Dec 2026 · 300 eggs')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Date cannot be in the future');
    expect(within(dialog).queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('sends a refused record again on Retry, and discards one only on a second tap', async () => {
    await putEntry(entry({ seq: 1, kind: 'sale', path: '/sales', summary: 'Sale one', problem: { status: 422, message: 'Refused' } }));
    await putEntry(entry({ seq: 2, summary: 'Eggs two' }));
    // The eggs wait on the server's trouble; the sale goes once retried.
    const requests = mockApi({ 'POST /sales': { status: 201, body: { id: 5 } }, 'POST /egg-productions': { status: 503, body: { error: { code: 'unavailable', message: 'Busy' } } } });
    const user = userEvent.setup();
    // The status starts the sender, as the shell mounts it once the first screen is up.
    renderStatus();
    await user.click(await screen.findByRole('button', { name: w.buttonLabel(1, 1) }));
    const dialog = screen.getByRole('dialog', { name: w.title });

    await user.click(within(dialog).getByRole('button', { name: w.retry }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/sales')).toHaveLength(1));

    const eggs = within(dialog).getByText('Eggs two').closest('li') as HTMLElement;
    await user.click(within(eggs).getByRole('button', { name: w.discard }));
    await user.click(within(eggs).getByRole('button', { name: w.discardWaiting }));
    await waitFor(async () => expect((await readOutbox()).map((e) => e.summary)).not.toContain('Eggs two'));
  });

  it('a change made after another phone’s: shows both and sends mine against the version now on Kuku, or drops mine', async () => {
    const theirs = { id: 41, date_produced: '2026-12-07', eggs_collected: 280, updated_at: '2026-12-07T06:00:00.000Z' };
    const problem = { status: 409, message: 'Changed', current: theirs };
    const change = (summary: string, extra: Partial<OutboxEntry> = {}) =>
      entry({ method: 'PUT', path: '/egg-productions/41', version: '2026-12-07T05:00:00.000Z', summary, problem, ...extra });
    await putEntry(change('Change: mine', { seq: 1 }));
    await putEntry(change('Deletion: mine', { seq: 2, method: 'DELETE', path: '/egg-productions/42' }));
    const requests = mockApi({ 'PUT /egg-productions/41': { status: 200, body: theirs } });
    const user = userEvent.setup();
    renderStatus();
    await user.click(await screen.findByRole('button', { name: w.buttonLabel(0, 2) }));
    const dialog = screen.getByRole('dialog', { name: w.title });

    const changed = within(dialog).getByText(w.mine('Change: mine')).closest('li') as HTMLElement;
    expect(within(changed).getByText(w.theirs('Egg production · 07 Dec 2026 · 280 eggs'))).toBeInTheDocument();
    await user.click(within(changed).getByRole('button', { name: w.keepMine }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.headers.get('kuku-record-version')).toBe(theirs.updated_at);

    const deleted = within(dialog).getByText(w.mine('Deletion: mine')).closest('li') as HTMLElement;
    expect(within(deleted).getByRole('button', { name: w.deleteAnyway })).toBeInTheDocument();
    await user.click(within(deleted).getByRole('button', { name: w.keepIt }));
    await waitFor(async () => expect(await readOutbox()).toEqual([]));
    expect(requests).toHaveLength(1);
  });

  it('opens a new record in its own form on Edit, and the list again once the form closes', async () => {
    await putEntry(entry({ seq: 1, body: { flock_id: 7, eggs_collected: 300 } }));
    await putEntry(entry({ seq: 2, summary: 'Refused eggs', body: { flock_id: 7, eggs_collected: 9000 }, problem: { status: 422, message: 'Too many eggs.' } }));
    // A change of a record Kuku has, and a kind with no form: discarded and recorded again instead.
    await putEntry(entry({ seq: 3, method: 'PUT', path: '/egg-productions/41', version: '2026-12-07T05:00:00.000Z', summary: 'A change' }));
    await putEntry(entry({ seq: 4, kind: 'bird_count_change', path: '/flocks/7/bird-count-changes', summary: 'Deaths' }));
    const user = userEvent.setup();
    renderStatus(undefined, { egg_production: FakeForm });

    await user.click(await screen.findByRole('button', { name: w.buttonLabel(3, 1) }));
    const list = screen.getByRole('dialog', { name: w.title });
    expect(within(list).getAllByRole('button', { name: w.edit })).toHaveLength(2);
    // Which record each 'Edit' acts on is its description.
    expect(within(list).getAllByRole('button', { name: w.edit })[1]).toHaveAccessibleDescription('Refused eggs');

    await user.click(within(list).getAllByRole('button', { name: w.edit })[1]!);
    const form = await screen.findByRole('dialog', { name: "The record's form" });
    expect(form).toHaveTextContent('"eggs_collected":9000');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: w.title })).not.toBeInTheDocument());

    await user.click(within(form).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('dialog', { name: w.title })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: "The record's form" })).not.toBeInTheDocument();
  });

  it('says with no signal how old the figures are', async () => {
    onlineManager.setOnline(false);
    renderStatus(new Date('2026-12-07T11:05:00Z'));
    const button = await screen.findByRole('button', { name: /^No connection/ });
    expect(button).toHaveAccessibleName(/as of (\d\d Dec 2026 )?14:05/);
  });

  it('above the screen, says the figures do not count the records waiting, once a send has failed', async () => {
    // Being sent this moment: no note for it.
    await putEntry(entry({ seq: 1, attempts: 0 }));
    const queryClient = createTestQueryClient();
    renderWithProviders(<WaitingNote farm={{ id: 1, time_zone: 'Africa/Nairobi' }} />, { queryClient });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(w.notInFigures(1))).not.toBeInTheDocument();
    // The first failed: all wait behind it.
    await putEntry(entry({ seq: 0, attempts: 1 }));
    expect(await screen.findByText(w.notInFigures(2))).toBeInTheDocument();
  });
});
