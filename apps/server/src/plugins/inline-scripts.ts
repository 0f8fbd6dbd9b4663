import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** CSP sources (`'sha256-…'`) for each inline script of `html`: the page's own, and only those. */
export function inlineScriptSources(html: string): string[] {
  return Array.from(html.matchAll(INLINE_SCRIPT), (match) => `'sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}'`);
}

/** `policy` with `sources` added to its script-src; unchanged when there are none. */
export function allowScripts(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => (/^\s*script-src\s/.test(directive) ? `${directive.trimEnd()} ${sources.join(' ')}` : directive))
    .join(';');
}
