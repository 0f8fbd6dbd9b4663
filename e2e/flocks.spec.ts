import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, paths, shot, test } from './fixtures.js';

/** The overlay is fixed to the viewport, so a full-page capture would show the list behind it. */
async function overlayShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}-${test.info().project.name}.png`) });
}

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
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('20 weeks');
    await expect(row).toContainText('Pullets');
    await expect(row).toContainText('Active');
    await shot(page, 'flocks-list');

    await row.getByRole('button', { name: /View Details/ }).click();
    await expect(page.getByRole('heading', { name: `Managing Flock: ${name}` })).toBeVisible();
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

    await page.getByLabel('Flock Status').selectOption('Archived');
    await expect(page.getByText('Flock status updated to Archived.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Generate' })).toBeVisible();

    await page.getByRole('button', { name: 'Back to Flock List' }).click();
    await expect(page.getByRole('heading', { name: `Managing Flock: ${name}` })).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Archived');
  });
});
