import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiLogin, expect, isPhone, paths, shot, test } from './fixtures.js';

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

// SPEC §2 Flock Management, §4 Flock status, §5 Flock add, §8 Flocks, §9 mortality.
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
    // SPEC §2: the charts open below the fold, and a toast says so.
    await expect(page.getByText('Scroll down the page to see flock statistics.')).toBeVisible();
    await expect(page.getByText('No vaccinations scheduled yet.')).toBeVisible();
    await expect(page.getByText('Monitoring...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule', exact: true })).toBeVisible();
    await overlayShot(page, 'flocks-details-top');
    await page.getByRole('heading', { name: 'Vaccination Schedule' }).scrollIntoViewIfNeeded();
    await overlayShot(page, 'flocks-details-bottom');

    await page.getByLabel('New Bird Count').fill('95');
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
      expect((await canvas.boundingBox())?.height).toBeGreaterThan(100);
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
});
