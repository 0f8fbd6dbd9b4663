import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface EventLoopGuardOptions {
  /** A stall longer than this is logged with the requests that ran during it (docs/design.md §9: keep each under ~20 ms). */
  thresholdMs?: number;
  /** How often the loop is checked; a stall is seen when the check runs late. */
  intervalMs?: number;
}

/**
 * Warns when something holds the event loop: one blocked loop delays every
 * farmer's request on the server. A timer that should fire every `intervalMs`
 * measures how late it ran; when it is more than `thresholdMs` late, the
 * requests that ran in that time are logged, since one of them held the loop.
 * (The same measure as perf_hooks' monitorEventLoopDelay, whose histogram saw
 * nothing of a 120 ms stall inside vitest's worker threads; a late timer does.)
 */
export const eventLoopGuardPlugin = fp(async (app: FastifyInstance, options: EventLoopGuardOptions) => {
  const thresholdMs = options.thresholdMs ?? 50;
  const intervalMs = options.intervalMs ?? 20;
  // The requests that ran since the last check: the one that held the loop has
  // usually answered by the time the late timer fires.
  const inFlight = new Set<FastifyRequest>();
  const endedSinceCheck = new Set<FastifyRequest>();
  const end = async (request: FastifyRequest) => {
    if (inFlight.delete(request)) endedSinceCheck.add(request);
  };
  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);

  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const blockedMs = now - expected;
    expected = now + intervalMs;
    const suspects = [...endedSinceCheck, ...inFlight];
    endedSinceCheck.clear();
    if (blockedMs <= thresholdMs) return;
    app.log.warn(
      {
        blockedMs: Math.round(blockedMs),
        // The route pattern, not the URL: no ids or ?token= in the log.
        requests: suspects.slice(0, 10).map((r) => ({ reqId: r.id, method: r.method, route: r.routeOptions.url ?? r.url.split('?')[0] })),
      },
      `event loop blocked for ${Math.round(blockedMs)} ms`,
    );
  }, intervalMs);
  timer.unref();

  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
});
