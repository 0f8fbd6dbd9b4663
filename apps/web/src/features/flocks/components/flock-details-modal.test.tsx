import { economicsWords, feedWords, flockBinMessages, flockMessages, staffMessages, vaccinationMessages, type Flock, type FlockHistory, type Role, type Vaccination } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeFeedRecord, makeFlock, makeFlockEconomics } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInAs, userLoaded } from '../../../test/signed-in';
import { FlockDetailsModal } from './flock-details-modal';

const history: FlockHistory = {
  flock_id: 7,
  weeks: [
    { week_start: '2026-11-09', bird_count: 500, deaths: 0, mortality_rate: 0, vaccinations_due: 2, vaccinations_done: 2 },
    { week_start: '2026-11-16', bird_count: 490, deaths: 10, mortality_rate: 2, vaccinations_due: 1, vaccinations_done: 0 },
  ],
};

function makeVaccination(overrides: Partial<Vaccination> = {}): Vaccination {
  return {
    id: 1,
    flock_id: 7,
    flock_name: 'Shamba A',
    user_id: 1,
    vaccine_name: 'Gumboro',
    date: '2026-12-05T09:00:00.000Z',
    status: 'Pending',
    mode_of_administration: 'Oral',
    due: 'overdue',
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    created_by_name: 'jane',
    updated_by_name: 'jane',
    ...overrides,
  };
}

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

function renderDetails(flock: Flock, vaccinations: Vaccination[] = [], onClose: () => void = () => {}, role: Role = 'owner') {
  const requests = mockApi({
    ...signedInAs(role),
    [`GET /flocks/${flock.id}`]: { body: flock },
    [`GET /flocks/${flock.id}/vaccinations`]: { body: page(vaccinations) },
    [`GET /flocks/${flock.id}/history`]: { body: history },
    [`GET /flocks/${flock.id}/feed`]: { body: page([makeFeedRecord()]) },
    [`GET /flocks/${flock.id}/economics`]: { body: makeFlockEconomics() },
    [`PUT /flocks/${flock.id}`]: (request) => ({
      body: { ...flock, ...(request.body as object) },
    }),
    [`DELETE /flocks/${flock.id}`]: { body: { result: 'archived' } },
    [`POST /flocks/${flock.id}/bird-count-changes`]: (request) => {
      const { change } = request.body as { change: number };
      const after = flock.bird_count + change;
      return { status: 201, body: { change: { id: 1, flock_id: flock.id, reason: 'mortality', change, count_after: after, note: null, created_at: '' }, flock: { ...flock, bird_count: after } } };
    },
  });
  const { queryClient } = renderWithProviders(<FlockDetailsModal flockId={flock.id} onClose={onClose} />);
  return Object.assign(requests, { queryClient });
}

// Typing into Mantine inputs is slow in jsdom, more so on a busy machine.
describe('FlockDetailsModal', () => {
  it('shows the flock with its Schedule link and vaccination list', async () => {
    renderDetails(makeFlock(), [makeVaccination()]);

    expect(screen.getByText('Loading flock details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Managing Flock: Shamba A' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Managing Flock: Shamba A' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/vaccination/7');
    expect(await screen.findByRole('link', { name: 'Generate' })).toHaveAttribute('href', '/reports');
    expect(screen.getByText('Monitoring...')).toBeInTheDocument();
    expect(await screen.findByText('Gumboro')).toBeInTheDocument();
    expect(screen.getByText(/05 Dec 2026/)).toBeInTheDocument();
    // The flock's feed, loaded as the overlay opens (decision 070).
    expect(await screen.findByRole('heading', { name: feedWords.sectionTitle })).toBeInTheDocument();
    expect(await screen.findByText('2 Bags · Layers mash')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: feedWords.recordFeed })).toBeInTheDocument();
    // Its feed and cost figures, the same way (decision 071).
    expect(await screen.findByRole('heading', { name: economicsWords.title })).toBeInTheDocument();
    expect(await screen.findByText('82.5%')).toBeInTheDocument();
  });

  it('says who added the flock and who last changed it, a removed account as a former member', async () => {
    renderDetails(makeFlock({ created_by_name: 'jane', updated_by_name: null }));

    expect(await screen.findByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();
    expect(screen.getByText(`${staffMessages.updatedBy} ${staffMessages.formerMember}`)).toBeInTheDocument();
  });

  it('shows an auditor the flock with no way to change it', async () => {
    const { queryClient } = renderDetails(makeFlock(), [], () => {}, 'auditor');

    expect(await screen.findByRole('heading', { name: 'Managing Flock: Shamba A' })).toBeInTheDocument();
    await userLoaded(queryClient);
    expect(await screen.findByText(`${staffMessages.createdBy} jane`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Flock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Bird Count' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New Bird Count')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Flock Status')).not.toBeInTheDocument();
  });

  it('lets a worker change the bird count only', async () => {
    renderDetails(makeFlock(), [], () => {}, 'worker');

    expect(await screen.findByRole('button', { name: 'Update Bird Count' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Flock' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Flock Status')).not.toBeInTheDocument();
  });

  it('hides Schedule when the flock is archived', async () => {
    renderDetails(makeFlock({ status: 'archived' }));

    expect(await screen.findByRole('heading', { name: 'Managing Flock: Shamba A' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Generate' })).toBeInTheDocument();
    expect(await screen.findByText(vaccinationMessages.noneScheduled)).toBeInTheDocument();
  });

  it('refuses a negative bird count without calling the server', async () => {
    const requests = renderDetails(makeFlock());
    const user = userEvent.setup();

    const count = await screen.findByLabelText('New Bird Count');
    await user.clear(count);
    await user.type(count, '-3');
    await user.click(screen.getByRole('button', { name: 'Update Bird Count' }));

    expect(await screen.findByText(flockMessages.birdCountNegative)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('sends the new count with its reason and toasts it', async () => {
    const requests = renderDetails(makeFlock());
    const user = userEvent.setup();

    const count = await screen.findByLabelText('New Bird Count');
    await user.clear(count);
    await user.type(count, '470');
    await user.click(screen.getByRole('button', { name: 'Update Bird Count' }));
    // No reason is assumed.
    expect(await screen.findByText(flockMessages.reasonRequired)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Reason'), 'Mortality (deaths)');
    await user.click(screen.getByRole('button', { name: 'Update Bird Count' }));

    expect(await screen.findByText('Bird count updated to 470.')).toBeInTheDocument();
    // The change from the count shown (480), so another phone's change meanwhile is kept.
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ change: -10, reason: 'mortality' });
  });

  it('offers for a higher count only the reasons that raise it, and says when it passes the initial count', async () => {
    renderDetails(makeFlock());
    const user = userEvent.setup();

    const count = await screen.findByLabelText('New Bird Count');
    const reason = screen.getByLabelText<HTMLSelectElement>('Reason');
    await user.clear(count);
    await user.type(count, '470');
    await user.selectOptions(reason, 'Sold');
    await user.clear(count);
    await user.type(count, '9999');

    const offered = [...reason.options].filter((o) => !o.disabled).map((o) => o.text);
    expect(offered).toEqual(['Birds added', 'Count correction']);
    // 'Sold' no longer fits: it is not left chosen unseen.
    expect(reason.value).toBe('');
    expect(screen.getByText(flockMessages.aboveInitial('500'))).toBeInTheDocument();
  });

  it('archives by default from the delete confirmation and closes the overlay', async () => {
    const onClose = vi.fn();
    const requests = renderDetails(makeFlock(), [], onClose);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Flock' }));
    expect(await screen.findByRole('button', { name: 'Delete everything' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archive flock' }));

    expect(await screen.findByText(/has been archived/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/flocks/7');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("deletes everything only once the owner types the flock's name, then offers Undo", async () => {
    const onClose = vi.fn();
    const flock = makeFlock();
    const requests = renderDetails(flock, [], onClose);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Flock' }));
    const erase = await screen.findByRole('button', { name: flockBinMessages.deleteEverything });
    expect(erase).toBeDisabled();
    const input = screen.getByLabelText(flockBinMessages.typeName(flock.name));
    await user.type(input, 'Shamba');
    expect(erase).toBeDisabled();
    await user.clear(input);
    await user.type(input, ` ${flock.name.toUpperCase()} `);
    expect(erase).toBeEnabled();
    await user.click(erase);

    expect(await screen.findByText(flockBinMessages.deletedWithUndo(flock.name))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: flockBinMessages.undo })).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'DELETE');
    expect(sent?.path).toBe('/flocks/7');
    expect(sent?.query.get('everything')).toBe('true');
    expect(sent?.query.get('confirm_name')).toBe(` ${flock.name.toUpperCase()} `);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers a manager archiving only: no delete of everything', async () => {
    renderDetails(makeFlock(), [], () => {}, 'manager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Flock' }));
    expect(await screen.findByRole('button', { name: 'Archive flock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: flockBinMessages.deleteEverything })).toBeNull();
    expect(screen.queryByLabelText(/Type the flock's name/)).toBeNull();
  });

  it('draws the four history charts, each named and with its numbers as a table', async () => {
    renderDetails(makeFlock());

    // Drawn one a task (ui/charts/chart.tsx): all four once the last has its turn.
    await waitFor(() => expect(screen.getAllByRole('img', { name: /:/ })).toHaveLength(4));
    const charts = screen.getAllByRole('img', { name: /:/ });
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Bird Count Over Time: 490 birds at the end of 2 weeks.',
      'Deaths per Week: 10 deaths in 2 weeks.',
      'Mortality Rate Trend: 2.00% by the latest week.',
      'Vaccinations Done vs Due: 2 done of 3 due in 2 weeks.',
    ]);
    expect(charts.map((c) => c.dataset.type)).toEqual(['line', 'bar', 'line', 'bar']);
    expect(charts[3]?.dataset.values).toBe('[[2,1],[2,0]]');
    const deaths = screen.getByRole('table', { name: 'Deaths per Week' });
    expect(within(deaths).getAllByRole('row').map((r) => r.textContent)).toEqual(['Week ofDeaths', '09 Nov 20260', '16 Nov 202610']);
  });

  it('says where the statistics are when they open below the fold, and not when in view', async () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 5000 } as DOMRect);
    renderDetails(makeFlock());
    expect(await screen.findByText(flockMessages.scrollForStatistics)).toBeInTheDocument();
    spy.mockRestore();
  });

  it('tells the farmer that Schedule leads to the vaccination page', async () => {
    renderDetails(makeFlock());
    const user = userEvent.setup();
    expect(screen.queryByText(flockMessages.scrollForStatistics)).not.toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Schedule' }));
    expect(await screen.findByText(flockMessages.redirectToVaccinations)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/vaccination/7');
  });
});
