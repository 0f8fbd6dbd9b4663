import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Debian's Chromium: these machines download no browsers (docs/design.md §2).
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  throw new Error(`Chromium not found at ${chromePath}: install it with \`apt-get install -y chromium chromium-headless-shell\` or set CHROME_PATH.`);
}
/**
 * Journeys run in Chromium's headless shell (Debian's chromium-headless-shell), the same engine
 * without the desktop browser around it: a quarter less time for the suite (decision 058). Only
 * what needs the full browser (a notification shown) runs in Chromium itself.
 */
const shellPath = process.env.CHROME_HEADLESS_SHELL ?? '/usr/lib/chromium/chromium-headless-shell';
const hasShell = existsSync(shellPath);
if (!hasShell) console.warn(`e2e: no headless shell at ${shellPath} (apt-get install -y chromium-headless-shell): every journey runs in ${chromePath}, slower`);
/** What needs the full browser: the worker's notification, which the headless shell never keeps. */
const FULL_BROWSER = /shows a pushed message as a notification/;

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database for every run: journeys build their own users.
const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-e2e-'));

/** Journeys run at desktop width only: a farm's books, reports and bill, read at a desk. */
const DESKTOP_JOURNEYS = ['finance.spec.ts', 'reports.spec.ts', 'billing.spec.ts', 'staff.spec.ts'];
/** What differs between widths, checked at both. */
const BOTH_WIDTHS = ['accessibility.spec.ts', 'shell.spec.ts', 'debtors.spec.ts'];
/** A test of those files whose logic is the same at every width (sessions, addresses): the phone's alone. */
const ONE_WIDTH = /@one-width/;

const launchOptions = {
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    baseURL,
    // The users' own settings (docs/product.md §1: Kenyan farmers, en-KE), so dates read as they would see them.
    locale: 'en-KE',
    timezoneId: 'Africa/Nairobi',
    // Recording a trace for every journey, kept or not, cost a fifth of the e2e's time
    // (decision 057): on by KUKU_E2E_TRACE=1 when a failure needs one. A failure still leaves
    // its screenshot and the page's snapshot in test-results/.
    trace: process.env.KUKU_E2E_TRACE ? 'retain-on-failure' : 'off',
    // Dialogs and menus open without their transitions, as on a phone set to reduce motion
    // (the theme respects it): the same screens, without waiting for frames to settle.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: { ...launchOptions, executablePath: hasShell ? shellPath : chromePath },
  },
  // A journey's logic needs one width (decision 053): most run on a phone, as most farmers
  // use Kuku; a few run at desktop width, so the tables' headers, sorting and row actions are
  // driven there too. What differs between widths is checked at both: every screen with its
  // data and dialogs (accessibility.spec.ts, which also runs axe) and the navigation (shell).
  projects: [
    {
      name: 'phone',
      testIgnore: [...DESKTOP_JOURNEYS, 'first-screen-budget.spec.ts'],
      grepInvert: FULL_BROWSER,
      use: phone,
    },
    {
      name: 'phone-full-browser',
      testMatch: 'pwa.spec.ts',
      grep: FULL_BROWSER,
      use: { ...phone, launchOptions: { ...launchOptions, executablePath: chromePath } },
    },
    {
      name: 'desktop',
      testMatch: [...DESKTOP_JOURNEYS, ...BOTH_WIDTHS, 'first-screen-budget.spec.ts'],
      grepInvert: ONE_WIDTH,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The built server, as `npm start` runs it (`npm test` builds first).
    command: 'node ../apps/server/dist/src/server.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Both projects register many users from one address.
      RATE_LIMIT_SCALE: '50',
    },
  },
});
