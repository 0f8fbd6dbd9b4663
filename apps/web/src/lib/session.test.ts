import { describe, expect, it } from 'vitest';
import { captureTokenFromUrl, getToken } from './session';

describe('captureTokenFromUrl', () => {
  it('stores the token query parameter and strips it from the address', () => {
    window.history.replaceState(null, '', '/bird-management?token=abc123&tab=list#top');

    expect(captureTokenFromUrl()).toBe(true);

    expect(getToken()).toBe('abc123');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/bird-management?tab=list#top',
    );
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/auth?redirectTo=%2F');

    expect(captureTokenFromUrl()).toBe(false);

    expect(getToken()).toBeNull();
    expect(window.location.search).toBe('?redirectTo=%2F');
  });
});
