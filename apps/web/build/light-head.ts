import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MANIFEST_LINK = /<link rel="manifest"[^>]*>/;
const ICON_HREF = /(<link rel="icon" type="image\/svg\+xml" href=")\/favicon\.svg(")/;

/** index.html without the manifest link, with `favicon` (an SVG's text) as a data address. */
export function lightenHead(html: string, favicon: string): string {
  if (!MANIFEST_LINK.test(html) || !ICON_HREF.test(html)) {
    throw new Error('kuku-light-head: index.html no longer has the manifest and favicon links it rewrites');
  }
  const icon = `data:image/svg+xml,${encodeURIComponent(favicon.trim())}`;
  return html.replace(MANIFEST_LINK, '').replace(ICON_HREF, `$1${icon}$2`);
}

/**
 * The head of index.html asks for nothing but the first screen's code and styles (decision 041):
 * - vite-plugin-pwa's manifest link goes; the app links the manifest once its first screen has
 *   settled (src/pwa/web-manifest-link.ts). Linked from the start, the manifest and the icon the
 *   browser reads from it took two of a phone's six connections while the entry waited.
 * - the favicon is written into the page as a data address, so it is no request at all.
 */
export function lightHead(faviconFile: string): Plugin {
  return {
    name: 'kuku-light-head',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => lightenHead(html, readFileSync(faviconFile, 'utf8')),
    },
  };
}
