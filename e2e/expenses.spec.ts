import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { EXPENSE_POPUP_MS, expenseMessages as m } from '../packages/domain/src/expenses-rules.js';
import { reportMessages } from '../packages/domain/src/reports-rules.js';
import { apiLogin, expect, farmMonthDay, farmToday, isPhone, paths, scrollToChart, shot, test, watchAlert, type Account } from './fixtures.js';

// docs/product.md §2 Expenses, §5 Expense add, Budget add and Budget edit, §8 Expenses and Budgets, §9 the
// date window, the budget levels and the 3-second popup.

async function createFlock(request: APIRequestContext, account: Account, name: string): Promise<number> {
  const token = await apiLogin(request, account);
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** One expense of the list: a table row on desktop, a card on phones. */
function expenseEntry(page: Page, text: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: m.expenseList }) : page.getByRole('table', { name: m.expenseList });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
}

const statCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A flock's block in 'Budget against actual (this month)'. */
const budgetOf = (page: Page, flock: string) =>
  page.getByRole('region', { name: m.budgetAgainstActual }).getByRole('listitem').filter({ hasText: flock });

/** The page scrolls down, never sideways (a 390 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Records an expense through the dialog and waits for its popup. */
async function addExpense(page: Page, description: string, amount: string, category: string) {
  await page.getByRole('button', { name: m.newExpense }).click();
  const dialog = page.getByRole('dialog', { name: m.newExpense });
  await dialog.getByLabel(m.descriptionLabel).fill(description);
  await dialog.getByLabel(m.amountLabel).fill(amount);
  await dialog.getByLabel(m.categoryLabel).selectOption(category);
  await dialog.getByRole('button', { name: m.saveExpense }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: m.added })).toBeVisible();
}

test.describe('/expenses', () => {
  test('an expense is recorded (first refused), a budget set, refused twice, edited and gone over, and an expense deleted', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    const flockName = `Layers ${Date.now().toString(36)}`;
    const feed = `Layers mash ${Date.now().toString(36)}`;
    await createFlock(request, account, flockName);

    await page.goto(paths.expenses.getHref());
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: m.welcomeTitle })).toBeVisible();
    await expect(page.getByText(m.noExpenses)).toBeVisible();
    await expect(statCard(page, m.statThisMonth)).toContainText('0.00');
    await expect(statCard(page, m.statBudgetUsed)).toContainText(m.noBudgetThisMonth);
    await expectNoSidewaysScroll(page);
    await shot(page, 'expenses-empty');

    // The new expense, first sent empty, then dated 7 months back.
    await page.getByRole('button', { name: m.newExpense }).click();
    let dialog = page.getByRole('dialog', { name: m.newExpense });
    await expect(dialog).toBeVisible();
    // The farm's only flock is chosen already, and today is the date.
    await expect(dialog.getByLabel(m.flockLabel)).toHaveValue(/\d+/);
    await expect(dialog.getByLabel(m.dateLabel)).toHaveValue(farmToday());
    await dialog.getByRole('button', { name: m.saveExpense }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: m.formInvalid })).toBeVisible();
    await expect(dialog.getByText(m.descriptionRequired)).toBeVisible();
    await expect(dialog.getByText(m.selectCategory)).toBeVisible();
    await dialog.getByLabel(m.descriptionLabel).fill(feed);
    await expect(dialog.getByLabel(m.amountLabel)).toHaveAttribute('inputmode', 'decimal');
    await dialog.getByLabel(m.amountLabel).fill('3500');
    await dialog.getByLabel(m.categoryLabel).selectOption('Feed');
    await dialog.getByLabel(m.dateLabel).fill(farmMonthDay(-7));
    await dialog.getByRole('button', { name: m.saveExpense }).click();
    await expect(dialog.getByText(m.dateOutsideWindow)).toBeVisible();
    await expect(dialog.getByLabel(m.dateLabel)).toHaveAttribute('aria-invalid', 'true');
    const dialogOverflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await shot(page, 'expenses-new-refused');

    await dialog.getByLabel(m.dateLabel).fill(farmToday());
    const popupStayed = await watchAlert(page, m.added);
    await dialog.getByRole('button', { name: m.saveExpense }).click();
    await expect(dialog).toBeHidden();

    // The 3-second popup.
    const popup = page.getByRole('alert').filter({ hasText: m.added });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(feed);
    await expect(popup).toBeHidden({ timeout: EXPENSE_POPUP_MS + 3000 });
    const stayed = await popupStayed();
    expect(stayed).toBeGreaterThanOrEqual(EXPENSE_POPUP_MS - 250);
    expect(stayed).toBeLessThan(EXPENSE_POPUP_MS + 2000);

    // The list, the statistics and the charts move.
    const entry = expenseEntry(page, feed);
    await expect(entry).toContainText('3,500.00');
    await expect(entry).toContainText(flockName);
    await expect(statCard(page, m.statThisWeek)).toContainText('3,500.00');
    await expect(statCard(page, m.statThisMonth)).toContainText('3,500.00');
    await expect(statCard(page, m.statThisYear)).toContainText('3,500.00');
    await expect(statCard(page, m.statLargestCategory)).toContainText('Feed');
    const weekChart = page.getByRole('img', { name: new RegExp(`^${m.chartWeek.replace(/[()]/g, '\\$&')}`) });
    await scrollToChart(weekChart);
    await expect(weekChart).toHaveAttribute('aria-label', /3,500\.00/);
    await expect(page.getByRole('img', { name: new RegExp(`^${m.chartCategories.replace(/[()]/g, '\\$&')}`) })).toHaveAttribute(
      'aria-label',
      /Feed Ksh\s3,500\.00 \(100%\)/,
    );

    // A budget of Ksh 4,000 this month: 87.5 % used, near the budget.
    await page.getByRole('button', { name: m.addNewBudget }).first().click();
    dialog = page.getByRole('dialog', { name: m.addBudget });
    await expect(dialog.getByLabel(m.flockLabel)).toHaveValue(/\d+/);
    await dialog.getByLabel(m.budgetAmountLabel).fill('4000');
    await dialog.getByRole('button', { name: m.saveBudget }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: m.budgetAdded })).toBeVisible();
    const budget = budgetOf(page, flockName);
    await expect(budget).toContainText(`87.5% · ${m.levelWarning}`);
    await expect(budget).toHaveAttribute('data-level', 'warning');
    const warningColor = await budget.getByText(`87.5% · ${m.levelWarning}`).evaluate((el) => getComputedStyle(el).color);
    await expect(statCard(page, m.statBudgetUsed)).toContainText('87.5%');

    // The same flock and month again: the warning, and its way to the edit form.
    await page.getByRole('button', { name: m.addNewBudget }).first().click();
    dialog = page.getByRole('dialog', { name: m.addBudget });
    await dialog.getByLabel(m.budgetAmountLabel).fill('5000');
    await dialog.getByRole('button', { name: m.saveBudget }).click();
    const warning = dialog.getByRole('alert').filter({ hasText: m.budgetExists });
    await expect(warning).toBeVisible();
    await shot(page, 'expenses-budget-exists');
    await warning.getByRole('button', { name: m.editBudget }).click();

    // Edited to Ksh 10,000: 35 % used.
    dialog = page.getByRole('dialog', { name: m.editBudget });
    await expect(dialog.getByRole('combobox', { name: new RegExp(`^${m.budgetLabel}`) })).toHaveValue(/\d+/);
    await expect(dialog.getByLabel(m.budgetAmountLabel)).toHaveValue('4000.00');
    await dialog.getByLabel(m.budgetAmountLabel).fill('10000');
    await dialog.getByRole('button', { name: m.updateBudget }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: m.budgetUpdated })).toBeVisible();
    await expect(budget).toContainText(`35% · ${m.levelOk}`);
    await expect(budget).toHaveAttribute('data-level', 'ok');
    const okColor = await budget.getByText(`35% · ${m.levelOk}`).evaluate((el) => getComputedStyle(el).color);
    expect(okColor).not.toBe(warningColor);

    // Ksh 7,000 of vet costs: Ksh 10,500 against 10,000, over the budget, in another colour.
    await addExpense(page, 'Vet visit', '7000', 'Vet');
    await expect(budget).toContainText(`105% · ${m.levelOver}`);
    await expect(budget).toHaveAttribute('data-level', 'over');
    await expect(budget).toContainText(/Over by Ksh\s500\.00/);
    const overColor = await budget.getByText(`105% · ${m.levelOver}`).evaluate((el) => getComputedStyle(el).color);
    expect(overColor).not.toBe(okColor);
    expect(overColor).not.toBe(warningColor);
    await expect(statCard(page, m.statThisMonth)).toContainText('10,500.00');
    await expectNoSidewaysScroll(page);
    await shot(page, 'expenses-over-budget');

    // The vet visit deleted after the question: back within the budget.
    const vet = expenseEntry(page, 'Vet visit');
    await vet.getByRole('button', { name: m.deleteExpenseOf('Vet visit') }).click();
    dialog = page.getByRole('dialog', { name: m.deleteExpense });
    await expect(dialog).toContainText(m.confirmDelete);
    await dialog.getByRole('button', { name: m.delete }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: m.deleted })).toBeVisible();
    await expect(vet).toHaveCount(0);
    await expect(budget).toHaveAttribute('data-level', 'ok');
    await expect(statCard(page, m.statThisMonth)).toContainText('3,500.00');
  });

  test('the report form asks for both dates, then asks Reports for the report (none: no expense yet)', async ({ signedInPage: page }) => {
    await page.goto(paths.expenses.getHref());
    const form = page.getByRole('form', { name: m.reportTitle });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: m.generateReport }).click();
    await expect(form.getByText(m.reportDatesRequired).first()).toBeVisible();
    await form.getByLabel(m.reportStart).fill(farmMonthDay(-1));
    await form.getByLabel(m.reportEnd).fill(farmToday());
    await form.getByLabel(m.reportDescription).fill('mash');
    await form.getByRole('button', { name: m.generateReport }).click();
    await expect(form.getByText(reportMessages.insufficientData)).toBeVisible();
    await expect(page.getByRole('heading', { name: m.chartWeek })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
