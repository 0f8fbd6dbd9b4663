import {
  apiLogin,
  appSettled,
  breadcrumb,
  expect,
  greetingFor,
  isPhone,
  loginThroughUi,
  openFromNavigation,
  paths,
  test,
} from './fixtures.js';

/** Sessions, addresses and served files: the same logic at every width, so checked on the phone only (playwright.config.ts). */
const ONE_WIDTH = { tag: '@one-width' };

/** docs/product.md §2's navigation: the entry, where it leads, the screen's heading and its breadcrumb. */
const navigation: { label: string; url: string; heading: string; crumb: string }[] = [
  { label: 'Flock Management', url: '/bird-management', heading: 'Flock Management', crumb: 'Flock Management' },
  { label: 'Egg Production', url: '/egg-production', heading: 'Egg Production', crumb: 'Egg Production' },
  { label: 'Sales', url: '/sales-management', heading: 'Sales', crumb: 'Sales' },
  { label: 'Expenses', url: '/expenses', heading: 'Expenses', crumb: 'Expenses' },
  { label: 'Inventory', url: '/inventory', heading: 'Inventory', crumb: 'Inventory' },
  { label: 'Vaccinations', url: '/vaccination?all=true', heading: 'Vaccination Scheduling', crumb: 'Vaccinations' },
  { label: 'Finances', url: '/finances', heading: 'Financial Dashboard', crumb: 'Finances' },
  { label: 'Reports', url: '/reports', heading: 'Reports', crumb: 'Reports' },
  { label: 'Billing', url: '/billing', heading: 'Billing & Payments', crumb: 'Billing' },
  { label: 'Getting Started', url: '/onboarding', heading: 'Getting Started', crumb: 'Getting Started' },
  { label: 'Contact', url: '/contact', heading: 'Contact Us', crumb: 'Contact' },
  { label: 'My Profile', url: '/my-profile', heading: 'My Profile', crumb: 'My Profile' },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const crumbText = (title: string) => new RegExp(`^Home\\s*/\\s*${escape(title)}$`);

test.describe('application shell', () => {
  test('a protected route while signed out goes to /auth with a toast, and back there after login', ONE_WIDTH, async ({
    page,
    account,
  }) => {
    await page.goto(paths.flocks.getHref());

    await expect(page).toHaveURL(paths.auth.getHref(paths.flocks.getHref()));
    await expect(page.getByText('You must be logged in to access this page.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // docs/product.md §2: no navigation bar or footer for a signed-out visitor.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Quick Links' })).toHaveCount(0);

    await loginThroughUi(page, account.username, account.password);
    await expect(page).toHaveURL(paths.flocks.getHref());
    await expect(page.getByRole('heading', { name: 'Flock Management', level: 1 })).toBeVisible();
    await expect(breadcrumb(page)).toHaveText(crumbText('Flock Management'));
  });

  test('every navigation entry opens its screen, with its heading and breadcrumb', async ({
    signedInPage: page,
    account,
  }) => {
    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    await expect(breadcrumb(page)).toHaveText(crumbText('Dashboard'));

    for (const entry of navigation) {
      await test.step(entry.label, async () => {
        await openFromNavigation(page, entry.label);
        await expect(page).toHaveURL(entry.url);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
        await expect(breadcrumb(page)).toHaveText(crumbText(entry.crumb));
        if (!isPhone(page)) {
          // The sidebar marks where the user is (on phones the menu has closed).
          const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry.label, exact: true });
          await expect(link).toHaveAttribute('aria-current', 'page');
        }
      });
    }

    await test.step('Dashboard', async () => {
      await openFromNavigation(page, 'Dashboard');
      await expect(page).toHaveURL(paths.dashboard.getHref());
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    });

    // The breadcrumb's Home leads back to the dashboard too.
    await openFromNavigation(page, 'Reports');
    await breadcrumb(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(paths.dashboard.getHref());
  });

  test('routes outside the navigation open by address', ONE_WIDTH, async ({ signedInPage: page }) => {
    const direct = [
      { url: '/user-registration', heading: 'User Registration' },
      { url: '/paystack-callback?reference=abc', heading: 'Payment Status' },
      { url: '/vaccination/7', heading: 'Vaccination Scheduling' },
    ];
    for (const route of direct) {
      await page.goto(route.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(breadcrumb(page)).toBeVisible();
    }
  });

  test('every navigation scrolls to the top', async ({ signedInPage: page, account }) => {
    // From the bottom of one long page to another long one: without the reset the scroll would stay.
    await page.goto(paths.profile.getHref());
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    // The footer's quick link (the footer is the page's contentinfo landmark).
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard', exact: true });
    await footerLink.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    await footerLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the dark colour scheme is kept after a reload', async ({ signedInPage: page }) => {
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await page.goto(paths.dashboard.getHref());
    await expect.poll(scheme).toBe('light');

    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await expect.poll(scheme).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('kuku.color-scheme'))).toBe('dark');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Toggle color scheme' })).toBeVisible();
    await expect.poll(scheme).toBe('dark');

    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await expect.poll(scheme).toBe('light');
  });

  test('before any script has arrived the page shows Kuku loading, and the app replaces it', ONE_WIDTH, async ({ page }) => {
    // Slow data: the scripts held back, as a phone on 2G waits for them.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(paths.auth.getHref(), { waitUntil: 'commit' });
    const splash = page.getByRole('status').filter({ hasText: 'Loading…' });
    await expect(splash).toBeVisible();
    await expect(splash).toContainText('Kuku');
    release();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(splash).toHaveCount(0);
  });

  test('the bell opens the notifications modal', async ({ signedInPage: page }) => {
    await page.goto(paths.dashboard.getHref());
    await page.getByRole('button', { name: 'Notifications' }).click();

    const modal = page.getByRole('dialog', { name: 'Notifications' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('No new notifications')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Mark All as Read' })).toBeVisible();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();
  });

  test('a token in the address is a one-time code: a session token there signs nobody in, and leaves the address', ONE_WIDTH, async ({ page, request, account }) => {
    const token = await apiLogin(request, account);

    await page.goto(`${paths.flocks.getHref()}?token=${encodeURIComponent(token)}`);

    // docs/design.md §6: only a code the social sign-in return issued is exchanged for a session.
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(paths.auth.getHref());
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => window.localStorage.getItem('kuku.token'))).toBeNull();
  });

  test('a code on the social sign-in return signs in and reaches the dashboard', ONE_WIDTH, async ({ page, account }) => {
    // The simulated Google signs in as the address it is given, verified: it links to the account.
    // The trip runs in the page's own context: the code works only beside the cookie its return set (decision 048).
    const request = page.context().request;
    const login = await request.get(`/api/auth/google/login?login_hint=${encodeURIComponent(account.email)}`, { maxRedirects: 0 });
    const authorize = await request.get(login.headers().location ?? '', { maxRedirects: 0 });
    const back = (await request.get(authorize.headers().location ?? '', { maxRedirects: 0 })).headers().location ?? '';
    expect(back).toMatch(/^\/auth\/google\/callback\?token=/);

    await page.goto(back);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
    await expect(page).toHaveURL(paths.dashboard.getHref());
  });

  test('a revoked token sends the user to /auth', ONE_WIDTH, async ({ page, request, account }) => {
    const token = await apiLogin(request, account);
    await page.addInitScript((t) => {
      // Only the first document gets the token: a later load must see what the app left.
      if (!window.sessionStorage.getItem('e2e.seeded')) {
        window.sessionStorage.setItem('e2e.seeded', '1');
        window.localStorage.setItem('kuku.token', t);
      }
    }, token);
    await page.goto(paths.profile.getHref());
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    // Logged out elsewhere: the token is revoked on the server.
    const logout = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(204);

    // The next call the screen makes answers 401 (docs/product.md §8): the session ends and /auth shows.
    await page.getByLabel('Phone Number').fill('0712345678');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(paths.auth.getHref(paths.profile.getHref()));
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kuku.token'))).toBeNull();
  });

  test('a revoked token on a fresh load of a protected route sends the user to /auth', ONE_WIDTH, async ({
    page,
    request,
    account,
  }) => {
    const token = await apiLogin(request, account);
    expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
    await page.addInitScript((t) => window.localStorage.setItem('kuku.token', t), token);

    await page.goto(paths.inventory.getHref());

    await expect(page).toHaveURL(paths.auth.getHref(paths.inventory.getHref()));
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('the offline banner says so, and says when the connection is back', async ({ signedInPage: page, context }) => {
    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    // The banner's code loads once the screen has settled (decision 066).
    await appSettled(page);
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await expect(page.getByText('You are offline! Some features may be unavailable.')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Connection restored! Everything is back online.')).toBeVisible();
    await expect(page.getByText('You are offline! Some features may be unavailable.')).toBeHidden();
    // docs/product.md §2: it hides by itself after 5 seconds (the timer is the behaviour under test).
    await expect(page.getByText('Connection restored! Everything is back online.')).toBeHidden({ timeout: 8_000 });
  });
});

test.describe('served files', () => {
  test('the built JS is served compressed and a deep link gets index.html', ONE_WIDTH, async ({ request }) => {
    const index = await request.get('/');
    expect(index.status()).toBe(200);
    const html = await index.text();
    // The entry and what it preloads: a file too small to gain from compression is served as it is.
    const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
    expect(scripts.length, 'index.html references built /assets/*.js').toBeGreaterThan(0);
    let compressed = 0;
    for (const script of scripts) {
      const js = await request.get(script, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(js.status()).toBe(200);
      expect(js.headers()['content-type']).toContain('javascript');
      if ((await js.body()).length > 1024) {
        expect(js.headers()['content-encoding'], script).toMatch(/^(br|gzip)$/);
        compressed++;
      }
    }
    expect(compressed, 'the entry chunk is served compressed').toBeGreaterThan(0);

    const deep = await request.get(paths.profile.getHref());
    expect(deep.status()).toBe(200);
    expect(deep.headers()['content-type']).toContain('text/html');
    expect(await deep.text()).toContain('<div id="root">');
  });
});
