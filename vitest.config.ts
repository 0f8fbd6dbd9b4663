import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const domainSrc = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));

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
  'src/test/security/link-origins.test.ts',
  // These start the built server on an embedded database of their own whatever DATABASE_URL says.
  'src/test/security/network-start.test.ts',
  'src/db/private-files.test.ts',
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
    resolve: { alias: { '@kuku/domain': domainSrc } },
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
    },
  };
}

// One runner, three projects; the e2e journeys run under Playwright instead.
export default defineConfig({
  test: {
    // One worker per core: Vitest's default leaves one core idle, which on CI's 2 cores ran
    // every file one after another (decision 053).
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias: { '@kuku/domain': domainSrc } },
        test: { name: 'domain', root: './packages/domain', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      serverProject('server', { isolate: false, exclude: MOCKING_MODULES }),
      serverProject('server-isolated', { isolate: true, include: MOCKING_MODULES }),
      './apps/web/vite.config.ts',
    ],
  },
});
