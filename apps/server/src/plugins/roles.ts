import { can, ROUTE_PERMISSIONS, routePermission, staffMessages } from '@kuku/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error.js';
import { principalOf } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The preValidation hook of the /api scope: a role without the route's permission gets 403. */
    authorize: (request: FastifyRequest) => Promise<void>;
    /** The onRoute hook of the /api scope: a private route missing from the role table stops the start. */
    requireRoleEntry: (route: RouteOptions) => void;
  }
}

/** 'METHOD /path' as the role table (domain ROUTE_PERMISSIONS) names a route. */
export function routeKey(method: string, url: string): string {
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
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
  });
});
