import { eggMessages as m, type EggDay, type EggDayResult } from '@kuku/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { readOutbox } from '../../../outbox/outbox-db';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { EggDayForm } from './egg-day-form';

const day: EggDay = {
  date: '2026-11-29',
  previous_date: '2026-11-28',
  flocks: [
    { flock_id: 4, flock_name: 'batch 4', bird_count: 480, record: null, previous_eggs: 365 },
    { flock_id: 12, flock_name: 'batch 12', bird_count: 252, record: { id: 90, eggs_collected: 200 }, previous_eggs: null },
    { flock_id: 15, flock_name: 'batch 15', bird_count: 300, record: null, previous_eggs: 270 },
  ],
};

const trays = (flock: string) => screen.getByRole('textbox', { name: m.dayTraysFor(flock) });
const loose = (flock: string) => screen.getByRole('textbox', { name: m.dayLooseFor(flock) });
const row = (flock: string) => screen.getByText(flock, { selector: 'p' }).closest('li') as HTMLElement;

describe('EggDayForm', () => {
  it('shows each flock with the day before, starts from the record kept, and totals as the farmer types', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<EggDayForm day={day} isToday canWrite />);

    expect(within(row('batch 4')).getByText(/Yesterday: 12 trays \+ 5 eggs/)).toBeInTheDocument();
    expect(within(row('batch 12')).getByText(/Yesterday: not recorded/)).toBeInTheDocument();
    // The record kept: 200 eggs is 6 trays and 20 loose, marked recorded.
    expect(trays('batch 12')).toHaveValue('6');
    expect(loose('batch 12')).toHaveValue('20');
    expect(within(row('batch 12')).getByText(m.dayRecorded)).toBeInTheDocument();
    expect(screen.getByText(m.dayTotal('200', '6 trays + 20 eggs'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.dayNothingToSaveYet })).toBeDisabled();

    await user.type(trays('batch 4'), '12');
    // Enter goes on to the row's loose eggs, then to the next flock's trays.
    await user.keyboard('{Enter}5{Enter}9');
    expect(loose('batch 4')).toHaveValue('5');
    expect(trays('batch 12')).toHaveValue('69');
    expect(screen.getByText(m.dayTotal('2,455', '81 trays + 25 eggs'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.daySave(2) })).toBeEnabled();
  });

  it("refuses '2.5' trays on its row and blocks the save", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<EggDayForm day={day} isToday canWrite />);

    await user.type(trays('batch 4'), '2.5');
    expect(within(row('batch 4')).getByRole('alert')).toHaveTextContent(m.traysInvalid);
    expect(screen.getByText(m.dayFixRows)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.dayNothingToSaveYet })).toBeDisabled();
  });

  it('sends only the rows typed or changed, each with the record it stands against, and keeps the rows that failed', async () => {
    const answer: EggDayResult = {
      results: [
        { flock_id: 4, status: 'created', record: { id: 91, eggs_collected: 365 } },
        { flock_id: 12, status: 'failed', record: { id: 90, eggs_collected: 210 }, message: m.dayAlreadyRecorded('7 trays + 0 eggs') },
      ],
    };
    const requests = mockApi({ 'POST /egg-productions/day': { body: answer } });
    const user = userEvent.setup();
    renderWithProviders(<EggDayForm day={day} isToday canWrite />);

    await user.type(trays('batch 4'), '12');
    await user.type(loose('batch 4'), '5');
    await user.clear(trays('batch 12'));
    await user.type(trays('batch 12'), '8');
    await user.click(screen.getByRole('button', { name: m.daySave(2) }));

    expect(await screen.findByText(m.dayPartlySaved(1, 1))).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      date_produced: '2026-11-29',
      rows: [
        { flock_id: 4, eggs_collected: 365, record_id: null },
        { flock_id: 12, eggs_collected: 260, record_id: 90 },
      ],
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(within(row('batch 4')).getByText(m.dayRecorded)).toBeInTheDocument();
    // The refused row keeps what was typed and says why; a second save would replace the other record.
    expect(within(row('batch 12')).getByRole('alert')).toHaveTextContent(m.dayAlreadyRecorded('7 trays + 0 eggs'));
    expect(trays('batch 12')).toHaveValue('8');
    expect(screen.getByRole('button', { name: m.daySave(1) })).toBeEnabled();
  });

  it('with no signal keeps each row on the phone as its own record, and corrects it there when saved again', async () => {
    onlineManager.setOnline(false);
    const fetch = vi.fn((_input: RequestInfo | URL) => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, makeUser());
    const user = userEvent.setup();
    renderWithProviders(<EggDayForm day={day} isToday canWrite />, { queryClient });

    await user.type(trays('batch 4'), '12');
    await user.clear(trays('batch 12'));
    await user.type(trays('batch 12'), '7');
    await user.click(screen.getByRole('button', { name: m.daySave(2) }));

    expect(await screen.findByText(m.dayKeptOnPhone(2))).toBeInTheDocument();
    expect(within(row('batch 4')).getByText(m.dayOnPhone)).toBeInTheDocument();
    expect(within(row('batch 12')).getByText(m.dayOnPhone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.dayNothingToSaveYet })).toBeDisabled();
    // No day save was tried with no signal: each row is a record of its own on the phone.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/egg-productions/day'))).toBe(false);
    const kept = (await readOutbox()).sort((a, b) => a.seq - b.seq);
    expect(kept).toMatchObject([
      { method: 'POST', path: '/egg-productions', body: { flock_id: 4, date_produced: '2026-11-29', eggs_collected: 360, price_per_unit: 0 }, summary: 'Egg production · 29 Nov 2026 · batch 4, 360 eggs' },
      { method: 'PUT', path: '/egg-productions/90', body: { flock_id: 12, date_produced: '2026-11-29', eggs_collected: 230 } },
    ]);

    // Saved again before the signal is back: the same records on the phone, corrected.
    await user.clear(trays('batch 4'));
    await user.type(trays('batch 4'), '13');
    await user.click(screen.getByRole('button', { name: m.daySave(1) }));
    expect(await screen.findByText(m.dayKeptOnPhone(1))).toBeInTheDocument();
    const corrected = (await readOutbox()).sort((a, b) => a.seq - b.seq);
    expect(corrected).toHaveLength(2);
    expect(corrected[0]).toMatchObject({ id: kept[0]?.id, body: { eggs_collected: 390 } });
  });

  it('shows a role that may not record the day read-only, without a save', () => {
    mockApi({});
    renderWithProviders(<EggDayForm day={day} isToday={false} canWrite={false} />);
    expect(trays('batch 4')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('batch 4')).getByText(/Day before: 12 trays \+ 5 eggs/)).toBeInTheDocument();
  });
});
