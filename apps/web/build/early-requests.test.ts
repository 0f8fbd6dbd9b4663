import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMATS_TO_READY } from '../src/first-screen/formats-to-ready';
import { shellRequestUrls } from '../src/first-screen/shell-requests';
import { earlyRequests, withInlineScript } from './early-requests';

const SOURCE = path.resolve(__dirname, '../src/first-screen/early-requests.ts');
const LANGUAGE_CHOICE = path.resolve(__dirname, '../../../packages/domain/src/common/language-choice.ts');
const HTML = `<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <link rel="stylesheet" crossorigin href="/assets/web-1.css">\n</head><body></body></html>`;

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  // The files of a worker share the window (vitest.config.ts): the next one's page is English.
  Reflect.deleteProperty(window, Symbol.for('kuku.language'));
  document.documentElement.lang = 'en';
});

async function built(): Promise<string> {
  const plugin = earlyRequests(SOURCE, ['kuku.token', 'kuku.first-requests', shellRequestUrls(20), FORMATS_TO_READY, 'kuku.language'], [LANGUAGE_CHOICE]);
  const transform = plugin.transformIndexHtml as { handler: (html: string) => Promise<string> };
  return transform.handler(HTML);
}

describe('the early requests script in index.html', () => {
  it('chooses the page language before any module runs: Kiswahili for a Swahili browser', async () => {
    const html = await built();
    const code = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    vi.stubGlobal('navigator', { ...navigator, languages: ['sw-KE', 'en'] });
    new Function(code)();
    expect((window as unknown as Record<symbol, unknown>)[Symbol.for('kuku.language')]).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('goes right after the charset, before any stylesheet', async () => {
    const html = await built();
    const script = html.indexOf('<script>');
    expect(script).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(script).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(() => withInlineScript('<head></head>', 'x')).toThrow(/no longer has/);
  });

  it('runs as written into the page: it leaves the early requests for the app, and nothing else', async () => {
    const html = await built();
    const code = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
    window.localStorage.setItem('kuku.token', 'tok');
    window.localStorage.setItem('kuku.first-requests', JSON.stringify([[window.location.pathname, ['/api/auth/me']]]));
    // Another test file in this window may have left one (vitest.config.ts: the files share it).
    Reflect.deleteProperty(window, '__kukuEarly');
    const before = Object.keys(window).length;
    // The page runs it as a classic script in the window's scope; what it left, taken away.
    const run = () => {
      new Function(code)();
      const early = window.__kukuEarly;
      delete window.__kukuEarly;
      return early;
    };
    const early = run();
    expect(early?.token).toBe('tok');
    expect(Object.keys(early?.responses ?? {})).toEqual(['/api/auth/me']);
    expect(Object.keys(window).length).toBe(before);
    // And the page's language, under its symbol, for the words objects (decision 068).
    expect((window as unknown as Record<symbol, unknown>)[Symbol.for('kuku.language')]).toBe('en');

    // Nothing kept for this address: the shell's two GETs, as the build passed them.
    window.localStorage.removeItem('kuku.first-requests');
    expect(Object.keys(run()?.responses ?? {})).toEqual(['/api/auth/me', '/api/notifications?pageSize=20']);
  });
});
