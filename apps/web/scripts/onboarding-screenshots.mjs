/* global process, URL, fetch, document, window */
/**
 * Takes the Getting Started screenshots (decision 037): Kuku's own screens on the demo farm at
 * a 390 px phone's width, saved as small WebP files in apps/web/public/onboarding/, the names
 * the domain's SETUP_STEPS give them.
 *
 * To refresh them, from the repository root:
 *
 *   npx tsc -b packages/domain/tsconfig.build.json apps/server/tsconfig.build.json
 *   (cd apps/web && npx vite build --outDir /tmp/shots-web --emptyOutDir)
 *   DATA_DIR=/tmp/shots-demo node apps/server/dist/src/scripts/seed-demo.js
 *   NODE_ENV=development PORT=3488 DATA_DIR=/tmp/shots-demo WEB_DIST=/tmp/shots-web \
 *     node apps/server/dist/src/server.js &
 *   node apps/web/scripts/onboarding-screenshots.mjs [--base http://127.0.0.1:3488] [--only flocks-list,eggs-add]
 *
 * then stop that server. It needs Chromium (CHROME_PATH, default /usr/bin/chromium), and uses
 * playwright-core and sharp from the workspace's node_modules.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3488' },
    only: { type: 'string' },
    user: { type: 'string', default: 'demo' },
    password: { type: 'string', default: 'kukudemo123' },
  },
});

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/onboarding');
// The size SETUP_SCREENSHOT_WIDTH × SETUP_SCREENSHOT_HEIGHT of the domain: a common phone's screen.
const VIEWPORT = { width: 390, height: 844 };
// WebP quality: the first that keeps a picture within the size a cheap phone downloads quickly.
const QUALITIES = [60, 55, 50, 45, 40];
const MAX_BYTES = 25 * 1024;

/**
 * Each picture: the screen, and what to do on it before the shot (open a dialog, scroll to a
 * part). `ready` names the heading that shows the screen is there.
 */
const SHOTS = [
  { file: 'flocks-list.webp', url: '/bird-management', ready: 'Flock Management', scrollTo: 'Your Flocks' },
  { file: 'flocks-add.webp', url: '/bird-management', ready: 'Flock Management', dialog: 'Add Flock' },
  { file: 'eggs-stats.webp', url: '/egg-production', ready: 'Egg Production' },
  { file: 'eggs-add.webp', url: '/egg-production', ready: 'Egg Production', dialog: 'Add New Production' },
  { file: 'sales-overview.webp', url: '/sales-management', ready: 'Sales' },
  { file: 'sales-add.webp', url: '/sales-management', ready: 'Sales', dialog: 'Create New Sale' },
  { file: 'expenses-overview.webp', url: '/expenses', ready: 'Expenses' },
  { file: 'expenses-add.webp', url: '/expenses', ready: 'Expenses', dialog: 'New Expense' },
  { file: 'inventory-list.webp', url: '/inventory', ready: 'Inventory' },
  { file: 'inventory-add.webp', url: '/inventory', ready: 'Inventory', dialog: 'Add New Item' },
  { file: 'finances-overview.webp', url: '/finances', ready: 'Financial Dashboard' },
  { file: 'reports-generate.webp', url: '/reports', ready: 'Reports' },
];

async function json(url, init) {
  const res = await fetch(new URL(url, args.base), init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Nothing loading or moving: no skeleton, loader or busy region, no transition running. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const loading = document.querySelector(
      '[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, .mantine-LoadingOverlay-root',
    );
    const moving = document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
    return !loading && !moving;
  });
}

async function main() {
  const { token } = await json('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: args.user, password: args.password }),
  });
  const me = await json('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: me.farm.time_zone }).format(new Date());
  // The session, light colours, and the once-a-day and once-a-phone prompts already answered.
  const storage = {
    'kuku.token': token,
    'kuku.color-scheme': 'light',
    [`kuku.trial-welcome-seen.${me.id}`]: today,
    'kuku.alerts-declined': String(Date.now()),
  };

  const only = args.only ? new Set(args.only.split(',').map((name) => (name.endsWith('.webp') ? name : `${name}.webp`))) : null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars'],
  });
  mkdirSync(OUT_DIR, { recursive: true });
  try {
    const context = await browser.newContext({
      baseURL: args.base,
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-KE',
      timezoneId: me.farm.time_zone,
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    for (const shot of SHOTS) {
      if (only && !only.has(shot.file)) continue;
      await page.goto(shot.url);
      await page.getByRole('heading', { level: 1, name: shot.ready, exact: true }).waitFor();
      await settle(page);
      if (shot.scrollTo) {
        await page.getByRole('heading', { name: shot.scrollTo, exact: true }).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -72));
        await settle(page);
      }
      if (shot.dialog) {
        await page.getByRole('button', { name: shot.dialog, exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: shot.dialog });
        await dialog.waitFor();
        // A form as a farmer starts it: the first flock chosen.
        const flock = dialog.getByRole('combobox', { name: /^Flock/ });
        if ((await flock.count()) > 0) await flock.first().selectOption({ index: 1 });
        await settle(page);
      }
      const png = await page.screenshot({ type: 'png' });
      let webp;
      let quality;
      for (quality of QUALITIES) {
        webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
        if (webp.length <= MAX_BYTES) break;
      }
      const file = path.join(OUT_DIR, shot.file);
      writeFileSync(file, webp);
      process.stdout.write(`${shot.file}: ${(statSync(file).size / 1024).toFixed(1)} KiB (quality ${quality})\n`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
