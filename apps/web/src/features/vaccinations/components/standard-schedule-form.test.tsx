import { selectModeFor, vaccinationMessages, type Flock } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser, makeFlock as makeFlockFixture } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { StandardScheduleForm } from './standard-schedule-form';

function makeFlock(overrides: Partial<Flock> = {}): Flock {
  return makeFlockFixture({
    name: 'Layers A',
    age: 0,
    age_group: 'Chicks',
    initial_bird_count: 100,
    bird_count: 100,
    status: 'chicks',
    mortality_rate: 0,
    // 09:00 in Nairobi: the same calendar day in the farm's zone.
    created_at: '2026-01-01T06:00:00.000Z',
    ...overrides,
  });
}

function renderForm(props: { flock?: Flock; flocks?: Flock[] }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(<StandardScheduleForm flock={props.flock} flocks={props.flocks ?? []} />, { queryClient });
}

describe('StandardScheduleForm', () => {
  it('labels each vaccine by day of age and dates it from the flock creation date', () => {
    mockApi({});
    renderForm({ flock: makeFlock() });

    const expected: [string, string][] = [
      ['Day 1: Mareks', 'On 01 Jan 2026'],
      ['Day 6: Newcastle and Infectious Bronchitis', 'On 06 Jan 2026'],
      ['Week 2: Gumboro', 'On 14 Jan 2026'],
      ['Week 3: Gumboro', 'On 21 Jan 2026'],
      ['Week 4: Newcastle and Infectious Bronchitis', 'On 28 Jan 2026'],
      ['Month 2: Fowl Pox', 'On 11 Feb 2026'],
      ['Month 2: Fowl Typhoid', 'On 25 Feb 2026'],
      ['Month 5: Dewormer', 'On 06 May 2026'],
    ];
    for (const [label, date] of expected) {
      expect(screen.getByRole('checkbox', { name: label })).toHaveAccessibleDescription(date);
    }
    // The usual mode is preselected; the route's flock is fixed.
    expect(screen.getByRole('combobox', { name: 'Mode for Month 2: Fowl Pox' })).toHaveValue('Wing Stab');
    expect(screen.getByLabelText('Flock')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Switch Flock' })).not.toBeInTheDocument();
  });

  it('says to select a flock first, and Switch Flock clears the choice', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderForm({ flocks: [makeFlock(), makeFlock({ id: 8, name: 'Broilers B' })] });

    expect(screen.getByRole('checkbox', { name: 'Day 1: Mareks' })).toHaveAccessibleDescription('Choose a flock to see the date');
    await user.click(screen.getByRole('button', { name: 'Add to Schedule' }));
    expect(await screen.findByText(vaccinationMessages.selectFlockFirst)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Flock'), '8');
    await user.click(screen.getByRole('checkbox', { name: 'Day 1: Mareks' }));
    await user.click(screen.getByRole('button', { name: 'Switch Flock' }));
    expect(screen.getByLabelText('Flock')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Day 1: Mareks' })).not.toBeChecked();
  });

  it('needs a mode for each ticked vaccine, then sends the ticked ones by index', async () => {
    const requests = mockApi({
      'POST /flocks/7/vaccinations/standard-schedule': { status: 201, body: { created: 2, skipped: 0 } },
    });
    const user = userEvent.setup();
    renderForm({ flock: makeFlock() });

    await user.click(screen.getByRole('checkbox', { name: 'Day 1: Mareks' }));
    await user.click(screen.getByRole('checkbox', { name: 'Week 2: Gumboro' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode for Week 2: Gumboro' }), '');
    await user.click(screen.getByRole('button', { name: 'Add to Schedule' }));
    expect(await screen.findByText(selectModeFor('Gumboro'))).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode for Week 2: Gumboro' }), 'Drinking Water');
    await user.click(screen.getByRole('button', { name: 'Add to Schedule' }));

    expect(await screen.findByText(vaccinationMessages.scheduled)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      items: [
        { index: 0, mode: '1m' },
        { index: 2, mode: 'Drinking Water' },
      ],
    });
    expect(screen.getByRole('checkbox', { name: 'Day 1: Mareks' })).not.toBeChecked();
  });
});
