import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLoopGuardPlugin } from './event-loop-guard.js';

function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // holds the event loop, as a synchronous report render or an embedded query on this thread would
  }
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function appWith(blockMs: number) {
  const app = Fastify({ logger: { level: 'warn' } });
  apps.push(app);
  await app.register(eventLoopGuardPlugin, { thresholdMs: 50, intervalMs: 10 });
  app.get('/api/reports/:id', async () => {
    busy(blockMs);
    return { ok: true };
  });
  app.get('/api/quick', async () => ({ ok: true }));
  await app.ready();
  const warn = vi.spyOn(app.log, 'warn');
  return { app, warn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('event-loop guard', () => {
  it('warns with the route in flight when a request holds the loop past 50 ms', async () => {
    const { app, warn } = await appWith(120);
    await app.inject({ method: 'GET', url: '/api/reports/7?token=secret' });
    await settle();
    expect(warn).toHaveBeenCalled();
    const [fields, message] = warn.mock.calls[0] as [{ blockedMs: number; requests: { route: string }[] }, string];
    expect(fields.blockedMs).toBeGreaterThan(50);
    expect(message).toMatch(/event loop blocked for \d+ ms/);
    // The route pattern, never the raw URL: no ids and no ?token= in the log.
    expect(fields.requests.map((r) => r.route)).toEqual(['/api/reports/:id']);
  });
});
