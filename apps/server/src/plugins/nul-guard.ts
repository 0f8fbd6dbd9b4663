import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../app-error.js';

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** The path ('items.0.name') of the first string holding U+0000, '' when the value itself is that string, or null. */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [v, path] = next;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a name or a search carrying one
 * failed in the database as a 500. It is bad input: refused here, for every
 * route's params, query and body. After validation, so only the fields the
 * schema kept are walked (never a 100,000-deep body), and before any route's
 * own preHandler (throttle counters, idempotency keys) or handler.
 */
export const nulGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const path = findNul(value);
      if (path !== null) throw invalid(NUL_MESSAGE, { [path || part]: NUL_MESSAGE });
    }
  });
});
