import { weighingMessages as m, type Role } from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeWeighing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FlockWeighings } from './flock-weighings';

const flock = { id: 7, name: 'Batch 3', status: 'active', bird_count: 950 };
const weighings = [makeWeighing(), makeWeighing({ id: 39, date: '2026-11-28', birds: 25, total_kg: 31.25, average_kg: 1.25 })];

function renderList(role: Role = 'owner', status = 'active', routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ 'GET /flocks/7/weighings': { body: { items: weighings } }, ...routes });
  renderWithProviders(<FlockWeighings flock={{ ...flock, status }} firstDay="2026-11-01" />, { queryClient: queryClientAs(role) });
  return requests;
}

describe('FlockWeighings', () => {
  it('lists the latest weighings: date, birds, total and average', async () => {
    renderList();
    const items = within(await screen.findByRole('list', { name: m.listLabel })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('05 Dec 2026');
    expect(items[0]).toHaveTextContent('20 birds · 42.1 kg · average 2.105 kg');
    expect(items[1]).toHaveTextContent('25 birds · 31.25 kg · average 1.25 kg');
    expect(screen.getByRole('button', { name: m.recordWeighing })).toBeInTheDocument();
  });

  it('shows an auditor the weighings with no way to change them, and an archived flock no Record', async () => {
    renderList('auditor');
    await screen.findByRole('list', { name: m.listLabel });
    expect(screen.queryByRole('button', { name: m.recordWeighing })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.deleteOf('05 Dec 2026') })).not.toBeInTheDocument();
  });

  it('offers no Record for an archived flock', async () => {
    renderList('owner', 'archived');
    await screen.findByRole('list', { name: m.listLabel });
    expect(screen.queryByRole('button', { name: m.recordWeighing })).not.toBeInTheDocument();
  });

  it('deletes a weighing after the question, then says so', async () => {
    const user = userEvent.setup();
    const requests = renderList('worker', 'active', { 'DELETE /weighings/40': { status: 204 } });
    await screen.findByRole('list', { name: m.listLabel });
    await user.click(screen.getByRole('button', { name: m.deleteOf('05 Dec 2026') }));
    const dialog = await screen.findByRole('dialog', { name: m.deleteTitle });
    expect(dialog).toHaveTextContent(`05 Dec 2026 · 20 birds · 42.1 kg · average 2.105 kg. ${m.confirmDelete}`);
    await user.click(within(dialog).getByRole('button', { name: m.delete }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/weighings/40')).toBe(true));
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
  });

  it('opens the dialog on Record a weighing', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('list', { name: m.listLabel });
    await user.click(screen.getByRole('button', { name: m.recordWeighing }));
    expect(await screen.findByRole('dialog', { name: m.recordWeighing })).toBeInTheDocument();
  });
});
