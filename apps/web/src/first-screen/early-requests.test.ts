import { LANGUAGE_KEY, LANGUAGE_STORAGE_KEY } from '@kuku/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REQUESTS_KEY, startEarlyRequests, type EarlyRequests } from './early-requests';
import { FORMATS_TO_READY } from './formats-to-ready';
import { shellRequestUrls } from './shell-requests';

const TOKEN_KEY = 'kuku.token';
/** The shell's two GETs, as the build passes them (vite.config.ts). */
const SHELL = shellRequestUrls(20);

function run(): EarlyRequests | undefined {
  startEarlyRequests(window, TOKEN_KEY, FIRST_REQUESTS_KEY, SHELL, FORMATS_TO_READY, LANGUAGE_STORAGE_KEY);
  const early = window.__kukuEarly;
  delete window.__kukuEarly;
  return early;
}

/** Intl whose number and date formats note, in `made`, each one made: its locale, and its currency or zone. */
function watchedIntl(made: string[]): typeof Intl {
  // The rest of Intl as it is, through the prototype.
  return Object.assign(Object.create(Intl), {
    NumberFormat: class extends Intl.NumberFormat {
      constructor(locale: string, options?: Intl.NumberFormatOptions) {
        super(locale, options);
        made.push(`NumberFormat ${locale} ${options?.currency}`);
      }
    },
    DateTimeFormat: class extends Intl.DateTimeFormat {
      constructor(locale: string, options?: Intl.DateTimeFormatOptions) {
        super(locale, options);
        made.push(`DateTimeFormat ${locale} ${options?.timeZone}`);
      }
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  delete (window as unknown as Record<symbol, unknown>)[LANGUAGE_KEY];
  document.documentElement.lang = 'en';
});

describe('startEarlyRequests (index.html inline script)', () => {
  it("asks, with the token, for the GETs this address's first screen made last time, once the page is parsed", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => new Response('{"id":1}'));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/inventory?tab=2');
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    window.localStorage.setItem(
      FIRST_REQUESTS_KEY,
      JSON.stringify([
        ['/eggs', ['/api/eggs']],
        ['/inventory?tab=2', ['/api/auth/me', '/api/inventory/stats', 'https://elsewhere.example/api/x', '//elsewhere.example/api/x', 42]],
      ]),
    );

    const early = run();

    expect(early?.token).toBe('tok');
    // Only the app's own API, and nothing sent before the browser has asked for the code.
    expect(Object.keys(early?.responses ?? {})).toEqual(['/api/auth/me', '/api/inventory/stats']);
    expect(fetch).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith('/api/auth/me', { headers: { Accept: 'application/json', Authorization: 'Bearer tok' } });
    expect(await (await early!.responses['/api/inventory/stats']!).json()).toEqual({ id: 1 });
  });

  it('asks for nothing signed out', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/inventory');
    window.localStorage.setItem(FIRST_REQUESTS_KEY, JSON.stringify([['/inventory', ['/api/auth/me']]]));
    expect(run()).toBeUndefined();
    window.localStorage.removeItem(FIRST_REQUESTS_KEY);
    expect(run()).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("at an address with nothing kept, asks for the shell's two GETs, the session lookup and the bell", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    window.history.replaceState(null, '', '/contact');
    expect(SHELL).toEqual(['/api/auth/me', '/api/notifications?pageSize=20']);

    // The very first start: nothing kept at all.
    expect(Object.keys(run()?.responses ?? {})).toEqual(SHELL);
    // Other addresses kept, not this one: their screens' data is not this one's.
    window.localStorage.setItem(
      FIRST_REQUESTS_KEY,
      JSON.stringify([
        ['/', ['/api/auth/me', '/api/notifications?pageSize=20', '/api/stats/dashboard']],
        ['/inventory', ['/api/inventory']],
      ]),
    );
    expect(Object.keys(run()?.responses ?? {})).toEqual(SHELL);
    // What is kept garbled, or this address's entry garbled: as if nothing were kept.
    for (const garbled of ['{not json', '{"a":1}', '[["/contact","/api/auth/me"]]']) {
      window.localStorage.setItem(FIRST_REQUESTS_KEY, garbled);
      expect(Object.keys(run()?.responses ?? {})).toEqual(SHELL);
    }
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledTimes(10);
    expect(fetch).toHaveBeenCalledWith('/api/notifications?pageSize=20', { headers: { Accept: 'application/json', Authorization: 'Bearer tok' } });
  });

  it('leaves a failed request for the app to send again, reporting nothing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    window.history.replaceState(null, '', '/');
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    window.localStorage.setItem(FIRST_REQUESTS_KEY, JSON.stringify([['/', ['/api/dashboard']]]));
    const early = run();
    await vi.runAllTimersAsync();
    await expect(early?.responses['/api/dashboard']).rejects.toThrow('Failed to fetch');
  });

  it('readies the money and date formats once signed in, after the requests, even on a first start', async () => {
    vi.useFakeTimers();
    const made: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async () => (made.push('fetch'), new Response('{}'))));
    vi.stubGlobal('Intl', watchedIntl(made));
    window.history.replaceState(null, '', '/');
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    window.localStorage.setItem(FIRST_REQUESTS_KEY, JSON.stringify([['/', ['/api/dashboard']]]));
    run();
    expect(made).toEqual([]);
    await vi.runAllTimersAsync();
    expect(made).toEqual(['fetch', 'NumberFormat en-KE KES', 'DateTimeFormat en-GB Africa/Nairobi']);

    // A first start: nothing kept for this address, the shell's GETs and then the formats.
    made.length = 0;
    window.localStorage.removeItem(FIRST_REQUESTS_KEY);
    run();
    await vi.runAllTimersAsync();
    expect(made).toEqual(['fetch', 'fetch', 'NumberFormat en-KE KES', 'DateTimeFormat en-GB Africa/Nairobi']);
  });

  it('readies no formats signed out: the sign-in screens write neither money nor dates', async () => {
    vi.useFakeTimers();
    const made: string[] = [];
    vi.stubGlobal('Intl', watchedIntl(made));
    run();
    await vi.runAllTimersAsync();
    expect(made).toEqual([]);
  });
});

describe("index.html's script chooses the page's language before the app's code runs (decision 068)", () => {
  const pageLanguage = () => (window as unknown as Record<symbol, unknown>)[LANGUAGE_KEY];

  it('opens in Kiswahili for a browser whose first language is Swahili, signed out too', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['sw-KE', 'en'] });
    run();
    expect(pageLanguage()).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('takes the language kept on the phone over the browser’s', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['sw-KE'] });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    run();
    expect(pageLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is English for a kept value it does not know and a browser in another language', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR'] });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    run();
    expect(pageLanguage()).toBe('en');
  });
});
