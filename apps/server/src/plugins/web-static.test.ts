import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

/** A built web app in miniature: an index page and one hashed asset, precompressed. */
function fakeWebDist(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'kuku-web-'));
  mkdirSync(path.join(root, 'assets'));
  const files = { 'index.html': '<!doctype html><title>Kuku</title>', 'assets/index-abc123.js': 'console.warn("app")' };
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(path.join(root, name), body);
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(body));
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(body));
  }
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
