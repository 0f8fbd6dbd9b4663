import { dayIn, eggMessages, offlineWords, RECORD_VERSION_HEADER, recordVersionMessages, type EggProduction, type EggProductionBody } from '@kuku/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeOutboxEntry, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { putEntry, readOutbox } from '../../../outbox/outbox-db';
import type { Waiting } from '../../../outbox/waiting-edit';
import { ProductionModal } from './production-modal';

const today = () => dayIn(new Date(), 'Africa/Nairobi');
/** 'YYYY-MM-DD' `days` from the farm's today. */
function dayFrom(days: number): string {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function makeProduction(overrides: Partial<EggProduction> = {}): EggProduction {
  return {
    id: 41,
    flock_id: 7,
    flockId: 7,
    flock_name: 'Shamba A',
    date_produced: dayFrom(-1),
    eggs_collected: 365,
    eggsCollected: 365,
    trays: 12,
    remainder_eggs: 5,
    price_per_unit: 12.5,
    price_per_unit_cents: 1250,
    total_revenue: 4562.5,
    total_revenue_cents: 456250,
    user_id: 1,
    created_at: '2026-03-01T06:00:00.000Z',
    updated_at: '2026-03-01T06:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

interface Props {
  record?: EggProduction;
  onClose?: () => void;
  onEditExisting?: (record: EggProduction, typedEggs?: number) => void;
  typedEggs?: number;
  waiting?: Waiting<EggProductionBody>;
}

function renderModal(props: Props = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <ProductionModal
      opened
      onClose={props.onClose ?? (() => {})}
      flocks={[makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })]}
      record={props.record}
      onEditExisting={props.onEditExisting ?? (() => {})}
      typedEggs={props.typedEggs}
      waiting={props.waiting}
    />,
    { queryClient },
  );
}

const trays = () => screen.getByRole('textbox', { name: /^Trays/ });
const remainder = () => screen.getByRole('textbox', { name: /^Remainder eggs/ });
const setDate = (value: string) => fireEvent.change(screen.getByLabelText(/^Date/), { target: { value } });

describe('ProductionModal', () => {
  it('shows the total as trays and eggs, and silently blocks a future date or a remainder of 30', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal();

    const submit = screen.getByRole('button', { name: 'Add Production' });
    expect(screen.getByLabelText(/^Date/)).toHaveValue(today());
    expect(screen.getByLabelText(/^Date/)).toHaveAttribute('max', today());
    expect(trays()).toHaveAttribute('inputmode', 'numeric');
    expect(remainder()).toHaveAttribute('inputmode', 'numeric');
    // No flock chosen yet (two on the farm): nothing may go.
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Flock/), '7');

    await user.type(trays(), '12');
    await user.clear(remainder());
    await user.type(remainder(), '5');
    expect(screen.getByText('= 365 eggs (12 trays + 5 eggs)')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.clear(remainder());
    await user.type(remainder(), '30');
    expect(screen.getByText(eggMessages.remainderInvalid)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(remainder());
    await user.type(remainder(), '5');

    setDate(dayFrom(1));
    expect(screen.getByText(eggMessages.dateInFuture)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    expect(requests).toHaveLength(0);
  });

  it("refuses '2.5' trays with a message rather than reading 25, and warns of more eggs than birds", async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal();
    const submit = screen.getByRole('button', { name: 'Add Production' });
    await user.selectOptions(screen.getByLabelText(/^Flock/), '7');

    await user.type(trays(), '2.5');
    expect(trays()).toHaveValue('2.5');
    expect(screen.getByText(eggMessages.traysInvalid)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    // A grouped number is a number; 5,000 trays for 480 hens is kept, with a warning.
    await user.clear(trays());
    await user.type(trays(), '5,000');
    expect(screen.getByText('= 150,000 eggs (5,000 trays + 0 eggs)')).toBeInTheDocument();
    expect(screen.getByText(eggMessages.moreEggsThanBirds('480'))).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.clear(trays());
    await user.type(trays(), '16');
    expect(screen.queryByText(eggMessages.moreEggsThanBirds('480'))).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the eggs with the farm day and price 0, says so and closes', async () => {
    const requests = mockApi({ 'POST /egg-productions': { status: 201, body: makeProduction({ id: 50 }) } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ onClose });

    await user.selectOptions(screen.getByLabelText(/^Flock/), '8');
    await user.type(trays(), '3');
    await user.click(screen.getByRole('button', { name: 'Add Production' }));

    expect(await screen.findByText(eggMessages.productionAdded)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ flock_id: 8, date_produced: today(), eggs_collected: 90, price_per_unit: 0 });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the eggs on the phone with no signal, says so and closes', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ onClose });

    await user.selectOptions(screen.getByLabelText(/^Flock/), '7');
    await user.type(trays(), '2');
    await user.click(screen.getByRole('button', { name: 'Add Production' }));

    expect(await screen.findByText(offlineWords.savedOnPhone)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [kept] = await readOutbox();
    expect(kept).toMatchObject({ kind: 'egg_production', path: '/egg-productions', body: { flock_id: 7, date_produced: today(), eggs_collected: 60 } });
    expect(kept?.summary).toMatch(/^Egg production · \d\d \w{3} \d{4} · 60 eggs$/);
  });

  it('opens a record on the phone with what was saved, and keeps the correction there under the same id', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const id = '5b0f4c8e-8d0e-4a57-9d43-6e0d5d1f2a10';
    const body = { flock_id: 8, date_produced: dayFrom(-1), eggs_collected: 95, price_per_unit: 0 };
    await putEntry(makeOutboxEntry({ id, body, capturedAt: '2026-12-06T05:00:00.000Z', attempts: 1 }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ onClose, waiting: { id, body } });

    expect(screen.getByRole('heading', { name: 'Edit Egg Production' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Flock/)).toHaveValue('8');
    expect(screen.getByLabelText(/^Date/)).toHaveValue(dayFrom(-1));
    expect(trays()).toHaveValue('3');
    expect(remainder()).toHaveValue('5');
    await user.clear(trays());
    await user.type(trays(), '4');
    await user.click(screen.getByRole('button', { name: 'Update Production' }));

    expect(await screen.findByText(offlineWords.savedOnPhone)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(await readOutbox()).toMatchObject([{ id, capturedAt: '2026-12-06T05:00:00.000Z', body: { ...body, eggs_collected: 125 } }]);
  });

  it('offers to open the record already kept for the flock and day', async () => {
    const existing = makeProduction({ id: 41, flock_id: 7, date_produced: today() });
    const requests = mockApi({
      'POST /egg-productions': apiError(409, 'conflict', eggMessages.duplicateDay, {
        fields: { date_produced: eggMessages.duplicateDay },
        meta: { id: '41' },
      }),
      'GET /egg-productions': { body: { items: [existing], total: 1, page: 1, pageSize: 10 } },
    });
    const onEditExisting = vi.fn();
    const user = userEvent.setup();
    renderModal({ onEditExisting });

    await user.selectOptions(screen.getByLabelText(/^Flock/), '7');
    await user.type(trays(), '10');
    await user.click(screen.getByRole('button', { name: 'Add Production' }));

    expect(await screen.findByText(eggMessages.duplicateDay)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit existing record' }));
    // The 300 eggs just typed go with it.
    await waitFor(() => expect(onEditExisting).toHaveBeenCalledWith(existing, 300));
    const lookup = requests.find((r) => r.method === 'GET');
    expect(lookup?.query.get('flock_id')).toBe('7');
    expect(lookup?.query.get('q')).toBe(today());
  });

  it('opens the day’s record with the eggs just typed, and says what it still holds', () => {
    const existing = makeProduction({ id: 41, flock_id: 7, date_produced: today(), eggs_collected: 250 });
    mockApi({});
    renderModal({ record: existing, typedEggs: 305 });
    expect(trays()).toHaveValue('10');
    expect(remainder()).toHaveValue('5');
    expect(screen.getByText(eggMessages.typedCarried('250'))).toBeInTheDocument();
  });

  it('edits the day and count with the flock and revenue read-only', async () => {
    const record = makeProduction();
    const requests = mockApi({ 'PUT /egg-productions/41': { body: makeProduction({ eggs_collected: 400 }) } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ record, onClose });

    expect(screen.getByRole('dialog', { name: 'Edit Egg Production' })).toBeInTheDocument();
    expect(screen.getByLabelText('Flock')).toHaveValue('Shamba A');
    expect(screen.getByLabelText('Flock')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Total Revenue')).toHaveAttribute('readonly');
    expect((screen.getByLabelText('Total Revenue') as HTMLInputElement).value).toMatch(/4,562\.50/);
    expect(trays()).toHaveValue('12');
    expect(remainder()).toHaveValue('5');

    await user.clear(remainder());
    await user.type(remainder(), '10');
    await user.click(screen.getByRole('button', { name: 'Update Production' }));

    expect(await screen.findByText(eggMessages.productionUpdated)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ flock_id: 7, date_produced: record.date_produced, eggs_collected: 370 });
    // Changed only if it is still the record the farmer opened (decision 067).
    expect(requests[0]?.headers.get(RECORD_VERSION_HEADER)).toBe(record.updated_at);
    expect(onClose).toHaveBeenCalled();
  });

  it('changed on another phone since: closes, and the records on the phone ask which to keep', async () => {
    const record = makeProduction();
    const theirs = makeProduction({ eggs_collected: 300, updated_at: '2026-12-07T09:00:00.000Z' });
    mockApi({ 'PUT /egg-productions/41': apiError(409, 'conflict', recordVersionMessages.changedMeanwhile, { current: theirs }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ record, onClose });

    await user.click(screen.getByRole('button', { name: 'Update Production' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText(eggMessages.failedToUpdateProduction)).not.toBeInTheDocument();
    expect((await readOutbox())[0]?.problem).toMatchObject({ status: 409, current: theirs });
  });

  it('a server in trouble (5xx) keeps the change on the phone, to be sent again, where it used to fail the form', async () => {
    const record = makeProduction();
    mockApi({ 'PUT /egg-productions/41': apiError(500, 'internal', 'Something went wrong.') });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ record, onClose });

    await user.click(screen.getByRole('button', { name: 'Update Production' }));
    expect(await screen.findByText(offlineWords.savedOnPhone)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText(eggMessages.failedToUpdateProduction)).not.toBeInTheDocument();
    expect((await readOutbox())[0]).toMatchObject({ method: 'PUT', path: '/egg-productions/41', version: record.updated_at, problem: null });
  });

  it('says the update failed in the productâs words', async () => {
    mockApi({ 'PUT /egg-productions/41': apiError(422, 'rule_broken', 'Something went wrong.') });
    const user = userEvent.setup();
    renderModal({ record: makeProduction() });

    await user.click(screen.getByRole('button', { name: 'Update Production' }));
    expect(await screen.findByText(eggMessages.failedToUpdateProduction)).toBeInTheDocument();
  });
});
