import { describe, expect, it } from 'vitest';
import { lightenHead } from './light-head';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#2e8544"/></svg>\n';
const HTML = `<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Kuku</title>
<link rel="modulepreload" crossorigin href="/assets/web-1.js">
<link rel="manifest" href="/manifest.webmanifest"></head>`;

describe('lightenHead', () => {
  it('takes the manifest link out and writes the favicon into the page', () => {
    const html = lightenHead(HTML, SVG);
    expect(html).not.toContain('manifest');
    expect(html).not.toContain('/favicon.svg');
    const href = /rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(SVG.trim());
    // The rest of the head is as it was.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/web-1.js">');
  });

  it('fails the build when index.html no longer has what it rewrites', () => {
    expect(() => lightenHead('<head><title>Kuku</title></head>', SVG)).toThrow(/no longer has/);
    expect(() => lightenHead(HTML.replace('<link rel="manifest" href="/manifest.webmanifest">', ''), SVG)).toThrow(/no longer has/);
  });
});
