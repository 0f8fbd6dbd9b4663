import { economicsSummaryWords as w, economicsWords, FEED_DAYS_LOW, type FarmEconomics, type FeedDaysAnswer } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeFlockEconomics } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FeedCostCard } from './feed-cost-card';

/** 770 kg in the store at 140 kg a day: 5 days, under the week (decision 074). */
function feedDays(overrides: Partial<FeedDaysAnswer> = {}): FeedDaysAnswer {
  return {
    today: '2026-12-07',
    window_start: '2026-12-01',
    window_days: 7,
    feed_items: 2,
    store_kg: 770,
    feed_records: 3,
    used_kg: 980,
    kg_per_day: 140,
    days_left: 5,
    low: true,
    missing: null,
    unweighed_items: [],
    ...overrides,
  };
}

function farmEconomics(layers: FarmEconomics['layers'] = makeFlockEconomics().layers): FarmEconomics {
  return { start_date: '2026-12-01', end_date: '2026-12-07', flocks: [makeFlockEconomics()], feed_records: 12, egg_records: 30, weighings: 0, feed_kg: 420, feed_cost_cents: 2_100_000, layers };
}

function renderCard({ money = true, days = feedDays(), economics = farmEconomics(), role = 'owner' as const } = {}) {
  const requests = mockApi({ 'GET /feed/days-left': { body: days }, 'GET /economics': { body: economics } });
  renderWithProviders(<FeedCostCard money={money} />, { queryClient: queryClientAs(money ? role : 'worker') });
  return requests;
}

const tile = (label: string) => screen.getByRole('group', { name: label });
/** A tray figure's value, by its label (a <dt> and its <dd>). */
const figure = (group: HTMLElement, label: string) => within(group).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('FeedCostCard', () => {
  it('shows the feed days left with the store and use behind them, warning under a week, and this month’s tray figures', async () => {
    const requests = renderCard({ economics: farmEconomics({ ...makeFlockEconomics().layers!, margin_per_tray_cents: -1_250 }) });
    expect(await screen.findByRole('heading', { name: w.title })).toBeInTheDocument();
    expect(await within(tile(w.feedDaysLeft)).findByText(w.days(5))).toBeInTheDocument();
    expect(within(tile(w.feedDaysLeft)).getByText(w.days(5))).toHaveAttribute('data-low', 'true');
    expect(tile(w.feedDaysLeft)).toHaveTextContent(w.storeAndUse(770, 140, 7));
    expect(tile(w.feedDaysLeft)).toHaveTextContent(w.low(FEED_DAYS_LOW));
    const trays = tile(w.trayThisMonth);
    expect(await within(trays).findByText('250.00')).toBeInTheDocument();
    expect(figure(trays, economicsWords.costPerTray)).toMatch(/^Ksh\s*250\.00$/);
    expect(figure(trays, economicsWords.pricePerTray)).toMatch(/^Ksh\s*420\.00$/);
    expect(figure(trays, economicsWords.marginPerTray)).toMatch(/^-Ksh\s*12\.50$/);
    expect(trays).toHaveTextContent(w.trayNote);
    // This month: the server's default range.
    expect(requests.find((r) => r.path === '/economics')?.query.toString()).toBe('');
  });

  it('shows — (never 0) and what to record where the records are missing', async () => {
    renderCard({
      days: feedDays({ store_kg: null, kg_per_day: null, days_left: null, low: false, missing: 'weight', unweighed_items: ['Growers mash', 'Layers mash'] }),
      economics: farmEconomics({ ...makeFlockEconomics().layers!, cost_per_tray_cents: null, margin_per_tray_cents: null, price_per_tray_cents: null }),
    });
    expect(await within(tile(w.feedDaysLeft)).findByText(w.noWeight('Growers mash, Layers mash'), { exact: false })).toBeInTheDocument();
    expect(within(tile(w.feedDaysLeft)).getByText('—')).toBeInTheDocument();
    expect(within(tile(w.feedDaysLeft)).getByRole('link', { name: w.openInventory })).toHaveAttribute('href', '/inventory');
    expect(await within(tile(w.trayThisMonth)).findByText(economicsWords.missing)).toBeInTheDocument();
    expect(figure(tile(w.trayThisMonth), economicsWords.costPerTray)).toBe('—');
    expect(figure(tile(w.trayThisMonth), economicsWords.pricePerTray)).toBe('—');
    expect(figure(tile(w.trayThisMonth), economicsWords.marginPerTray)).toBe('—');
  });

  it('asks for feed given when none was recorded this week, and for feed in the store when it has none', async () => {
    renderCard({ days: feedDays({ feed_records: 0, used_kg: 0, kg_per_day: null, days_left: null, low: false, missing: 'use' }), economics: farmEconomics(null) });
    expect(await screen.findByText(w.noUse(7))).toBeInTheDocument();
    expect(await within(tile(w.trayThisMonth)).findByText(w.noLayers)).toBeInTheDocument();
    expect(figure(tile(w.trayThisMonth), economicsWords.costPerTray)).toBe('—');
  });

  it('shows a worker the feed days alone and asks for no money', async () => {
    const requests = renderCard({ money: false, days: feedDays({ feed_items: 0, store_kg: 0, missing: 'feed_items', days_left: null, kg_per_day: null, low: false }) });
    expect(await screen.findByRole('heading', { name: w.feedTitle })).toBeInTheDocument();
    expect(await screen.findByText(w.noFeedItems, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: w.trayThisMonth })).not.toBeInTheDocument();
    expect(screen.queryByText(/Ksh/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/economics')).toBe(false);
  });
});
