import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiLogin, expect, farmToday, isPhone, paths, shot, test } from './fixtures.js';

/** The overlay is fixed to the viewport, so a full-page capture would show the list behind it. */
async function overlayShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}-${test.info().project.name}.png`) });
}

/** One flock of the list: a table row on desktop, a card on phones. */
function flockEntry(page: Page, name: string) {
  return page.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: name });
}

const CHARTS = ['Bird Count Over Time', 'Deaths per Week', 'Mortality Rate Trend', 'Vaccinations Done vs Due'];

// docs/product.md §2 Flock Management, §4 Flock status, §5 Flock add, §8 Flocks, §9 mortality.
test.describe('/bird-management', () => {
  test('a flock is added, found, counted down by mortality and archived', async ({ signedInPage: page }) => {
    const name = `Shamba ${randomBytes(3).toString('hex')}`;

    await page.goto(paths.flocks.getHref());
    await expect(page.getByRole('heading', { name: "Let's Manage Your Flock" })).toBeVisible();
    await expect(page.getByText('No mortalities recorded !!')).toBeVisible();

    await page.getByRole('button', { name: 'Add Flock' }).click();
    const form = page.getByRole('dialog', { name: 'Add Flock' });
    await form.getByRole('button', { name: 'Add Flock' }).click();
    for (const message of [
      'Flock name is required.',
      'Please select a breed.',
      'Age is required.',
      'Initial bird count is required.',
      'Current bird count is required.',
      'Please select a status.',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }

    await form.getByLabel('Flock Name').fill(name);
    await form.getByLabel('Breed').selectOption('Layers');
    await form.getByLabel('Age (weeks)').fill('20');
    await form.getByLabel('Initial Bird Count').fill('100');
    await form.getByLabel('Current Bird Count').fill('100');
    await form.getByLabel('Status').selectOption('Active');
    await form.getByRole('button', { name: 'Add Flock' }).click();

    await expect(page.getByText(`The flock "${name}" has been successfully added.`)).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByLabel('Search flocks').fill(name);
    const row = flockEntry(page, name);
    await expect(row).toContainText('20 weeks');
    await expect(row).toContainText('Pullets');
    await expect(row).toContainText('Active');
    await shot(page, 'flocks-list');

    await row.getByRole('button', { name: /View Details/ }).click();
    await expect(page.getByRole('heading', { name: `Managing Flock: ${name}` })).toBeVisible();
    // docs/product.md §2: the charts open below the fold, and a toast says so.
    await expect(page.getByText('Scroll down the page to see flock statistics.')).toBeVisible();
    await expect(page.getByText('No vaccinations scheduled yet.')).toBeVisible();
    await expect(page.getByText('Monitoring...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule', exact: true })).toBeVisible();
    await overlayShot(page, 'flocks-details-top');
    await page.getByRole('heading', { name: 'Vaccination Schedule' }).scrollIntoViewIfNeeded();
    await overlayShot(page, 'flocks-details-bottom');

    await page.getByLabel('New Bird Count').fill('95');
    await page.getByLabel('Reason').selectOption('Mortality (deaths)');
    await page.getByRole('button', { name: 'Update Bird Count' }).click();
    await expect(page.getByText('Bird count updated to 95.')).toBeVisible();
    // 5 of 100 birds died.
    await expect(page.getByText('Mortality rate: 5.00%')).toBeVisible();

    // The four charts of the flock's own history, drawn on canvases with their names, redrawn after the change.
    const overlay = page.getByRole('dialog', { name: `Managing Flock: ${name}` });
    await overlay.getByRole('heading', { name: 'Flock Statistics' }).scrollIntoViewIfNeeded();
    for (const chart of CHARTS) {
      // Scrolled to as a farmer would: a chart is drawn once it nears the viewport (decision 044).
      await overlay.getByRole('heading', { name: chart, exact: true }).scrollIntoViewIfNeeded();
      const canvas = overlay.getByRole('img', { name: new RegExp(`^${chart}: `) });
      await expect(canvas).toBeVisible();
      // Polled: the chart is drawn again after the change, and between two draws it has no box.
      await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    }
    await expect(overlay.getByRole('img', { name: 'Bird Count Over Time: 95 birds at the end of 1 week.' })).toBeVisible();
    await expect(overlay.getByRole('img', { name: 'Deaths per Week: 5 deaths in 1 week.' })).toBeVisible();
    await expect(overlay.getByRole('img', { name: 'Mortality Rate Trend: 5.00% by the latest week.' })).toBeVisible();
    await overlayShot(page, 'flocks-details-charts');

    await page.getByLabel('Flock Status').selectOption('Archived');
    await expect(page.getByText('Flock status updated to Archived.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Generate' })).toBeVisible();

    await page.getByRole('button', { name: 'Back to Flock List' }).click();
    await expect(page.getByRole('heading', { name: `Managing Flock: ${name}` })).toBeHidden();
    await expect(flockEntry(page, name)).toContainText('Archived');

    // The status filter asks the server for one status.
    await page.getByLabel('Search flocks').fill('');
    await page.getByLabel('Filter by status').selectOption('Active');
    await expect(page.getByText('No flocks match status Active.')).toBeVisible();
    await page.getByLabel('Filter by status').selectOption('Archived');
    await expect(flockEntry(page, name)).toContainText('Archived');
  });

  test("'Schedule' says it leads to the vaccination page and goes there", async ({ signedInPage: page, request, account }) => {
    const name = `Kienyeji ${randomBytes(3).toString('hex')}`;
    const token = await apiLogin(request, account);
    const created = await request.post('/api/flocks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, breed: 'Free Range', age: 3, initial_bird_count: 40, bird_count: 40, status: 'chicks' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // The overlay's address opens it directly.
    await page.goto(`${paths.flocks.getHref()}?flock=${id}`);
    await expect(page.getByRole('heading', { name: `Managing Flock: ${name}` })).toBeVisible();
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    await expect(page.getByText('Redirecting to the vaccination page...')).toBeVisible();
    await expect(page).toHaveURL(paths.vaccinations.getHref(id));
    await expect(page.getByText(`Vaccination Schedule for Flock: ${name}`)).toBeVisible();
  });

  // Decision 052: the owner's delete of everything asks for the name, offers Undo, and Recently deleted brings it back.
  test('the owner deletes a flock with its records by typing its name, undoes it, and restores it from Recently deleted', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    const name = `Bin ${randomBytes(3).toString('hex')}`;
    const headers = { Authorization: `Bearer ${await apiLogin(request, account)}` };
    const created = await request.post('/api/flocks', { headers, data: { name, breed: 'Layers', age: 30, initial_bird_count: 200, bird_count: 200, status: 'active' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const today = farmToday();
    expect((await request.post('/api/egg-productions', { headers, data: { flock_id: id, date_produced: today, eggs_collected: 150, price_per_unit: 12 } })).status()).toBe(201);
    const sale = { flock_id: id, category: 'Egg Sales', product: 'Trays', description: 'Market', quantity: 5, unit_price: 420, date: today, sale_type: 'Cash', status: 'paid' };
    expect((await request.post('/api/sales', { headers, data: sale })).status()).toBe(201);

    await page.goto(`${paths.flocks.getHref()}?flock=${id}`);
    await expect(page.getByRole('heading', { name: `Managing Flock: ${name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Flock' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    const erase = dialog.getByRole('button', { name: 'Delete everything' });
    await expect(erase).toBeDisabled();
    await dialog.getByLabel(`Type the flock's name, ${name}, to confirm`).fill(name.toLowerCase());
    await expect(erase).toBeEnabled();
    await overlayShot(page, 'flocks-delete-everything');
    await erase.click();

    const toast = page.getByRole('alert').filter({ hasText: `"${name}" was deleted.` });
    await expect(toast).toBeVisible();
    await overlayShot(page, 'flocks-deleted-undo');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`"${name}" is back, with all its records.`)).toBeVisible();
    await page.getByLabel('Search flocks').fill(name);
    await expect(flockEntry(page, name)).toContainText('Active');

    // Deleted again, and brought back from the flocks screen's Recently deleted.
    await flockEntry(page, name).getByRole('button', { name: /View Details/ }).click();
    await page.getByRole('button', { name: 'Delete Flock' }).click();
    await dialog.getByLabel(`Type the flock's name, ${name}, to confirm`).fill(name);
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `"${name}" was deleted.` })).toBeVisible();
    await expect(page.getByText(`No flocks match`)).toBeVisible();

    await page.getByRole('button', { name: 'Recently deleted' }).click();
    const bin = page.getByRole('dialog', { name: 'Recently deleted' });
    const entry = bin.getByRole('listitem').filter({ hasText: name });
    await expect(entry).toContainText('1 bird count change, 1 egg record, 1 sale');
    await expect(entry).toContainText(`Deleted by ${account.username}`);
    await overlayShot(page, 'flocks-recently-deleted');
    await entry.getByRole('button', { name: `Restore ${name}` }).click();
    // The Undo's own toast may still be showing: the newest is this one.
    await expect(page.getByText(`"${name}" is back, with all its records.`).last()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: `"${name}" was deleted.` })).toBeHidden();
    await expect(bin.getByText('No flock was deleted in the last 30 days.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(flockEntry(page, name)).toContainText('Active');
    const sales = (await (await request.get('/api/sales?pageSize=100', { headers })).json()) as { items: { flock_id: number }[] };
    expect(sales.items.filter((s) => s.flock_id === id)).toHaveLength(1);
  });
});
