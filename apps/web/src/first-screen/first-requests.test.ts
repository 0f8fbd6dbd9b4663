import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REQUESTS_KEY, type EarlyRequests } from './early-requests';

// The modules keep the address the app started on and what index.html's script left: each test
// starts the app afresh.
async function start(address: string, early?: EarlyRequests) {
  window.history.replaceState(null, '', address);
  if (early) window.__kukuEarly = early;
  else delete window.__kukuEarly;
  vi.resetModules();
  const [first, store] = await Promise.all([import('./first-requests'), import('./first-requests-store')]);
  return { ...first, ...store };
}

function kept(): unknown {
  return JSON.parse(window.localStorage.getItem(FIRST_REQUESTS_KEY) ?? 'null');
}

beforeEach(() => window.localStorage.setItem('kuku.token', 'tok'));
afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('first requests', () => {
  it('keeps the GETs of the first screen, once each, for its address, the newest address first', async () => {
    window.localStorage.setItem(FIRST_REQUESTS_KEY, JSON.stringify([['/inventory', ['/api/old']], ['/', ['/api/dashboard']]]));
    const app = await start('/inventory');
    app.noteFirstRequest('/api/auth/me');
    app.noteFirstRequest('/api/inventory/stats');
    app.noteFirstRequest('/api/auth/me');
    app.keepFirstRequests();
    // What comes after the first screen has settled is no part of it.
    app.noteFirstRequest('/api/inventory?page=2');
    app.keepFirstRequests();
    expect(kept()).toEqual([
      ['/inventory', ['/api/auth/me', '/api/inventory/stats']],
      ['/', ['/api/dashboard']],
    ]);
  });

  it('keeps nothing when the farmer left the address before it settled, or signed out', async () => {
    const left = await start('/inventory');
    left.noteFirstRequest('/api/auth/me');
    window.history.replaceState(null, '', '/egg-production');
    left.keepFirstRequests();
    expect(kept()).toBeNull();

    const out = await start('/inventory');
    out.noteFirstRequest('/api/auth/me');
    window.localStorage.removeItem('kuku.token');
    out.keepFirstRequests();
    expect(kept()).toBeNull();
  });

  it('keeps at most 8 requests an address and 24 addresses, and survives what is kept being garbled', async () => {
    window.localStorage.setItem(FIRST_REQUESTS_KEY, JSON.stringify(Array.from({ length: 30 }, (_, i) => [`/a${i}`, ['/api/x']])));
    const app = await start('/inventory');
    for (let i = 0; i < 12; i++) app.noteFirstRequest(`/api/r${i}`);
    app.keepFirstRequests();
    const store = kept() as [string, string[]][];
    expect(store).toHaveLength(24);
    expect(store[0]).toEqual(['/inventory', Array.from({ length: 8 }, (_, i) => `/api/r${i}`)]);
    expect(store[1]?.[0]).toBe('/a0');

    window.localStorage.setItem(FIRST_REQUESTS_KEY, '{not json');
    const again = await start('/inventory');
    again.noteFirstRequest('/api/auth/me');
    again.keepFirstRequests();
    expect(kept()).toEqual([['/inventory', ['/api/auth/me']]]);
  });

  it('hands each early answer over once, for the same token, and none once the first screen has settled', async () => {
    const answer = Promise.resolve(new Response('{}'));
    const app = await start('/inventory', { token: 'tok', responses: { '/api/auth/me': answer, '/api/inventory/stats': answer } });
    expect(app.takeEarlyResponse('/api/auth/me', 'other')).toBeUndefined();
    expect(app.takeEarlyResponse('/api/auth/me', 'tok')).toBe(answer);
    expect(app.takeEarlyResponse('/api/auth/me', 'tok')).toBeUndefined();
    app.keepFirstRequests();
    expect(app.takeEarlyResponse('/api/inventory/stats', 'tok')).toBeUndefined();
  });
});
