import type { Browser, Response } from '@playwright/test';
import { SCREEN_IDS, SCREENS, type ParameterisedScreenId, type ScreenId } from '../packages/domain/src/common/screens.js';
import { dashboardMessages } from '../packages/domain/src/index.js';
import { sayIn, wordsIn } from '../packages/domain/src/common/words-in.js';
import { apiLogin, expect, greetingFor, paths, registerVerified, test } from './fixtures.js';

// docs/design.md §9: the first screen of each route fits in 170 KB of JS gzip; the JS is served
// compressed (gzip or brotli, precompressed at build).
const BUDGET_KIB = 170;

/**
 * The build keeps a .gz/.br only when it is smaller than the file (vite-plugin-compression2's
 * skipIfLargerOrEqual): a chunk of a few dozen bytes goes plain, anything bigger compressed.
 */
const PLAIN_AT_MOST = 512;

interface RouteCase {
  url: string;
  /** The browser's language: a Kiswahili page loads its words' catalogues too (decision 068). */
  language: 'en' | 'sw';
  /** The heading whose appearance is the first screen. */
  heading: string | RegExp;
  signedIn: boolean;
}

interface FirstScreen {
  /** The heading whose appearance is the first screen. */
  heading: string | RegExp;
  /** Where to open it; its path when left out. */
  urls?: string[];
}

interface Measured {
  url: string;
  language: 'en' | 'sw';
  kib: number;
  files: number;
}

declare global {
  interface Window {
    __firstScreenAt?: number;
  }
}

/**
 * Notes in the page when the heading first enters the DOM. A MutationObserver runs right after
 * the commit that adds it, so the cut does not depend on how fast the test polls: what loads
 * on a timer or on first use after the screen is painted stays out, however busy the machine.
 */
function watchHeading(pattern: { source: string; flags: string }) {
  const re = new RegExp(pattern.source, pattern.flags);
  const check = () => {
    if (window.__firstScreenAt !== undefined) return;
    for (const el of Array.from(document.querySelectorAll('h1, h2, h3, [role="heading"]'))) {
      if (re.test((el.textContent ?? '').trim())) {
        window.__firstScreenAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

function asPattern(heading: string | RegExp): { source: string; flags: string } {
  if (heading instanceof RegExp) return { source: heading.source, flags: heading.flags };
  return { source: `^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, flags: '' };
}

/**
 * Opens `route` in a fresh context (empty cache) asking for gzip only, and sums the encoded
 * size of the JS requested before its heading appeared.
 */
async function measure(browser: Browser, baseURL: string, route: RouteCase, token: string): Promise<Measured> {
  const context = await browser.newContext({
    baseURL,
    viewport: test.info().project.use.viewport ?? { width: 1280, height: 800 },
    // gzip, not brotli: the budget is written in gzip (docs/design.md §9).
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
    locale: route.language === 'sw' ? 'sw-KE' : 'en-KE',
  });
  try {
    await context.addInitScript(watchHeading, asPattern(route.heading));
    if (route.signedIn) await context.addInitScript((t) => window.localStorage.setItem('kuku.token', t), token);
    const page = await context.newPage();
    const origin = new URL(baseURL).origin;
    const responses = new Map<string, Response>();
    const loading: Promise<unknown>[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
      // A request still loading when the context closes (the idle prefetch) rejects: it counts for
      // nothing, and a script of the first screen that fails to load is caught below as unanswered.
      loading.push(
        request
          .response()
          .then((response) => {
            if (response) responses.set(url.pathname, response);
            return response?.finished();
          })
          .catch(() => undefined),
      );
    });

    await page.goto(route.url);
    await expect(page.getByRole('heading', { name: route.heading }).first()).toBeVisible();
    // The heading is the first screen: the JS asked for until then is loaded in full before it is
    // summed; what is asked for later (parts behind skeletons, the idle prefetch) is not counted,
    // and the context closes without waiting for it.
    await Promise.all([...loading]);

    const { paintedAt, scripts } = await page.evaluate(() => ({
      paintedAt: window.__firstScreenAt,
      scripts: performance
        .getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime }))
        .filter((e) => e.path.endsWith('.js')),
    }));
    expect(paintedAt, `${route.url}: the heading was seen entering the page`).toBeDefined();

    let bytes = 0;
    let files = 0;
    for (const script of scripts) {
      const response = responses.get(script.path);
      expect(response, `${script.path} answered`).toBeDefined();
      if (!response) continue;
      expect(response.status(), script.path).toBe(200);
      await response.finished();
      const request = response.request();
      expect((await request.allHeaders())['accept-encoding'], `${script.path} was asked for gzip only`).toBe('gzip');
      const headers = await response.allHeaders();
      // The bytes on the wire: the precompressed file as sent, headers aside.
      const { responseBodySize } = await request.sizes();
      expect(responseBodySize, `${script.path} content-length`).toBe(Number(headers['content-length']));
      const encoding = headers['content-encoding'];
      if (encoding !== undefined || responseBodySize > PLAIN_AT_MOST) {
        expect(encoding, `${script.path} (${responseBodySize} bytes) is served compressed`).toMatch(/^(gzip|br)$/);
        // Asked for gzip only, so the sizes summed are gzip sizes.
        expect(encoding, `${script.path} answers a gzip-only request with gzip`).toBe('gzip');
      }
      if (script.startTime <= (paintedAt ?? Infinity)) {
        bytes += responseBodySize;
        files += 1;
      }
    }
    expect(files, `${route.url} loads some JS`).toBeGreaterThan(0);
    return { url: route.url, language: route.language, kib: bytes / 1024, files };
  } finally {
    await context.close();
  }
}

test.describe('first-screen JS budget', () => {
  test(`every docs/product.md §2 route's first screen is at most ${BUDGET_KIB} KiB of JS gzip`, async ({
    browser,
    request,
    baseURL,
  }) => {
    // The same JS loads at every width (the phone's drawer and cards come with their screens):
    // measured once, in the desktop project (playwright.config.ts).
    test.setTimeout(400_000);
    const account = await registerVerified(request);
    const token = await apiLogin(request, account);
    // A flock, so the flock list and a flock's vaccination page show their real first screen.
    const created = await request.post('/api/flocks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Budget layers', breed: 'Layers', age: 0, initial_bird_count: 100, bird_count: 100, status: 'chicks' },
    });
    expect(created.status()).toBe(201);
    const flockId = ((await created.json()) as { id: number }).id;

    // Each screen's heading, and its addresses when its path alone will not do: the table is
    // every screen of docs/product.md §2 (`SCREENS`), so a new screen is measured once it says how.
    const firstScreens: Record<ParameterisedScreenId, FirstScreen & { urls: string[] }> & Record<ScreenId, FirstScreen> = {
      dashboard: { heading: greetingFor(account.username) },
      auth: { heading: 'Welcome back' },
      // Social sign-in's return: its own chunk, then /auth for a visitor without a token.
      socialCallback: { heading: 'Welcome back', urls: [paths.socialCallback.getHref('google')] },
      forgotPassword: { heading: 'Forgot password' },
      flocks: { heading: 'Flock Management' },
      eggs: { heading: 'Egg Production' },
      eggDay: { heading: "Record today's eggs" },
      sales: { heading: 'Sales' },
      debtors: { heading: 'Who owes' },
      expenses: { heading: 'Expenses' },
      reports: { heading: 'Reports' },
      userRegistration: { heading: 'User Registration' },
      inventory: { heading: 'Inventory' },
      stockCount: { heading: 'Stock count' },
      profile: { heading: 'My Profile' },
      vaccinations: { heading: 'Vaccination Scheduling', urls: [paths.vaccinations.getHref(), paths.vaccinations.getHref(flockId)] },
      finances: { heading: 'Financial Dashboard' },
      summaries: { heading: 'Weekly summaries' },
      billing: { heading: 'Billing & Payments' },
      onboarding: { heading: 'Getting Started' },
      contact: { heading: 'Contact Us' },
      paymentCallback: { heading: 'Payment Status', urls: [paths.paymentCallback.getHref('budget-ref')] },
    };
    // And each in Kiswahili, with the words' catalogues its first screen asks for (decision 068).
    const sw = wordsIn('sw', dashboardMessages);
    const inKiswahili = (heading: string | RegExp) =>
      typeof heading === 'string'
        ? sayIn('sw', heading)
        : new RegExp(`^(${sw.goodMorning}|${sw.goodAfternoon}|${sw.goodEvening}), ${account.username}$`);
    const routes: RouteCase[] = SCREEN_IDS.flatMap((id) => {
      const { heading, urls = [SCREENS[id].path] } = firstScreens[id];
      return urls.flatMap((url) => [
        { url, heading, signedIn: SCREENS[id].signedIn, language: 'en' as const },
        { url, heading: inKiswahili(heading), signedIn: SCREENS[id].signedIn, language: 'sw' as const },
      ]);
    });

    const rows: Measured[] = [];
    for (const route of routes) rows.push(await measure(browser, baseURL as string, route, token));

    const project = test.info().project.name;
    console.table(
      Object.fromEntries(
        rows.map((r) => [
          `${r.url} ${r.language}`,
          { [`${project}: KiB gzip`]: Number(r.kib.toFixed(1)), files: r.files },
        ]),
      ),
    );

    for (const row of rows) {
      expect
        .soft(row.kib, `${row.url} (${row.language}): ${row.kib.toFixed(1)} KiB of JS gzip on the first screen`)
        .toBeLessThanOrEqual(BUDGET_KIB);
    }
  });
});
