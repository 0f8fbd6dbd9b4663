import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, isPhone, paths, shot, test, type Account } from './fixtures.js';

// docs/product.md §2 Vaccination, §4 Vaccination status, §5 Vaccination (scheduling modal), §9 Standard schedule.

async function createFlock(request: APIRequestContext, account: Account, name: string): Promise<number> {
  const token = await apiLogin(request, account);
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Layers', age: 0, initial_bird_count: 100, bird_count: 100, status: 'chicks' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A datetime-local value `days` from now, in the browser's zone (Africa/Nairobi, UTC+3, no DST). */
function nairobiLocal(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000 + 3 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

/** One vaccination of the history: a table row on desktop, a card on phones. */
function historyEntry(page: Page, vaccine: string) {
  return page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: vaccine });
}

async function openAddModal(page: Page) {
  await page.getByRole('button', { name: 'Add Custom Vaccination' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Custom Vaccination' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('/vaccination', () => {
  test('a flock is scheduled by hand and by the standard schedule, and a dose is marked done and undone', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    const flockName = `Layers ${Date.now().toString(36)}`;
    const flockId = await createFlock(request, account, flockName);

    await page.goto(paths.vaccinations.getHref(flockId));
    await expect(page.getByRole('heading', { name: 'Vaccination Scheduling', level: 1 })).toBeVisible();
    await expect(page.getByText(`Vaccination Schedule for Flock: ${flockName}`)).toBeVisible();
    await expect(page.getByText('No vaccinations scheduled yet.')).toBeVisible();

    // A future date cannot be Completed: the option is disabled and submit is refused.
    let dialog = await openAddModal(page);
    await dialog.getByLabel('Vaccine Name').fill('Booster Future');
    await dialog.getByLabel('Vaccination Date').fill(nairobiLocal(-1));
    await dialog.getByLabel('Mode of Vaccination').selectOption('Injection');
    await dialog.getByLabel('Status').selectOption('Completed');
    await dialog.getByLabel('Vaccination Date').fill(nairobiLocal(3));
    await expect(dialog.getByRole('option', { name: 'Completed' })).toBeDisabled();
    await expect(dialog.getByText('You cannot schedule a future vaccination with "Completed" status.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add Vaccination' })).toBeDisabled();
    await shot(page, 'vaccinations-modal');

    await dialog.getByLabel('Status').selectOption('Pending');
    await dialog.getByRole('button', { name: 'Add Vaccination' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Vaccination scheduled successfully!').first()).toBeVisible();
    await expect(historyEntry(page, 'Booster Future')).toContainText('Pending');

    // A past-dated one, which may be marked Completed.
    dialog = await openAddModal(page);
    await expect(dialog.getByLabel('Vaccine Name')).toHaveValue('');
    await dialog.getByLabel('Vaccine Name').fill('Booster Past');
    await dialog.getByLabel('Vaccination Date').fill(nairobiLocal(-2));
    await dialog.getByLabel('Mode of Vaccination').selectOption('Oral');
    await dialog.getByRole('button', { name: 'Add Vaccination' }).click();
    await expect(dialog).toBeHidden();
    await expect(historyEntry(page, 'Booster Past')).toContainText('Overdue');

    // The standard schedule, two vaccines ticked.
    const schedule = page.getByRole('form', { name: 'Standard Vaccination Schedule' });
    await expect(schedule.getByLabel('Flock')).toBeDisabled();
    await schedule.getByRole('checkbox', { name: 'Day 1: Mareks' }).check();
    await schedule.getByRole('checkbox', { name: 'Week 2: Gumboro' }).check();
    await schedule.getByRole('button', { name: 'Add to Schedule' }).click();
    await expect(page.getByText('2 vaccinations added.')).toBeVisible();
    await expect(historyEntry(page, 'Mareks')).toBeVisible();
    await expect(historyEntry(page, 'Gumboro')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Scheduled' })).toContainText('4');
    await shot(page, 'vaccinations-flock');

    // Pending → Completed → Pending, each after a confirmation.
    const past = historyEntry(page, 'Booster Past');
    await past.getByRole('button', { name: 'Mark Completed' }).click();
    await page.getByRole('dialog', { name: 'Mark Completed' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(past).toContainText('Completed');
    await expect(page.getByRole('group', { name: 'Completed' })).toContainText('1');

    await past.getByRole('button', { name: 'Mark Pending' }).click();
    await page.getByRole('dialog', { name: 'Mark Pending' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(past.getByRole('button', { name: 'Mark Completed' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Completed' })).toContainText('0');
  });

  test('an unknown flock id says so and links to all flocks', async ({ signedInPage: page }) => {
    await page.goto(paths.vaccinations.getHref(999999));
    await expect(page.getByText('No flock ID found.')).toBeVisible();
    await shot(page, 'vaccinations-unknown');
    await page.getByRole('link', { name: 'Show all flocks' }).click();
    await expect(page).toHaveURL(paths.vaccinations.getHref());
    await expect(page.getByText('All Flocks')).toBeVisible();
    await expect(page.getByLabel('Flock')).toBeEnabled();
    await shot(page, 'vaccinations-all');
  });
});
