/**
 * The Lighthouse table of npm run bench (docs/design.md §9, Browser: Lighthouse per route, goal ≥ 90).
 *
 * Every docs/product.md §2 route of the built web app, served by the built server in production
 * (precompressed files, no dev outbox) from a scratch DATA_DIR holding the demo farm of
 * `npm run seed:demo`. Lighthouse's default config is the mobile preset: simulated slow 4G
 * and a 4× CPU slowdown, computed from one unthrottled load, so the closed network plays no
 * part. Each route is measured `runs` times; the run with the median performance score gives
 * the row's LCP, TBT and CLS.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { paths, SCREEN_IDS, SCREENS, type ParameterisedScreenId, type ScreenId } from '@kuku/domain';
import * as chromeLauncher from 'chrome-launcher';
import WebSocket from 'ws';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import { loginBenchUser } from './big-farm.js';
import { freePort, runBuiltScript, serverRoot, startServer, stopServer } from './server-process.js';
import { fmt, formatTable, loadLine } from './table.js';

export const LIGHTHOUSE_GOALS = { performance: 90, lcpMs: 2_500, tbtMs: 200, cls: 0.05 } as const;

/** The account `npm run seed:demo` creates (src/scripts/seed-demo.ts). */
const DEMO_LOGIN = { identifier: 'demo', password: 'kukudemo123' } as const;
/** Where the web app keeps its session (apps/web/src/lib/session.ts). */
const TOKEN_STORAGE_KEY = 'kuku.token';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  // The machine's network is closed: nothing may wait on it.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * Lighthouse 12's default list, written out because the signed-in runs depend on it: it clears
 * the HTTP cache and these stores before each run but not local_storage, where the session token
 * is. (disableStorageReset would keep the token too, but also the cache: runs 2 and 3 would be
 * warm loads, which the simulated throttling takes for a fast network.)
 */
const CLEAR_STORAGE_TYPES: NonNullable<Flags['clearStorageTypes']> = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];
const RUN_ATTEMPTS = 2;
/** lighthouse/core/gather/driver/environment.js: below it the CLI warns of a slow host CPU. */
const SLOW_BENCHMARK_INDEX = 1_000;
const SIGN_IN_TIMEOUT_MS = 30_000;

export interface LighthouseRoute {
  /** The router's pattern (`SCREENS` of @kuku/domain), or the URL when it has a query; what --routes matches. */
  pattern: string;
  signedIn: boolean;
  href: (farm: { flockId: number }) => string;
  /** Where the app is expected to settle when it is not the address itself. */
  endsOn?: string;
}

type OpenedAs = Omit<LighthouseRoute, 'signedIn'>;

/**
 * How the bench opens a screen whose path alone will not do: every screen with a parameter (the
 * type asks for each), and a screen that reads a query.
 */
const OPENED_AS: Record<ParameterisedScreenId, OpenedAs[]> & Partial<Record<ScreenId, OpenedAs[]>> = {
  // Social sign-in's return without a token: its own chunk, then the login screen.
  socialCallback: [{ pattern: paths.socialCallback.path, href: () => paths.socialCallback.getHref('google'), endsOn: paths.auth.getHref() }],
  vaccinations: [
    { pattern: paths.vaccinations.getHref(), href: () => paths.vaccinations.getHref() },
    { pattern: '/vaccination/:flockId', href: ({ flockId }) => paths.vaccinations.getHref(flockId) },
  ],
  paymentCallback: [{ pattern: paths.paymentCallback.path, href: () => paths.paymentCallback.getHref('bench-ref') }],
};

/** Every screen of the app (`SCREENS`, docs/product.md §2), in the table's order, as e2e/first-screen-budget.spec.ts measures them. */
export const LIGHTHOUSE_ROUTES: LighthouseRoute[] = SCREEN_IDS.flatMap((id) => {
  const { path, signedIn } = SCREENS[id];
  return (OPENED_AS[id] ?? [{ pattern: path, href: () => path }]).map((route) => ({ ...route, signedIn }));
});

/** --routes: docs/product.md patterns as listed above; a concrete flock page stands for its pattern. */
export function selectRoutes(wanted: string[] | null): LighthouseRoute[] {
  if (!wanted) return LIGHTHOUSE_ROUTES;
  const unknown: string[] = [];
  const picked = new Set<LighthouseRoute>();
  for (const name of wanted) {
    const route = LIGHTHOUSE_ROUTES.find(
      (r) => r.pattern === name || r.href({ flockId: 0 }) === name || (r.pattern === '/vaccination/:flockId' && /^\/vaccination\/\d+$/.test(name)),
    );
    if (route) picked.add(route);
    else unknown.push(name);
  }
  if (unknown.length > 0) {
    throw new Error(`unknown route(s) ${unknown.join(', ')}; the routes are: ${LIGHTHOUSE_ROUTES.map((r) => r.pattern).join(' ')}`);
  }
  return LIGHTHOUSE_ROUTES.filter((r) => picked.has(r));
}

interface Run {
  /** 0-100, Lighthouse's rounding. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  finalPath: string;
  lhr: Result;
}

export interface LighthouseRow {
  route: LighthouseRoute;
  href: string;
  runs: Run[];
  median: Run;
}

export interface LighthouseResult {
  rows: LighthouseRow[];
  runsPerRoute: number;
  chromium: string;
  lighthouseVersion: string;
  settings: Result['configSettings'];
  warnings: string[];
  seconds: number;
  loadBefore: string;
  loadAfter: string;
}

let chrome: chromeLauncher.LaunchedChrome | undefined;

/** Last resort on exit or a crash, as killAllServers: no browser is left behind. */
export function killAllBrowsers(): void {
  if (!chrome) return;
  try {
    chrome.kill();
  } catch {
    // Already gone.
  }
  chrome = undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function auditValue(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`${lhr.requestedUrl}: Lighthouse gave no value for ${id}`);
  return value;
}

async function runOnce(url: string, port: number): Promise<Run> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt++) {
    try {
      const result = await lighthouse(url, {
        port,
        hostname: '127.0.0.1',
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        // The report's picture of the whole page: taken after the trace, no metric uses it.
        disableFullPageScreenshot: true,
        clearStorageTypes: CLEAR_STORAGE_TYPES,
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const score = lhr.categories.performance?.score;
      if (typeof score !== 'number') throw new Error('no performance score');
      return {
        performance: Math.round(score * 100),
        lcpMs: auditValue(lhr, 'largest-contentful-paint'),
        tbtMs: auditValue(lhr, 'total-blocking-time'),
        cls: auditValue(lhr, 'cumulative-layout-shift'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        lhr,
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`Lighthouse on ${url} failed ${RUN_ATTEMPTS} times: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
}

/** The run with the median performance score (the lower middle one for an even count). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs');
  return median;
}

interface DevtoolsTarget {
  id: string;
  url: string;
  webSocketDebuggerUrl: string;
}

/** One Runtime.evaluate in a tab over the DevTools protocol; its value, by value. */
function evaluateInTab(socket: WebSocket, id: number, expression: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: { result?: { value?: unknown } }; error?: { message: string } };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result?.result?.value);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
  });
}

/**
 * Puts the session token where the app keeps it (localStorage, docs/product.md §4), in a tab of the app's
 * origin opened with Chrome's DevTools endpoints, as a login in that browser would. (The `?token=`
 * of the address is social sign-in's one-time code, not a session.)
 */
async function signIn(devtoolsPort: number, baseUrl: string, token: string): Promise<void> {
  const devtools = `http://127.0.0.1:${devtoolsPort}`;
  const res = await fetch(`${devtools}/json/new?${baseUrl}/auth`, { method: 'PUT' });
  if (!res.ok) throw new Error(`Chrome's /json/new answered ${res.status}`);
  const tab = (await res.json()) as DevtoolsTarget;
  const socket = new WebSocket(tab.webSocketDebuggerUrl);
  const deadline = performance.now() + SIGN_IN_TIMEOUT_MS;
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let id = 0;
    // The tab starts on about:blank; the origin's storage is there once the app's page is.
    // Between the two documents there is no context to evaluate in: that answer is "not yet".
    const origin = () => evaluateInTab(socket, ++id, 'location.origin').catch(() => null);
    while ((await origin()) !== new URL(baseUrl).origin) {
      if (performance.now() > deadline) throw new Error(`the tab did not open ${baseUrl} within ${SIGN_IN_TIMEOUT_MS / 1000} s`);
      await sleep(100);
    }
    const stored = await evaluateInTab(
      socket,
      ++id,
      `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)}); localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})`,
    );
    if (stored !== token) throw new Error('the session token was not stored in the page');
  } finally {
    socket.close();
    await (await fetch(`${devtools}/json/close/${tab.id}`)).text();
  }
}

/** The full version: the user agent Lighthouse records is reduced to 156.0.0.0. */
async function browserVersion(devtoolsPort: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${devtoolsPort}/json/version`);
  const body = (await res.json()) as { Browser?: string };
  const version = body.Browser?.split('/')[1];
  return version ? `Chromium ${version} headless` : 'Chromium (version unknown)';
}

async function firstFlockId(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/flocks?page=1&pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { items?: { id: number }[] };
  const id = body.items?.[0]?.id;
  if (!res.ok || id === undefined) throw new Error(`GET /api/flocks answered ${res.status} with no flock: is the demo farm seeded?`);
  return id;
}

function reportName(href: string): string {
  return `${href.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '') || 'dashboard'}.report.html`;
}

export interface LighthouseOptions {
  routes: LighthouseRoute[];
  runs: number;
  /** Writes each route's median run as Lighthouse's HTML report there. */
  reportsDir: string | null;
  out: (line?: string) => void;
}

export async function benchLighthouse(options: LighthouseOptions): Promise<LighthouseResult> {
  const { out } = options;
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(serverRoot, '../web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist}/index.html not found: build the web app first (npm run build)`);
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`${chromePath} not found: apt-get install chromium, or set CHROME_PATH`);

  const started = performance.now();
  const loadBefore = loadLine();
  const workDir = mkdtempSync(path.join(tmpdir(), 'kuku-lighthouse-'));
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'server.log');
  out(`Lighthouse (${loadBefore}):`);
  out(`  DATA_DIR ${dataDir}, server log ${logFile}, web app ${webDist}`);
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      TRUST_PROXY: 'false',
    };
    delete env.SMTP_URL;
    delete env.DATABASE_URL;
    delete env.RATE_LIMIT_SCALE;

    const seedStart = performance.now();
    await runBuiltScript('seed-demo', { env, logFile });
    out(`  demo farm (npm run seed:demo on the empty DATA_DIR, first boot included) in ${fmt.ms(performance.now() - seedStart)}`);

    const port = await freePort();
    const server = await startServer({ env: { ...env, PORT: String(port) }, port, logFile, timeoutMs: 60_000 });
    let rows: LighthouseRow[];
    let warnings: string[];
    let chromium = '';
    try {
      const token = await loginBenchUser(server.baseUrl, DEMO_LOGIN.identifier, DEMO_LOGIN.password);
      const flockId = await firstFlockId(server.baseUrl, token);
      chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
      chromium = await browserVersion(chrome.port);
      out(`  ${chromePath} (${chromium}, pid ${chrome.pid}), ${options.runs} run(s) per route:`);
      ({ rows, warnings } = await measureRoutes(options, chrome.port, server.baseUrl, token, flockId));
    } finally {
      killAllBrowsers();
      const stopped = await stopServer(server);
      if (stopped.forced || stopped.code !== 0) out(`  ! the Lighthouse server did not stop cleanly (see ${logFile})`);
    }

    const first = rows[0]?.median.lhr;
    if (!first) throw new Error('no route measured');
    if (process.env.KEEP_BENCH_FILES === '1') out(`  kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
    out();
    return {
      rows,
      runsPerRoute: options.runs,
      chromium,
      lighthouseVersion: first.lighthouseVersion,
      settings: first.configSettings,
      warnings,
      seconds: (performance.now() - started) / 1000,
      loadBefore,
      loadAfter: loadLine(),
    };
  } catch (error) {
    out(`  ! failed; the server log and data are kept in ${workDir}`);
    throw error;
  }
}

async function measureRoutes(
  options: LighthouseOptions,
  devtoolsPort: number,
  baseUrl: string,
  token: string,
  flockId: number,
): Promise<{ rows: LighthouseRow[]; warnings: string[] }> {
  const { out } = options;
  const rows: LighthouseRow[] = [];
  const warnings = new Set<string>();
  // Signed out first: the token, once stored, stays for every later run (CLEAR_STORAGE_TYPES).
  const ordered = [...options.routes.filter((r) => !r.signedIn), ...options.routes.filter((r) => r.signedIn)];
  let signedIn = false;
  for (const route of ordered) {
    if (route.signedIn && !signedIn) {
      await signIn(devtoolsPort, baseUrl, token);
      signedIn = true;
    }
    const href = route.href({ flockId });
    const runs: Run[] = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(`${baseUrl}${href}`, devtoolsPort);
      // A signed-in screen that lands on the login screen measured the wrong page.
      if (route.signedIn && run.finalPath === '/auth') throw new Error(`${href} ended on /auth: the session token did not reach the page`);
      for (const warning of run.lhr.runWarnings) warnings.add(warning);
      runs.push(run);
    }
    const median = medianRun(runs);
    out(`    ${href}: performance ${runs.map((r) => r.performance).join(' ')} (BenchmarkIndex ${runs.map((r) => fmt.int(r.benchmarkIndex)).join(' ')})`);
    if (options.reportsDir) {
      mkdirSync(options.reportsDir, { recursive: true });
      writeFileSync(path.join(options.reportsDir, reportName(href)), generateReport(median.lhr, 'html'));
    }
    rows.push({ route, href, runs, median });
  }
  // Back in the order of the route table.
  rows.sort((a, b) => options.routes.indexOf(a.route) - options.routes.indexOf(b.route));
  return { rows, warnings: [...warnings] };
}

function misses(run: Run): string[] {
  const g = LIGHTHOUSE_GOALS;
  return [
    run.performance < g.performance ? 'performance' : '',
    run.lcpMs > g.lcpMs ? 'LCP' : '',
    run.tbtMs > g.tbtMs ? 'TBT' : '',
    run.cls > g.cls ? 'CLS' : '',
  ].filter(Boolean);
}

export function reportLighthouse(result: LighthouseResult, out: (line?: string) => void): void {
  const g = LIGHTHOUSE_GOALS;
  const s = result.settings;
  const indexes = result.rows.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).sort((a, b) => a - b);
  const medianIndex = indexes[Math.floor((indexes.length - 1) / 2)] ?? 0;
  out(
    `Lighthouse ${result.lighthouseVersion}, ${result.chromium}: ${s.formFactor} preset, ${s.throttlingMethod === 'simulate' ? 'simulated' : s.throttlingMethod} throttling ` +
      `(RTT ${fmt.int(s.throttling.rttMs ?? 0)} ms, ${fmt.one((s.throttling.throughputKbps ?? 0) / 1024)} Mbit/s, ${fmt.int(s.throttling.cpuSlowdownMultiplier ?? 0)}× CPU), ` +
      `${s.screenEmulation.width}×${s.screenEmulation.height} screen; median of ${result.runsPerRoute} run(s) by performance score, that run's LCP, TBT and CLS.`,
  );
  out(
    `Built server with NODE_ENV=production and the built web app; demo farm (npm run seed:demo). ` +
      `Signed out: ${LIGHTHOUSE_ROUTES.filter((r) => !r.signedIn)
        .map((r) => r.href({ flockId: 0 }))
        .join(', ')}; every other route signed in as demo.`,
  );
  out(
    formatTable(
      ['route', 'performance', 'goal', 'LCP', 'goal', 'TBT', 'goal', 'CLS', 'goal', 'runs (performance)', 'result'],
      result.rows.map(({ href, runs, median, route }) => {
        const missed = misses(median);
        const ended = median.finalPath !== new URL(href, 'http://x').pathname ? ` → ${median.finalPath}` : '';
        const unexpected = route.endsOn !== undefined && median.finalPath !== route.endsOn;
        return [
          `${href}${ended}${unexpected ? ' (unexpected)' : ''}`,
          fmt.int(median.performance),
          `≥ ${g.performance}`,
          `${fmt.one(median.lcpMs / 1000)} s`,
          `≤ ${fmt.one(g.lcpMs / 1000)} s`,
          fmt.ms(median.tbtMs),
          `≤ ${g.tbtMs} ms`,
          median.cls.toFixed(3),
          `≤ ${g.cls}`,
          runs.map((r) => fmt.int(r.performance)).join(' '),
          missed.length === 0 ? 'PASS' : `MISS (${missed.join(', ')})`,
        ];
      }),
      ['left', 'right', 'left', 'right', 'left', 'right', 'left', 'right', 'left', 'left', 'left'],
    ),
  );
  const passed = result.rows.filter((r) => misses(r.median).length === 0).length;
  out(`${passed} of ${result.rows.length} routes meet every goal.`);
  out(
    `Lighthouse BenchmarkIndex of this machine (higher is faster): median ${fmt.int(medianIndex)}, ` +
      `${fmt.int(indexes[0] ?? 0)}–${fmt.int(indexes[indexes.length - 1] ?? 0)} over ${indexes.length} run(s).`,
  );
  const slow = indexes.filter((i) => i < SLOW_BENCHMARK_INDEX).length;
  if (slow > 0) out(`! ${slow} run(s) below ${fmt.int(SLOW_BENCHMARK_INDEX)}, where Lighthouse's CLI warns that the CPU is too slow for the preset's 4× slowdown.`);
  for (const warning of result.warnings) out(`Lighthouse warned: ${warning}`);
  out(
    `Lighthouse took ${fmt.int(result.seconds)} s; ${result.loadBefore} before, ${result.loadAfter} after ` +
      `(above ${cpus().length} means other processes competed with Chromium and the server: the scores drop and spread).`,
  );
}
