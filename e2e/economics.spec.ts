import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator } from '@playwright/test';
import { economicsWords as w } from '../packages/domain/src/economics-rules.js';
import { weighingMessages as m } from '../packages/domain/src/weighings-rules.js';
import { COLOR_SCHEME_KEY, SCHEMES } from './axe.js';
import { apiLogin, apiPost, expect, farmToday, joinedWorker, openFlockDetails, projectContext, shot, signIn, test, type ApiPost } from './fixtures.js';

// A flock's feed and cost figures (decision 071) in its details overlay: a laying flock's hen-day
// production and cost a tray from its eggs and feed, a broiler batch's weighing and average
// weight, and a worker reading the figures without money.

/** A laying flock of 500 with 400 eggs today, a bag of feed (70 kg at Ksh 3,500) given today and 10 trays sold at Ksh 420. */
async function layingFlock(post: ApiPost, name: string): Promise<number> {
  const today = farmToday();
  const flock = await post('/api/flocks', { name, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' });
  const item = await post('/api/inventory', { item_name: `Layers mash ${name}`, flock_id: flock.id, kind: 'feed', quantity: 20, unit: 'bags', unit_weight_kg: 70, reorder_level: 5, cost_per_unit: 3500 });
  await post('/api/egg-productions', { flock_id: flock.id, date_produced: today, eggs_collected: 400 });
  await post(`/api/flocks/${flock.id}/feed`, { item_id: item.id, date: today, quantity: 1 });
  await post('/api/sales', { flock_id: flock.id, category: 'Egg Sales', product: 'Trays', quantity: 10, unit_price: 420, date: today, sale_type: 'Cash', status: 'paid' });
  return flock.id;
}

/** A figure's value: the <dd> after its label's <dt>. */
const figure = (overlay: Locator, label: string) => overlay.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

/** Screenshots of the section at 390 and 1280 px, light and dark (ECONOMICS_SHOTS: the folder). */
async function schemeShots(browser: Browser, token: string, flocks: { name: string; file: string }[]): Promise<void> {
  const dir = process.env.ECONOMICS_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280] as const) {
    for (const scheme of SCHEMES) {
      const context =
        width === 390 ? await projectContext(browser, { colorScheme: scheme }) : await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      await context.addInitScript((entry) => window.localStorage.setItem(entry[0], entry[1]), [COLOR_SCHEME_KEY, scheme] as const);
      const page = await context.newPage();
      await signIn(page, token);
      for (const flock of flocks) {
        const overlay = await openFlockDetails(page, flock.name);
        const section = overlay.getByRole('region', { name: w.title });
        await expect(section.locator('dd').first()).toBeVisible();
        await section.scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await section.screenshot({ path: path.join(dir, `economics-${flock.file}-${width}-${scheme}.png`) });
      }
      await context.close();
    }
  }
}

test.describe('economics', () => {
  test('a laying flock shows its hen-day production and cost a tray, a broiler batch is weighed and shows its average, a worker sees no money', async ({
    signedInPage: page,
    request,
    account,
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const layers = `Layers ${suffix}`;
    const batch = `Broilers ${suffix}`;
    const ownerToken = await apiLogin(request, account);
    const post = apiPost(request, ownerToken);
    await layingFlock(post, layers);
    await post('/api/flocks', { name: batch, breed: 'Broilers', age: 4, initial_bird_count: 1000, bird_count: 1000, status: 'active' });

    // The laying flock: 400 eggs of 500 hens, a bag of 70 kg at Ksh 3,500 for 13.3 trays.
    let overlay = await openFlockDetails(page, layers);
    await expect(overlay.getByRole('tab', { name: w.thisMonth })).toHaveAttribute('aria-selected', 'true');
    await expect(figure(overlay, w.henDay)).toHaveText('80.0%');
    await expect(figure(overlay, w.feedPerTray)).toHaveText('5.25 kg');
    await expect(figure(overlay, w.costPerTray)).toHaveText(/^Ksh\s262\.50$/);
    await expect(figure(overlay, w.pricePerTray)).toHaveText(/^Ksh\s420\.00$/);
    await expect(figure(overlay, w.marginPerTray)).toHaveText(/^Ksh\s157\.50$/);
    await expect(overlay.getByText(w.fromRecords(1, 1))).toBeVisible();
    await overlay.getByRole('tab', { name: w.flockLife }).click();
    await expect(figure(overlay, w.henDay)).toHaveText('80.0%');
    await shot(page, 'economics-layers');

    // The broiler batch: no weighing yet, then one of 20 birds, 42.1 kg.
    overlay = await openFlockDetails(page, batch);
    await expect(figure(overlay, w.averageWeight)).toHaveText('—');
    await expect(overlay.getByText(w.missingBroilers)).toBeVisible();
    await overlay.getByRole('button', { name: m.recordWeighing }).click();
    const dialog = page.getByRole('dialog', { name: m.recordWeighing });
    await expect(dialog.getByLabel(m.dateLabel)).toHaveValue(farmToday());
    await dialog.getByRole('textbox', { name: new RegExp(`^${m.birdsWeighed}`) }).fill('20');
    await dialog.getByRole('textbox', { name: /^Total weight \(kg\)/ }).fill('42.1');
    await expect(dialog.getByText(m.averageOf('2.105'))).toBeVisible();
    await shot(page, 'economics-weighing-dialog');
    await dialog.getByRole('button', { name: m.save }).click();
    await expect(dialog).toBeHidden();
    await expect(figure(overlay, w.averageWeight)).toHaveText('2.105 kg');
    await expect(figure(overlay, w.mortality)).toHaveText('0.0%');
    await expect(overlay.getByRole('list', { name: m.listLabel }).getByRole('listitem').first()).toContainText('20 birds · 42.1 kg · average 2.105 kg');
    await shot(page, 'economics-broilers');

    // A worker: the figures, no money.
    const workerToken = await joinedWorker(request, ownerToken);
    const context = await projectContext(browser);
    const workerPage = await context.newPage();
    await signIn(workerPage, workerToken);
    const workerOverlay = await openFlockDetails(workerPage, layers);
    await expect(figure(workerOverlay, w.henDay)).toHaveText('80.0%');
    const section = workerOverlay.getByRole('region', { name: w.title });
    await expect(section.getByText(w.costPerTray)).toHaveCount(0);
    await expect(section.getByText(w.marginPerTray)).toHaveCount(0);
    await expect(section).not.toContainText('Ksh');
    await context.close();

    await schemeShots(browser, ownerToken, [
      { name: layers, file: 'layers' },
      { name: batch, file: 'broilers' },
    ]);
  });
});
