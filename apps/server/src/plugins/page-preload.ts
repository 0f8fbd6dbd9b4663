import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathPattern, SCREEN_IDS, SCREEN_PAGES, SCREENS } from '@kuku/domain';

/** The parts of Vite's build manifest (`dist/.vite/manifest.json`) read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';
/** The signed-in shell: every screen but the signed-out ones renders inside it. */
const SHELL = 'src/app/shell/app-layout.tsx';

/**
 * Each screen of docs/product.md §2 (`SCREENS`, decision 062): its addresses, the web module that
 * draws it (`SCREEN_PAGES`, the one the web's router loads; it imports its feature's `api`, so that
 * comes with it), and whether it renders inside the shell.
 */
export const PAGES: readonly { path: RegExp; modules: readonly string[]; shell: boolean }[] = SCREEN_IDS.map((id) => {
  const { path: pattern, signedIn } = SCREENS[id];
  return { path: pathPattern(pattern), modules: [SCREEN_PAGES[id]], shell: signedIn };
});

/** The chunks `starts` load, each before what it imports. */
function reachable(manifest: Manifest, starts: readonly string[]): Map<string, ManifestChunk> {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.set(key, chunk);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  for (const start of starts) visit(start);
  return seen;
}

// `crossorigin` as the stylesheets that use them have it (index.html's, and Vite's for a lazy
// chunk): a preload in another CORS mode is not reused, and the file is fetched twice.
function linksOf(chunk: ManifestChunk): string[] {
  return [`</${chunk.file}>; rel=modulepreload`, ...(chunk.css ?? []).map((css) => `</${css}>; rel=preload; as=style; crossorigin`)];
}

function linkHeader(manifest: Manifest, modules: readonly string[]): string {
  // The entry's code first, what it imports before its small stub: a phone opens six
  // connections, and what the header names first is asked for first (decision 041).
  const entry = reachable(manifest, [ENTRY]);
  const [stub, ...imports] = entry;
  const page = [...reachable(manifest, modules)].filter(([key]) => !entry.has(key));
  return [...imports, ...(stub ? [stub] : []), ...page].flatMap(([, chunk]) => linksOf(chunk)).join(', ');
}

export function readManifest(webRoot: string): Manifest | null {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/**
 * For a page path, the `Link` header that has the browser fetch the entry, and the page's code
 * and the shell's while it is still fetching the entry (decision 022): without it that code was
 * asked for only once the entry had run, one more round trip on a phone's connection before the
 * screen could render. Headers are worked out once per page; an unknown page path inside
 * the app gets the shell's.
 */
export function pagePreloads(manifest: Manifest): (pathname: string) => string {
  const byPage = PAGES.map((page) => ({ path: page.path, header: linkHeader(manifest, page.shell ? [SHELL, ...page.modules] : page.modules) }));
  const shellOnly = linkHeader(manifest, [SHELL]);
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = byPage.find((candidate) => candidate.path.test(trimmed));
    return page ? page.header : shellOnly;
  };
}
