import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { REPORT_NOTICE_MS, reportFileName, reportMessages as m, reportName } from '../packages/domain/src/reports-rules.js';
import { saleMessages } from '../packages/domain/src/sales-rules.js';
import { apiLogin, expect, farmMonthDay, farmToday, isPhone, paths, shot, test, type Account } from './fixtures.js';

// docs/product.md §2 Reports, §5 Report generator, §7 report generation and download, §8 Reports, §9 the
// page of 5 and the notice that hides after 5000 ms.

/** A flock, a sale and an expense of today, through the API. */
async function seedFarm(request: APIRequestContext, account: Account): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiLogin(request, account)}` };
  const flock = await request.post('/api/flocks', {
    headers,
    data: { name: `Layers ${Date.now().toString(36)}`, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(flock.status()).toBe(201);
  const flockId = ((await flock.json()) as { id: number }).id;
  const sale = await request.post('/api/sales', {
    headers,
    data: { flock_id: flockId, category: 'Egg Sales', product: 'Grade A eggs', quantity: 4, unit_price: 450, sale_type: 'Cash', status: 'paid', date: farmToday() },
  });
  expect(sale.status()).toBe(201);
  const expense = await request.post('/api/expenses', {
    headers,
    data: { flock_id: flockId, date: farmToday(), description: 'Layers mash', amount: 3500, category: 'Feed' },
  });
  expect(expense.status()).toBe(201);
}

/** One report of Recent Reports: a table row on desktop, a card on phones. */
function reportEntry(page: Page, name: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: m.recentTitle }) : page.getByRole('table', { name: m.recentTitle });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: name });
}

/** The page scrolls down, never sideways (a 390 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const generator = (page: Page) => page.getByRole('form', { name: m.generatorTitle });

test.describe('/reports', () => {
  test('the generator checks in the productâs order, makes two reports that turn Ready, one downloaded and one deleted', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    await seedFarm(request, account);
    const start = farmMonthDay(-1);
    const end = farmToday();

    await page.goto(paths.reports.getHref());
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    await expect(page.getByText(m.empty)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'reports-empty');

    const form = generator(page);
    const generate = form.getByRole('button', { name: m.generate });
    await generate.click();
    await expect(form.getByText(m.selectCategory)).toBeVisible();
    await form.getByRole('checkbox', { name: 'Sales' }).check();
    await generate.click();
    await expect(form.getByText(m.datesRequired)).toBeVisible();
    await form.getByLabel(m.startDate).fill(end);
    await form.getByLabel(m.endDate).fill(start);
    await generate.click();
    await expect(form.getByText(m.startAfterEnd)).toBeVisible();
    await form.getByLabel(m.endDate).fill(end);
    await generate.click();
    await expect(form.getByText(m.singleDay)).toBeVisible();

    // Two categories: one report each.
    await form.getByLabel(m.startDate).fill(start);
    await form.getByRole('checkbox', { name: 'Flock' }).check();
    await generate.click();
    const done = form.getByText(m.generated);
    await expect(done).toBeVisible();
    // docs/product.md §9: the notice hides after 5000 ms.
    await expect(done).toBeHidden({ timeout: REPORT_NOTICE_MS + 3000 });

    const salesName = reportName('sales', 'summary', start, end);
    const flockName = reportName('flock', 'summary', start, end);
    const sales = reportEntry(page, salesName);
    const flock = reportEntry(page, flockName);
    await expect(sales).toContainText('Ready', { timeout: 30_000 });
    await expect(flock).toContainText('Ready', { timeout: 30_000 });
    await expect(page.getByText(m.reportCount(2))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'reports-ready');

    // The PDF, through a fresh link, named after the report.
    const downloading = page.waitForEvent('download');
    await sales.getByRole('button', { name: m.downloadOf(salesName) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(reportFileName(salesName, 'pdf'));
    const file = await readFile(await download.path());
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Deleted after the question.
    await flock.getByRole('button', { name: m.deleteOf(flockName) }).click();
    const dialog = page.getByRole('dialog', { name: m.deleteTitle });
    await expect(dialog).toContainText(m.deleteConfirm(flockName));
    await dialog.getByRole('button', { name: m.delete }).click();
    await expect(dialog).toBeHidden();
    await expect(flock).toHaveCount(0);
    await expect(sales).toBeVisible();
    await expect(page.getByText(m.reportCount(1))).toBeVisible();
  });

  test('a range with nothing in it gets the insufficient-data warning', async ({ signedInPage: page }) => {
    await page.goto(paths.reports.getHref());
    const form = generator(page);
    await form.getByLabel(m.startDate).fill(farmMonthDay(-1));
    await form.getByLabel(m.endDate).fill(farmToday());
    await form.getByRole('checkbox', { name: 'Sales' }).check();
    await form.getByRole('button', { name: m.generate }).click();
    await expect(form.getByText(m.insufficientData)).toBeVisible();
    await expect(page.getByText(m.empty)).toBeVisible();
  });

  test("the sales screen's report form makes a report that shows in Reports", async ({ signedInPage: page, request, account }) => {
    await seedFarm(request, account);
    const start = farmMonthDay(-1);
    const end = farmToday();

    await page.goto(paths.sales.getHref());
    const form = page.getByRole('form', { name: saleMessages.reportTitle });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel(m.startDate).fill(start);
    await form.getByLabel(m.endDate).fill(end);
    await form.getByLabel(m.reportType).selectOption('detailed');
    await form.getByRole('button', { name: m.generate }).click();
    await expect(form.getByText(m.salesFormDone)).toBeVisible();
    await form.getByRole('link', { name: m.seeReports }).click();

    await expect(page).toHaveURL(/\/reports$/);
    const name = reportName('sales', 'detailed', start, end);
    await expect(reportEntry(page, name)).toContainText('Ready', { timeout: 30_000 });
  });
});
