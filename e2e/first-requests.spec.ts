import type { APIRequestContext, Page } from '@playwright/test';
import { shellRequestUrls } from '../apps/web/src/first-screen/shell-requests.js';
import { contactMessages } from '../packages/domain/src/contact-rules.js';
import { inventoryMessages as m } from '../packages/domain/src/inventory-rules.js';
import { NOTIFICATION_PAGE_SIZE } from '../packages/domain/src/notifications-rules.js';
import { apiLogin, expect, paths, test, type Account } from './fixtures.js';

// Decision 043: index.html's inline script asks, at once, for the GETs an address's first screen
// made the last time the app opened there; the app takes those answers instead of asking again.
// At an address with nothing kept, it asks for the shell's two GETs, the session lookup and the
// bell (docs/first-load.md).

/** The shell's two GETs, as the app asks for them and the build hands them to the page's script. */
const SHELL = shellRequestUrls(NOTIFICATION_PAGE_SIZE);

const KEY = 'kuku.first-requests';

async function addItem(request: APIRequestContext, account: Account, name: string): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiLogin(request, account)}` };
  const flock = await request.post('/api/flocks', {
    headers,
    data: { name: `Layers ${name}`, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' },
  });
  expect(flock.status()).toBe(201);
  const flockId = ((await flock.json()) as { id: number }).id;
  const item = await request.post('/api/inventory', {
    headers,
    data: { item_name: name, flock_id: flockId, quantity: 20, unit: 'bags', reorder_level: 5, cost_per_unit: 3500 },
  });
  expect(item.status()).toBe(201);
}

/** Every GET of the API the page asks for, as path and query; and any script the policy refused. */
function watch(page: Page): { gets: string[]; refused: string[] } {
  const seen = { gets: [] as string[], refused: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) seen.gets.push(url.pathname + url.search);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.refused.push(message.text());
  });
  return seen;
}

async function keptPaths(page: Page, address: string): Promise<string[]> {
  const store = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), KEY)) ?? '[]') as [string, string[]][];
  return store.find(([kept]) => kept === address)?.[1] ?? [];
}

test.describe('the first screen asked for early', () => {
  test("a second start at an address asks for that screen's data once, before the app's code, and shows it", async ({
    signedInPage: page,
    request,
    account,
  }) => {
    const name = `Mash ${Date.now().toString(36)}`;
    await addItem(request, account, name);
    const seen = watch(page);

    // First start here: nothing kept yet, the page's script asks for the shell's two GETs only.
    await page.goto(paths.inventory.getHref());
    await expect(page.getByRole('region', { name: m.itemList }).getByText(name, { exact: true })).toBeVisible();
    // Once the first screen has settled (2 s without a fetch), its GETs are kept for the address.
    await expect.poll(() => keptPaths(page, paths.inventory.getHref()), { timeout: 15_000 }).toContain('/api/inventory/stats');
    const kept = await keptPaths(page, paths.inventory.getHref());
    expect(kept).toContain('/api/auth/me');
    expect(kept.some((path) => path.startsWith('/api/inventory?'))).toBe(true);

    seen.gets.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: m.itemList }).getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: m.statItems, exact: true })).toContainText('1');
    // The page's own script ran (the policy allows it by its hash) and sent them...
    expect(await page.evaluate(() => '__kukuEarly' in window)).toBe(true);
    expect(seen.refused).toEqual([]);
    // ...and the app took each answer rather than asking a second time.
    for (const path of kept) expect(seen.gets.filter((get) => get === path), path).toHaveLength(1);
  });

  test("a first start at an address asks early for the shell's two GETs, the session and the bell, and the app takes them", async ({
    signedInPage: page,
  }) => {
    expect(SHELL).toEqual(['/api/auth/me', `/api/notifications?pageSize=${NOTIFICATION_PAGE_SIZE}`]);
    const seen = watch(page);
    await page.goto(paths.contact.getHref());
    await expect(page.getByRole('heading', { name: contactMessages.title, level: 1 })).toBeVisible();
    // The page's script ran (the policy allows it by its hash) and sent them...
    expect(await page.evaluate(() => '__kukuEarly' in window)).toBe(true);
    expect(seen.refused).toEqual([]);
    // ...and the app took each answer rather than asking a second time, up to the screen's settling.
    await expect.poll(() => keptPaths(page, paths.contact.getHref()), { timeout: 15_000 }).toEqual(expect.arrayContaining(SHELL));
    for (const url of SHELL) expect(seen.gets.filter((get) => get === url), url).toHaveLength(1);
  });

  test('logging out forgets what the first screens asked for', async ({ signedInPage: page }) => {
    await page.goto(paths.inventory.getHref());
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    await expect.poll(() => keptPaths(page, paths.inventory.getHref()), { timeout: 15_000 }).toContain('/api/auth/me');

    // Logout lives on My Profile (docs/product.md §2).
    await page.goto(paths.profile.getHref());
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), KEY)).toBeNull();
  });
});
