import { feedWords as w, type Role } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeFeedRecord } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FlockFeedSection } from './flock-feed-section';

const flock = { id: 7, name: 'Shamba A', status: 'active' };
const records = [
  makeFeedRecord(),
  makeFeedRecord({ id: 91, date: '2026-11-30', item_id: 32, item_name: 'Chick crumbs', unit: 'kg', quantity: 15.5, kg: 15.5, cost_cents: 124_000, cost: 1240 }),
  makeFeedRecord({ id: 92, date: '2026-11-29', kg: null }),
];
const page = (items = records, total = items.length) => ({ body: { items, total, page: 1, pageSize: 10 } });

function renderSection(role: Role = 'owner', routes: Parameters<typeof mockApi>[0] = {}, status = 'active') {
  const requests = mockApi({ 'GET /flocks/7/feed': page(), ...routes });
  renderWithProviders(<FlockFeedSection flock={{ ...flock, status }} />, { queryClient: queryClientAs(role) });
  return requests;
}

const list = async () => screen.findByRole('list', { name: w.listLabel });

describe('FlockFeedSection', () => {
  it('lists the flock’s latest feed: day, amount, item, kg when known and cost for the owner', async () => {
    const requests = renderSection('owner', { 'GET /flocks/7/feed': page(records, 23) });
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('2 Bags · Layers mash');
    expect(items[0]).toHaveTextContent(/01 Dec 2026 · 140 kg · Cost Ksh\s7,000\.00/);
    expect(items[1]).toHaveTextContent('15.5 kg · Chick crumbs');
    expect(items[2]).not.toHaveTextContent(' kg ·');
    expect(screen.getByText(w.latest(3, 23))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.recordFeed })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/flocks/7/feed')?.query.get('pageSize')).toBe('10');
  });

  it('lets a worker record and correct feed, without money', async () => {
    renderSection('worker', { 'GET /flocks/7/feed': page(records.map(({ cost_cents: _c, cost: _s, ...r }) => r)) });
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent('Cost');
    expect(screen.getByRole('button', { name: w.recordFeed })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.editOf('01 Dec 2026') })).toBeInTheDocument();
  });

  it('shows an auditor the records with no way to change them', async () => {
    renderSection('auditor');
    await list();
    expect(screen.queryByRole('button', { name: w.recordFeed })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: w.deleteOf('01 Dec 2026') })).not.toBeInTheDocument();
  });

  it('offers no Record feed for an archived flock, and says when there is none yet', async () => {
    renderSection('owner', { 'GET /flocks/7/feed': page([]) }, 'archived');
    expect(await screen.findByText(w.none)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: w.recordFeed })).not.toBeInTheDocument();
  });

  it('deletes a record after the question, then says so', async () => {
    const user = userEvent.setup();
    const requests = renderSection('owner', { 'DELETE /feed/90': { status: 204 } });
    await list();
    await user.click(screen.getByRole('button', { name: w.deleteOf('01 Dec 2026') }));
    const dialog = await screen.findByRole('dialog', { name: w.deleteTitle });
    expect(dialog).toHaveTextContent(`01 Dec 2026 · 2 Bags · Layers mash. ${w.confirmDelete}`);
    await user.click(within(dialog).getByRole('button', { name: w.delete }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/feed/90')).toBe(true));
    expect(await screen.findByText(w.deleted)).toBeInTheDocument();
  });

  it('opens the dialog on Record feed and on a record’s edit', async () => {
    const user = userEvent.setup();
    renderSection('owner', { 'GET /inventory': { body: { items: [], total: 0, page: 1, pageSize: 100 } }, 'GET /flocks/7/feed/usual': { body: { item_id: null, item_name: null, unit: null, quantity: null } } });
    await list();
    await user.click(screen.getByRole('button', { name: w.editOf('01 Dec 2026') }));
    expect(await screen.findByRole('dialog', { name: w.editRecord })).toBeInTheDocument();
  });
});
