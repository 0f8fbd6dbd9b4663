import type { Flock } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { makeFlock as makeFlockFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { FlockTable } from './flock-table';

function makeFlock(overrides: Partial<Flock> = {}): Flock {
  return makeFlockFixture({ bird_count: 1480, ...overrides });
}

/** Answers the list the server would for the status asked, and records each ask. */
function mockFlocks(flocks: Flock[]): MockRequest[] {
  return mockApi({
    'GET /flocks': (request) => {
      const status = request.query.get('status');
      const items = status ? flocks.filter((f) => f.status === status) : flocks;
      return { body: { items, total: items.length, page: 1, pageSize: 10 } };
    },
  });
}

describe('FlockTable', () => {
  it('shows each flock with age group, count and status, and opens its details', async () => {
    mockFlocks([makeFlock()]);
    const onView = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<FlockTable onView={onView} />);

    const row = (await screen.findByText('Shamba A')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('20 weeksPullets');
    expect(row).toHaveTextContent('1,480');
    expect(within(row).getByText('Growing')).toBeInTheDocument();
    expect(screen.getByText('1 flock')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View Details of Shamba A' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('asks the server for one status and says when none match', async () => {
    const requests = mockFlocks([makeFlock(), makeFlock({ id: 8, name: 'Shamba B', status: 'archived' })]);
    const user = userEvent.setup();
    renderWithProviders(<FlockTable onView={() => {}} />);

    expect(await screen.findByText('Shamba A')).toBeInTheDocument();
    expect(requests[0]?.query.get('status')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Archived');
    await waitFor(() => expect(screen.queryByText('Shamba A')).not.toBeInTheDocument());
    expect(screen.getByText('Shamba B')).toBeInTheDocument();
    expect(requests.at(-1)?.query.get('status')).toBe('archived');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Mature');
    expect(await screen.findByText('No flocks match status Mature.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'All statuses');
    expect(await screen.findByText('Shamba A')).toBeInTheDocument();
    expect(screen.getByText('Shamba B')).toBeInTheDocument();
  });

  it('sorts on the server: a new column ascending, the same column toggled', async () => {
    const requests = mockFlocks([makeFlock()]);
    const user = userEvent.setup();
    renderWithProviders(<FlockTable onView={() => {}} />);

    await screen.findByText('Shamba A');
    expect(requests.at(-1)?.query.toString()).toBe('page=1&pageSize=10&sort=id&order=desc');
    await user.click(within(screen.getByRole('columnheader', { name: 'Bird Count' })).getByRole('button'));
    await waitFor(() => expect(requests.at(-1)?.query.toString()).toBe('page=1&pageSize=10&sort=bird_count&order=asc'));
    await user.click(within(screen.getByRole('columnheader', { name: 'Bird Count' })).getByRole('button'));
    await waitFor(() => expect(requests.at(-1)?.query.toString()).toBe('page=1&pageSize=10&sort=bird_count&order=desc'));
    expect(screen.getByRole('columnheader', { name: 'Bird Count' })).toHaveAttribute('aria-sort', 'descending');
  });
});
