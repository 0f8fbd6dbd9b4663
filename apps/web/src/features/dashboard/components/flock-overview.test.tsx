import { dashboardMessages as m, type Vaccination } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeOverviewFlock } from '../dashboard-fixtures';
import { scheduleOrder } from './flock-detail-modal';
import { FlockOverview } from './flock-overview';

function vaccination(overrides: Partial<Vaccination>): Vaccination {
  return {
    id: 1,
    flock_id: 1,
    flock_name: 'Layers A',
    user_id: 1,
    vaccine_name: 'Newcastle',
    date: '2026-11-27T07:00:00.000Z',
    status: 'Pending',
    mode_of_administration: 'Oral',
    due: 'due_soon',
    created_at: '2026-11-01T07:00:00.000Z',
    updated_at: '2026-11-01T07:00:00.000Z',
    created_by_name: null,
    updated_by_name: null,
    ...overrides,
  };
}

const flocks = [
  makeOverviewFlock({ next_vaccination: { id: 1, vaccine_name: 'Newcastle', date: '2099-11-27T07:00:00.000Z' } }),
  makeOverviewFlock({ id: 2, name: 'Broilers B', status: 'growing', bird_count: 300, initial_bird_count: 300, deaths: 0, mortality_rate: 0 }),
];

/** Desktop: the media query of a wide screen matches. */
function wideScreen(wide: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: wide && query.includes('min-width') });
  return () => {
    window.matchMedia = original;
  };
}

describe('FlockOverview', () => {
  let restore = () => undefined as void;
  afterEach(() => restore());

  it('lists the flocks as cards on a phone, each opening its details', () => {
    renderWithProviders(<FlockOverview flocks={flocks} total={2} failed={false} />);
    const region = screen.getByRole('region', { name: m.flockOverview });
    const cards = within(region).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Layers A');
    expect(cards[0]).toHaveTextContent('490 birds');
    expect(cards[0]).toHaveTextContent('2.00%');
    expect(cards[0]).toHaveTextContent('Newcastle, 27 Nov 2099');
    expect(cards[1]).toHaveTextContent(m.noNextVaccination);
    expect(within(region).getByRole('button', { name: m.viewFlockDetails('Broilers B') })).toBeInTheDocument();
  });

  it('lists the flocks as a table on a wide screen', () => {
    restore = wideScreen(true);
    renderWithProviders(<FlockOverview flocks={flocks} total={12} failed={false} />);
    const table = screen.getByRole('table', { name: m.flockOverview });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      m.flockColumn,
      m.breedColumn,
      m.birdsColumn,
      m.ageGroupColumn,
      m.statusColumn,
      m.mortalityColumn,
      m.nextVaccination,
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: `${m.viewAllFlocks} (12)` })).toHaveAttribute('href', '/bird-management');
  });

  it('opens a flock: its Health Status and its vaccinations, pending first, with a link to its schedule', async () => {
    const requests = mockApi({
      'GET /flocks/1/vaccinations': {
        body: {
          items: [
            vaccination({ id: 3, vaccine_name: 'Gumboro', status: 'Completed', due: 'done', date: '2026-12-01T07:00:00.000Z' }),
            vaccination({ id: 2, vaccine_name: 'Fowl pox', due: 'overdue', date: '2026-11-01T07:00:00.000Z' }),
            vaccination({ id: 1 }),
          ],
          total: 3,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderWithProviders(<FlockOverview flocks={flocks} total={2} failed={false} />);
    await userEvent.click(screen.getByRole('button', { name: m.viewFlockDetails('Layers A') }));
    const dialog = await screen.findByRole('dialog', { name: m.flockDetailTitle('Layers A') });
    const health = within(dialog).getByRole('region', { name: m.healthStatus });
    expect(health).toHaveTextContent('Active');
    expect(health).toHaveTextContent('Healthy');
    expect(health).toHaveTextContent('490 / 500');
    expect(health).toHaveTextContent('2.00%');
    expect(health).toHaveTextContent('Mature (30 weeks)');
    expect(health).toHaveTextContent('No signs of disease, Good weight, Active and alert');

    const schedule = within(dialog).getByRole('region', { name: m.vaccinationSchedule });
    const items = await within(schedule).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual(['Fowl pox', 'Newcastle', 'Gumboro']);
    expect(items[0]).toHaveTextContent(m.dueOverdue);
    expect(requests.some((r) => r.path === '/flocks/1/vaccinations')).toBe(true);
    expect(within(dialog).getByRole('link', { name: m.openVaccinationSchedule })).toHaveAttribute('href', '/vaccination/1');
  });

  it('says when a flock has no vaccinations', async () => {
    mockApi({ 'GET /flocks/2/vaccinations': { body: { items: [], total: 0, page: 1, pageSize: 10 } } });
    renderWithProviders(<FlockOverview flocks={flocks} total={2} failed={false} />);
    await userEvent.click(screen.getByRole('button', { name: m.viewFlockDetails('Broilers B') }));
    const dialog = await screen.findByRole('dialog', { name: m.flockDetailTitle('Broilers B') });
    expect(await within(dialog).findByText(m.noVaccinations)).toBeInTheDocument();
    expect(within(dialog).getByText('No mortalities recorded !!')).toBeInTheDocument();
  });

  it('invites an empty farm to add birds', () => {
    renderWithProviders(<FlockOverview flocks={[]} total={0} failed={false} />);
    expect(screen.getByText(m.noFlocks)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.addFirstFlock })).toHaveAttribute('href', '/bird-management');
  });
});

describe('scheduleOrder', () => {
  it('puts overdue, due soon and upcoming doses first, soonest first, then the rest latest first', () => {
    const list = [
      vaccination({ id: 1, due: 'done', status: 'Completed', date: '2026-01-01' }),
      vaccination({ id: 2, due: 'upcoming', date: '2026-12-30' }),
      vaccination({ id: 3, due: 'done', status: 'Cancelled', date: '2026-03-01' }),
      vaccination({ id: 4, due: 'overdue', date: '2026-11-01' }),
      vaccination({ id: 5, due: 'due_soon', date: '2026-11-26' }),
      vaccination({ id: 6, due: 'overdue', date: '2026-10-01' }),
    ];
    expect(scheduleOrder(list).map((v) => v.id)).toEqual([6, 4, 5, 2, 3, 1]);
  });
});
