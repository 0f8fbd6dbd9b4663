import { stockCountWords as w, type BalanceChecks, type Role, type StockCount } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { StockCountPage } from './stock-count-page';

function renderPage(role: Role = 'owner') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  return renderWithProviders(<StockCountPage />, { queryClient, route: '/stock-count' });
}

const count = (over: Partial<StockCount>): StockCount => ({
  id: 1,
  kind: 'eggs',
  date: '2026-12-07',
  flock_id: null,
  item_id: null,
  name: null,
  unit: 'eggs',
  counted: 255,
  expected: 300,
  difference: -45,
  beyond_margin: true,
  created_at: '2026-12-07T10:00:00.000Z',
  created_by_name: 'juma',
  updated_by_name: 'juma',
  ...over,
});

const checks: BalanceChecks = {
  start_date: '2026-12-01',
  end_date: '2026-12-07',
  margin_percent: 2,
  eggs: {
    opening: 0,
    came_in: { collected: 300 },
    went_out: { sold: 0, adjusted: 0 },
    closing: 300,
    last_count: { id: 1, date: '2026-12-07', counted: 255, expected: 300, in_range: true },
    difference: -45,
    difference_trays: 1,
    difference_loose: 15,
    beyond_margin: true,
  },
  feed: [],
  birds: [],
  money: { paid_cents: 250_000, paid_by_type: [{ sale_type: 'Cash', cents: 250_000, sales: 1 }], pending_cents: 0, received_cents: null, difference_cents: null, recorded: false },
};

const page = (items: StockCount[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

describe('StockCountPage', () => {
  it('a worker counts the eggs; the records are shown only after saving', async () => {
    const requests = mockApi({
      'GET /stock-counts': { body: page([]) },
      'POST /stock-counts': { status: 201, body: { counts: [count({})] } },
    });
    const user = userEvent.setup();
    renderPage('worker');
    expect(await screen.findByText(w.noCounts)).toBeInTheDocument();
    expect(screen.queryByText(w.expectedAfter, { exact: false })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: w.trays }), '8');
    await user.type(screen.getByRole('textbox', { name: w.looseEggs }), '15');
    await user.click(screen.getByRole('button', { name: w.save }));
    expect(await screen.findByRole('heading', { name: w.results })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ eggs: { trays: 8, loose: 15 } });
    expect(screen.getByText(`${w.difference}: −45 eggs (1 tray 15) (${w.beyond})`, { normalizer: (t) => t.replace(/\s+/g, ' ').trim() })).toBeInTheDocument();
    // A worker sets no margin and reads no balance checks (they carry money).
    expect(screen.queryByRole('heading', { name: w.margin })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: w.checksTitle })).not.toBeInTheDocument();
  });

  it('the owner sees the margin and the last 7 days’ balance checks, the money said not recorded', async () => {
    mockApi({
      'GET /stock-counts': { body: page([count({})]) },
      'GET /stock-counts/margin': { body: { margin_percent: 2 } },
      'GET /stock-counts/balances': { body: checks },
    });
    renderPage('owner');
    expect(await screen.findByRole('heading', { name: w.checksTitle })).toBeInTheDocument();
    expect(await screen.findByText(w.noBanking)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: w.margin })).toBeInTheDocument();
  });

  it('an auditor reads the counts and cannot count', async () => {
    mockApi({ 'GET /stock-counts': { body: page([count({})]) }, 'GET /stock-counts/balances': { body: checks } });
    renderPage('auditor');
    expect(await screen.findByRole('heading', { name: w.lastCounts })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: w.save })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(`^${w.deleteCount}`) })).not.toBeInTheDocument();
  });
});
