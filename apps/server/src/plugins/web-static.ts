import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app with its precompressed .br/.gz files (uncompressed,
 * Lighthouse fell from 98 to 73: DESIGN §9). Hashed assets are cached for a
 * year; index.html never, so a deploy shows at once.
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
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('webIndexAvailable', true);
});
