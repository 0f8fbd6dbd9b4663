import { summaryWords as w, type SummaryPage, type WeeklyFigures, type WeeklySummary } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { SummariesPage } from './summaries-page';

const figures: WeeklyFigures = {
  week_start: '2026-11-30',
  week_end: '2026-12-06',
  through: '2026-12-06',
  farm_name: 'Test Farm',
  eggs: {
    collected: 635,
    per_day: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'].map((day, i) => ({ day, eggs: [150, 160, 0, 155, 0, 0, 170][i]! })),
    written_off: 18,
    sold_eggs: 420,
    sold_trays: 14,
    kept_eggs: 197,
  },
  sales: { count: 3, total_cents: 670_100, paid_cents: 490_100, pending_cents: 180_000, owed_cents: 2_430_000, buyers_owing: 2 },
  expenses: { count: 3, total_cents: 370_000, by_category: [{ category: 'Feed', amount_cents: 320_000 }], month: '2026-12', budget_cents: 0, budget_spent_cents: 0, over_budget_flocks: 0 },
  birds: { alive: 192, deaths: 3, sold: 0, culled: 5, added: 0 },
  feed: { records: 0, used_kg: null, cost_cents: 0, days_left: null, store_kg: null },
  balances: [{ kind: 'eggs', name: '', unit: 'eggs', opening: 100, came_in: 635, went_out: 438, expected: 297, counted: 250, difference: -47, beyond_margin: true }],
};
const summary: WeeklySummary = { id: 7, week_start: '2026-11-30', partial: false, made_at: '2026-12-07T04:05:00.000Z', figures };
const page = (items: WeeklySummary[]): { body: SummaryPage } => ({
  body: {
    items: items.map((s) => ({
      id: s.id,
      week_start: s.week_start,
      week_end: s.figures.week_end,
      partial: s.partial,
      made_at: s.made_at,
      eggs_collected: s.figures.eggs.collected,
      sales_cents: s.figures.sales.total_cents,
      expenses_cents: s.figures.expenses.total_cents,
      deaths: s.figures.birds.deaths,
      gaps: 1,
    })),
    total: items.length,
    page: 1,
    pageSize: 10,
  },
});

describe('SummariesPage', () => {
  it("opens the newest week: its eggs a day, figures and balance checks, the gap flagged", async () => {
    mockApi({ 'GET /summaries': page([summary]), 'GET /summaries/7': { body: summary } });
    renderWithProviders(<SummariesPage />, { queryClient: queryClientAs('owner'), route: '/weekly-summaries' });

    expect(screen.getByRole('heading', { level: 1, name: 'Weekly summaries' })).toBeInTheDocument();
    const eggs = await screen.findByRole('region', { name: w.eggs });
    expect(eggs).toHaveTextContent('635');
    expect(screen.getByRole('region', { name: w.eggsADay })).toHaveTextContent('170');
    const gap = screen.getByRole('row', { name: new RegExp(w.beyondMargin) });
    expect(within(gap).getAllByRole('cell').map((c) => c.textContent)).toEqual(['297 eggs', '250 eggs', '-47 eggs']);
    expect(screen.getByRole('link', { name: /Week of 30 Nov 2026/ })).toHaveAttribute('href', '/weekly-summaries?id=7');
  });

  it('lets the owner make the week so far; an auditor reads without the button', async () => {
    const made = { ...summary, id: 8, partial: true, week_start: '2026-12-07', figures: { ...figures, week_start: '2026-12-07', week_end: '2026-12-13', through: '2026-12-07' } };
    const requests = mockApi({ 'GET /summaries': page([]), 'POST /summaries/current': { status: 201, body: made } });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SummariesPage />, { queryClient: queryClientAs('owner'), route: '/weekly-summaries' });
    expect(await screen.findByText(w.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: w.makeNow }));
    expect(await screen.findByRole('heading', { name: /Week of 07 Dec 2026/ })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/summaries/current')).toBe(true);
    unmount();

    mockApi({ 'GET /summaries': page([]) });
    renderWithProviders(<SummariesPage />, { queryClient: queryClientAs('auditor'), route: '/weekly-summaries' });
    expect(await screen.findByText(w.none)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: w.makeNow })).not.toBeInTheDocument();
  });
});
