import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnClosePlugin } from './drain-on-close.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A listening app whose one route answers after 300 ms, with Fastify's 72 s keep-alive timeout. */
async function listening(withPlugin: boolean) {
  const app = Fastify();
  apps.push(app);
  if (withPlugin) await app.register(drainOnClosePlugin, { everyMs: 20 });
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { ok: true };
  });
  return { app, url: `${await app.listen({ port: 0, host: '127.0.0.1' })}/slow` };
}

/** Starts a request, closes the app while it is answered, and tells whether the close ended within waitMs. */
async function closeDuringRequest(withPlugin: boolean, waitMs: number) {
  const { app, url } = await listening(withPlugin);
  const answer = fetch(url).then((r) => r.json());
  await new Promise((r) => setTimeout(r, 100));
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(() => true),
    new Promise<false>((r) => (timer = setTimeout(() => r(false), waitMs))),
  ]);
  clearTimeout(timer);
  return { closed, answer: await answer };
}

describe('drain on close', () => {
  it('answers the request in flight, then closes its connection: the close does not wait out the keep-alive timeout', async () => {
    const { closed, answer } = await closeDuringRequest(true, 10_000);
    expect(answer).toEqual({ ok: true });
    expect(closed).toBe(true);
  });

  it('is needed: without it the close still waits after the answer', async () => {
    const { closed, answer } = await closeDuringRequest(false, 1500);
    expect(answer).toEqual({ ok: true });
    expect(closed).toBe(false);
    // What the plugin does, so afterEach's close does not wait 72 s.
    apps[0]!.server.closeAllConnections();
  });
});
