import { rescheduleMessages, toApiDateTime, type Vaccination } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs, signedInAs } from '../../../test/signed-in';
import { DueActions } from './due-actions';
import { suggestedDate } from './reschedule-modal';
import { makeVaccination } from '../../../test/fixtures';

const vaccination = (overrides: Partial<Vaccination> = {}) => makeVaccination({ updated_by_name: null, ...overrides });

describe('DueActions', () => {
  it('marks an overdue vaccination done in one tap', async () => {
    const requests = mockApi({ ...signedInAs(), 'PUT /flocks/7/vaccinations/31': { body: vaccination({ status: 'Completed', due: 'done' }) } });
    renderWithProviders(<DueActions vaccination={vaccination()} />, { queryClient: queryClientAs('worker') });
    await userEvent.setup().click(screen.getByRole('button', { name: rescheduleMessages.doneLabel('Gumboro', 'Layers A') }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'Completed' }));
    expect(await screen.findByText(rescheduleMessages.markedDone('Gumboro'))).toBeInTheDocument();
  });

  it('offers no Done for one later today: it can only be moved', () => {
    renderWithProviders(<DueActions vaccination={vaccination({ due: 'due_soon' })} />, { queryClient: queryClientAs('owner') });
    expect(screen.queryByRole('button', { name: rescheduleMessages.doneLabel('Gumboro', 'Layers A') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: rescheduleMessages.rescheduleFor('Gumboro', 'Layers A') })).toBeInTheDocument();
  });

  it('moves it to the date picked, still pending, and shows the server’s word on the date', async () => {
    const requests = mockApi({
      ...signedInAs(),
      'PUT /flocks/7/vaccinations/31': (request) =>
        (request.body as { date: string }).date.startsWith('2020')
          ? apiError(400, 'invalid', rescheduleMessages.past, { fields: { date: rescheduleMessages.past } })
          : { body: vaccination({ date: '2030-01-02T07:00:00.000Z', due: 'upcoming' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<DueActions vaccination={vaccination()} />, { queryClient: queryClientAs('owner') });
    await user.click(screen.getByRole('button', { name: rescheduleMessages.rescheduleFor('Gumboro', 'Layers A') }));
    const dialog = await screen.findByRole('dialog', { name: rescheduleMessages.title });
    const input = within(dialog).getByLabelText(rescheduleMessages.label);

    await user.clear(input);
    await user.type(input, '2020-01-02T10:00');
    await user.click(within(dialog).getByRole('button', { name: rescheduleMessages.reschedule }));
    expect(await within(dialog).findByText(rescheduleMessages.past)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '2030-01-02T10:00');
    await user.click(within(dialog).getByRole('button', { name: rescheduleMessages.reschedule }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = requests.filter((r) => r.method === 'PUT').at(-1);
    expect(put?.body).toEqual({ status: 'Pending', date: toApiDateTime(new Date('2030-01-02T10:00')) });
  });

  it('suggests tomorrow at the hour it was planned for', () => {
    const planned = new Date(2026, 2, 5, 7, 30);
    expect(suggestedDate(planned, new Date(2026, 2, 9, 15, 0))).toEqual(new Date(2026, 2, 10, 7, 30));
  });

  it('offers nothing to a role that cannot change vaccinations', () => {
    renderWithProviders(<DueActions vaccination={vaccination()} />, { queryClient: queryClientAs('auditor') });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
