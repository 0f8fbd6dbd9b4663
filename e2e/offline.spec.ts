import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { dayText as dayTextOf } from '../packages/domain/src/common/day-text.js';
import { eggMessages } from '../packages/domain/src/eggs-rules.js';
import { expenseMessages } from '../packages/domain/src/expenses-rules.js';
import { inventoryMessages } from '../packages/domain/src/inventory-rules.js';
import { outboxWords as w } from '../packages/domain/src/offline-rules.js';
import { offlineWords } from '../packages/domain/src/offline-words.js';
import { saleMessages } from '../packages/domain/src/sales-rules.js';
import { axeViolations } from './axe.js';
import { apiLogin, expect, farmToday, paths, projectContextOptions, signIn, test } from './fixtures.js';

// Offline capture (decision 066): a worker in the coop records with no signal; the records stay on
// the phone through a closed page and reach the server once each when the signal comes back.

/** The farm's day `days` from today, 'YYYY-MM-DD'. */
function farmDay(days: number): string {
  const date = new Date(`${farmToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A browser that keeps its storage on disk, as a phone does between two openings of the app. */
async function phoneBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'kuku-offline-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    ...projectContextOptions(),
    reducedMotion: 'reduce',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the service worker controls the page: from then on the app opens with no signal. */
async function workerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** The query keys of the farm as last read that the phone keeps (last-synced/keep.ts), read in the page. */
function keptKeys(): Promise<string> {
  return new Promise((resolve) => {
    const opening = indexedDB.open('kuku-last-synced');
    opening.onerror = () => resolve('');
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains('state')) return resolve('');
      const reading = db.transaction('state').objectStore('state').get('queries');
      reading.onsuccess = () => {
        const kept = reading.result as { state?: { queries?: { queryKey: unknown }[] } } | undefined;
        resolve(JSON.stringify(kept?.state?.queries?.map((query) => query.queryKey) ?? []));
      };
      reading.onerror = () => resolve('');
    };
  });
}

/** What the phone's screen shows, for people to look at, only when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${test.info().project.name}.png`) });
}

/** The server's words on each record of the phone's queue it refused (outbox/outbox-db.ts), read in the page. */
function outboxProblems(): Promise<string[]> {
  return new Promise((resolve) => {
    const opening = indexedDB.open('kuku-outbox');
    opening.onsuccess = () => {
      const reading = opening.result.transaction('records').objectStore('records').getAll();
      reading.onsuccess = () => resolve((reading.result as { summary: string; problem: { message: string } | null }[]).filter((e) => e.problem).map((e) => `${e.summary}: ${e.problem?.message}`));
    };
    opening.onerror = () => resolve(['no outbox']);
  });
}

const waitingButton = (page: Page, waiting: number) => page.getByRole('button', { name: w.buttonLabel(waiting, 0) });

async function open(page: Page, href: string, heading: string | RegExp): Promise<void> {
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

// Phone width only: the file is in no desktop project (playwright.config.ts).
test.describe('offline capture', () => {
  test('records made with no signal stay on the phone through a closed page, and reach the server once each', async ({ request, account }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const flockName = `Coop ${Date.now().toString(36)}`;
    const created = await request.post('/api/flocks', { headers, data: { name: flockName, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' } });
    expect(created.status()).toBe(201);
    const flockId = ((await created.json()) as { id: number }).id;

    const phone = await phoneBrowser();
    try {
      let page = phone.context.pages()[0] ?? (await phone.context.newPage());
      await signIn(page, token);
      // Online first: the app installs its worker and reads the screens the worker will use,
      // each kept on the phone once it has settled.
      await open(page, paths.eggs.getHref(), 'Egg Production');
      await workerControls(page);
      await expect.poll(() => page.evaluate(keptKeys), { timeout: 20_000 }).toContain('"flocks","options"');
      await open(page, paths.sales.getHref(), 'Sales');
      await expect.poll(() => page.evaluate(keptKeys), { timeout: 20_000 }).toContain('"sales"');
      await open(page, paths.expenses.getHref(), 'Expenses');
      await expect.poll(() => page.evaluate(keptKeys), { timeout: 20_000 }).toContain('"expenses"');
      await open(page, paths.flocks.getHref(), 'Flock Management');
      await page.getByRole('listitem').filter({ hasText: flockName }).getByRole('button', { name: /View Details/ }).click();
      await expect(page.getByLabel('New Bird Count')).toHaveValue('500');
      // The farm as read is kept on the phone once the screen has settled, the flock's card too.
      await expect.poll(() => page.evaluate(keptKeys), { timeout: 20_000 }).toContain(`"flocks","detail",${flockId}`);

      await phone.context.setOffline(true);

      // Deaths: 3 birds, from the flock's card, in the screen opened again with no signal.
      await open(page, paths.flocks.getHref(), 'Flock Management');
      await page.getByRole('listitem').filter({ hasText: flockName }).getByRole('button', { name: /View Details/ }).click();
      await page.getByLabel('New Bird Count').fill('497');
      await page.getByLabel('Reason').selectOption('Mortality (deaths)');
      await page.getByRole('button', { name: 'Update Bird Count' }).click();
      await expect(page.getByText(offlineWords.savedOnPhone).first()).toBeVisible();
      await expect(page.getByText(w.birdsWaiting(-3))).toBeVisible();
      await expect(waitingButton(page, 1)).toBeVisible();

      // Three days of eggs.
      await open(page, paths.eggs.getHref(), 'Egg Production');
      for (const [days, trays] of [[0, '10'], [-1, '11'], [-2, '12']] as const) {
        await page.getByRole('button', { name: 'Add New Production' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add New Production' });
        await expect(dialog.getByLabel('Flock')).toHaveValue(String(flockId));
        await dialog.getByLabel('Date').fill(farmDay(days));
        await dialog.getByLabel('Trays').fill(trays);
        await dialog.getByRole('button', { name: 'Add Production' }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(waitingButton(page, 4)).toBeVisible();

      // A sale and an expense.
      await open(page, paths.sales.getHref(), 'Sales');
      await page.getByRole('button', { name: saleMessages.createNewSale }).click();
      let dialog = page.getByRole('dialog', { name: saleMessages.createNewSale });
      await dialog.getByLabel('Category').selectOption('Egg Sales');
      await dialog.getByLabel('Product').fill('Trays at the gate');
      await dialog.getByLabel('Quantity').fill('2');
      await dialog.getByLabel('Unit price (Ksh)').fill('450');
      await dialog.getByRole('button', { name: 'Save Sale' }).click();
      await expect(dialog).toBeHidden();

      await open(page, paths.expenses.getHref(), 'Expenses');
      await page.getByRole('button', { name: expenseMessages.newExpense }).click();
      dialog = page.getByRole('dialog', { name: expenseMessages.newExpense });
      await dialog.getByLabel(expenseMessages.descriptionLabel).fill('Layers mash, 2 bags');
      await dialog.getByLabel(expenseMessages.amountLabel).fill('6400');
      await dialog.getByLabel(expenseMessages.categoryLabel).selectOption('Feed');
      await dialog.getByRole('button', { name: expenseMessages.saveExpense }).click();
      await expect(dialog).toBeHidden();
      await expect(waitingButton(page, 6)).toBeVisible();
      // Above the screen: its figures do not count them yet (no axe violation in the screen with it).
      await expect(page.getByText(w.notInFigures(6))).toBeVisible();
      expect(await axeViolations(page, { include: 'main' })).toEqual([]);
      await waitingButton(page, 6).click();
      await expect(page.getByRole('dialog', { name: w.title }).getByText(w.waiting(6))).toBeVisible();
      await shot(page, 'offline-capture');

      // The page is closed, and the app opened again, still with no signal: the six are there.
      await page.close();
      page = await phone.context.newPage();
      await open(page, paths.eggs.getHref(), 'Egg Production');
      await expect(waitingButton(page, 6)).toBeVisible();
      await shot(page, 'offline-reopen');

      // The signal comes back: they are sent, oldest first, and the count goes.
      await phone.context.setOffline(false);
      await expect(page.getByRole('button', { name: /waiting to be sent|not accepted/ })).toBeHidden({ timeout: 30_000 });
      // None refused.
      expect(await page.evaluate(outboxProblems)).toEqual([]);
      await shot(page, 'offline-sent');
    } finally {
      await phone.close();
    }

    // The server holds each record once.
    const read = async (url: string) => (await (await request.get(url, { headers })).json()) as { items: unknown[]; total: number };
    expect((await read(`/api/egg-productions?flock_id=${flockId}`)).total).toBe(3);
    expect((await read('/api/sales')).total).toBe(1);
    expect((await read('/api/expenses')).total).toBe(1);
    const flock = (await (await request.get(`/api/flocks/${flockId}`, { headers })).json()) as { bird_count: number };
    expect(flock.bird_count).toBe(497);
  });

  test('an answer lost after the server made the record: the phone sends it again, and the server keeps one', async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/flocks', { headers, data: { name: 'Lost answer', breed: 'Layers', age: 30, initial_bird_count: 100, bird_count: 100, status: 'active' } });
    const flockId = ((await created.json()) as { id: number }).id;
    let cut = 0;
    // The first send reaches the server, and the connection drops before its answer comes back.
    await page.route('**/api/egg-productions', async (route) => {
      if (route.request().method() !== 'POST' || cut > 0) return route.fallback();
      cut += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await open(page, paths.eggs.getHref(), 'Egg Production');
    await page.getByRole('button', { name: 'Add New Production' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Production' });
    await dialog.getByLabel('Trays').fill('3');
    await dialog.getByRole('button', { name: 'Add Production' }).click();
    await expect(page.getByText(offlineWords.savedOnPhone).first()).toBeVisible();
    // Sent again after its back-off, under the same id: the server answers with the record it made.
    await expect(page.getByRole('button', { name: /waiting to be sent/ })).toBeHidden({ timeout: 20_000 });
    expect(cut).toBe(1);
    const kept = (await (await request.get(`/api/egg-productions?flock_id=${flockId}`, { headers })).json()) as { total: number };
    expect(kept.total).toBe(1);
  });

  test('three days without signal: the eggs saved then are sent once, for the day they were saved', async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/flocks', { headers, data: { name: 'Far field', breed: 'Layers', age: 30, initial_bird_count: 100, bird_count: 100, status: 'active' } });
    const flockId = ((await created.json()) as { id: number }).id;
    // The phone's clock three days back: the eggs are saved on that day, with no signal.
    const now = Date.now();
    await page.clock.install({ time: now - 3 * 86_400_000 });
    await open(page, paths.eggs.getHref(), 'Egg Production');
    await workerControls(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Add New Production' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Production' });
    await expect(dialog.getByLabel('Date')).toHaveValue(farmDay(-3));
    await dialog.getByLabel('Trays').fill('2');
    await dialog.getByRole('button', { name: 'Add Production' }).click();
    await expect(page.getByText(offlineWords.savedOnPhone).first()).toBeVisible();

    // Three days on, the signal comes back.
    await page.clock.setSystemTime(now);
    await page.context().setOffline(false);
    await expect(page.getByRole('button', { name: /waiting to be sent|not accepted/ })).toBeHidden({ timeout: 20_000 });
    const kept = (await (await request.get(`/api/egg-productions?flock_id=${flockId}`, { headers })).json()) as { total: number; items: { date_produced: string }[] };
    expect(kept.total).toBe(1);
    // Judged by the farm's day it was saved: three days ago was 'today' then.
    expect(kept.items[0]?.date_produced).toBe(farmDay(-3));
  });

  test('two phones change the same record with no signal: the second to send chooses which to keep', async ({ browser, request, account }) => {
    test.setTimeout(90_000);
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const flock = await request.post('/api/flocks', { headers, data: { name: 'Two phones', breed: 'Layers', age: 30, initial_bird_count: 100, bird_count: 100, status: 'active' } });
    const flockId = ((await flock.json()) as { id: number }).id;
    const description = `Layers mash ${Date.now().toString(36)}`;
    const made = await request.post('/api/expenses', { headers, data: { flock_id: flockId, date: farmToday(), description, amount: 6_400, category: 'Feed' } });
    expect(made.status()).toBe(201);
    const expenseId = ((await made.json()) as { id: number }).id;

    /** A phone signed in on its own session, on the expenses, then without signal. */
    const phone = async () => {
      const context = await browser.newContext({ ...projectContextOptions(), reducedMotion: 'reduce' });
      const page = await context.newPage();
      await signIn(page, await apiLogin(request, account));
      await open(page, paths.expenses.getHref(), 'Expenses');
      await workerControls(page);
      // The edit's dialog code loads while there is a signal.
      await page.getByRole('button', { name: expenseMessages.editExpenseOf(description) }).click();
      await expect(page.getByRole('dialog', { name: expenseMessages.editExpense })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: expenseMessages.editExpense })).toBeHidden();
      await context.setOffline(true);
      return { context, page };
    };
    const change = async (page: Page, amount: string) => {
      await page.getByRole('button', { name: expenseMessages.editExpenseOf(description) }).click();
      const dialog = page.getByRole('dialog', { name: expenseMessages.editExpense });
      await dialog.getByLabel(expenseMessages.amountLabel).fill(amount);
      await dialog.getByRole('button', { name: expenseMessages.updateExpense }).click();
      await expect(page.getByText(offlineWords.savedOnPhone).first()).toBeVisible();
      await expect(waitingButton(page, 1)).toBeVisible();
      // The row shows Kuku's record, marked as changed on this phone.
      await expect(page.getByText(offlineWords.changeOnPhone, { exact: true })).toBeVisible();
    };

    const first = await phone();
    const second = await phone();
    try {
      await change(first.page, '7000');
      await shot(first.page, 'offline-change-marked');
      await change(second.page, '7200');

      // The first phone's change reaches Kuku.
      await first.context.setOffline(false);
      await expect(first.page.getByRole('button', { name: /waiting to be sent|not accepted/ })).toBeHidden({ timeout: 20_000 });
      await expect(first.page.getByText(offlineWords.changeOnPhone, { exact: true })).toBeHidden();

      // The second's was made on the record as it was before: it is not sent over the first's.
      await second.context.setOffline(false);
      const choice = second.page.getByRole('dialog', { name: w.title });
      await second.page.getByRole('button', { name: w.buttonLabel(0, 1) }).click();
      await expect(choice.getByText(w.changedMeanwhileHint)).toBeVisible();
      await expect(choice.getByText(/^Now on Kuku: Expense/)).toBeVisible();
      await expect(choice.getByText(w.mine(`Change: Expense · ${dayTextOf(farmToday())} · ${description}`))).toBeVisible();
      await shot(second.page, 'offline-conflict');
      let kept = (await (await request.get(`/api/expenses?q=${encodeURIComponent(description)}`, { headers })).json()) as { items: { id: number; amount: number }[] };
      expect(kept.items.find((e) => e.id === expenseId)?.amount).toBe(7000);

      // The second phone keeps its own: sent again against the record as it is now.
      await choice.getByRole('button', { name: w.keepMine }).click();
      await expect(choice.getByText(w.changedMeanwhileHint)).toBeHidden({ timeout: 20_000 });
      await expect.poll(async () => {
        kept = (await (await request.get(`/api/expenses?q=${encodeURIComponent(description)}`, { headers })).json()) as { items: { id: number; amount: number }[] };
        return kept.items.find((e) => e.id === expenseId)?.amount;
      }).toBe(7200);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
  test('a removal Kuku refuses once the signal is back is corrected on the phone and taken', async ({ signedInPage: page, request, account }) => {
    const m = inventoryMessages;
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const flock = await request.post('/api/flocks', { headers, data: { name: 'Store', breed: 'Layers', age: 30, initial_bird_count: 100, bird_count: 100, status: 'active' } });
    const flockId = ((await flock.json()) as { id: number }).id;
    const name = `Growers mash ${Date.now().toString(36)}`;
    const made = await request.post('/api/inventory', { headers, data: { item_name: name, flock_id: flockId, quantity: 10, unit: 'bags', reorder_level: 1, cost_per_unit: 3500 } });
    expect(made.status(), await made.text()).toBe(201);
    const itemId = ((await made.json()) as { id: number }).id;
    const stock = async () => {
      const page = (await (await request.get(`/api/inventory?q=${encodeURIComponent(name)}`, { headers })).json()) as { items: { id: number; quantity: number }[] };
      return page.items.find((item) => item.id === itemId)?.quantity;
    };

    await open(page, paths.inventory.getHref(), m.title);
    await workerControls(page);
    const item = page.getByRole('list', { name: m.itemList }).getByRole('listitem').filter({ hasText: name });
    const removal = page.getByRole('dialog', { name: m.removeStock });
    // The dialog's code loads while there is a signal.
    await item.getByRole('button', { name: m.removeStockOf(name) }).click();
    await expect(removal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(removal).toBeHidden();

    // In the store with no signal: 8 bags out.
    await page.context().setOffline(true);
    await item.getByRole('button', { name: m.removeStockOf(name) }).click();
    await removal.getByLabel(m.removeQuantityLabel).fill('8');
    await removal.getByRole('button', { name: m.removeStock }).click();
    await expect(page.getByText(offlineWords.savedOnPhone).first()).toBeVisible();
    await expect(waitingButton(page, 1)).toBeVisible();

    // Meanwhile another phone took 5: the 8 no longer fit.
    expect((await request.post(`/api/inventory/${itemId}/remove`, { headers, data: { quantity: 5 } })).status()).toBe(200);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: w.buttonLabel(0, 1) }).click();
    const list = page.getByRole('dialog', { name: w.title });
    await expect(list.getByRole('alert')).toHaveText(m.removalTooMuch(5));
    expect(await stock()).toBe(5);

    // Corrected on the phone: the same record, sent again, taken once.
    await list.getByRole('button', { name: w.edit }).click();
    await expect(removal.getByLabel(m.removeQuantityLabel)).toHaveValue('8');
    await removal.getByLabel(m.removeQuantityLabel).fill('4');
    await shot(page, 'offline-correct-refused');
    await removal.getByRole('button', { name: m.removeStock }).click();
    await expect(list.getByText(w.waiting(0))).toBeVisible();
    await expect(list.getByRole('alert')).toHaveCount(0);
    expect(await stock()).toBe(1);
    expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  });
  test("the day's eggs recorded with no signal reach Kuku once the signal is back, a record for each flock", async ({ signedInPage: page, request, account }) => {
    const m = eggMessages;
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const suffix = Date.now().toString(36);
    const flockIds: number[] = [];
    for (const name of [`House A ${suffix}`, `House B ${suffix}`]) {
      const made = await request.post('/api/flocks', { headers, data: { name, breed: 'Layers', age: 30, initial_bird_count: 400, bird_count: 400, status: 'active' } });
      flockIds.push(((await made.json()) as { id: number }).id);
    }
    const eggsOf = async (flockId: number) => {
      const page = (await (await request.get(`/api/egg-productions?flock_id=${flockId}`, { headers })).json()) as { items: { eggs_collected: number; date_produced: string }[] };
      return page.items.map((item) => `${item.date_produced.slice(0, 10)} ${item.eggs_collected}`);
    };

    await open(page, paths.eggDay.getHref(), m.dayTitle);
    await workerControls(page);
    await page.context().setOffline(true);
    await page.getByRole('textbox', { name: m.dayTraysFor(`House A ${suffix}`) }).fill('10');
    await page.getByRole('textbox', { name: m.dayTraysFor(`House B ${suffix}`) }).fill('9');
    await page.getByRole('textbox', { name: m.dayLooseFor(`House B ${suffix}`) }).fill('12');
    await page.getByRole('button', { name: m.daySave(2) }).click();
    await expect(page.getByText(m.dayKeptOnPhone(2))).toBeVisible();
    await expect(page.getByText(m.dayOnPhone, { exact: true })).toHaveCount(2);
    await expect(waitingButton(page, 2)).toBeVisible();
    await shot(page, 'offline-egg-day');

    await page.context().setOffline(false);
    await expect(page.getByRole('button', { name: /waiting to be sent|not accepted/ })).toBeHidden({ timeout: 20_000 });
    expect(await eggsOf(flockIds[0]!)).toEqual([`${farmToday()} 300`]);
    expect(await eggsOf(flockIds[1]!)).toEqual([`${farmToday()} 282`]);
    // The day read again after the send: each row is Kuku's record now.
    await expect(page.getByText(m.dayRecorded, { exact: true })).toHaveCount(2);
    await expect(page.getByText(m.dayOnPhone, { exact: true })).toHaveCount(0);
  });
});
