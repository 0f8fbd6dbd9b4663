import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
// The trial welcome's storage keys (docs/product.md §4), from the web app; it imports nothing.
import { trialWelcomeSeenKey } from '../apps/web/src/features/dashboard/trial-storage.js';
// The alerts prompt's remembered answer (docs/product.md §4, decision 034); it imports nothing.
import { ALERTS_DECLINED_KEY } from '../apps/web/src/pwa/alerts-permission.js';
import { dayIn } from '../packages/domain/src/common/dates.js';
import { DEFAULT_TIME_ZONE } from '../packages/domain/src/common/locale.js';
import { economicsWords } from '../packages/domain/src/economics-rules.js';
// The web app's own URL helper (docs/style.md rule 17: a typed paths helper builds URLs), from the screens' table (decision 062).
import { paths } from '../packages/domain/src/common/screens.js';

export { paths };

export interface Account {
  username: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'e2e'): Account {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: 'farm pass 123' };
}

/** The newest 6-digit code mailed to `email`, read from the dev outbox (docs/design.md §6). */
export async function codeFor(request: APIRequestContext, email: string, notBefore?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox');
      const mails = (await res.json()) as { to: string; text: string; createdAt: string }[];
      const mail = mails.find((m) => m.to === email && (!notBefore || m.createdAt > notBefore));
      code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Registers through the API and leaves the email unverified (the code sits in the outbox). */
export async function registerUnverified(request: APIRequestContext, account = newAccount()): Promise<Account> {
  const reg = await request.post('/api/auth/register', { data: account });
  expect(reg.status()).toBe(201);
  return account;
}

/** Registers and verifies through the API, as a quick start for journeys about other screens. */
export async function registerVerified(request: APIRequestContext, account = newAccount()): Promise<Account> {
  await registerUnverified(request, account);
  const otp = await codeFor(request, account.email);
  expect((await request.post('/api/auth/verify-otp', { data: { email: account.email, otp } })).status()).toBe(200);
  return account;
}

export async function apiLogin(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { identifier: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface SignedInUser {
  id: number;
  farm: { time_zone: string };
}

/** The storage that says `user` has seen the trial welcome today (docs/product.md §4: once a farm day). */
function seenToday(user: SignedInUser): Record<string, string> {
  return { [trialWelcomeSeenKey(user.id)]: dayIn(new Date(), user.farm.time_zone) };
}

/**
 * Every new account is on its free trial, so the dashboard opens the trial welcome over
 * itself (docs/product.md §4): journeys about other things start with it seen today, as on a farmer's
 * second visit of the day. The storage entry for the user of `token`.
 */
export async function trialWelcomeSeen(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const res = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return seenToday((await res.json()) as SignedInUser);
}

/**
 * Chromium's notification permission is 'default' in a test's browser, so every signed-in
 * screen offers alerts once settled (docs/product.md §4): journeys about other things start with that
 * question answered 'Not now', as on a farmer's later visits.
 */
export const alertsAnswered: Record<string, string> = { [ALERTS_DECLINED_KEY]: 'e2e' };

export interface SignInOptions {
  /** 'show': leave the trial welcome to open as it would (the dashboard journey). */
  trialWelcome?: 'seen' | 'show';
  /** 'show': leave the alerts prompt to show as it would (the installable app's journey). */
  alertsPrompt?: 'answered' | 'show';
}

/** Puts a session token where the web app keeps it, before any page script runs; the trial welcome seen today and the alerts question answered unless asked. */
export async function signIn(page: Page, token: string, { trialWelcome = 'seen', alertsPrompt = 'answered' }: SignInOptions = {}): Promise<void> {
  const storage: Record<string, string> = { 'kuku.token': token };
  if (trialWelcome === 'seen') Object.assign(storage, await trialWelcomeSeen(page.request, token));
  if (alertsPrompt === 'answered') Object.assign(storage, alertsAnswered);
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
}

/**
 * For a sign-in through the login form: as the app learns who signed in (the login's answer,
 * or /api/auth/me), that user's trial welcome is marked seen today, before the app reads it.
 */
async function markTrialWelcomeSeenOnSignIn(page: Page): Promise<void> {
  await page.route(/\/api\/auth\/(login|me)(\?.*)?$/, async (route) => {
    let response;
    try {
      response = await route.fetch();
    } catch {
      // Offline, or the page went away: the request fails as it would have.
      await route.abort().catch(() => undefined);
      return;
    }
    if (response.ok()) {
      const body = (await response.json().catch(() => null)) as (SignedInUser & { user?: SignedInUser }) | null;
      const user = body?.user ?? body;
      if (user && typeof user.id === 'number' && user.farm?.time_zone) {
        await page
          .evaluate((entries) => {
            for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
          }, seenToday(user))
          .catch(() => undefined);
      }
    }
    await route.fulfill({ response });
  });
}

export const test = base.extend<{ account: Account; signedInPage: Page; trialWelcome: 'seen' | 'show'; alertsPrompt: 'answered' | 'show' }>({
  /** `test.use({ trialWelcome: 'show' })` leaves the trial welcome to open (the dashboard journey). */
  trialWelcome: ['seen', { option: true }],
  /** `test.use({ alertsPrompt: 'show' })` leaves the alerts prompt to show (the installable app's journey). */
  alertsPrompt: ['answered', { option: true }],
  page: async ({ page, trialWelcome, alertsPrompt }, use) => {
    if (trialWelcome === 'seen') await markTrialWelcomeSeenOnSignIn(page);
    // Also for a sign-in through the login form.
    if (alertsPrompt === 'answered') {
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, alertsAnswered);
    }
    await use(page);
  },
  account: async ({ request }, use) => {
    await use(await registerVerified(request));
  },
  signedInPage: async ({ page, request, account, trialWelcome, alertsPrompt }, use) => {
    await signIn(page, await apiLogin(request, account), { trialWelcome, alertsPrompt });
    await use(page);
  },
});

export { expect };

/** The running project's size, touch and locale, for a browser a test opens itself. */
export function projectContextOptions(): BrowserContextOptions {
  const { use } = test.info().project;
  return {
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: use.locale,
    timezoneId: use.timezoneId,
  };
}

/** A new browser context of the running project's size, touch and locale: a second person's own browser. */
export function projectContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...projectContextOptions(), ...options });
}

/** Phone-width projects open the slide-in menu to navigate. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** The login form of /auth, filled and sent. */
export async function loginThroughUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The dashboard heading of docs/product.md §2: the greeting of the hour, then the username. */
export function greetingFor(username: string): RegExp {
  return new RegExp(`^Good (Morning|Afternoon|Evening), ${username}$`);
}

/**
 * Follows an entry of the main navigation: the sidebar on desktop, the Burger's
 * slide-in menu on phones (the sidebar is not shown there).
 */
export async function openFromNavigation(page: Page, label: string): Promise<void> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  if (isPhone(page)) await expect(page.getByRole('dialog')).toBeHidden();
}

/** The breadcrumb of the shell: Home / current screen. */
export function breadcrumb(page: Page) {
  return page.getByRole('navigation', { name: 'Breadcrumb' });
}

/** A screenshot for people to look at, only when E2E_SHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const project = test.info().project.name;
  // From the top: a full-page capture of a scrolled page paints the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}-${project}.png`), fullPage: true });
}

declare global {
  interface Window {
    /** When the watched alert appeared and went, by the page's clock (watchAlert). */
    __alertSeen?: { shown?: number; hidden?: number };
  }
}

/**
 * Notes, by the page's own clock, when an alert holding `text` appears and when it goes, and
 * answers a function that reads how long it stayed once it has gone. A test that took the time
 * when its polling first saw the popup measured less on a busy machine: it saw the popup late.
 */
export async function watchAlert(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((words) => {
    const seen: { shown?: number; hidden?: number } = {};
    window.__alertSeen = seen;
    const showing = () =>
      Array.from(document.querySelectorAll('[role="alert"]')).some(
        (el) => (el.textContent ?? '').includes(words) && el.checkVisibility({ visibilityProperty: true }),
      );
    const observer = new MutationObserver(() => {
      const on = showing();
      if (on && seen.shown === undefined) seen.shown = performance.now();
      if (!on && seen.shown !== undefined) {
        seen.hidden = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  }, text);
  return async () => {
    const seen = await page.evaluate(() => window.__alertSeen);
    expect(seen?.shown, `an alert with "${text}" was seen`).toBeDefined();
    expect(seen?.hidden, `the alert with "${text}" went`).toBeDefined();
    return (seen?.hidden ?? 0) - (seen?.shown ?? 0);
  };
}

/**
 * Scrolls to a chart as a farmer would (charts draw as they near the viewport). A chart's
 * element is replaced as it draws, and a scroll begun on the old one fails as it goes: the
 * scroll is tried again on the one that stays.
 */
export async function scrollToChart(chart: Locator): Promise<void> {
  await expect(async () => {
    await chart.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass();
  await expect(chart).toBeVisible();
}

/**
 * Waits until the app has settled (apps/web/src/first-screen/use-settled.ts: its first screen's data in
 * and quiet): what waits for that has mounted then, and links the web manifest, which is the
 * mark read here. A state to wait for, where a test once slept for the settling time.
 */
export async function appSettled(page: Page): Promise<void> {
  await expect(page.locator('head link[rel="manifest"]')).toHaveCount(1, { timeout: 20_000 });
}

/** The farm's today (Africa/Nairobi, as the browser and the farm are). */
export const farmToday = (): string => dayIn(new Date(), DEFAULT_TIME_ZONE);

/** The 15th of the month `months` from the farm's this month. */
export function farmMonthDay(months: number): string {
  const [year, month] = farmToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 15)).toISOString().slice(0, 10);
}

/** The owner invites a worker, who joins with the mailed code: the worker's token. */
export async function joinedWorker(request: APIRequestContext, ownerToken: string): Promise<string> {
  const worker = newAccount('worker');
  const invited = await request.post('/api/staff', {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { username: worker.username, email: worker.email, role: 'worker' },
  });
  expect(invited.status()).toBe(201);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
      code = /Your code: (\d{6})/.exec(mails.find((mail) => mail.to === worker.email)?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  const accepted = await request.post('/api/auth/accept-invitation', { data: { email: worker.email, otp: code, new_password: worker.password } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return apiLogin(request, worker);
}

/** A POST to the API as a user, asserting 201: the created record (its id). */
export type ApiPost = (url: string, data: object) => Promise<{ id: number }>;

export function apiPost(request: APIRequestContext, token: string): ApiPost {
  return async (url, data) => {
    const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number };
  };
}

/** A flock's details overlay opened from the flocks screen, once its 'Feed and cost' section shows. */
export async function openFlockDetails(page: Page, flockName: string): Promise<Locator> {
  await page.goto(paths.flocks.getHref());
  await page.getByRole('button', { name: `View Details of ${flockName}` }).click();
  const overlay = page.getByRole('dialog', { name: `Managing Flock: ${flockName}` });
  await expect(overlay.getByRole('heading', { name: economicsWords.title })).toBeVisible();
  return overlay;
}
