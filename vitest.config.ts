import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const domainSrc = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));
/** '@kuku/domain/words-in' first: '@kuku/domain' would take it as a path under the index. */
const domainAliases = {
  '@kuku/domain/words-in': fileURLToPath(new URL('./packages/domain/src/common/words-in.ts', import.meta.url)),
  '@kuku/domain': domainSrc,
};

/**
 * Server test files whose subject never reaches the database driver, or that set their own
 * (an embedded one): on the PostgreSQL pass (DATABASE_URL set) they would run the same
 * thing again, so they run once, on the embedded database (decision 053). Every file that
 * writes SQL, opens transactions, takes locks, fires triggers or listens runs on both.
 */
const ONCE_ON_EMBEDDED = [
  'src/config.test.ts',
  'src/integrations/card/**',
  'src/integrations/push/**',
  'src/integrations/storage/**',
  'src/plugins/event-loop-guard.test.ts',
  'src/plugins/inline-scripts.test.ts',
  'src/plugins/web-static.test.ts',
  'src/features/reports/render/**',
  // The routes' own schemas refuse bad input before any SQL runs.
  'src/test/security/bad-input.test.ts',
  // Who may reach which rows is the handlers' farm scoping, the same SQL on one PostgreSQL engine
  // either way (PGlite is PostgreSQL); each feature's own file runs its queries on both drivers.
  'src/test/security/authorization-matrix.test.ts',
  'src/test/security/link-origins.test.ts',
  // These start the built server on an embedded database of their own whatever DATABASE_URL says.
  'src/test/security/network-start.test.ts',
  'src/db/embedded/private-files.test.ts',
  // The embedded database's own thread and statements, opened by the files themselves.
  'src/db/embedded/pglite-remote.test.ts',
  'src/db/embedded/prepared-statements.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Files that replace a module with vi.mock: they need modules of their own. */
const MOCKING_MODULES = ['src/features/auth/secrets.test.ts', 'src/features/auth/otp-tries.test.ts'];

/**
 * The server suite. Its files share one module graph per worker (isolate: false): importing
 * the app again for every file was a fifth of the suite's time, and its state lives in each
 * test file's own app and database, never in a module (decision 053). Files that mock a
 * module run isolated, in their own project.
 */
function serverProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    resolve: { alias: domainAliases },
    test: {
      name,
      root: './apps/server',
      environment: 'node',
      isolate: files.isolate,
      include: files.include ?? ['src/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...(files.exclude ?? []), ...(onPostgres ? ONCE_ON_EMBEDDED : [])],
      globalSetup: ['./src/test/global-setup.ts'],
      setupFiles: ['./src/test/setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // The embedded database's WebAssembly compiled by V8's baseline tier only: a test opens many
      // short-lived databases (decision 057; the processes tests start take it too, test/server-process.ts).
      execArgv: ['--liftoff-only'],
    },
  };
}

/**
 * Web test files that need modules of their own: they replace a module with vi.mock (the mock
 * would stay in the module graph the other files share), or test what a page load starts with.
 */
const WEB_OWN_MODULES = [
  'src/features/profile/components/profile-picture-picker.test.tsx',
  // The page's first screen (first-screen/after-paint.ts) and the early requests index.html leaves.
  'src/first-screen/after-paint.test.ts',
  'src/first-screen/deferred.test.tsx',
  'src/first-screen/early-requests.test.ts',
];

/** react-chartjs-2's stand-in in every web test (decision 058). */
const chartDouble = fileURLToPath(new URL('./apps/web/src/test/chart-double.tsx', import.meta.url));

/**
 * The web suite. Its files share one module graph and one jsdom window per worker (isolate:
 * false): loading jsdom, Mantine and the set-up again for every file was two thirds of the
 * suite's time (decision 053). What a test leaves in the window (rendered trees, toasts, storage,
 * timers, globals, the connection's state) is cleared after it by src/test/setup.ts.
 */
function webProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    extends: './apps/web/vite.config.ts',
    // jsdom has no canvas: every web test draws charts with the stand-in (decision 058).
    resolve: { alias: { 'react-chartjs-2': chartDouble } },
    test: {
      name,
      root: './apps/web',
      isolate: files.isolate,
      include: files.include ?? ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      // A dialog's journey in jsdom takes 1-3 s alone and past 5 s on a loaded machine: a hang
      // still fails, a slow machine no longer does.
      testTimeout: 20_000,
    },
  };
}

/**
 * Files that start processes (the built server, a command) first, then Vitest's own order. They
 * are the suite's longest files, and Vitest, knowing no durations in a fresh clone, ran them
 * by size: one of them last, alone, for 40 s while the other core waited (decision 058).
 */
const STARTS_PROCESSES = /from '[./]*(test\/)?server-process\.js'/;

class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const startsProcesses = (file: TestSpecification) => STARTS_PROCESSES.test(readFileSync(file.moduleId, 'utf8'));
    return [...sorted.filter(startsProcesses), ...sorted.filter((file) => !startsProcesses(file))];
  }
}

// One runner, three suites; the e2e journeys run under Playwright instead.
export default defineConfig({
  test: {
    // One worker per core: Vitest's default leaves one core idle, which on CI's 2 cores ran
    // every file one after another (decision 053).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        resolve: { alias: domainAliases },
        // Pure functions, no mocks: the files share one module graph (isolated, the suite's CPU was
        // two thirds importing again, decision 059).
        test: { name: 'domain', root: './packages/domain', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
      },
      serverProject('server', { isolate: false, exclude: MOCKING_MODULES }),
      serverProject('server-isolated', { isolate: true, include: MOCKING_MODULES }),
      webProject('web', { isolate: false, exclude: WEB_OWN_MODULES }),
      webProject('web-isolated', { isolate: true, include: WEB_OWN_MODULES }),
    ],
  },
});
