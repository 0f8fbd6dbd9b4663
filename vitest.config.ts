import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const domainSrc = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));

// One runner, three projects; the e2e journeys run under Playwright instead.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@kuku/domain': domainSrc } },
        test: { name: 'domain', root: './packages/domain', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        resolve: { alias: { '@kuku/domain': domainSrc } },
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
