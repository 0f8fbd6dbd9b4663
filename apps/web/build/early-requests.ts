import { readFileSync } from 'node:fs';
import { minifySync, transformWithOxc, type Plugin } from 'vite';

const CHARSET = '<meta charset="UTF-8" />';

/** index.html with `script` (a script's code) inline right after its charset, before any stylesheet or module. */
export function withInlineScript(html: string, script: string): string {
  if (!html.includes(CHARSET)) throw new Error('kuku-early-requests: index.html no longer has ' + CHARSET);
  return html.replace(CHARSET, `${CHARSET}\n    <script>${script}</script>`);
}

/**
 * Writes src/first-screen/early-requests.ts's `startEarlyRequests` into index.html as an inline script
 * (decision 043), with the sources of the helpers it imports (`helperFiles`, which import nothing). Before the stylesheets: an inline script after them waits until they have
 * loaded. The server allows this one inline script by its hash (apps/server/src/plugins/web-static.ts).
 */
export function earlyRequests(sourceFile: string, args: readonly unknown[], helperFiles: readonly string[] = []): Plugin {
  return {
    name: 'kuku-early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => {
        // The helpers' sources (which import nothing) stand in for the script's imports.
        const sources = await Promise.all(
          [...helperFiles, sourceFile].map(async (file) => (await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' })).code),
        );
        const code = sources.map((source) => source.replace(/^import [^;]*;$/gm, '')).join('\n');
        if (/\bimport\b[^(]/.test(code.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))) throw new Error('kuku-early-requests: an import is left in ' + sourceFile);
        if (!code.includes('function startEarlyRequests(')) throw new Error('kuku-early-requests: no startEarlyRequests in ' + sourceFile);
        const call = `startEarlyRequests(window, ${args.map((a) => JSON.stringify(a)).join(', ')});`;
        // A scope of its own: nothing of it is left on the page but what it hands the app.
        const program = `(function () {\n${code.replace(/^export /gm, '')}\n${call}\n})();`;
        const minified = minifySync('early-requests.js', program, { compress: true, mangle: true });
        if (minified.errors.length > 0) throw new Error('kuku-early-requests: ' + minified.errors.map((e) => e.message).join('; '));
        return withInlineScript(html, minified.code.trim());
      },
    },
  };
}
