import rateLimit from '@fastify/rate-limit';
import { authMessages } from '@kuku/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../app-error.js';
import type { DbOrTx } from '../db/client.js';
import { authThrottle } from '../db/schema/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Limits for one auth route: per IP before the body is read, per account after (15 minutes).
     * `ipWindowMinutes` widens the IP window: calls that mail a code are capped per hour.
     * `accountKey` names the account a call is about: the same key for every name of one account.
     */
    authLimits(
      name: string,
      perIp: number,
      perAccount: number,
      accountKey: (request: FastifyRequest) => string | undefined | Promise<string | undefined>,
      ipWindowMinutes?: number,
    ): { onRequest: onRequestHookHandler; preHandler: preHandlerHookHandler };
  }
}

const WINDOW_MINUTES = 15;

/** Counts one hit for `key` in its current window and answers the count; in a transaction, it is undone with it. */
export async function hit(db: DbOrTx, key: string, windowMinutes = WINDOW_MINUTES): Promise<number> {
  const window = sql`now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        hits: sql`case when ${authThrottle.windowStart} < ${window} then 1 else ${authThrottle.hits} + 1 end`,
        windowStart: sql`case when ${authThrottle.windowStart} < ${window} then now() else ${authThrottle.windowStart} end`,
      },
    })
    .returning({ hits: authThrottle.hits });
  return rows[0]?.hits ?? 1;
}

/**
 * Login, OTP and reset calls cost an argon2 hash or guard a code, so each is
 * limited per IP (in memory, @fastify/rate-limit) and per account (in the
 * database, so many addresses cannot share out the guesses).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => rateLimited(authMessages.tooManyAttempts),
  });
  const scale = app.config.rateLimitScale;
  app.decorate('authLimits', (name, perIp, perAccount, accountKey, ipWindowMinutes = WINDOW_MINUTES) => ({
    onRequest: app.rateLimit({
      max: Math.ceil(perIp * scale),
      timeWindow: `${ipWindowMinutes} minutes`,
      keyGenerator: (request) => `${name}:${request.ip}`,
    }),
    preHandler: async (request) => {
      const account = (await accountKey(request))?.toLowerCase();
      if (!account) return;
      if ((await hit(app.db, `${name}:${account}`)) > Math.ceil(perAccount * scale)) {
        throw rateLimited(authMessages.tooManyAttempts);
      }
    },
  }));
});
