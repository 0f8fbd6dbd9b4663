import { describe, expect, it } from 'vitest';
import { linkWebManifest, WEB_MANIFEST_URL } from './web-manifest-link';

describe('linkWebManifest', () => {
  it('links the manifest once, however often it is called', () => {
    // A document of its own: the test files share the window's (vitest.config.ts).
    const doc = document.implementation.createHTMLDocument();
    linkWebManifest(doc);
    linkWebManifest(doc);
    const links = doc.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(WEB_MANIFEST_URL);
  });
});
