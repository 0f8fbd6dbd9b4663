import { describe, expect, it } from 'vitest';
import { appPath, isLivePath, notificationPath, readPushMessage } from './worker-rules';

describe('isLivePath: what the service worker never answers', () => {
  it.each([
    ['/api', true],
    ['/api/auth/me', true],
    ['/__sim/paystack/checkout/1', true],
    ['/__sim', true],
    ['/', false],
    ['/apiary', false],
    ['/vaccination/3', false],
    ['/assets/index-abc.js', false],
  ])('%s → %s', (path, live) => {
    expect(isLivePath(path)).toBe(live);
  });
});

describe('readPushMessage: the server’s { title, body, url, tag? }', () => {
  it('reads the payload', () => {
    const text = JSON.stringify({ title: 'Vaccination due', body: 'Gumboro tomorrow', url: '/vaccination/3', tag: 'vaccination-9' });
    expect(readPushMessage(text, 'Kuku')).toEqual({ title: 'Vaccination due', body: 'Gumboro tomorrow', url: '/vaccination/3', tag: 'vaccination-9' });
  });

  it('keeps a notification inside the app', () => {
    for (const url of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 42]) {
      expect(readPushMessage(JSON.stringify({ title: 'T', body: 'B', url }), 'Kuku').url).toBe('/');
    }
  });

  it('still shows something for a payload it cannot read', () => {
    expect(readPushMessage(null, 'Kuku')).toEqual({ title: 'Kuku', body: '', url: '/' });
    expect(readPushMessage('Low stock: layers mash', 'Kuku')).toEqual({ title: 'Kuku', body: 'Low stock: layers mash', url: '/' });
    expect(readPushMessage(JSON.stringify({ title: '  ', body: 5 }), 'Kuku')).toEqual({ title: 'Kuku', body: '', url: '/' });
  });
});

describe('notificationPath', () => {
  it('reads data.url as the push handler stored it', () => {
    expect(notificationPath({ url: '/inventory' })).toBe('/inventory');
    expect(notificationPath(undefined)).toBe('/');
    expect(appPath('/billing?x=1')).toBe('/billing?x=1');
  });
});
