import type { APIRequestContext, Page } from '@playwright/test';
import { MONTH_NAMES } from '../packages/domain/src/common/day-text.js';
import { financeMessages as m } from '../packages/domain/src/finance-rules.js';
import { axeViolations } from './axe.js';
import { apiLogin, expect, farmToday, paths, scrollToChart, shot, test, type Account } from './fixtures.js';

// docs/product.md §2 Financial dashboard, §3 Financial record, §9 the pies' colours and en-KE money.

/** An amount as formatKes writes it ('Ksh 18,000.00', whatever space ICU puts after Ksh), for a pattern. */
const kes = (figure: string) => `-?Ksh\\s${figure.replace(/[.,]/g, '\\$&')}`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Calls the API as the account, and expects it to succeed. */
async function apiAs(request: APIRequestContext, account: Account) {
  const token = await apiLogin(request, account);
  return async <T>(method: 'post' | 'put', url: string, data: object): Promise<T> => {
    const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
}

/**
 * Two flocks with this year's sales and expenses (today): Layers sold Ksh 10,000 paid and Ksh
 * 5,000 on credit and spent Ksh 4,000 (200 birds: Ksh 55.00 a bird); Broilers sold Ksh 3,000
 * and spent Ksh 6,000 (50 birds). The farm: revenue 18,000 (13,000 paid, 5,000 pending),
 * expenses 10,000, net profit 8,000.
 */
async function seedFarm(request: APIRequestContext, account: Account) {
  const send = await apiAs(request, account);
  const suffix = Date.now().toString(36);
  const layers = `Layers ${suffix}`;
  const broilers = `Broilers ${suffix}`;
  const flock = (name: string, birds: number, breed: string) =>
    send<{ id: number }>('post', '/api/flocks', { name, breed, age: 30, initial_bird_count: birds, bird_count: birds, status: 'active' });
  const layersId = (await flock(layers, 200, 'Layers')).id;
  const broilersId = (await flock(broilers, 50, 'Broilers')).id;
  const date = farmToday();
  const sale = (flockId: number, quantity: number, unitPrice: number, paid: boolean) =>
    send('post', '/api/sales', {
      flock_id: flockId,
      category: 'Manure',
      product: `Manure ${suffix}`,
      quantity,
      unit_price: unitPrice,
      date,
      sale_type: paid ? 'Cash' : 'Credit',
      status: paid ? 'paid' : 'pending',
    });
  await sale(layersId, 10, 1000, true);
  await sale(layersId, 5, 1000, false);
  await sale(broilersId, 2, 1500, true);
  const expense = (flockId: number, amount: number, category: string) =>
    send('post', '/api/expenses', { flock_id: flockId, date, description: `${category} ${suffix}`, amount, category });
  await expense(layersId, 4000, 'Feed');
  await expense(broilersId, 6000, 'Vet');
  return { layers, broilers };
}

const card = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The page scrolls down, never sideways (a 390 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

declare global {
  interface Window {
    __layoutShift?: number;
  }
}

/** Sums the page's layout shifts not caused by input (CLS's entries), from the first paint. */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.describe('/finances', () => {
  test('shows the year’s figures, flock performance, trends and pies, and sets and clears a yearly budget', async ({ signedInPage: page, request, account }) => {
    const { layers, broilers } = await seedFarm(request, account);
    const year = Number(farmToday().slice(0, 4));
    const month = MONTH_NAMES[Number(farmToday().slice(5, 7)) - 1] ?? '';
    await watchLayoutShift(page);

    await page.goto(paths.finances.getHref());
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(page.getByText(m.intro)).toBeVisible();

    // Financial Overview: exact figures, paid and pending apart.
    const revenue = card(page, m.totalRevenue);
    await expect(revenue).toContainText(new RegExp(`^${escape(m.totalRevenue)}${kes('18,000.00')}`));
    await expect(revenue).toContainText(new RegExp(`${m.paid}${kes('13,000.00')}`));
    await expect(revenue).toContainText(new RegExp(`${escape(m.pendingIn(year))}${kes('5,000.00')}`));
    await expect(card(page, m.totalExpenses)).toContainText(new RegExp(kes('10,000.00')));
    await expect(card(page, m.netProfit)).toContainText(new RegExp(kes('8,000.00')));
    await expect(card(page, m.netProfit)).not.toContainText('-');

    // Flock Performance: 'name - KES amount', the most efficient per bird with 2 decimals.
    await expect(card(page, m.bestPerforming)).toContainText(new RegExp(`${escape(layers)} - ${kes('15,000.00')}`));
    await expect(card(page, m.mostEfficient)).toContainText(new RegExp(`${escape(layers)} - ${kes('55.00')} ${m.perBird}`));

    // The year picker: this year, the only one with records.
    const picker = page.getByRole('combobox', { name: m.yearLabel });
    await expect(picker).toHaveValue(String(year));
    await expect(picker.getByRole('option')).toHaveText([String(year)]);

    // The help lists how each figure is counted.
    const help = page.getByRole('button', { name: m.definitionsLabel });
    await help.click();
    for (const definition of m.definitions) await expect(page.getByText(definition)).toBeVisible();
    await shot(page, 'finance-help');
    await page.keyboard.press('Escape');
    await expect(page.getByText(m.definitions[0])).toBeHidden();
    await expect(help).toHaveAttribute('aria-expanded', 'false');

    // The overall pie, named with its figures, and its table.
    const pie = page.getByRole('img', { name: new RegExp(`^${escape(m.totalRevenueVsExpenses)}: Revenue ${kes('18,000.00')} \\(64\\.3%\\), Expenses ${kes('10,000.00')} \\(35\\.7%\\)`) });
    await scrollToChart(pie);
    const pieTable = page.getByRole('table', { name: m.totalRevenueVsExpenses });
    await expect(pieTable.getByRole('row').filter({ hasText: m.revenue })).toContainText(/64\.3%/);

    // The three trends: a line a flock, each with its table up to this month.
    const trends: [string, string, string][] = [
      [m.revenueTrend, '15,000.00', '3,000.00'],
      [m.expensesTrend, '4,000.00', '6,000.00'],
      [m.netRevenueTrend, '11,000.00', '3,000.00'],
    ];
    for (const [title, layersFigure, broilersFigure] of trends) {
      const chart = page.getByRole('img', { name: new RegExp(`^${escape(title)}: each month of the year, one line for each of 2 flocks\\.$`) });
      await scrollToChart(chart);
      // The plot fills its frame (a canvas of chart.js's default 150 px would be squashed);
      // polled, since between two draws a chart has no box.
      await expect.poll(async () => (await chart.boundingBox())?.height ?? 0).toBeGreaterThan(250);
      const table = page.getByRole('table', { name: title, exact: true });
      await expect(table.getByRole('columnheader')).toHaveText(['Month', layers, broilers]);
      await expect(table.getByRole('row').filter({ hasText: month })).toContainText(new RegExp(`${kes(layersFigure)}.*${kes(broilersFigure)}`));
    }

    // A pie a flock, with its figures.
    const flocks = page.getByRole('list', { name: m.flockRevenueVsExpenses });
    const layersCard = flocks.getByRole('listitem', { name: layers });
    const broilersCard = flocks.getByRole('listitem', { name: broilers });
    await layersCard.scrollIntoViewIfNeeded();
    await expect(layersCard.getByRole('img', { name: new RegExp(`^${escape(layers)}: Revenue ${kes('15,000.00')} \\(78\\.9%\\), Expenses ${kes('4,000.00')}`) })).toBeVisible();
    await expect(broilersCard.getByRole('img', { name: new RegExp(`^${escape(broilers)}: Revenue ${kes('3,000.00')} \\(33\\.3%\\)`) })).toBeVisible();
    await expect(broilersCard).toContainText(new RegExp(`${m.netProfit}${kes('3,000.00')}`));
    await expect(layersCard).toContainText(`${m.budget}: ${m.noBudget}`);
    await expectNoSidewaysScroll(page);
    await shot(page, 'finance-figures');

    // Nothing moved as the data and the charts arrived.
    const shift = await page.evaluate(() => window.__layoutShift ?? 0);
    expect(shift).toBeLessThan(0.05);

    // No axe violation (WCAG 2.1 A and AA, decision 023) with every chart drawn and the help open, in both schemes.
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('kuku.color-scheme', value), scheme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      // Three trends, the overall pie and a pie a flock, once the screen has settled.
      await expect(page.locator('canvas')).toHaveCount(6, { timeout: 20_000 });
      await page.getByRole('button', { name: m.definitionsLabel }).click();
      const violations = await axeViolations(page);
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
      await page.keyboard.press('Escape');
    }

    // A yearly budget: refused with the field's message, then saved.
    await layersCard.getByRole('button', { name: m.budgetActionFor(m.setBudget, layers) }).click();
    let dialog = page.getByRole('dialog', { name: m.setBudget });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(m.budgetOf(layers, year));
    const amount = dialog.getByLabel(m.budgetAmountLabel);
    await amount.fill('1.234');
    await dialog.getByRole('button', { name: m.saveBudget }).click();
    await expect(dialog.getByText('Amount can have at most 2 decimal places.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('12,000');
    await dialog.getByRole('button', { name: m.saveBudget }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: `${m.budgetOf(layers, year)}: ${m.budgetSaved}` })).toBeVisible();
    await expect(layersCard).toContainText(new RegExp(`${m.budget}: ${kes('12,000.00')} \\(${m.yearlyBudget}\\)`));
    await expect(layersCard).toContainText(new RegExp(`${kes('4,000.00')} of ${kes('12,000.00')} spent \\(33\\.3%\\)`));
    await shot(page, 'finance-budget-set');

    // Edited, then cleared.
    await layersCard.getByRole('button', { name: m.budgetActionFor(m.editBudget, layers) }).click();
    dialog = page.getByRole('dialog', { name: m.editBudget });
    await expect(dialog.getByLabel(m.budgetAmountLabel)).toHaveValue('12000.00');
    await dialog.getByRole('button', { name: m.clearBudget }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: `${m.budgetOf(layers, year)}: ${m.budgetCleared}` })).toBeVisible();
    await expect(layersCard).toContainText(`${m.budget}: ${m.noBudget}`);
    await expect(layersCard.getByRole('button', { name: m.budgetActionFor(m.setBudget, layers) })).toBeVisible();
  });

  test('a new farm sees what to record in every card and chart', async ({ signedInPage: page }) => {
    const year = Number(farmToday().slice(0, 4));
    await page.goto(paths.finances.getHref());
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();

    for (const name of [m.totalRevenue, m.totalExpenses, m.netProfit]) await expect(card(page, name)).toContainText(new RegExp(kes('0.00')));
    await expect(card(page, m.bestPerforming)).toContainText(m.noFlocks);
    await expect(card(page, m.mostEfficient)).toContainText(m.noFlocks);
    await expect(page.getByRole('combobox', { name: m.yearLabel })).toHaveValue(String(year));
    // The pie, the three trends and the flocks' section each say so too.
    await expect(page.getByText(m.noFlocks)).toHaveCount(7);
    for (const title of [m.revenueTrend, m.expensesTrend, m.netRevenueTrend]) await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    // No chart is drawn (nor its code loaded) for nothing.
    await expect(page.locator('canvas')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await shot(page, 'finance-empty');
  });
});
