import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { installMessages as w } from '../packages/domain/src/install-rules.js';
import { offlineWords } from '../packages/domain/src/offline-words.js';
import { axeViolations as axeOn } from './axe.js';
import { apiLogin, appSettled, expect, greetingFor, paths, shot, signIn, test, type Account } from './fixtures.js';

// The installable app (decision 034): the service worker, the manifest, the install popup of
// docs/product.md §2, push alerts (docs/product.md §4, §7) and a start without a connection.

// The page fixture's sign-in route is left off: routing turns off Chromium's HTTP cache and
// would sit between the page and its service worker. signIn() marks the trial welcome seen,
// and answers the alerts question but in the journey about it.
test.use({ trialWelcome: 'show', alertsPrompt: 'show' });

async function openDashboard(page: Page, account: Account, alertsPrompt: 'answered' | 'show' = 'answered'): Promise<void> {
  await signIn(page, await apiLogin(page.request, account), { alertsPrompt });
  await page.goto(paths.dashboard.getHref());
  await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();
}

/** Axe's WCAG 2.1 A and AA violations inside `include` (as accessibility.spec.ts runs it on the screens). */
async function axeViolations(page: Page, include: string): Promise<string[]> {
  const violations = await axeOn(page, { include });
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(' | ')})`);
}

/** Waits until the worker is active and controls the page; answers its script URL. */
async function controlledBy(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}

/** Chromium's install offer, built as the app's unit tests build it; `prompt()` is noted on window. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<boolean> {
  return page.evaluate((choice) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        document.documentElement.dataset.installPrompted = 'yes';
      },
      userChoice: Promise.resolve({ outcome: choice }),
    });
    window.dispatchEvent(event);
    // True when the app kept the offer for its own popup.
    return event.defaultPrevented;
  }, outcome);
}

/** The farmer goes on from the dashboard: the popup waits for that (decision 040). */
async function moveOn(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: 'My Profile' }).first().click();
  await expect(page).toHaveURL(/\/my-profile$/);
}

test.describe('the installable app', () => {
  test('serves the worker and the manifest uncached with their types, and the page allows both', async ({ request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await worker.text()).toContain('showNotification');

    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: { src: string; purpose: string }[] };
    expect(body).toMatchObject({ name: 'Kuku', start_url: '/', display: 'standalone' });
    for (const icon of body.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
    }

    const page = await request.get('/');
    const csp = page.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const html = await page.text();
    // The app links the manifest once its first screen has settled, and the favicon is in the page (decision 041).
    expect(html).not.toContain('rel="manifest"');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
    expect(html).toContain('<meta name="theme-color" content="#2a813f"');
    // The hashed files keep their year-long cache.
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1] ?? '';
    expect((await request.get(entry)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('registers its worker once started, which controls the page after a reload without reloading the first visit', async ({ page, account }) => {
    await openDashboard(page, account);
    // Marks this document: the first install must not reload it (docs/product.md §7, only on a change of worker).
    await page.evaluate(() => {
      document.documentElement.dataset.firstVisit = 'yes';
    });
    expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
    // Linked with the worker's registration, once the screen had settled (decision 041).
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    expect(await page.evaluate(() => document.documentElement.dataset.firstVisit)).toBe('yes');

    const fromWorker = new Map<string, boolean>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/api/auth/me' || /^\/assets\/index-.*\.js$/.test(path)) fromWorker.set(path.startsWith('/api') ? 'api' : 'entry', response.fromServiceWorker());
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    // The shell from the precache; the API always from the server.
    expect(fromWorker.get('entry')).toBe(true);
    expect(fromWorker.get('api')).toBe(false);
  });

  test('is installable as Chromium judges it', async ({ baseURL }) => {
    // Chromium installs nothing from an incognito profile, and every test context is one: this
    // test opens the app in a profile on disk.
    const profile = mkdtempSync(path.join(tmpdir(), 'kuku-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(paths.auth.getHref());
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
      const cdp = await context.newCDPSession(page);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('offers the install in its popup when the browser does; after Cancel it stays away on the next visit', async ({ page, account }) => {
    await openDashboard(page, account);
    expect(await offerInstall(page)).toBe(true);
    const popup = page.getByRole('dialog', { name: w.installTitle });
    // Not over the screen the farmer has just opened: the app settles, its popup mounted, unopened.
    await appSettled(page);
    await expect(popup).toBeHidden();
    await moveOn(page);
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: w.installApp })).toBeVisible();
    await shot(page, 'install-popup');
    expect(await axeViolations(page, '[data-portal]')).toEqual([]);
    await popup.getByRole('button', { name: w.cancel }).click();
    await expect(popup).toBeHidden();

    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();
    expect(await offerInstall(page)).toBe(true);
    await appSettled(page);
    await moveOn(page);
    // Moved on, where the popup came the first time: the next screen has its data, and no popup.
    await expect(page.getByRole('heading', { name: 'Change Password' }).first()).toBeVisible();
    await expect(popup).toBeHidden();
  });

  test('Install App hands over to the browser’s install dialog', async ({ page, account }) => {
    await openDashboard(page, account);
    await offerInstall(page, 'accepted');
    await moveOn(page);
    await page.getByRole('dialog', { name: w.installTitle }).getByRole('button', { name: w.installApp }).click();
    await expect(page.getByRole('dialog', { name: w.installTitle })).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.installPrompted)).toBe('yes');
  });

  test('shows a pushed message as a notification, through the worker’s push handler', async ({ page, account, baseURL }) => {
    // Headless Chromium has no push service: the message is delivered through the DevTools protocol (docs/integrations.md §4).
    const origin = new URL(baseURL ?? '').origin;
    await page.context().grantPermissions(['notifications'], { origin });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openDashboard(page, account);
    await controlledBy(page);

    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const message = { title: 'Vaccination due', body: 'Gumboro tomorrow for Shamba A', url: '/vaccination', tag: 'vaccination-1' };
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      });
    const id = await registrationId;
    // Once in five runs of the whole suite a message showed nothing in 10 s (the browser starts the
    // worker to hand it over; on a busy machine that can fail): a push service sends again, and so
    // does this. One notification either way: the tag replaces an earlier one.
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(message) });
      await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }]);
    }).toPass({ timeout: 30_000 });
    // Granted, the app subscribed on its own; with no push service here that failed, and was only logged.
    await expect.poll(() => warnings.some((text) => text.startsWith('Push subscription failed'))).toBe(true);
    await expect(page.getByText(/Registration failed/)).toHaveCount(0);
  });

  test('asks for alerts after start-up; Allow asks the browser and hands the subscription to the server', async ({ page, account }) => {
    // The browser's parts are stubs here, never in the app: a permission still to be asked, and a
    // push manager that subscribes without a push service, with a real P-256 key pair's public half.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    await page.addInitScript((json) => {
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
      Notification.requestPermission = async () => {
        permission = 'granted';
        return permission;
      };
      // Only what the app reads of a subscription: its key, its JSON, unsubscribe.
      Object.defineProperty(PushManager.prototype, 'subscribe', {
        configurable: true,
        value: async (options?: PushSubscriptionOptionsInit) => {
          const key = options?.applicationServerKey;
          document.documentElement.dataset.subscribedWithKey = String(key instanceof Uint8Array ? key.length : 0);
          const applicationServerKey = key instanceof Uint8Array ? new Uint8Array(key).buffer : null;
          return { endpoint: json.endpoint, options: { applicationServerKey, userVisibleOnly: true }, toJSON: () => json, unsubscribe: async () => true };
        },
      });
    }, subscription);
    // In the dark scheme: the prompt is checked by axe in it (the install popup in light).
    await page.addInitScript(() => window.localStorage.setItem('kuku.color-scheme', 'dark'));
    await openDashboard(page, account, 'show');

    const prompt = page.getByRole('region', { name: w.alertsTitle });
    await expect(prompt).toBeVisible();
    await shot(page, 'alerts-prompt');
    expect(await axeViolations(page, 'section[aria-labelledby]')).toEqual([]);
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/push/subscribe');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/push/subscribe');
    await prompt.getByRole('button', { name: w.allow }).click();
    await expect(prompt).toBeHidden();
    expect((await posted).postDataJSON()).toEqual(subscription);
    expect((await answered).status()).toBe(201);
    // The server's VAPID public key: a P-256 point of 65 bytes.
    expect(await page.evaluate(() => document.documentElement.dataset.subscribedWithKey)).toBe('65');
  });

  test('opens without a connection: a reload offline shows the farm as last read, with its offline banner', async ({ page, account }) => {
    // Alerts still to be asked, but only once offline: the prompt's code, never loaded before and
    // loaded a while after start-up, comes from the worker's cache, or its missing chunk would
    // take the screen down.
    await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' }));
    await openDashboard(page, account);
    await page.addInitScript(() => {
      if (!navigator.onLine) window.localStorage.removeItem('kuku.alerts-declined');
    });
    await controlledBy(page);
    await appSettled(page);
    // The farm as read is kept on the phone once the screen has settled (decision 066).
    await expect.poll(() => page.evaluate(() => indexedDB.databases().then((dbs) => dbs.some((db) => db.name === 'kuku-last-synced'))), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(1_500);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline! Some features may be unavailable.')).toBeVisible();
    await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();
    await expect(page.getByRole('region', { name: w.alertsTitle })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();
    await shot(page, 'offline-signed-in');

    // A screen never read on this phone: its code is kept, its figures are not, and it says so.
    await page.goto(paths.expenses.getHref());
    await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
    await expect(page.getByText(offlineWords.needsConnection)).toBeVisible({ timeout: 15_000 });
    await shot(page, 'offline-needs-connection');

    // A screen whose code the phone does not keep (reports need the server anyway) says so plainly.
    await page.goto(paths.reports.getHref());
    await expect(page.getByRole('heading', { level: 1, name: 'This screen needs a connection' })).toBeVisible();
    await expect(page.getByText('It opens once the signal is back.')).toBeVisible();
    await shot(page, 'offline-screen-needs-connection');
  });

  test('says it could not reach Kuku when started offline on a phone that kept nothing, and starts again once online', async ({ page, account }) => {
    await openDashboard(page, account);
    await controlledBy(page);
    await page.evaluate(() => new Promise((resolve) => {
      const deleting = indexedDB.deleteDatabase('kuku-last-synced');
      deleting.onsuccess = deleting.onerror = deleting.onblocked = resolve;
    }));
    await page.context().setOffline(true);
    await page.goto(paths.flocks.getHref());
    await expect(page.getByRole('heading', { name: 'Could not reach Kuku' })).toBeVisible();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Flock Management' })).toBeVisible();
  });

  test('opens the login screen without a connection, once it has been seen', async ({ page }) => {
    await page.goto(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await controlledBy(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('You are offline! Some features may be unavailable.')).toBeVisible();
    await shot(page, 'offline-login');
  });
});
