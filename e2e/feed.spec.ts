import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { feedWords as w } from '../packages/domain/src/feed-words.js';
import { inventoryKindMessages as k } from '../packages/domain/src/inventory-kinds.js';
import { inventoryMessages as m } from '../packages/domain/src/inventory-rules.js';
import { COLOR_SCHEME_KEY, SCHEMES } from './axe.js';
import { apiLogin, expect, farmToday, isPhone, joinedWorker, paths, projectContext, shot, signIn, test } from './fixtures.js';

// Feed given to a flock (decision 070): an item of kind feed with its bag's weight, recorded from the
// flock's details overlay, the store's stock following each record, its edit and its delete.

async function createFlock(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.post('/api/flocks', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** One item of the store's list: a table row on desktop, a card on phones. */
function itemEntry(page: Page, text: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: m.itemList }) : page.getByRole('table', { name: m.itemList });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

async function openFlock(page: Page, flockName: string): Promise<Locator> {
  await page.goto(paths.flocks.getHref());
  await page.getByRole('button', { name: `View Details of ${flockName}` }).click();
  const overlay = page.getByRole('dialog', { name: `Managing Flock: ${flockName}` });
  await expect(overlay.getByRole('heading', { name: w.sectionTitle })).toBeVisible();
  return overlay;
}

const feedList = (overlay: Locator) => overlay.getByRole('list', { name: w.listLabel });

/** Screenshots for a look at the dialog and the section at 390 and 1280 px, light and dark (FEED_SHOTS: the folder). */
async function schemeShots(browser: Browser, token: string, flockName: string): Promise<void> {
  const dir = process.env.FEED_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280] as const) {
    for (const scheme of SCHEMES) {
      const context =
        width === 390 ? await projectContext(browser, { colorScheme: scheme }) : await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
      await context.addInitScript((entry) => window.localStorage.setItem(entry[0], entry[1]), [COLOR_SCHEME_KEY, scheme] as const);
      const page = await context.newPage();
      await signIn(page, token);
      const overlay = await openFlock(page, flockName);
      await expect(feedList(overlay).getByRole('listitem').first()).toBeVisible();
      await overlay.getByRole('region', { name: w.sectionTitle }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `feed-section-${width}-${scheme}.png`) });
      await overlay.getByRole('button', { name: w.recordFeed }).click();
      const dialog = page.getByRole('dialog', { name: w.recordFeed });
      await expect(dialog.getByRole('textbox', { name: /^Quantity/ })).toHaveValue(/\d/);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `feed-dialog-${width}-${scheme}.png`) });
      await context.close();
    }
  }
}

test.describe('feed', () => {
  test('a farmer adds feed with its bag’s weight, records feed for a flock, sees the stock fall, edits and deletes the record; a worker records too', async ({
    signedInPage: page,
    request,
    account,
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const flockName = `Layers ${suffix}`;
    const mash = `Layers mash ${suffix}`;
    const ownerToken = await apiLogin(request, account);
    await createFlock(request, ownerToken, flockName);

    // The store: a feed item, its kind told by its name, and the weight of one bag.
    await page.goto(paths.inventory.getHref());
    await page.getByRole('button', { name: m.addNewItem }).click();
    let dialog = page.getByRole('dialog', { name: m.addNewItem });
    await dialog.getByLabel(m.nameLabel).fill(mash);
    await dialog.getByLabel(m.quantityLabel).fill('20');
    await dialog.getByRole('combobox', { name: /^Unit/ }).selectOption('bags');
    await expect(dialog.getByRole('combobox', { name: new RegExp(`^${k.kindLabel}`) })).toHaveValue('feed');
    await dialog.getByLabel(k.unitWeightLabel('bag')).fill('70');
    await dialog.getByLabel(m.reorderLabel).fill('5');
    await dialog.getByLabel(m.costLabelFor('bags')).fill('3500');
    await shot(page, 'feed-item-dialog');
    await dialog.getByRole('button', { name: m.addItem }).click();
    await expect(dialog).toBeHidden();
    await expect(itemEntry(page, mash)).toContainText('Feed · 70 kg a bag');
    await expect(itemEntry(page, mash)).toContainText('20 Bags');

    // Record feed from the flock's details: the only feed chosen, today's date.
    let overlay = await openFlock(page, flockName);
    await expect(overlay.getByText(w.none)).toBeVisible();
    await overlay.getByRole('button', { name: w.recordFeed }).click();
    dialog = page.getByRole('dialog', { name: w.recordFeed });
    await expect(dialog.getByRole('combobox', { name: new RegExp(`^${w.itemLabel}`) })).toHaveValue(/\d+/);
    await expect(dialog.getByLabel(w.dateLabel)).toHaveValue(farmToday());
    const quantity = dialog.getByRole('textbox', { name: /^Quantity \(Bags\)/ });
    await quantity.fill('30');
    await dialog.getByRole('button', { name: w.recordFeed }).click();
    await expect(dialog.getByText(m.removalTooMuch(20))).toBeVisible();
    await quantity.fill('3');
    await expect(dialog.getByText('That is 210 kg. Left in the store after this: 17 Bags')).toBeVisible();
    await shot(page, 'feed-record-dialog');
    await dialog.getByRole('button', { name: w.recordFeed }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `Fed to ${flockName}: 3 Bags of ${mash}. Left in the store: 17 Bags.`)).toBeVisible();
    let record = feedList(overlay).getByRole('listitem').first();
    await expect(record).toContainText(`3 Bags · ${mash}`);
    await expect(record).toContainText('210 kg');
    await expect(record).toContainText(/Cost Ksh\s10,500\.00/);
    await shot(page, 'feed-recorded');

    // Edited: the stock follows.
    await record.getByRole('button', { name: /^Edit the feed record of / }).click();
    dialog = page.getByRole('dialog', { name: w.editRecord });
    await dialog.getByRole('textbox', { name: /^Quantity/ }).fill('5');
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, w.updated)).toBeVisible();
    record = feedList(overlay).getByRole('listitem').first();
    await expect(record).toContainText(`5 Bags · ${mash}`);
    await expect(record).toContainText('350 kg');
    await page.goto(paths.inventory.getHref());
    await expect(itemEntry(page, mash)).toContainText('15 Bags');

    // A worker records feed too, and sees no money.
    const workerToken = await joinedWorker(request, ownerToken);
    const context = await projectContext(browser);
    const workerPage = await context.newPage();
    await signIn(workerPage, workerToken);
    const workerOverlay = await openFlock(workerPage, flockName);
    await expect(feedList(workerOverlay).getByRole('listitem').first()).not.toContainText('Cost');
    await workerOverlay.getByRole('button', { name: w.recordFeed }).click();
    const workerDialog = workerPage.getByRole('dialog', { name: w.recordFeed });
    // Started as the flock's last record.
    await expect(workerDialog.getByRole('textbox', { name: /^Quantity/ })).toHaveValue('5');
    await workerDialog.getByRole('textbox', { name: /^Quantity/ }).fill('1');
    await workerDialog.getByRole('button', { name: w.recordFeed }).click();
    await expect(workerDialog).toBeHidden();
    await expect(toast(workerPage, `Left in the store: 14 Bags.`)).toBeVisible();
    await expect(feedList(workerOverlay).getByRole('listitem')).toHaveCount(2);
    await context.close();

    await schemeShots(browser, ownerToken, flockName);

    // Deleted (after the question): the stock goes back.
    overlay = await openFlock(page, flockName);
    await expect(feedList(overlay).getByRole('listitem')).toHaveCount(2);
    await feedList(overlay).getByRole('listitem').filter({ hasText: '5 Bags' }).getByRole('button', { name: /^Delete the feed record of / }).click();
    const confirm = page.getByRole('dialog', { name: w.deleteTitle });
    await expect(confirm).toContainText(w.confirmDelete);
    await confirm.getByRole('button', { name: w.delete }).click();
    await expect(toast(page, w.deleted)).toBeVisible();
    await expect(feedList(overlay).getByRole('listitem')).toHaveCount(1);
    await page.goto(paths.inventory.getHref());
    await expect(itemEntry(page, mash)).toContainText('19 Bags');
  });
});
