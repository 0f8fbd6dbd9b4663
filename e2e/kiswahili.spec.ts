import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, COLOUR_RULES, SCHEMES, useScheme } from './axe.js';
// Every words object of the domain, registered by name (the leftover check walks them all).
import '../packages/domain/src/index.js';
import { authMessages, authScreenWords, dashboardMessages, eggMessages, headerWords, passwordWords } from '../packages/domain/src/index.js';
import type { EggDay } from '../packages/domain/src/eggs.js';
import { SCREENS, type ScreenId } from '../packages/domain/src/common/screens.js';
import { allEnglishWords } from '../packages/domain/src/common/words.js';
import { toApiDateTime } from '../packages/domain/src/vaccinations-rules.js';
import { catalogueOf, sayIn, wordsIn } from '../packages/domain/src/common/words-in.js';
import {
  apiLogin,
  appSettled,
  expect,
  farmToday,
  greetingFor,
  loginThroughUi,
  newAccount,
  paths,
  projectContext,
  registerVerified,
  signIn,
  test,
  type Account,
} from './fixtures.js';

// Kuku in Kiswahili (decision 068): a Kiswahili browser, a language kept on the phone or the
// account's opens the app in Kiswahili; every main screen shows no English among its headings,
// buttons, navigation and labels; a record saved in Kiswahili; the header's switch; junk kept;
// axe on Kiswahili screens. Logic of one width: the phone project only (playwright.config.ts).

const LANGUAGE_STORAGE_KEY = 'kuku.language';
const sw = {
  auth: wordsIn('sw', authMessages),
  authScreen: wordsIn('sw', authScreenWords),
  password: wordsIn('sw', passwordWords),
  dashboard: wordsIn('sw', dashboardMessages),
  eggs: wordsIn('sw', eggMessages),
  header: wordsIn('sw', headerWords),
};

/** The Kiswahili greeting of the dashboard's heading: the hour's greeting, then the username. */
function swGreetingFor(username: string): RegExp {
  const { goodMorning, goodAfternoon, goodEvening } = sw.dashboard;
  return new RegExp(`^(${goodMorning}|${goodAfternoon}|${goodEvening}), ${username}$`);
}

/**
 * Every English string of the domain's words whose Kiswahili differs, in lower case (a heading
 * may be shown in capitals), with where it is written ('eggs.dayTitle'): seen on a Kiswahili page,
 * it is English left behind. A string that is also the Kiswahili of some word (a name, 'Email',
 * 'M-Pesa') is Kiswahili too, and left out.
 */
function englishLeftovers(): Map<string, string> {
  const english = new Map<string, string>();
  const kiswahili = new Set<string>();
  const walk = (en: unknown, translated: unknown, where: string) => {
    if (typeof en === 'string') {
      const key = en.trim().toLowerCase();
      if (typeof translated === 'string' && translated.trim().toLowerCase() !== key && !english.has(key)) english.set(key, where);
    } else if (Array.isArray(en)) {
      en.forEach((value, index) => walk(value, Array.isArray(translated) ? translated[index] : undefined, `${where}[${index}]`));
    } else if (en && typeof en === 'object') {
      for (const [key, value] of Object.entries(en)) walk(value, translated && typeof translated === 'object' ? (translated as Record<string, unknown>)[key] : undefined, `${where}.${key}`);
    }
  };
  const collect = (value: unknown) => {
    if (typeof value === 'string') kiswahili.add(value.trim().toLowerCase());
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  for (const [name, words] of allEnglishWords()) {
    const catalogue = catalogueOf('sw', name);
    walk(words, catalogue, name);
    collect(catalogue);
  }
  for (const text of kiswahili) english.delete(text);
  return english;
}
const ENGLISH = englishLeftovers();

interface Seen {
  what: string;
  text: string;
}

/**
 * The visible text of the page's headings (h1–h3), buttons (their text and their name), the
 * navigation's links, the labels and the tabs, each line by itself, a required field's '*' left off.
 */
function visibleTexts(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const seen: { what: string; text: string }[] = [];
    const clean = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, button, nav a, label, [role="tab"]'))) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const what = el.matches('nav a') ? 'nav link' : el.tagName.toLowerCase();
      for (const line of el.innerText.split('\n')) if (clean(line)) seen.push({ what, text: clean(line) });
      const label = el.getAttribute('aria-label');
      if (label && el.tagName === 'BUTTON') seen.push({ what: 'button name', text: clean(label) });
    }
    return seen;
  });
}

/** What of `seen` is English whose Kiswahili differs, described with where the word is written. */
function leftoversIn(seen: Seen[]): string[] {
  const found = new Set<string>();
  for (const { what, text } of seen) {
    const where = ENGLISH.get(text.toLowerCase());
    if (where) found.add(`${what} "${text}" (${where})`);
  }
  return [...found];
}

/** A screenshot at the project's width for people to look at, only when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // Through the page first, as a farmer scrolls: charts draw as they near the viewport.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** A farm with something on every screen: a laying flock with eggs, sales paid and owed, an expense, stock, vaccinations. */
interface Farm {
  account: Account;
  token: string;
}

async function seedFarm(request: APIRequestContext): Promise<Farm> {
  const account = await registerVerified(request, newAccount('sw'));
  const token = await apiLogin(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const send = async (url: string, data: object): Promise<{ id: number }> => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: number };
  };
  const today = farmToday();
  const flock = await send('/api/flocks', { name: 'Banda la kwanza', breed: 'Layers', age: 30, initial_bird_count: 200, bird_count: 190, status: 'active' });
  await send('/api/egg-productions', { flock_id: flock.id, date_produced: today, eggs_collected: 150 });
  const sale = { flock_id: flock.id, category: 'Egg Sales', product: 'Trei za mayai', quantity: 2, unit_price: 420, date: today, sale_type: 'Cash', status: 'paid' };
  await send('/api/sales', sale);
  await send('/api/sales', { ...sale, description: 'Mama Wanjiku', sale_type: 'Credit', status: 'pending' });
  await send('/api/expenses', { flock_id: flock.id, date: today, description: 'Chakula cha kuku', amount: 3500, category: 'Feed' });
  await send('/api/inventory', { item_name: 'Chakula cha kuku', flock_id: flock.id, quantity: 20, unit: 'bags', reorder_level: 5, cost_per_unit: 3500 });
  const inThreeDays = toApiDateTime(new Date(Date.now() + 3 * 86_400_000));
  await send(`/api/flocks/${flock.id}/vaccinations`, { vaccine_name: 'Gumboro', date: inThreeDays, status: 'Pending', mode_of_administration: 'Oral' });
  return { account, token };
}

/** One farm a worker, seeded by the first screen test that needs it; the screens only read it. */
let farm: Promise<Farm> | undefined;
async function kiswahiliFarm(request: APIRequestContext): Promise<Farm> {
  farm ??= seedFarm(request);
  try {
    return await farm;
  } catch (error) {
    farm = undefined;
    throw error;
  }
}

test.describe('signed out, a Kiswahili browser', () => {
  test.use({ locale: 'sw-KE' });

  test('/auth is in Kiswahili, refuses a wrong password in Kiswahili and signs in', async ({ page, request }) => {
    const account = await registerVerified(request, newAccount('swauth'));
    await page.goto(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: sw.authScreen.loginTitle })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('button', { name: sw.authScreen.login, exact: true })).toBeVisible();
    // The card's switch offers the other language by its own name.
    await expect(page.getByRole('button', { name: sw.header.languageNames.en, exact: true })).toBeVisible();
    const leftovers = leftoversIn(await visibleTexts(page));
    expect(leftovers, `English left on /auth:\n${leftovers.join('\n')}`).toEqual([]);

    await page.getByLabel(sw.authScreen.identifier).fill(account.username);
    await page.getByLabel(sw.password.password, { exact: true }).fill('not the password');
    await page.getByRole('button', { name: sw.authScreen.login, exact: true }).click();
    expect(sayIn('sw', authMessages.invalidCredentials)).toBe(sw.auth.invalidCredentials);
    await expect(page.getByText(sw.auth.invalidCredentials)).toBeVisible();
    await expect(page.getByText(authMessages.invalidCredentials)).toHaveCount(0);

    await page.getByLabel(sw.password.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: sw.authScreen.login, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: swGreetingFor(account.username) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  });
});

/** Each main screen: its address, its English heading (said in Kiswahili by `sayIn`) and its shot's name. */
const MAIN_SCREENS: { id: ScreenId; heading: string; href: string; shot?: string }[] = [
  { id: 'dashboard', heading: '', href: paths.dashboard.getHref(), shot: 'sw-dashboard' },
  { id: 'flocks', heading: 'Flock Management', href: paths.flocks.getHref() },
  { id: 'eggs', heading: 'Egg Production', href: paths.eggs.getHref(), shot: 'sw-egg-production' },
  { id: 'eggDay', heading: "Record today's eggs", href: paths.eggDay.getHref(), shot: 'sw-record-today' },
  { id: 'sales', heading: 'Sales', href: paths.sales.getHref(), shot: 'sw-sales' },
  { id: 'debtors', heading: 'Who owes', href: paths.debtors.getHref() },
  { id: 'expenses', heading: 'Expenses', href: paths.expenses.getHref() },
  { id: 'inventory', heading: 'Inventory', href: paths.inventory.getHref() },
  { id: 'stockCount', heading: 'Stock count', href: paths.stockCount.getHref(), shot: 'sw-stock-count' },
  { id: 'vaccinations', heading: 'Vaccination Scheduling', href: paths.vaccinations.getHref() },
  { id: 'reports', heading: 'Reports', href: paths.reports.getHref() },
  { id: 'profile', heading: 'My Profile', href: paths.profile.getHref() },
  { id: 'finances', heading: 'Financial Dashboard', href: paths.finances.getHref() },
  { id: 'summaries', heading: 'Weekly summaries', href: paths.summaries.getHref(), shot: 'sw-weekly-summaries' },
  { id: 'billing', heading: 'Billing & Payments', href: paths.billing.getHref() },
  { id: 'onboarding', heading: 'Getting Started', href: paths.onboarding.getHref() },
  { id: 'contact', heading: 'Contact Us', href: paths.contact.getHref() },
];

test.describe('each main screen in Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  for (const screen of MAIN_SCREENS) {
    test(`${SCREENS[screen.id].title}: a Kiswahili heading and no English left`, async ({ page, request }) => {
      const { account, token } = await kiswahiliFarm(request);
      await signIn(page, token);
      await page.goto(screen.href);
      const heading = screen.id === 'dashboard' ? swGreetingFor(account.username) : sayIn('sw', screen.heading);
      expect(heading, `${screen.heading} has a Kiswahili`).not.toBe(screen.heading);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
      await appSettled(page);
      // No skeleton left: what the screen shows once its data is in.
      await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
      const seen = await visibleTexts(page);
      if (screen.id === 'dashboard') {
        // The navigation, once (it is the same on every screen): in the phone's slide-in menu.
        await page.getByRole('button', { name: sw.header.toggleNavigation }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        seen.push(...(await visibleTexts(page)));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      if (screen.shot) await shot(page, screen.shot);
      const leftovers = leftoversIn(seen);
      expect(leftovers, `English left on ${screen.href}:\n${leftovers.join('\n')}`).toEqual([]);
    });
  }
});

test.describe('a record in Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  test("today's eggs recorded with the Kiswahili save", async ({ signedInPage: page, request, account }) => {
    const token = await apiLogin(request, account);
    const headers = { Authorization: `Bearer ${token}` };
    const flock = 'Banda la pili';
    const created = await request.post('/api/flocks', { headers, data: { name: flock, breed: 'Layers', age: 30, initial_bird_count: 300, bird_count: 300, status: 'active' } });
    expect(created.status()).toBe(201);

    await page.goto(paths.eggDay.getHref());
    await expect(page.getByRole('heading', { level: 1, name: sw.eggs.dayTitle })).toBeVisible();
    await page.getByRole('textbox', { name: sw.eggs.dayTraysFor(flock), exact: true }).fill('7');
    await page.getByRole('button', { name: sw.eggs.daySave(1), exact: true }).click();
    await expect(page.getByText(sw.eggs.daySaved(1))).toBeVisible();

    const day = (await (await request.get('/api/egg-productions/day', { headers })).json()) as EggDay;
    const row = day.flocks.find((f) => f.flock_name === flock);
    expect(row?.record?.eggs_collected).toBe(7 * 30);
  });
});

test.describe('the language switch', () => {
  test.use({ locale: 'sw-KE' });

  /**
   * From the Kiswahili dashboard, the switch named 'English': on a phone it is in the slide-in
   * menu (the header has no room for it). The page starts again in English.
   */
  async function switchToEnglish(page: Page, account: Account): Promise<void> {
    await page.goto(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1, name: swGreetingFor(account.username) })).toBeVisible();
    await page.getByRole('button', { name: sw.header.toggleNavigation }).click();
    await page.getByRole('dialog').getByRole('button', { name: headerWords.languageNames.en, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: greetingFor(account.username) })).toBeVisible();
  }

  test("the menu's English opens the app in English, kept on the phone", async ({ signedInPage: page, account }) => {
    await switchToEnglish(page, account);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: greetingFor(account.username) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("the menu's English keeps English on the account", async ({ signedInPage: page, request, account }) => {
    await switchToEnglish(page, account);
    const token = await apiLogin(request, account);
    await expect
      .poll(async () => {
        const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
        return ((await me.json()) as { language: string | null }).language;
      }, { timeout: 3_000 })
      .toBe('en');
  });
});

test.describe('signed out, an English browser', () => {
  test("the sign-in card's Kiswahili opens /auth in Kiswahili", async ({ page }) => {
    await page.goto(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: authScreenWords.loginTitle })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: headerWords.languageNames.sw, exact: true }).click();
    await expect(page.getByRole('heading', { name: sw.authScreen.loginTitle })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('sw');
  });
});

test.describe('the account language', () => {
  test('an English browser signing in to a Kiswahili account opens in Kiswahili', async ({ page, request }) => {
    const account = await registerVerified(request, newAccount('swacct'));
    const token = await apiLogin(request, account);
    const res = await request.put('/api/auth/language', { headers: { Authorization: `Bearer ${token}` }, data: { language: 'sw' } });
    expect(res.ok(), `PUT /api/auth/language: ${res.status()}`).toBe(true);

    // The project's own en-KE browser: /auth is in English until the account is known.
    await page.goto(paths.auth.getHref());
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await loginThroughUi(page, account.username, account.password);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1, name: swGreetingFor(account.username) })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('sw');
  });
});

test.describe('junk kept as the language', () => {
  /** Words object keys that would show if a word were read by its name instead of its text. */
  const rawKeys = [...Object.keys(dashboardMessages), ...Object.keys(headerWords)].filter((key) => /[a-z][A-Z]/.test(key));

  for (const locale of ['en-KE', 'sw-KE'] as const) {
    test(`'xx' in ${LANGUAGE_STORAGE_KEY} on a ${locale} browser: the browser's language, rendered`, async ({ browser, request }) => {
      const account = await registerVerified(request, newAccount('swjunk'));
      const context = await projectContext(browser, { locale });
      try {
        const page = await context.newPage();
        await signIn(page, await apiLogin(request, account));
        await page.addInitScript((key) => window.localStorage.setItem(key, 'xx'), LANGUAGE_STORAGE_KEY);
        await page.goto(paths.dashboard.getHref());
        const language = locale === 'sw-KE' ? 'sw' : 'en';
        await expect(page.getByRole('heading', { level: 1, name: language === 'sw' ? swGreetingFor(account.username) : greetingFor(account.username) })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await appSettled(page);
        const text = await page.locator('body').innerText();
        expect(text.trim().length, 'the page is not blank').toBeGreaterThan(50);
        expect(rawKeys.filter((key) => new RegExp(`\\b${key}\\b`).test(text)), 'no word shown by its key').toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('axe in Kiswahili', () => {
  test.use({ locale: 'sw-KE' });

  // Every main screen, as accessibility.spec.ts holds the English ones: every rule in light, the
  // colour rules again in dark (decision 053). The words change with the language: names, labels
  // and the page's lang.
  for (const screen of MAIN_SCREENS) {
    test(`${SCREENS[screen.id].title} in Kiswahili has no axe violations`, async ({ page, request }) => {
      const { account, token } = await kiswahiliFarm(request);
      await signIn(page, token);
      await page.goto(screen.href);
      const heading = screen.id === 'dashboard' ? swGreetingFor(account.username) : sayIn('sw', screen.heading);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await appSettled(page);
      await expect(page.locator('html[lang="sw"]')).toHaveCount(1);
      const described: string[] = [];
      for (const [index, scheme] of SCHEMES.entries()) {
        await useScheme(page, scheme);
        await appSettled(page);
        const violations = await axeViolations(page, { rules: index === 0 ? undefined : COLOUR_RULES });
        described.push(...violations.map((v) => `${scheme} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`));
      }
      expect(described, described.join('\n')).toEqual([]);
    });
  }
});
