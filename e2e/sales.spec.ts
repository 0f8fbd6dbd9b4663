import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { reportMessages } from '../packages/domain/src/reports-rules.js';
import { SALE_SAVED_POPUP_MS, saleMessages } from '../packages/domain/src/sales-rules.js';
import { apiLogin, expect, farmMonthDay, farmToday, isPhone, paths, shot, test, watchAlert, type Account } from './fixtures.js';

// docs/product.md §2 Sales, §4 Sale status, §5 New sale and Sale delete, §8 Sales, §9 the sale-saved popup.

async function createFlock(request: APIRequestContext, account: Account, name: string): Promise<number> {
  const token = await apiLogin(request, account);
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** One sale of Recent Sales: a table row on desktop, a card on phones. */
function saleEntry(page: Page, text: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: 'Recent sales' }) : page.getByRole('table', { name: 'Recent sales' });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
}

const statCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** The page scrolls down, never sideways (a 390 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('/sales-management', () => {
  test('a sale is created (not 7 months back), marked paid and back, edited and deleted', async ({ signedInPage: page, request, account }) => {
    const flockName = `Layers ${Date.now().toString(36)}`;
    const product = `Grade A eggs ${Date.now().toString(36)}`;
    await createFlock(request, account, flockName);

    await page.goto(paths.sales.getHref());
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: saleMessages.welcome })).toBeVisible();
    await expect(page.getByText(saleMessages.noSales)).toBeVisible();
    await expect(statCard(page, 'Number of sales')).toContainText('0');
    await expectNoSidewaysScroll(page);
    await shot(page, 'sales-empty');

    // The new sale: 12 crates at Ksh 450 on credit, first dated 7 months back.
    await page.getByRole('button', { name: saleMessages.createNewSale }).click();
    let dialog = page.getByRole('dialog', { name: saleMessages.createNewSale });
    await expect(dialog).toBeVisible();
    // The farm's only flock is chosen already.
    await expect(dialog.getByLabel('Flock')).toHaveValue(/\d+/);
    await dialog.getByLabel('Category').selectOption('Egg Sales');
    await expect(dialog.getByLabel('Unit', { exact: true })).toHaveValue('Crates');
    await dialog.getByLabel('Product').fill(product);
    await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
    await expect(dialog.getByLabel('Quantity')).toHaveAttribute('inputmode', 'numeric');
    await expect(dialog.getByLabel('Unit price (Ksh)')).toHaveAttribute('inputmode', 'decimal');
    await dialog.getByLabel('Quantity').fill('12');
    await dialog.getByLabel('Unit price (Ksh)').fill('450');
    await expect(dialog.getByLabel('Amount')).toHaveValue(/5,400\.00/);
    // No eggs recorded this month: more crates than the stock is a warning only.
    await expect(dialog.getByText(saleMessages.moreCratesThanStock(0))).toBeVisible();
    await dialog.getByLabel('Sale type').selectOption('Credit');
    await expect(dialog.getByLabel('Status')).toHaveValue('pending');
    await dialog.getByLabel('Date').fill(farmMonthDay(-7));
    await dialog.getByRole('button', { name: 'Save Sale' }).click();
    await expect(dialog.getByText(saleMessages.dateOutsideWindow)).toBeVisible();
    await expect(dialog.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
    // The dialog fits the phone: nothing to scroll sideways inside it.
    const dialogOverflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await shot(page, 'sales-new-refused');

    await dialog.getByLabel('Date').fill(farmToday());
    const popupStayed = await watchAlert(page, saleMessages.saved);
    await dialog.getByRole('button', { name: 'Save Sale' }).click();
    await expect(dialog).toBeHidden();

    // The 3-second popup.
    const popup = page.getByRole('alert').filter({ hasText: saleMessages.saved });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(/S-\d{6}: 12 Crates of Grade A eggs/);
    await expect(popup).toBeHidden({ timeout: SALE_SAVED_POPUP_MS + 3000 });
    const stayed = await popupStayed();
    expect(stayed).toBeGreaterThanOrEqual(SALE_SAVED_POPUP_MS - 250);
    expect(stayed).toBeLessThan(SALE_SAVED_POPUP_MS + 2000);

    // The list and the statistics move.
    const entry = saleEntry(page, product);
    await expect(entry).toContainText('12 Crates');
    await expect(entry).toContainText('Pending');
    const ref = /S-\d{6}/.exec((await entry.textContent()) ?? '')?.[0] ?? '';
    expect(ref).toMatch(/^S-\d{6}$/);
    await expect(statCard(page, 'Number of sales')).toContainText('1');
    await expect(statCard(page, 'Revenue this month')).toContainText('5,400.00');
    await expect(statCard(page, 'Pending')).toContainText('5,400.00');
    await expect(statCard(page, 'Pending')).toContainText('1 pending sale');
    await expect(page.getByRole('heading', { name: saleMessages.overviewTitle })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'sales-recorded');

    // Marked paid, then pending again: each saves at once.
    await entry.getByRole('button', { name: /^Mark Paid/ }).click();
    await expect(page.getByText(saleMessages.markedAs(ref, 'paid')).first()).toBeVisible();
    await expect(entry).toContainText('Completed');
    await expect(statCard(page, 'Paid')).toContainText('5,400.00');
    await entry.getByRole('button', { name: /^Mark Pending/ }).click();
    await expect(page.getByText(saleMessages.markedAs(ref, 'pending')).first()).toBeVisible();
    await expect(entry).toContainText('Pending');
    await expect(entry.getByRole('button', { name: /^Mark Paid/ })).toBeVisible();
    await expect(statCard(page, 'Paid')).toContainText('0.00');

    // Edited to 15 crates: the amount follows.
    await entry.getByRole('button', { name: `Edit sale ${ref}` }).click();
    dialog = page.getByRole('dialog', { name: saleMessages.editSale });
    await expect(dialog.getByLabel('Quantity')).toHaveValue('12');
    await dialog.getByLabel('Quantity').fill('15');
    await expect(dialog.getByLabel('Amount')).toHaveValue(/6,750\.00/);
    await dialog.getByRole('button', { name: 'Update Sale' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: saleMessages.updated })).toBeVisible();
    await expect(entry).toContainText('15 Crates');
    await expect(entry).toContainText('6,750.00');
    await expect(statCard(page, 'Revenue this month')).toContainText('6,750.00');

    // Deleted after the confirmation.
    await entry.getByRole('button', { name: `Delete sale ${ref}` }).click();
    dialog = page.getByRole('dialog', { name: 'Delete sale' });
    await expect(dialog).toContainText(saleMessages.confirmDelete);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(saleMessages.deleted).first()).toBeVisible();
    await expect(page.getByText(saleMessages.noSales)).toBeVisible();
    await expect(statCard(page, 'Number of sales')).toContainText('0');
  });

  test('the report form asks for its fields, then asks Reports for the report (none: no sale yet)', async ({ signedInPage: page }) => {
    await page.goto(paths.sales.getHref());
    const form = page.getByRole('form', { name: saleMessages.reportTitle });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: 'Generate Report' }).click();
    await expect(form.getByText(saleMessages.reportFieldsRequired).first()).toBeVisible();
    await form.getByLabel('Start date').fill(farmMonthDay(-1));
    await form.getByLabel('End date').fill(farmToday());
    await form.getByLabel('Report type').selectOption('summary');
    await form.getByRole('button', { name: 'Generate Report' }).click();
    await expect(form.getByText(reportMessages.insufficientData)).toBeVisible();
    await expect(page.getByRole('heading', { name: saleMessages.dailyChartTitle })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
