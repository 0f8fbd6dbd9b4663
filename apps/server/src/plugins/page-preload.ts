import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
 * docs/product.md §2's pages and the web module that draws each, as `apps/web/src/app/router.tsx` loads
 * them (a page imports its feature's `api`, so that comes with it). A page left out here
 * still works: it only waits one round trip more for its code.
 */
export const PAGES: readonly { path: RegExp; modules: readonly string[]; shell: boolean }[] = [
  { path: /^\/auth$/, modules: ['src/features/auth/pages/auth-page.tsx'], shell: false },
  { path: /^\/auth\/[^/]+\/callback$/, modules: ['src/features/auth/pages/social-callback-page.tsx'], shell: false },
  { path: /^\/forgot-password$/, modules: ['src/features/auth/pages/forgot-password-page.tsx'], shell: false },
  { path: /^\/$/, modules: ['src/app/dashboard-route.tsx'], shell: true },
  { path: /^\/bird-management$/, modules: ['src/features/flocks/pages/flocks-page.tsx'], shell: true },
  { path: /^\/egg-production$/, modules: ['src/features/eggs/pages/eggs-page.tsx'], shell: true },
  { path: /^\/sales-management$/, modules: ['src/features/sales/pages/sales-page.tsx'], shell: true },
  { path: /^\/sales-management\/debtors$/, modules: ['src/features/sales/pages/debtors-page.tsx'], shell: true },
  { path: /^\/expenses$/, modules: ['src/features/expenses/pages/expenses-page.tsx'], shell: true },
  { path: /^\/reports$/, modules: ['src/features/reports/pages/reports-page.tsx'], shell: true },
  { path: /^\/user-registration$/, modules: ['src/features/staff/pages/user-registration-page.tsx'], shell: true },
  { path: /^\/inventory$/, modules: ['src/features/inventory/pages/inventory-page.tsx'], shell: true },
  { path: /^\/my-profile$/, modules: ['src/features/profile/pages/profile-page.tsx'], shell: true },
  { path: /^\/vaccination(\/[^/]+)?$/, modules: ['src/features/vaccinations/pages/vaccinations-page.tsx'], shell: true },
  { path: /^\/finances$/, modules: ['src/features/finance/pages/finance-page.tsx'], shell: true },
  { path: /^\/billing$/, modules: ['src/features/billing/pages/billing-page.tsx'], shell: true },
  { path: /^\/onboarding$/, modules: ['src/features/onboarding/pages/onboarding-page.tsx'], shell: true },
  { path: /^\/contact$/, modules: ['src/features/contact/pages/contact-page.tsx'], shell: true },
  { path: /^\/paystack-callback$/, modules: ['src/features/billing/pages/payment-callback-page.tsx'], shell: true },
];

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
