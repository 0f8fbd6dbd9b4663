import { afterEach, describe, expect, it } from 'vitest';
import { linkWebManifest, WEB_MANIFEST_URL } from './web-manifest-link';

describe('linkWebManifest', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="manifest"]')) link.remove();
  });

  it('links the manifest once, however often it is called', () => {
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
    linkWebManifest();
    linkWebManifest();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(WEB_MANIFEST_URL);
  });
});
