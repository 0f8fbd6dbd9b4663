import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Closing waits for every connection to end. Fastify closes the idle ones once, as the close begins,
 * but a keep-alive connection answering a request at that moment stays open after its answer for the
 * whole keep-alive timeout (72 s by Fastify's default), and the close (a deploy's SIGTERM, a test
 * file's end) waits that long. So, while the server closes, each connection is closed once idle.
 */
export const drainOnClosePlugin = fp(async (app: FastifyInstance, options: { everyMs?: number }) => {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    sweep = setInterval(() => app.server.closeIdleConnections(), options.everyMs ?? 100);
    sweep.unref();
  });
  // The server's own close is the first onClose hook to run, so the sweep stops once it has closed.
  app.addHook('onClose', async () => clearInterval(sweep));
});
