import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_STORAGE_KEY, NOTIFICATION_PAGE_SIZE } from '@kuku/domain';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { earlyRequests } from './build/early-requests';
import { lightHead } from './build/light-head';
import { mantineStyles } from './build/mantine-styles';
import { shellFiles } from './build/shell-files';
import { zopfliGzip } from './build/zopfli-gzip';
import { FIRST_REQUESTS_KEY } from './src/first-screen/early-requests';
import { FORMATS_TO_READY } from './src/first-screen/formats-to-ready';
import { shellRequestUrls } from './src/first-screen/shell-requests';
import { TOKEN_STORAGE_KEY } from './src/lib/session';
import { webManifest } from './src/pwa/web-manifest';

const domainSrc = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
// The screens' table on its own (decision 062): the entry's router reads it without the package's index.
const domainScreensSrc = fileURLToPath(new URL('../../packages/domain/src/common/screens.ts', import.meta.url));

const reactRouterDist = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));
const reactRouterProduction = {
  'react-router/dom': `${reactRouterDist}dom-export.mjs`,
  'react-router': `${reactRouterDist}index.mjs`,
};

// What the service worker precaches of the code (decision 034): the entry, the signed-in shell,
// the login screen and the toast container (offline, errors show as toasts), with their static
// imports; and whole, with what they load on demand, the screens where a farmer records with no
// signal, their dialogs, lists, charts (drawn from the farm as last read) and report forms (a part
// whose code is missing would take the screen down), and the shell's parts they open (decision
// 066). The other screens load on use and stay in the HTTP cache: they need a connection anyway
// (reports, billing, staff, finance).
// The Kiswahili catalogues too, a small chunk of words per words object: a Kiswahili phone with
// no signal reads its screens' words from them (decision 068).
const catalogues = readdirSync(fileURLToPath(new URL('../../packages/domain/src/sw/', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => `packages/domain/src/sw/${file.replaceAll('\\', '/')}`);
const shell = shellFiles(
  ['src/app/shell/app-layout.tsx', 'src/features/auth/pages/auth-page.tsx', 'src/app/shell/toast-container.tsx', 'src/app/shell/offline-banner-alert.tsx', ...catalogues],
  {
    modules: [
      'src/app/dashboard-route.tsx',
      'src/features/eggs/pages/eggs-page.tsx',
      'src/features/flocks/pages/flocks-page.tsx',
      'src/features/sales/pages/sales-page.tsx',
      'src/features/expenses/pages/expenses-page.tsx',
      'src/features/inventory/pages/inventory-page.tsx',
      'src/features/vaccinations/pages/vaccinations-page.tsx',
      'src/app/shell/mobile-nav-drawer.tsx',
      'src/app/shell/notifications-modal.tsx',
      'src/outbox/outbox-status.tsx',
      // With the forms that correct a record on the phone ('Edit' in its list).
      'src/app/shell/waiting-edit-forms.tsx',
      // What start-up loads once a screen has settled (the install offer, the alerts prompt): a
      // part missing with no signal would take the screen down.
      'src/pwa/pwa-features.tsx',
      // And the shell's own parts that load on demand (the footer with its support chat).
      'src/app/shell/footer.tsx',
      'src/app/shell/support-chat-panel.tsx',
      'src/app/shell/suspended-modal.tsx',
      'src/app/pages/forbidden-page.tsx',
      'src/outbox/capture.ts',
      'src/outbox/sender.ts',
      'src/last-synced/keep.ts',
      'src/last-synced/needs-connection.tsx',
      'src/features/notifications/live.ts',
    ],
    leaveOut: /reports-(page|list)|browser-image-compression/,
  },
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Only the styles of the Mantine components the app uses (decision 029).
    mantineStyles(fileURLToPath(new URL('./src', import.meta.url))),
    // Precompressed at build: served without compression Lighthouse fell from 98 to 73 (docs/design.md §9).
    // gzip by Zopfli (decision 069), and brotli: each file precompressed once, at build.
    compression({ algorithms: [defineAlgorithm<Record<string, unknown>>(zopfliGzip, {}), 'brotliCompress'], exclude: [/\.(png|jpg|webp|woff2)$/] }),
    shell.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by the app once its first screen has settled (src/pwa/service-worker.ts).
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg'],
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.isShellFile(entry.url)), warnings: [] }),
        ],
      },
    }),
    // After VitePWA, whose manifest link it takes out of index.html.
    lightHead(fileURLToPath(new URL('./public/favicon.svg', import.meta.url))),
    // index.html's inline script, with what it needs passed in: the storage keys, the shell's two
    // GETs as the app asks for them (the session and the bell), and the formats to ready.
    earlyRequests(fileURLToPath(new URL('./src/first-screen/early-requests.ts', import.meta.url)), [
      TOKEN_STORAGE_KEY,
      FIRST_REQUESTS_KEY,
      shellRequestUrls(NOTIFICATION_PAGE_SIZE),
      FORMATS_TO_READY,
      LANGUAGE_STORAGE_KEY,
    ], [fileURLToPath(new URL('../../packages/domain/src/common/language-choice.ts', import.meta.url))]),
  ],
  resolve: {
    alias: {
      // Before '@kuku/domain', which would otherwise take it as a path under the index.
      '@kuku/domain/screens': domainScreensSrc,
      '@kuku/domain': domainSrc,
      // react-router's package exports name only its development build (remix-run/react-router
      // #14102); the build takes the production one, without the development warnings.
      ...(command === 'build' ? reactRouterProduction : {}),
    },
  },
  server: {
    port: 5173,
    // /__sim: the payment simulators' checkout page, on the origin the browser uses (decision 032).
    proxy: { '/api': { target: 'http://localhost:3000', ws: true }, '/__sim': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    // Written beside the chunks but not named in them: the comment cost every file of a first screen
    // its bytes (decision 069); a developer's browser can still be given the map by hand.
    sourcemap: 'hidden',
    // The server reads it to name the shell's files in a page's Link header (decision 022).
    manifest: true,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks below: no chunk is an entry other code links to.
      preserveEntrySignatures: false,
      treeshake: {
        // The domain does no I/O (docs/style.md rule 3): a screen that uses one rule does not pull every
        // schema, and zod/mini with them, into the first screen (decision 017).
        moduleSideEffects: (id) => (id.includes('/packages/domain/src/') ? false : undefined),
        // A words object nobody reads is left out with its catalogue's loader (decision 068): making
        // one only registers it and, on a Kiswahili page, asks for its catalogue.
        manualPureFunctions: ['words'],
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every screen anyway: as one chunk it
          // compresses better than the many shards the lazy routes would otherwise cut it into
          // (each compressed alone; decision 017). Lazy screens keep their own chunks. The group takes
          // what the entry's modules import, so a static '@kuku/domain' import there would bring
          // every schema and zod with it (the first-screen budget spec would fail).
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // The Kiswahili words every signed-in screen reads (decision 068): one chunk, not six of a few hundred bytes each.
            { name: 'sw-shell', test: /packages\/domain\/src\/sw\/(shell-words|screens|notifications-rules|header-words|day-text|support-chat-words)\.ts$/ },
          ],
          // The modules that several screens share would otherwise be cut into dozens of chunks of
          // 1-3 KB, each a request on the first screen; on a phone's connection (Lighthouse's slow
          // 4G) those requests, not the bytes, held the first paint back. A shared piece under this
          // size goes into each screen's chunk instead (decision 040).
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
    },
  },
  test: {
    // The files, and which of them share modules, are set by the root vitest.config.ts.
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
}));
