import { requestWords } from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../app-error.js';
import { GOOGLE_PATH } from '../features/auth/social.js';
import { DARAJA_SIMULATOR_PREFIX, PAYSTACK_SIMULATOR_PREFIX } from '../features/billing/providers.js';
import { AT_SIMULATOR_PREFIX } from '../integrations/sms/simulator.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/**
 * The development conveniences read every mail, sign in as anyone and pay without money: they
 * answer only a client on this machine, whatever HOST is (decision 050). Anyone else gets the
 * same 404 as a path that does not exist. The client is `request.ip`, so behind a trusted proxy
 * it is the proxy's client; a request that came through an untrusted proxy (a forwarding
 * header, TRUST_PROXY unset) does not count as local either.
 */
export const loopbackOnlyPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const conveniences: ((path: string, route: string | undefined) => boolean)[] = [
    (path) =>
      path.startsWith(`${DARAJA_SIMULATOR_PREFIX}/`) || path.startsWith(`${PAYSTACK_SIMULATOR_PREFIX}/`) || path.startsWith(`${AT_SIMULATOR_PREFIX}/`),
    (_path, route) => route === '/api/dev/outbox' || route === '/api/dev/outbox/sms',
  ];
  if (config.google.mode === 'simulator') conveniences.push((path) => path.startsWith(`${GOOGLE_PATH}/`));
  // A simulated provider pays without money: starting such a payment is a convenience too.
  if (config.billing.mpesa.mode === 'simulator') conveniences.push((_path, route) => route === '/api/payments/initiate');
  if (config.billing.card.mode === 'simulator') conveniences.push((_path, route) => route === '/api/paystack/initiate');

  const local = (request: FastifyRequest) =>
    isLoopback(request.ip) && (config.trustProxy !== false || !(request.headers['x-forwarded-for'] || request.headers.forwarded));

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!conveniences.some((is) => is(path, request.routeOptions.url))) return;
    // Built by the words: the error handler says it again in the request's language (decision 068).
    if (!local(request)) throw notFound(requestWords.noSuchPath(request.method, path));
  });
});
