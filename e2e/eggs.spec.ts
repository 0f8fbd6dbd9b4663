import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn } from '../packages/domain/src/common/dates.js';
import { eggMessages } from '../packages/domain/src/eggs-rules.js';
import { apiLogin, expect, isPhone, paths, shot, test, type Account } from './fixtures.js';

// docs/product.md §2 Egg production, §5 Egg production add and Egg adjustment create, §8 Egg
// production/adjustments, §9 trays of 30.

async function createFlock(request: APIRequestContext, account: Account, name: string): Promise<number> {
  const token = await apiLogin(request, account);
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The farm's day (Africa/Nairobi, as the browser and the farm are) `days` from today. */
function farmDay(days = 0): string {
  return dayIn(new Date(Date.now() + days * 24 * 60 * 60 * 1000), 'Africa/Nairobi');
}

/** One entry of a list: a table row on desktop, a card on phones. */
function listEntry(page: Page, list: string, text: string) {
  const scope = isPhone(page) ? page.getByRole('list', { name: list }) : page.getByRole('table', { name: list });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
}

const statCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function openDialog(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('/egg-production', () => {
  test('a day is recorded in trays, edited through its duplicate, adjusted in crates and deleted', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    const flockName = `Layers ${Date.now().toString(36)}`;
    await createFlock(request, account, flockName);

    await page.goto(paths.eggs.getHref());
    await expect(page.getByRole('heading', { name: 'Egg Production', level: 1 })).toBeVisible();
    await expect(page.getByText(eggMessages.noProduction)).toBeVisible();
    await expect(page.getByText(eggMessages.noAdjustments)).toBeVisible();
    await expect(statCard(page, 'Eggs this month')).toContainText('0 trays + 0 eggs');
    await shot(page, 'eggs-empty');

    // A future day and a remainder of 30 block the submit silently: nothing is sent.
    let dialog = await openDialog(page, 'Add New Production', 'Add New Production');
    // The farm's only flock is chosen already.
    await expect(dialog.getByLabel('Flock')).toHaveValue(/\d+/);
    await expect(dialog.getByLabel('Trays')).toHaveAttribute('inputmode', 'numeric');
    await dialog.getByLabel('Date').fill(farmDay(1));
    await dialog.getByLabel('Trays').fill('12');
    await dialog.getByLabel('Remainder eggs').fill('30');
    await expect(dialog.getByText(eggMessages.dateInFuture)).toBeVisible();
    await expect(dialog.getByText(eggMessages.remainderInvalid)).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add Production' });
    await expect(add).toBeDisabled();
    await shot(page, 'eggs-add-blocked');

    // Then a valid day: 12 trays + 5 eggs.
    await dialog.getByLabel('Date').fill(farmDay());
    await dialog.getByLabel('Remainder eggs').fill('5');
    await expect(dialog.getByText('= 365 eggs (12 trays + 5 eggs)')).toBeVisible();
    await add.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(eggMessages.productionAdded).first()).toBeVisible();
    await expect(listEntry(page, 'Egg production records', flockName)).toContainText('12 trays + 5 eggs');
    await expect(statCard(page, 'Eggs this month')).toContainText('365');
    await expect(statCard(page, 'Production days')).toContainText('1');
    await expect(statCard(page, 'Laying rate')).toContainText('73%');

    // The same flock and day again: the form offers the record already there, with the
    // numbers just typed carried into it (decision 054).
    dialog = await openDialog(page, 'Add New Production', 'Add New Production');
    await dialog.getByLabel('Trays').fill('12');
    await dialog.getByLabel('Remainder eggs').fill('10');
    await dialog.getByRole('button', { name: 'Add Production' }).click();
    await expect(dialog.getByText(eggMessages.duplicateDay)).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit existing record' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Egg Production' });
    await expect(dialog.getByLabel('Flock')).toHaveValue(flockName);
    await expect(dialog.getByLabel('Flock')).not.toBeEditable();
    await expect(dialog.getByLabel('Total Revenue')).not.toBeEditable();
    await expect(dialog.getByLabel('Trays')).toHaveValue('12');
    await expect(dialog.getByLabel('Remainder eggs')).toHaveValue('10');
    await expect(dialog.getByText(eggMessages.typedCarried('365'))).toBeVisible();
    await expect(dialog.getByText('= 370 eggs (12 trays + 10 eggs)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Update Production' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(eggMessages.productionUpdated).first()).toBeVisible();
    await expect(statCard(page, 'Eggs this month')).toContainText('370');
    await expect(listEntry(page, 'Egg production records', flockName)).toContainText('12 trays + 10 eggs');

    // A breakage of 2 crates is 60 eggs.
    dialog = await openDialog(page, 'Add Egg Adjustment', 'Add Egg Adjustment');
    await dialog.getByRole('button', { name: 'Add Adjustment' }).click();
    await expect(dialog.getByText(eggMessages.fillAllRequired)).toBeVisible();
    await dialog.getByLabel('Type').selectOption('breakage');
    await dialog.getByLabel('Number').fill('2');
    await dialog.getByRole('radio', { name: 'Crates' }).check();
    await expect(dialog.getByText('= 60 eggs (2 trays + 0 eggs)')).toBeVisible();
    await dialog.getByLabel('Notes').fill('Dropped a crate');
    await dialog.getByRole('button', { name: 'Add Adjustment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(eggMessages.adjustmentAdded).first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Breakage' })).toContainText('60 eggs');
    await expect(statCard(page, 'Available egg stock')).toContainText('310');
    const adjustment = listEntry(page, 'Egg adjustments', flockName);
    await expect(adjustment).toContainText('2 crates (60 eggs)');
    await shot(page, 'eggs-recorded');

    // Edited to 3 crates: the answer replaces the entry, the summary is read again.
    await adjustment.getByRole('button', { name: /^Edit breakage of/ }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Egg Adjustment' });
    await expect(dialog.getByLabel('Number')).toHaveValue('2');
    await dialog.getByLabel('Number').fill('3');
    await dialog.getByRole('button', { name: 'Update Adjustment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(eggMessages.adjustmentUpdated).first()).toBeVisible();
    await expect(adjustment).toContainText('3 crates (90 eggs)');
    await expect(page.getByRole('group', { name: 'Breakage' })).toContainText('90 eggs');

    // The day is deleted after a confirmation.
    const day = listEntry(page, 'Egg production records', flockName);
    await day.getByRole('button', { name: /^Delete production of/ }).click();
    dialog = page.getByRole('dialog', { name: 'Delete egg production' });
    await expect(dialog).toContainText(eggMessages.confirmDeleteProduction);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(eggMessages.productionDeleted).first()).toBeVisible();
    await expect(page.getByText(eggMessages.noProduction)).toBeVisible();
    await expect(statCard(page, 'Eggs this month')).toContainText('0 trays + 0 eggs');
  });
});
