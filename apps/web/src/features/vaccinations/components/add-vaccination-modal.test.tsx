import { failedToAddVaccine, vaccinationMessages, type Flock } from '@kuku/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser, makeFlock as makeFlockFixture } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { AddVaccinationModal } from './add-vaccination-modal';

function makeFlock(overrides: Partial<Flock> = {}): Flock {
  return makeFlockFixture({
    name: 'Layers A',
    age: 3,
    age_group: 'Chicks',
    initial_bird_count: 100,
    bird_count: 100,
    status: 'chicks',
    mortality_rate: 0,
    created_at: '2026-01-01T06:00:00.000Z',
    ...overrides,
  });
}

/** 'yyyy-MM-ddTHH:mm' in local time, `days` from now. */
function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function renderModal(props: { flock?: Flock; flocks?: Flock[]; onClose?: () => void } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <AddVaccinationModal opened onClose={props.onClose ?? (() => {})} flock={props.flock} flocks={props.flocks ?? []} />,
    { queryClient },
  );
}

const setDate = (value: string) => fireEvent.change(screen.getByLabelText(/Vaccination Date/), { target: { value } });

describe('AddVaccinationModal', () => {
  it('asks for a flock first, then for the mode (docs/product.md §5 order), and sends nothing', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal({ flocks: [makeFlock(), makeFlock({ id: 8, name: '' })] });

    // No flock: the selector lists the flocks, an unnamed one as 'Unnamed Flock', and submit waits.
    const flockSelect = screen.getByLabelText(/^Flock/);
    expect(screen.getByRole('option', { name: '-- Select a flock --' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Unnamed Flock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Vaccination' })).toBeDisabled();
    fireEvent.blur(flockSelect);
    expect(await screen.findByText(vaccinationMessages.selectFlock)).toBeInTheDocument();

    await user.selectOptions(flockSelect, '7');
    await user.type(screen.getByLabelText(/Vaccine Name/), 'Newcastle');
    setDate(localDateTime(-1));
    await user.click(screen.getByRole('button', { name: 'Add Vaccination' }));

    expect(await screen.findByText(vaccinationMessages.selectMode)).toBeInTheDocument();
    expect(screen.queryByText(vaccinationMessages.selectFlock)).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('disables Completed for a future date and says why when it was chosen', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderModal({ flock: makeFlock() });
    const completed = screen.getByRole('option', { name: 'Completed' });

    setDate(localDateTime(-2));
    expect(completed).toBeEnabled();
    await user.selectOptions(screen.getByLabelText(/^Status/), 'Completed');
    expect(screen.queryByText(vaccinationMessages.futureCompletedNotice)).not.toBeInTheDocument();

    setDate(localDateTime(3));
    expect(completed).toBeDisabled();
    expect(screen.getByText(vaccinationMessages.futureCompletedNotice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Vaccination' })).toBeDisabled();
  });

  it('sends the date in UTC, then closes, clears and says so', async () => {
    const requests = mockApi({ 'POST /flocks/7/vaccinations': { status: 201, body: {} } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ flock: makeFlock(), onClose });

    await user.type(screen.getByLabelText(/Vaccine Name/), 'Gumboro');
    const local = localDateTime(5);
    setDate(local);
    await user.selectOptions(screen.getByLabelText(/Mode of Vaccination/), 'Oral');
    await user.click(screen.getByRole('button', { name: 'Add Vaccination' }));

    expect(await screen.findByText(vaccinationMessages.scheduled)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      vaccine_name: 'Gumboro',
      date: new Date(local).toISOString().slice(0, 19).replace('T', ' '),
      status: 'Pending',
      mode_of_administration: 'Oral',
      user_id: 1,
      flock_id: 7,
    });
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByLabelText(/Vaccine Name/)).toHaveValue('');
  });

  it('puts the server message on Status and names the vaccine in the toast', async () => {
    mockApi({
      'POST /flocks/7/vaccinations': apiError(400, 'validation', vaccinationMessages.futureMustBePending, {
        fields: { status: vaccinationMessages.futureMustBePending },
      }),
    });
    const user = userEvent.setup();
    renderModal({ flock: makeFlock() });

    await user.type(screen.getByLabelText(/Vaccine Name/), 'Fowl Pox');
    setDate(localDateTime(-1));
    await user.selectOptions(screen.getByLabelText(/Mode of Vaccination/), 'Wing web');
    await user.click(screen.getByRole('button', { name: 'Add Vaccination' }));

    expect(await screen.findByText(failedToAddVaccine('Fowl Pox'))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Status/)).toHaveAccessibleDescription(vaccinationMessages.futureMustBePending),
    );
  });
});
