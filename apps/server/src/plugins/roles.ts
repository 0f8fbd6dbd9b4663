import { can, MONEY_FIELDS, MONEY_SORTS, ROUTE_PERMISSIONS, routePermission, seesMoney, staffMessages } from '@kuku/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error.js';
import { principalOf } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The preValidation hook of the /api scope: a role without the route's permission gets 403. */
    authorize: (request: FastifyRequest) => Promise<void>;
    /** The onRoute hook of the /api scope: a private route missing from the role table stops the start. */
    requireRoleEntry: (route: RouteOptions) => void;
    /** The onSend hook of the /api scope: a role that does not see money gets its answers without money fields. */
    withoutMoney: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  }
}

/** 'METHOD /path' as the role table (domain ROUTE_PERMISSIONS) names a route. */
export function routeKey(method: string, url: string): string {
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

const moneyFields: ReadonlySet<string> = new Set(MONEY_FIELDS);

/** A copy of a JSON value without the money fields, at any depth. */
export function stripMoney(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripMoney);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!moneyFields.has(key)) out[key] = stripMoney(inner);
  return out;
}

export const forbidden = (message: string = staffMessages.forbidden) => new AppError('forbidden', message);

export const rolesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('requireRoleEntry', (route: RouteOptions) => {
    if (route.config?.public === true) return;
    for (const method of [route.method].flat()) {
      const key = routeKey(method, route.url);
      if (!(key in ROUTE_PERMISSIONS)) throw new Error(`${key} is private but has no entry in the role table (ROUTE_PERMISSIONS)`);
    }
  });

  // After the body is parsed and before it is validated: a role limit is told whatever the body holds.
  app.decorate('authorize', async (request: FastifyRequest) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const { role } = principalOf(request);
    const permission = routePermission(routeKey(request.method, request.routeOptions.url ?? ''), request.body, request.query);
    if (permission === null || !can(role, permission)) throw forbidden();
    // A role that does not see money may not have a list ordered by it either.
    const sort = (request.query as Record<string, unknown> | undefined)?.sort;
    if (!seesMoney(role) && (MONEY_SORTS as readonly unknown[]).includes(sort)) throw forbidden();
  });

  // After serialization, so answers sent as kept JSON text (decision 027) are covered too; only
  // a role without money pays for the second parse, and only on JSON answers.
  app.decorate('withoutMoney', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const role = request.principal?.role;
    if (role === undefined || seesMoney(role) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return JSON.stringify(stripMoney(JSON.parse(payload)));
  });
});
