import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allowScripts, inlineScriptSources } from './inline-scripts.js';
import { pagePreloads, readManifest } from './page-preload.js';

/**
 * Serves the built web app with its precompressed .br/.gz files (uncompressed,
 * Lighthouse fell from 98 to 73: docs/design.md §9). Hashed assets are cached for a
 * year; everything else never, so a deploy shows at once: index.html, and the service
 * worker (/sw.js) and web app manifest, whose names do not change with their content.
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const indexFile = path.join(opts.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root: opts.root }, 'web app not built: serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    preCompressed: true,
    wildcard: true,
    // '/' is the app itself; other page paths fall back to it in app.ts.
    index: ['index.html'],
    setHeaders(reply, filePath) {
      // Vite names every file under assets/ by its content hash. A cached /sw.js would hold
      // back later versions: the browser revalidates it on each start (decision 034).
      const immutable = /(^|[\\/])assets[\\/]/.test(filePath);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('webIndexAvailable', true);

  // index.html's one inline script (the first screen's early requests, decision 043) is allowed
  // by its hash; any other inline script stays refused.
  const scriptSources = inlineScriptSources(readFileSync(indexFile, 'utf8'));
  if (scriptSources.length > 0) {
    app.addHook('onSend', async (_request, reply, payload) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string' && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        reply.header('content-security-policy', allowScripts(policy, scriptSources));
      }
      return payload;
    });
  }

  // A page names its own code and the shell's, so the browser fetches them beside the entry.
  const manifest = readManifest(opts.root);
  if (manifest) {
    const preloadsOf = pagePreloads(manifest);
    app.addHook('onSend', async (request, reply, payload) => {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      const preloads = html && request.method === 'GET' ? preloadsOf(request.url.split('?')[0] ?? '') : null;
      if (preloads) reply.header('link', preloads);
      return payload;
    });
  }
});
