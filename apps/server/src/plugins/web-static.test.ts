import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_IDS } from '@kuku/domain';
import { createTestApp } from '../test/app.js';
import { PAGES, readManifest } from './page-preload.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A built web app in miniature: an index page and one hashed asset, precompressed. */
function fakeWebDist(indexHtml = '<!doctype html><title>Kuku</title>'): string {
  const root = mkdtempSync(path.join(tmpdir(), 'kuku-web-'));
  mkdirSync(path.join(root, 'assets'));
  const files = { 'index.html': indexHtml, 'assets/index-abc123.js': 'console.warn("app")' };
  // The build's manifest: the entry, the shell (a chunk of its own, one it shares with the
  // entry, one it shares with the flock screen), the flock screen and the login screen.
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', imports: ['_runtime.js'], css: ['assets/index-7.css'] },
      '_runtime.js': { file: 'assets/runtime-1.js' },
      'src/app/shell/app-layout.tsx': { file: 'assets/app-layout-2.js', imports: ['_runtime.js', 'index.html', '_nav.js'], css: ['assets/app-layout-3.css'] },
      '_nav.js': { file: 'assets/nav-4.js' },
      'src/features/flocks/pages/flocks-page.tsx': { file: 'assets/flocks-page-5.js', imports: ['_nav.js', 'index.html'] },
      'src/features/auth/pages/auth-page.tsx': { file: 'assets/auth-page-6.js', imports: ['index.html'] },
    }),
  );
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(path.join(root, name), body);
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(body));
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(body));
  }
  // The service worker and the manifest, as vite-plugin-pwa writes them (the worker is built after compression).
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("push", () => {});');
  const manifest = JSON.stringify({ name: 'Kuku', start_url: '/' });
  writeFileSync(path.join(root, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(root, 'manifest.webmanifest.gz'), gzipSync(manifest));
  return root;
}

describe('serving the web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: fakeWebDist() } });
  });

  it.each(['/', '/my-profile', '/vaccination/12?all=true'])('answers the page %s with the app, never cached', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  // What the entry imports before its own small file; stylesheets in the CORS mode of the pages' own links.
  const entry = '</assets/runtime-1.js>; rel=modulepreload, </assets/index-abc123.js>; rel=modulepreload, </assets/index-7.css>; rel=preload; as=style; crossorigin';
  const shell = '</assets/app-layout-2.js>; rel=modulepreload, </assets/app-layout-3.css>; rel=preload; as=style; crossorigin, </assets/nav-4.js>; rel=modulepreload';

  it("names the entry's code, then a screen's and the shell's, in its Link header", async () => {
    const res = await app.inject({ method: 'GET', url: '/bird-management/' });
    expect(res.headers.link).toBe(`${entry}, ${shell}, </assets/flocks-page-5.js>; rel=modulepreload`);
  });

  it.each(['/', '/vaccination/12?all=true', '/no-such-screen'])("names the entry's and the shell's code for %s, whose own is not in this build", async (url) => {
    expect((await app.inject({ method: 'GET', url })).headers.link).toBe(`${entry}, ${shell}`);
  });

  it("names only the entry's and the login screen's code for /auth: it has no shell", async () => {
    const res = await app.inject({ method: 'GET', url: '/auth?redirectTo=%2Fexpenses' });
    expect(res.headers.link).toBe(`${entry}, </assets/auth-page-6.js>; rel=modulepreload`);
  });

  it.each(['/forgot-password', '/auth/google/callback?code=1'])("names only the entry's code for %s, whose own is not in this build", async (url) => {
    expect((await app.inject({ method: 'GET', url })).headers.link).toBe(entry);
  });

  it.each(['/api/health', '/assets/index-abc123.js'])('preloads nothing for %s, which is no page', async (url) => {
    expect((await app.inject({ method: 'GET', url })).headers.link).toBeUndefined();
  });

  it('knows every screen of the app (SCREENS) by its addresses, each with its own page module', () => {
    const modulesOf = (pathname: string) => PAGES.filter((page) => page.path.test(pathname)).flatMap((page) => page.modules);
    expect(PAGES).toHaveLength(SCREEN_IDS.length);
    expect(modulesOf('/egg-production/today')).toEqual(['src/features/eggs/pages/egg-day-page.tsx']);
    expect(modulesOf('/sales-management/debtors')).toEqual(['src/features/sales/pages/debtors-page.tsx']);
    expect(modulesOf('/auth/google/callback')).toEqual(['src/features/auth/pages/social-callback-page.tsx']);
    for (const pathname of ['/vaccination', '/vaccination/12']) expect(modulesOf(pathname)).toEqual(['src/features/vaccinations/pages/vaccinations-page.tsx']);
    expect(modulesOf('/')).toEqual(['src/app/dashboard-route.tsx']);
    expect(PAGES.filter((page) => !page.shell).map((page) => page.modules[0])).toEqual([
      'src/features/auth/pages/auth-page.tsx',
      'src/features/auth/pages/social-callback-page.tsx',
      'src/features/auth/pages/forgot-password-page.tsx',
    ]);
  });

  it('names, for every page, modules that the real build has, when it has been built', () => {
    const manifest = readManifest(path.join(repoRoot, 'apps/web/dist'));
    if (!manifest) return;
    for (const page of PAGES) for (const module of page.modules) expect(manifest[module], `${page.path} ${module}`).toBeDefined();
  });

  it('sends the page with a content security policy that allows no inline or foreign script, and the other security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[] | undefined>;
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': `${encoding}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the service worker as JavaScript, revalidated on every start (decision 034)', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('push');
  });

  it('sends the web app manifest as application/manifest+json, never cached, compressed when asked', async () => {
    for (const encoding of ['identity', 'gzip'] as const) {
      const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
    }
  });

  it('lets the page register its service worker and read its manifest from its own origin only', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('answers a missing asset with a 404, not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('keeps /api paths JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('a built page with an inline script (decision 043)', () => {
  const script = 'window.early = 1;';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: fakeWebDist(`<!doctype html><head><meta charset="UTF-8" /><script>${script}</script></head>`) } });
  });

  function scriptSrc(policy: unknown): string[] | undefined {
    const directive = String(policy)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src');
    return directive?.slice(1);
  }

  it.each(['/', '/inventory'])('allows that script on %s by its hash, and no other inline script', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const hash = createHash('sha256').update(script).digest('base64');
    expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('allows no inline script on what is not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
  });
});
