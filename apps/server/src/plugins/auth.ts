import { requestWords, TOKEN_EXPIRED_MESSAGE } from '@kuku/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../app-error.js';
import type { Principal } from '../features/auth/service.js';
import { sessionLookup, type SessionLookupService } from './session-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook of the /api scope: loads the caller or refuses with 401. */
    authenticate: onRequestHookHandler;
    /** A bearer token's session, through the session cache: the socket checks its token with it. */
    sessions: SessionLookupService;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say so: a new route cannot be left open by accident. */
    public?: boolean;
  }
}

/** The caller of a private route; the auth hook has already refused anyone else. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);
  const sessions = sessionLookup(app.database);
  app.decorate('sessions', sessions);
  app.addHook('onClose', async () => sessions.close());
  // Added in the /api scope only (app.ts): the web app's files are public by nature.
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token || token.length > 200) throw unauthenticated();
    const found = await sessions.find(token);
    if (found.kind === 'expired') throw unauthenticated(TOKEN_EXPIRED_MESSAGE);
    if (found.kind === 'invalid') throw unauthenticated(requestWords.sessionEnded);
    request.principal = found.principal;
  });
});
