import { authMessages, continueWithLabel } from '../packages/domain/src/auth-rules.js';
import { dashboardMessages as m } from '../packages/domain/src/dashboard-rules.js';
import { expect, greetingFor, paths, shot, test } from './fixtures.js';

// docs/product.md §2 /auth 'Continue with' and /auth/{social-provider}/callback, the token parameter at
// start-up; §7 GET /auth/{social-provider}/login; docs/design.md §6 (a one-time code, not a session, in
// the address); decision 038. Without Google credentials the server signs in through its
// simulated Google (oauth2-mock-server), as one simulated farmer: the whole trip runs offline.

const SIMULATED_FARMER = 'Simulated_Farmer';

test.describe('social sign-in', () => {
  // A first sign-in of the day: the trial welcome opens over the dashboard as it would.
  test.use({ trialWelcome: 'show' });

  test("'Continue with Google' lands signed in on the dashboard, the code gone from the address", async ({ page }) => {
    // Every page the browser asked the server for, redirects included.
    const addresses: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) addresses.push(request.url());
    });

    await page.goto(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await shot(page, 'social-sign-in-button');
    await page.getByRole('link', { name: continueWithLabel('google') }).click();

    await expect(page).toHaveURL(paths.dashboard.getHref());
    const welcome = page.getByRole('dialog', { name: m.trialTitle });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'Close dialog' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(SIMULATED_FARMER));
    expect(page.url()).not.toContain('token');

    // The app came back through its callback with a one-time code, which is not the session it keeps.
    const session = await page.evaluate(() => window.localStorage.getItem('kuku.token'));
    expect(session).toBeTruthy();
    const returned = addresses.map((a) => new URL(a)).find((u) => u.pathname === paths.socialCallback.getHref('google'));
    const code = returned?.searchParams.get('token');
    expect(code).toBeTruthy();
    expect(code).not.toBe(session);

    const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${session}` } });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email_verified: boolean }).email_verified).toBe(true);
  });

  test("a code used once already says 'Authentication failed. Please try again.' on /auth", async ({ page, request }) => {
    // The trip the button makes, by hand, stopped at the return to the app.
    const login = await request.get('/api/auth/google/login', { maxRedirects: 0 });
    expect(login.status()).toBe(302);
    const authorize = await request.get(login.headers().location ?? '', { maxRedirects: 0 });
    const callback = await request.get(authorize.headers().location ?? '', { maxRedirects: 0 });
    const back = callback.headers().location ?? '';
    expect(back).toMatch(/^\/auth\/google\/callback\?token=/);
    const code = new URL(back, 'http://app').searchParams.get('token') ?? '';
    expect((await request.post('/api/auth/social/exchange', { data: { code } })).status()).toBe(200);

    await page.goto(back);
    await expect(page.getByText(authMessages.authenticationFailed)).toBeVisible();
    await expect(page).toHaveURL(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kuku.token'))).toBeNull();
  });

  test("a failed return from the provider says 'Authentication failed. Please try again.'", async ({ page }) => {
    await page.goto(`${paths.socialCallback.getHref('google')}?error=authentication_failed`);
    await expect(page.getByText(authMessages.authenticationFailed)).toBeVisible();
    await expect(page).toHaveURL(paths.auth.getHref());
  });
});
