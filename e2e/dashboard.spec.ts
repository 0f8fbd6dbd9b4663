import type { APIRequestContext, Page } from '@playwright/test';
import { dashboardMessages as m } from '../packages/domain/src/dashboard-rules.js';
import { toApiDateTime } from '../packages/domain/src/vaccinations-rules.js';
import { farmSetupStartedKey, trialWelcomeSeenKey } from '../apps/web/src/features/dashboard/trial-storage.js';
import { axeViolations } from './axe.js';
import { apiLogin, appSettled, expect, farmMonthDay, farmToday, greetingFor, paths, shot, test, type Account } from './fixtures.js';

// docs/product.md §2 Dashboard (its order, Key Statistics, the four charts, Flock Overview and its detail
// modal), §4 Trial welcome modal, §9 total birds, mortality rate, eggs this month.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Text as the app writes money: 'Ksh', a (no-break) space, the figure. */
const ksh = (figure: string) => new RegExp(`Ksh\\s${figure.replace(/[.,]/g, '\\$&')}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const tile = (page: Page, name: string) => page.getByRole('region', { name: m.keyStatistics }).getByRole('group', { name, exact: true });
const chart = (page: Page, title: string) => page.getByRole('img', { name: new RegExp(`^${escape(title)}:`) });
const chartTable = (page: Page, title: string) => page.getByRole('table', { name: title, exact: true });

interface Seeded {
  layers: { id: number; name: string };
  broilers: { id: number; name: string };
  token: string;
}

async function seedFarm(request: APIRequestContext, account: Account): Promise<Seeded> {
  const token = await apiLogin(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const send = async (method: 'post' | 'put', url: string, data: object): Promise<{ id: number }> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: number };
  };
  const tag = Date.now().toString(36);
  const layers = { name: `Dash Layers ${tag}`, id: 0 };
  const broilers = { name: `Dash Broilers ${tag}`, id: 0 };
  layers.id = (await send('post', '/api/flocks', { name: layers.name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' })).id;
  broilers.id = (await send('post', '/api/flocks', { name: broilers.name, breed: 'Broilers', age: 4, initial_bird_count: 300, bird_count: 300, status: 'growing' })).id;
  // 10 of the layers died: 2.00 % of that flock, 1.24 % of the farm weighted by birds (docs/product.md §9).
  await send('put', `/api/flocks/${layers.id}`, { bird_count: 490, reason: 'mortality' });

  const today = farmToday();
  await send('post', '/api/egg-productions', { flock_id: layers.id, date_produced: today, eggs_collected: 120 });
  await send('post', '/api/egg-productions', { flock_id: broilers.id, date_produced: today, eggs_collected: 80 });
  const sale = { category: 'Egg Sales', product: 'Dash eggs', sale_type: 'Cash', status: 'paid' };
  await send('post', '/api/sales', { ...sale, flock_id: layers.id, quantity: 10, unit_price: 420, date: today });
  await send('post', '/api/sales', { ...sale, flock_id: broilers.id, quantity: 3, unit_price: 1000, date: farmMonthDay(-2) });
  await send('post', '/api/expenses', { flock_id: layers.id, date: today, description: 'Dash layers mash', amount: 1500, category: 'Feed' });
  const at = (days: number) => toApiDateTime(new Date(Date.now() + days * DAY_MS));
  const dose = { status: 'Pending', mode_of_administration: 'Oral' };
  await send('post', `/api/flocks/${layers.id}/vaccinations`, { ...dose, vaccine_name: 'Dash Newcastle', date: at(3) });
  await send('post', `/api/flocks/${layers.id}/vaccinations`, { ...dose, vaccine_name: 'Dash Gumboro', date: at(-30), status: 'Completed' });
  return { layers, broilers, token };
}

test.describe('/ (dashboard)', () => {
  test('a farm shows its key statistics, four charts and its flocks with their details', async ({ signedInPage: page, request, account }) => {
    const farm = await seedFarm(request, account);
    const answer = await request.get('/api/stats/dashboard', { headers: { Authorization: `Bearer ${farm.token}` } });
    const figures = (await answer.json()) as { mortality_rate: number; total_birds: number };
    expect(figures.total_birds).toBe(790);
    expect(figures.mortality_rate).toBeCloseTo(1.24, 2);

    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    // The trial welcome was seen today already (the fixture): nothing covers the screen.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // docs/product.md §2 order: welcome area, Key Statistics, Quick Actions, charts, then the Flock Overview and Notifications.
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings.filter({ hasText: m.flockOverview })).toBeVisible();
    const order = await headings.allTextContents();
    const at = (text: string) => order.findIndex((h) => h.trim() === text);
    expect(at(m.keyStatistics)).toBeLessThan(at('Quick Actions'));
    expect(at('Quick Actions')).toBeLessThan(at(m.charts));
    expect(at(m.charts)).toBeLessThan(at(m.flockOverview));
    expect(at(m.flockOverview)).toBeLessThan(at('Notifications'));

    await expect(tile(page, m.totalBirds)).toContainText('790');
    await expect(tile(page, m.totalBirds)).toContainText(m.totalBirdsNote);
    await expect(tile(page, m.eggsProduced)).toContainText('200');
    await expect(tile(page, m.totalRevenue)).toContainText(ksh('4,200.00'));
    const mortality = tile(page, m.mortalityRate).locator('[data-tone]');
    await expect(mortality).toHaveText('1.24%');
    await expect(mortality).toHaveAttribute('data-tone', 'bad');

    // The four charts, each named with a summary, and their numbers in a table for screen readers.
    // Below the fold: the charts load as they near the viewport (or once the page has settled).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect(chart(page, m.eggsLast7Days)).toBeVisible();
    await expect(chart(page, m.eggsLast7Days)).toHaveAttribute('aria-label', new RegExp(`${escape(farm.layers.name)}`));
    const eggsDays = chartTable(page, m.eggsLast7Days);
    await expect(eggsDays.getByRole('columnheader')).toHaveCount(3);
    await expect(eggsDays.getByRole('columnheader').first()).toHaveText(m.dayColumn);
    await expect(eggsDays.getByRole('columnheader').filter({ hasText: farm.broilers.name })).toHaveCount(1);
    // Today is the last day: a line a flock, the table a column a flock.
    await expect(eggsDays.getByRole('row').last()).toHaveText(/80 eggs.*120 eggs|120 eggs.*80 eggs/);

    // Week 4 ends on the 28th: from the 29th, today's eggs are in none of the four weeks.
    const dayOfMonth = Number(farmToday().slice(8, 10));
    if (dayOfMonth <= 28) {
      await expect(chart(page, m.eggsByWeek)).toBeVisible();
      const weeks = chartTable(page, m.eggsByWeek);
      await expect(weeks.getByRole('row')).toHaveCount(5);
      const week = Math.floor((dayOfMonth - 1) / 7) + 1;
      await expect(weeks.getByRole('row').filter({ hasText: `Week ${week},` })).toHaveText(/80 eggs.*120 eggs|120 eggs.*80 eggs/);
    } else {
      const panel = page.getByRole('heading', { level: 3, name: m.eggsByWeek }).locator('..');
      await expect(panel).toContainText(m.noEggs);
      await expect(chart(page, m.eggsByWeek)).toHaveCount(0);
    }

    await expect(chart(page, m.salesByMonth)).toBeVisible();
    const sales = chartTable(page, m.salesByMonth);
    await expect(sales.getByRole('row')).toHaveCount(7);
    await expect(sales.getByRole('row').last()).toContainText(ksh('4,200.00'));
    await expect(sales).toContainText(ksh('3,000.00'));

    const pie = chart(page, m.revenueVsExpenses);
    await expect(pie).toBeVisible();
    await expect(pie).toHaveAttribute('aria-label', /Revenue Ksh\s4,200\.00 \(73\.7%\), Expenses Ksh\s1,500\.00 \(26\.3%\)/);
    await expect(chartTable(page, m.revenueVsExpenses).getByRole('row')).toHaveCount(3);
    await shot(page, 'dashboard-farm');

    // Flock Overview: the largest flock first; each opens its Health Status and Vaccination Schedule.
    const overview = page.getByRole('region', { name: m.flockOverview });
    await expect(overview).toContainText(farm.layers.name);
    await expect(overview).toContainText(farm.broilers.name);
    await expect(overview).toContainText('Dash Newcastle');
    await overview.getByRole('button', { name: m.viewFlockDetails(farm.layers.name) }).click();
    const dialog = page.getByRole('dialog', { name: m.flockDetailTitle(farm.layers.name) });
    await expect(dialog).toBeVisible();
    const health = dialog.getByRole('region', { name: m.healthStatus });
    await expect(health).toContainText('Active');
    await expect(health).toContainText('Healthy');
    await expect(health).toContainText('490 / 500');
    await expect(health).toContainText('2.00%');
    await expect(health).toContainText('No signs of disease, Good weight, Active and alert');
    const schedule = dialog.getByRole('region', { name: m.vaccinationSchedule });
    await expect(schedule.getByRole('listitem')).toHaveCount(2);
    // The pending dose first.
    await expect(schedule.getByRole('listitem').first()).toContainText('Dash Newcastle');
    await expect(schedule.getByRole('listitem').first()).toContainText(m.dueSoon);
    await expect(schedule.getByRole('listitem').last()).toContainText('Completed');
    await shot(page, 'dashboard-flock-detail');
    await dialog.getByRole('link', { name: m.openVaccinationSchedule }).click();
    await expect(page).toHaveURL(paths.vaccinations.getHref(farm.layers.id));
    await expect(page.getByRole('heading', { name: 'Vaccination Scheduling', level: 1 })).toBeVisible();
  });

  test('an empty farm shows zeros and says what is missing', async ({ signedInPage: page, account }) => {
    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    await expect(tile(page, m.totalBirds)).toContainText('0');
    await expect(tile(page, m.eggsProduced)).toContainText('0');
    await expect(tile(page, m.totalRevenue)).toContainText(ksh('0.00'));
    const mortality = tile(page, m.mortalityRate).locator('[data-tone]');
    await expect(mortality).toHaveText('No mortalities recorded !!');
    await expect(mortality).toHaveAttribute('data-tone', 'good');

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    const charts = page.getByRole('region', { name: m.charts });
    await expect(charts.getByText(m.noEggs)).toHaveCount(2);
    await expect(charts.getByText(m.noSales)).toBeVisible();
    await expect(charts.getByText(m.noMoney)).toBeVisible();
    await expect(charts.getByRole('img')).toHaveCount(0);

    const overview = page.getByRole('region', { name: m.flockOverview });
    await expect(overview).toContainText(m.noFlocks);
    await shot(page, 'dashboard-empty');
    await overview.getByRole('link', { name: m.addFirstFlock }).click();
    await expect(page).toHaveURL(paths.flocks.getHref());
  });
});

test.describe('/ (dashboard) trial welcome', () => {
  test.use({ trialWelcome: 'show' });

  test('opens once a day, closes at any step, and its second step starts the farm setup', async ({ signedInPage: page, account }) => {
    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    let dialog = page.getByRole('dialog', { name: m.trialTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(m.trialStep(1, 2));
    await expect(dialog).toContainText(/\d+ days? left in your free trial/);
    const dayText = /\d{2} [A-Z][a-z]{2} \d{4}/;
    await expect(dialog.getByText(m.trialStarted).locator('xpath=..')).toContainText(dayText);
    await expect(dialog.getByText(m.trialEnds).locator('xpath=..')).toContainText(dayText);
    // Marked seen for the farm's today as it opened.
    const userId = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('kuku.trial-welcome-seen.'))?.split('.').pop());
    expect(userId).toBeTruthy();
    const seenKey = trialWelcomeSeenKey(Number(userId));
    expect(await page.evaluate((key) => localStorage.getItem(key), seenKey)).toBe(farmToday());
    const violations = await axeViolations(page, { include: '[role="dialog"]' });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    await shot(page, 'dashboard-trial-step-1');

    // The close button dismisses it; the same day it does not come back.
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    await expect(tile(page, m.totalBirds)).toContainText('0');
    // Decided after the first screen is drawn: once the app has settled, it would be open.
    await appSettled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Another day (the mark says yesterday): it opens again, and step 2 leads to the farm setup.
    await page.evaluate((key) => localStorage.setItem(key, '2000-01-01'), seenKey);
    await page.reload();
    dialog = page.getByRole('dialog', { name: m.trialTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: m.trialNext }).click();
    await expect(dialog).toContainText(m.trialStep(2, 2));
    await expect(dialog.getByRole('heading', { name: m.trialSetupTitle })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeVisible();
    await shot(page, 'dashboard-trial-step-2');
    await dialog.getByRole('button', { name: m.startFarmSetup }).click();
    await expect(page).toHaveURL(paths.onboarding.getHref());
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), farmSetupStartedKey(Number(userId)))).toBe('true');

    // Back on the dashboard the same day: not again.
    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    await expect(tile(page, m.totalBirds)).toContainText('0');
    // Decided after the first screen is drawn: once the app has settled, it would be open.
    await appSettled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
