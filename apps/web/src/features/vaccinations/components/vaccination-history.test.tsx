import { rescheduleMessages, staffMessages, vaccinationMessages, type Vaccination } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { signedInAs, userLoaded } from '../../../test/signed-in';
import { VaccinationHistory } from './vaccination-history';
import { makeVaccination } from '../../../test/fixtures';


const page = (items: Vaccination[]) => ({ body: { items, total: items.length, page: 1, pageSize: 10 } });

describe('VaccinationHistory', () => {
  it('shows the farm-time date, the flock when listing all, and one action per status', async () => {
    mockApi({
      ...signedInAs(),
      'GET /vaccinations': page([
        makeVaccination(),
        makeVaccination({ id: 32, vaccine_name: 'Mareks', status: 'Completed', due: 'done' }),
        makeVaccination({ id: 33, vaccine_name: 'Fowl Pox', status: 'Cancelled', due: 'done' }),
      ]),
    });
    renderWithProviders(<VaccinationHistory />);

    const gumboro = (await screen.findByText('Gumboro')).closest('tr') as HTMLElement;
    expect(within(gumboro).getByText('Layers A')).toBeInTheDocument();
    expect(within(gumboro).getByText('05 Mar 2026 13:05')).toBeInTheDocument();
    expect(within(gumboro).getByText('Overdue')).toBeInTheDocument();
    expect(await within(gumboro).findByRole('button', { name: 'Mark Completed' })).toBeInTheDocument();
    expect(within(gumboro).getByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();
    expect(within(gumboro).getByText(`${staffMessages.updatedBy} peter`)).toBeInTheDocument();
    const mareks = screen.getByText('Mareks').closest('tr') as HTMLElement;
    expect(within(mareks).getByRole('button', { name: 'Mark Pending' })).toBeInTheDocument();
    const fowlPox = screen.getByText('Fowl Pox').closest('tr') as HTMLElement;
    expect(within(fowlPox).queryByRole('button', { name: /^Mark/ })).not.toBeInTheDocument();
  });

  it('changes the status only after the confirmation', async () => {
    const requests = mockApi({
      ...signedInAs(),
      'GET /flocks/7/vaccinations': page([makeVaccination()]),
      'PUT /flocks/7/vaccinations/31': { body: makeVaccination({ status: 'Completed', due: 'done' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<VaccinationHistory flockId={7} />);

    await user.click(await screen.findByRole('button', { name: 'Mark Completed' }));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    // The dialog's code loads on first use.
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark Completed' })).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'Completed' }));
    // The dialog closes and the list is asked again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when a delete fails', async () => {
    mockApi({
      ...signedInAs(),
      'GET /flocks/7/vaccinations': page([makeVaccination()]),
      'DELETE /flocks/7/vaccinations/31': apiError(422, 'rule_broken', 'Something broke.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<VaccinationHistory flockId={7} />);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    // The dialog's code loads on first use: this test may be the first.
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete vaccination' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(vaccinationMessages.failedToDelete)).toBeInTheDocument();
  });

  it('shows an auditor every vaccination and who recorded it, with no way to change one', async () => {
    mockApi({
      ...signedInAs('auditor'),
      'GET /vaccinations': page([makeVaccination({ updated_by_name: null }), makeVaccination({ id: 32, vaccine_name: 'Mareks', status: 'Completed', due: 'done' })]),
    });
    const { queryClient } = renderWithProviders(<VaccinationHistory />);

    const gumboro = (await screen.findByText('Gumboro')).closest('tr') as HTMLElement;
    await userLoaded(queryClient);
    expect(within(gumboro).getByText(`${staffMessages.updatedBy} ${staffMessages.formerMember}`)).toBeInTheDocument();
    expect(screen.getByText('Mareks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark|^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});

describe('VaccinationHistory filters', () => {
  it('asks for the filter in the URL, overdue first, and names it when nothing matches', async () => {
    const requests = mockApi({ ...signedInAs(), 'GET /vaccinations': page([]) });
    renderWithProviders(<VaccinationHistory filter="overdue" hrefOf={(f) => `/vaccination?all=true&filter=${f}`} />, { route: '/vaccination?all=true&filter=overdue' });
    expect(await screen.findByText(vaccinationMessages.noneMatch)).toBeInTheDocument();
    const query = requests.find((r) => r.path === '/vaccinations')?.query;
    expect(query?.get('due')).toBe('overdue');
    expect(query?.get('sort')).toBe('due');
    const filters = screen.getByRole('group', { name: 'Show' });
    expect(within(filters).getByRole('link', { name: 'Overdue' })).toHaveAttribute('aria-current', 'true');
    expect(within(filters).getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/vaccination?all=true&filter=done');
  });

  it('asks for every vaccination, the overdue first, by default', async () => {
    const requests = mockApi({ ...signedInAs(), 'GET /vaccinations': page([makeVaccination()]) });
    renderWithProviders(<VaccinationHistory />);
    await screen.findByText('Gumboro');
    const query = requests.find((r) => r.path === '/vaccinations')?.query;
    expect(query?.get('sort')).toBe('due');
    expect(query?.has('due')).toBe(false);
    expect(query?.has('status')).toBe(false);
  });
});

describe('VaccinationHistory reschedule', () => {
  it('offers Reschedule on an overdue row only, in a dialog of its own', async () => {
    mockApi({
      ...signedInAs(),
      'GET /flocks/7/vaccinations': page([makeVaccination(), makeVaccination({ id: 32, vaccine_name: 'Mareks', due: 'upcoming', date: '2099-01-01T10:00:00.000Z' })]),
    });
    const user = userEvent.setup();
    renderWithProviders(<VaccinationHistory flockId={7} />);
    const gumboro = (await screen.findByText('Gumboro')).closest('tr') as HTMLElement;
    const mareks = screen.getByText('Mareks').closest('tr') as HTMLElement;
    expect(within(mareks).queryByRole('button', { name: vaccinationMessages.reschedule })).not.toBeInTheDocument();
    await user.click(await within(gumboro).findByRole('button', { name: vaccinationMessages.reschedule }));
    expect(await screen.findByRole('dialog', { name: rescheduleMessages.title })).toBeInTheDocument();
  });
});
