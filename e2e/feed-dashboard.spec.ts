import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { economicsWords } from '../packages/domain/src/economics-rules.js';
import { economicsSummaryWords as w } from '../packages/domain/src/economics-summary-words.js';
import { FEED_DAYS_LOW } from '../packages/domain/src/feed-days-rules.js';
import { apiLogin, expect, farmToday, joinedWorker, paths, projectContext, shot, signIn, test } from './fixtures.js';

// Decision 074: the dashboard's feed days left and this month's tray figures, and each laying
// flock's tray figures on the financial dashboard, from what a farm records; a worker sees the feed
// days without money; another phone's restock moves the days without a reload.

type Api = (url: string, data: object) => Promise<{ id: number }>;

function api(request: APIRequestContext, token: string): Api {
  return async (url, data) => {
    const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: number };
  };
}

async function feedCard(page: Page, title: string): Promise<Locator> {
  await page.goto(paths.dashboard.getHref());
  const card = page.getByRole('region', { name: title });
  await expect(card).toBeVisible();
  return card;
}

/** A tray figure's value: the <dd> after its label's <dt>. */
const figure = (scope: Locator, label: string) => scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('feed days and cost a tray on the dashboards', () => {
  test('the dashboard says how long the feed lasts and what a tray costs; the finance cards show each laying flock’s tray; a worker sees the days without money', async ({
    signedInPage: page,
    request,
    account,
    browser,
  }) => {
    const ownerToken = await apiLogin(request, account);
    const post = api(request, ownerToken);

    // No feed in the store yet: '—' and what to record, never 0.
    let card = await feedCard(page, w.title);
    const days = card.getByRole('group', { name: w.feedDaysLeft });
    await expect(days).toContainText('—');
    await expect(days).toContainText(w.noFeedItems);
    await expect(days.getByRole('link', { name: w.openInventory })).toHaveAttribute('href', paths.inventory.getHref());

    // A laying flock of 500: 400 eggs today, 2 bags of 70 kg at Ksh 3,500 given today, 10 trays sold at Ksh 420.
    const today = farmToday();
    const name = `Layers ${Date.now().toString(36)}`;
    const flock = await post('/api/flocks', { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' });
    const item = await post('/api/inventory', { item_name: `Layers mash ${name}`, flock_id: flock.id, kind: 'feed', quantity: 10, unit: 'bags', unit_weight_kg: 70, reorder_level: 1, cost_per_unit: 3500 });
    await post('/api/egg-productions', { flock_id: flock.id, date_produced: today, eggs_collected: 400 });
    await post(`/api/flocks/${flock.id}/feed`, { item_id: item.id, date: today, quantity: 2 });
    await post('/api/sales', { flock_id: flock.id, category: 'Egg Sales', product: 'Trays', quantity: 10, unit_price: 420, date: today, sale_type: 'Cash', status: 'paid' });

    // 8 bags (560 kg) at 140 kg a day (the farm's first feed record is today's): 4 days, under a week.
    const socket = page.waitForEvent('websocket');
    card = await feedCard(page, w.title);
    await expect(days).toContainText(w.days(4));
    await expect(days).toContainText(w.storeAndUse(560, 140, 1));
    await expect(days).toContainText(w.low(FEED_DAYS_LOW));
    // Ksh 7,000 of feed for 13.3 trays: Ksh 525.00 a tray, sold at Ksh 420.00, a loss of Ksh 105.00.
    const trays = card.getByRole('group', { name: w.trayThisMonth });
    await expect(figure(trays, economicsWords.costPerTray)).toHaveText(/^Ksh\s525\.00$/);
    await expect(figure(trays, economicsWords.pricePerTray)).toHaveText(/^Ksh\s420\.00$/);
    await expect(figure(trays, economicsWords.marginPerTray)).toHaveText(/^-Ksh\s105\.00$/);
    await shot(page, 'feed-dashboard-card');

    // Another phone restocks 20 bags: the card hears it and reads again, no reload (STALE_AFTER). The
    // socket connects once the first screen is up, and listens once it has heard a first change.
    const heard = (await socket).waitForEvent('framereceived');
    await post('/api/flocks', { name: `Spare ${name}`, breed: 'Layers', age: 1, initial_bird_count: 10, bird_count: 10, status: 'chicks' });
    await heard;
    const restocked = await request.post(`/api/inventory/${item.id}/restock`, { headers: { Authorization: `Bearer ${ownerToken}` }, data: { quantity: 20, cost_per_unit: 3500 } });
    expect(restocked.ok(), await restocked.text()).toBe(true);
    // 28 bags, 1,960 kg at 140 kg a day: 14 days, no warning.
    await expect(days).toContainText(w.days(14), { timeout: 15_000 });
    await expect(days).not.toContainText(w.low(FEED_DAYS_LOW));

    // The financial dashboard: the flock's tray over the year; the totals as the records say.
    await page.goto(paths.finances.getHref());
    const flockCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const year = Number(today.slice(0, 4));
    const yearTray = flockCard.getByRole('group', { name: `${name}: ${w.trayIn(year)}` });
    await yearTray.scrollIntoViewIfNeeded();
    await expect(figure(yearTray, economicsWords.costPerTray)).toHaveText(/^Ksh\s525\.00$/);
    await expect(figure(yearTray, economicsWords.marginPerTray)).toHaveText(/^-Ksh\s105\.00$/);
    // Feed given is no expense (decision 070): the flock spent nothing but its feed bought, recorded as none.
    await expect(flockCard).toContainText(/Expenses\s*Ksh\s0\.00/);
    await shot(page, 'feed-dashboard-finance');

    // A worker: the feed days, no money, no request for it.
    const workerToken = await joinedWorker(request, ownerToken);
    const context = await projectContext(browser);
    const workerPage = await context.newPage();
    const asked: string[] = [];
    workerPage.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await signIn(workerPage, workerToken);
    const workerCard = await feedCard(workerPage, w.feedTitle);
    await expect(workerCard.getByRole('group', { name: w.feedDaysLeft })).toContainText(w.days(14));
    await expect(workerCard.getByRole('group', { name: w.trayThisMonth })).toHaveCount(0);
    await expect(workerCard).not.toContainText('Ksh');
    expect(asked).not.toContain('/api/economics');
    await context.close();
  });
});
