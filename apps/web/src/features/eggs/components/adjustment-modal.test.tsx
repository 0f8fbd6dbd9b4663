import { dayIn, eggMessages, type EggAdjustment } from '@kuku/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { AdjustmentModal } from './adjustment-modal';

const today = () => dayIn(new Date(), 'Africa/Nairobi');
function dayFrom(days: number): string {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function makeAdjustment(overrides: Partial<EggAdjustment> = {}): EggAdjustment {
  return {
    id: 5,
    flock_id: 7,
    flock_name: 'Shamba A',
    adjustment_type: 'breakage',
    eggs_adjusted: 60,
    unit: 'crates',
    number: 2,
    date_adjusted: dayFrom(-2),
    notes: 'Dropped a box',
    user_id: 1,
    created_at: '2026-03-01T06:00:00.000Z',
    updated_at: '2026-03-01T06:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

function renderModal(props: { adjustment?: EggAdjustment; onClose?: () => void } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <AdjustmentModal
      opened
      onClose={props.onClose ?? (() => {})}
      flocks={[makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })]}
      adjustment={props.adjustment}
    />,
    { queryClient },
  );
}

const number = () => screen.getByRole('textbox', { name: /^Number/ });

describe('AdjustmentModal', () => {
  it('asks for every required field in the productâs words and sends nothing', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal();

    await user.click(screen.getByRole('button', { name: 'Add Adjustment' }));
    expect(await screen.findByText(eggMessages.fillAllRequired)).toBeInTheDocument();

    // A number of 0 is no number (docs/product.md §5: above 0).
    await user.selectOptions(screen.getByLabelText(/^Flock/), '7');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'giveaway');
    await user.type(number(), '0');
    await user.click(screen.getByRole('button', { name: 'Add Adjustment' }));
    expect(await screen.findByText(eggMessages.fillAllRequired)).toBeInTheDocument();

    // A future day is refused on the field.
    await user.clear(number());
    await user.type(number(), '4');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: dayFrom(1) } });
    expect(screen.getByText(eggMessages.dateInFuture)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Adjustment' }));
    expect(requests).toHaveLength(0);
  });

  it('counts crates as 30 eggs, sends the number in its unit and says so', async () => {
    const requests = mockApi({ 'POST /egg-adjustments': { status: 201, body: makeAdjustment() } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ onClose });

    expect(number()).toHaveAttribute('inputmode', 'numeric');
    await user.selectOptions(screen.getByLabelText(/^Flock/), '8');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'breakage');
    await user.type(number(), '2');
    expect(screen.getByText('= 2 eggs (0 trays + 2 eggs)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Crates' }));
    expect(screen.getByText('= 60 eggs (2 trays + 0 eggs)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Notes/), ' cracked in transport ');
    await user.click(screen.getByRole('button', { name: 'Add Adjustment' }));

    expect(await screen.findByText(eggMessages.adjustmentAdded)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      flock_id: 8,
      adjustment_type: 'breakage',
      eggs_adjusted: 2,
      unit: 'crates',
      date_adjusted: today(),
      notes: 'cracked in transport',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('edits with the flock read-only and a number of at least 1', async () => {
    const requests = mockApi({ 'PUT /egg-adjustments/5': { body: makeAdjustment({ number: 3, eggs_adjusted: 90 }) } });
    const user = userEvent.setup();
    renderModal({ adjustment: makeAdjustment() });

    expect(screen.getByRole('dialog', { name: 'Edit Egg Adjustment' })).toBeInTheDocument();
    expect(screen.getByLabelText('Flock')).toHaveValue('Shamba A');
    expect(screen.getByLabelText('Flock')).toHaveAttribute('readonly');
    expect(number()).toHaveValue('2');
    expect(screen.getByRole('radio', { name: 'Crates' })).toBeChecked();

    await user.clear(number());
    await user.type(number(), '0');
    await user.click(screen.getByRole('button', { name: 'Update Adjustment' }));
    expect(await screen.findByText(eggMessages.numberMin)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.clear(number());
    await user.type(number(), '3');
    await user.click(screen.getByRole('button', { name: 'Update Adjustment' }));
    expect(await screen.findByText(eggMessages.adjustmentUpdated)).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({ flock_id: 7, eggs_adjusted: 3, unit: 'crates', adjustment_type: 'breakage' });
  });

  it('puts the server message on its field, or says the add failed', async () => {
    mockApi({
      'POST /egg-adjustments': apiError(400, 'validation', eggMessages.dateInFuture, {
        fields: { date_adjusted: eggMessages.dateInFuture },
      }),
    });
    const user = userEvent.setup();
    renderModal();

    await user.selectOptions(screen.getByLabelText(/^Flock/), '7');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'consumption');
    await user.type(number(), '6');
    await user.click(screen.getByRole('button', { name: 'Add Adjustment' }));
    expect(await screen.findByText(eggMessages.dateInFuture)).toBeInTheDocument();

    mockApi({ 'POST /egg-adjustments': apiError(403, 'forbidden', eggMessages.failedToAddAdjustment) });
    await user.click(screen.getByRole('button', { name: 'Add Adjustment' }));
    expect(await screen.findByText(eggMessages.failedToAddAdjustment)).toBeInTheDocument();
  });
});
