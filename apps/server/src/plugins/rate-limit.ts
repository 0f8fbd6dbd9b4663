import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages } from '@kuku/domain';
import { rateLimited } from '../app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Limits for one auth route: per IP before the body is read, per account after. */
    authLimits(name: string, perIp: number, perAccount: number, accountKey: (request: FastifyRequest) => string | undefined): {
      onRequest: onRequestHookHandler;
      preHandler: preHandlerHookHandler;
    };
  }
}

const WINDOW = '15 minutes';

/**
 * Login, OTP and reset calls cost an argon2 hash or guard a code, so each is
 * limited per IP and per account. The store is per process (DESIGN §8 notes it).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => rateLimited(authMessages.tooManyAttempts),
  });
  const scale = app.config.rateLimitScale;
  app.decorate('authLimits', (name, perIp, perAccount, accountKey) => ({
    onRequest: app.rateLimit({
      max: Math.ceil(perIp * scale),
      timeWindow: WINDOW,
      keyGenerator: (request) => `${name}:ip:${request.ip}`,
    }),
    preHandler: app.rateLimit({
      max: Math.ceil(perAccount * scale),
      timeWindow: WINDOW,
      keyGenerator: (request) => `${name}:account:${(accountKey(request) ?? request.ip).toLowerCase()}`,
    }),
  }));
});
