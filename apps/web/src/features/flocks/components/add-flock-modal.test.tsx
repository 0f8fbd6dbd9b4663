import { flockAddedMessage, flockMessages, type Flock } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock as makeFlockFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { flockKeys } from '../api';
import { AddFlockModal } from './add-flock-modal';

function makeFlock(overrides: Partial<Flock> = {}): Flock {
  return makeFlockFixture({ status: 'active', ...overrides });
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }), option);
}

// Typing into Mantine inputs is slow in jsdom.
describe('AddFlockModal', () => {
  it('shows a message on every empty field and sends nothing', async () => {
    const requests = mockApi({});
    renderWithProviders(<AddFlockModal opened onClose={() => {}} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Add Flock' }));

    for (const message of [
      flockMessages.nameRequired,
      flockMessages.breedRequired,
      flockMessages.ageRequired,
      flockMessages.initialCountRequired,
      flockMessages.birdCountRequired,
      flockMessages.statusRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(requests).toHaveLength(0);
  });

  it('refuses a negative age, an initial count of 0 and a negative current count', async () => {
    const requests = mockApi({});
    renderWithProviders(<AddFlockModal opened onClose={() => {}} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Age \(weeks\)/), '-1');
    await user.type(screen.getByLabelText(/Initial Bird Count/), '0');
    await user.type(screen.getByLabelText(/Current Bird Count/), '-5');
    await user.click(screen.getByRole('button', { name: 'Add Flock' }));

    expect(await screen.findByText(flockMessages.ageMin)).toBeInTheDocument();
    expect(screen.getByText(flockMessages.initialCountMin)).toBeInTheDocument();
    expect(screen.getByText(flockMessages.birdCountNegative)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('posts the flock, toasts and refreshes the flock queries', async () => {
    const onClose = vi.fn();
    let answer!: () => void;
    const requests = mockApi({
      'POST /flocks': () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 201, body: makeFlock({ name: 'Shamba A' }) });
        }),
    });
    const { queryClient } = renderWithProviders(<AddFlockModal opened onClose={onClose} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Flock Name/), 'Shamba A');
    await pick(user, 'Breed', 'Improved Free Range');
    await user.type(screen.getByLabelText(/Age \(weeks\)/), '20');
    await user.type(screen.getByLabelText(/Initial Bird Count/), '500');
    await user.type(screen.getByLabelText(/Current Bird Count/), '480');
    await pick(user, 'Status', 'Growing');
    await user.click(screen.getByRole('button', { name: 'Add Flock' }));

    const pending = await screen.findByRole('button', { name: 'Adding...' });
    expect(pending).toBeDisabled();
    answer();

    expect(await screen.findByText(flockAddedMessage('Shamba A'))).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/flocks' });
    expect(requests[0]?.body).toEqual({
      name: 'Shamba A',
      breed: 'Improved Free Range',
      age: 20,
      initial_bird_count: 500,
      bird_count: 480,
      status: 'growing',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: flockKeys.all });
    expect(onClose).toHaveBeenCalled();
  });

  it('toasts the productâs failure when the server refuses without fields', async () => {
    mockApi({ 'POST /flocks': apiError(500, 'internal', 'Something broke.') });
    renderWithProviders(<AddFlockModal opened onClose={() => {}} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Flock Name/), 'Shamba B');
    await pick(user, 'Breed', 'Layers');
    await user.type(screen.getByLabelText(/Age \(weeks\)/), '3');
    await user.type(screen.getByLabelText(/Initial Bird Count/), '100');
    await user.type(screen.getByLabelText(/Current Bird Count/), '100');
    await pick(user, 'Status', 'Chicks');
    await user.click(screen.getByRole('button', { name: 'Add Flock' }));

    expect(await screen.findByText(flockMessages.failedToAdd)).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText(/Flock Name/)).toHaveValue('Shamba B');
  });
});
