import { formatCount } from '../packages/domain/src/common/numbers.js';
import { summaryWords as w } from '../packages/domain/src/summaries-rules.js';
import { apiLogin, expect, farmToday, paths, shot, test } from './fixtures.js';

// The owner's weekly summary (decision 078): from the dashboard to the Weekly summaries screen, the
// week so far made there with today's eggs in it, then opened again from the list of weeks.

test.describe('/weekly-summaries', () => {
  test("the dashboard links to the weekly summaries; the week so far is made, shows today's eggs, and stays in the list", async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const flock = await request.post('/api/flocks', {
      headers,
      data: { name: 'Summary layers', breed: 'Layers', age: 30, initial_bird_count: 300, bird_count: 300, status: 'active' },
    });
    expect(flock.status()).toBe(201);
    const flockId = ((await flock.json()) as { id: number }).id;
    const eggs = await request.post('/api/egg-productions', { headers, data: { flock_id: flockId, date_produced: farmToday(), eggs_collected: 271 } });
    expect(eggs.status(), await eggs.text()).toBe(201);

    await page.goto(paths.dashboard.getHref());
    // The dashboard's quick action (the navigation's entry sits in the drawer on a phone).
    await page.getByRole('main').getByRole('link', { name: 'Weekly summaries' }).click();
    await expect(page).toHaveURL(paths.summaries.getHref());
    await expect(page.getByRole('heading', { name: 'Weekly summaries', level: 1 })).toBeVisible();
    await expect(page.getByText(w.none)).toBeVisible();

    await page.getByRole('button', { name: w.makeNow }).click();
    await expect(page.getByText(w.madeNow)).toBeVisible();
    const eggsSection = page.getByRole('region', { name: w.eggs, exact: true });
    await expect(eggsSection).toContainText(formatCount(271));
    await expect(page.getByRole('region', { name: w.birds, exact: true })).toContainText('300');
    await expect(page.getByRole('heading', { name: w.balances, exact: true })).toBeVisible();
    await shot(page, 'summaries-week-so-far');

    // The list keeps the week; opened again by its link, the same figures.
    const weeks = page.getByRole('region', { name: w.pastWeeks });
    await expect(weeks.getByRole('listitem')).toHaveCount(1);
    await weeks.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/weekly-summaries\?id=\d+$/);
    await page.reload();
    await expect(page.getByRole('region', { name: w.eggs, exact: true })).toContainText(formatCount(271));
  });
});
