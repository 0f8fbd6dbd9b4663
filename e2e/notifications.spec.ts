import type { APIRequestContext, Page } from '@playwright/test';
import { notificationMessages as m } from '../packages/domain/src/notifications-rules.js';
import { apiLogin, expect, farmToday, paths, shot, signIn, test } from './fixtures.js';

// docs/product.md §2 header bell, notification modal, dashboard Notifications block; §4 Notifications;
// §7 Real-time: a change made in one browser shows in another without a reload.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function newFlock(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/flocks', {
    headers: auth(token),
    data: { name: `Layers ${Date.now() % 100000}`, breed: 'Layers', age: 20, initial_bird_count: 200, bird_count: 200, status: 'active' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Stock of `name` at 10, reorder at 5, then 6 used: the farm hears of low stock (docs/design.md §6). */
async function runLow(request: APIRequestContext, token: string, flockId: number, name: string): Promise<void> {
  const item = await request.post('/api/inventory', {
    headers: auth(token),
    data: { item_name: name, flock_id: flockId, quantity: 10, unit: 'bags', reorder_level: 5, cost_per_unit: 3200 },
  });
  expect(item.status()).toBe(201);
  const id = ((await item.json()) as { id: number }).id;
  expect((await request.post(`/api/inventory/${id}/remove`, { headers: auth(token), data: { quantity: 6, reason: 'used' } })).status()).toBe(200);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: m.bell });

test.describe('notifications', () => {
  test('arrive in the bell at once, open from the modal, are dismissed one by one or all read, and show on the dashboard', async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const socket = page.waitForEvent('websocket');
    await page.goto('/');
    // The socket connects once the first screen is up; it listens once it hears a first change.
    const heard = (await socket).waitForEvent('framereceived');
    const flockId = await newFlock(request, token);
    await heard;
    const block = page.getByRole('region', { name: m.title });
    await expect(block.getByText(m.empty)).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName(m.bell);

    // Made by another session (the API) while this page is open: it arrives by socket.
    await runLow(request, token, flockId, 'Layers mash');
    await expect(bell(page)).toHaveAccessibleName(m.bellUnread(1));
    await expect(page.getByRole('alert').getByText('Low stock: Layers mash')).toBeVisible();
    await runLow(request, token, flockId, 'Grit');
    await runLow(request, token, flockId, 'Vitamins');
    await expect(bell(page)).toHaveAccessibleName(m.bellUnread(3));
    // The dashboard block: the 3 most recent, each linking to its link.
    await expect(block.getByRole('link', { name: 'Low stock: Vitamins' })).toHaveAttribute('href', paths.inventory.getHref());
    await shot(page, 'notifications-dashboard');

    await bell(page).click();
    const modal = page.getByRole('dialog', { name: m.title });
    await expect(modal.getByRole('link')).toHaveCount(3);
    await shot(page, 'notifications-modal');
    await modal.getByRole('button', { name: m.dismiss('Low stock: Grit') }).click();
    await expect(modal.getByRole('link')).toHaveCount(2);
    await expect(bell(page)).toHaveAccessibleName(m.bellUnread(2));

    // Opening one by its link reads it and goes there.
    await modal.getByRole('link', { name: 'Low stock: Layers mash' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(bell(page)).toHaveAccessibleName(m.bellUnread(1));

    await bell(page).click();
    await modal.getByRole('button', { name: m.markAllRead }).click();
    await expect(modal.getByText(m.empty)).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName(m.bell);
    // Read ones stay read after a reload (they are the server's, not the page's).
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName(m.bell);
  });

  test("a sale added in one browser appears in another's list without a reload", async ({ browser, request, account }) => {
    const token = await apiLogin(request, account);
    const flockId = await newFlock(request, token);
    const [first, second] = [await browser.newContext(), await browser.newContext()];
    const [one, two] = [await first.newPage(), await second.newPage()];
    await signIn(one, await apiLogin(request, account));
    await signIn(two, await apiLogin(request, account));
    const socket = two.waitForEvent('websocket');
    await two.goto(paths.sales.getHref());
    await expect(two.getByRole('heading', { level: 1 })).toBeVisible();
    // The socket is listening once it hears a first change (a flock made here). The server
    // subscribes it after checking its token, so a change made before that is not heard: the
    // flock is made again until one is.
    let heard = false;
    (await socket).on('framereceived', () => {
      heard = true;
    });
    await expect
      .poll(async () => {
        if (!heard) await newFlock(one.request, token);
        return heard;
      })
      .toBe(true);

    const customer = `Mama Njeri ${Date.now() % 100000}`;
    const res = await one.request.post('/api/sales', {
      headers: auth(token),
      data: { flock_id: flockId, category: 'Egg Sales', product: 'Eggs (crate of 30)', description: customer, quantity: 3, unit_price: 420, date: farmToday(), sale_type: 'Mobile Money', status: 'paid' },
    });
    expect(res.status()).toBe(201);
    // The farm's first sale: its number shows in the other browser's list.
    await expect(two.getByText('S-000001').first()).toBeVisible();
    await first.close();
    await second.close();
  });
});
