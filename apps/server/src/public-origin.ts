import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The origin links are built on: in mail (invitations), the card provider's return and the
 * social sign-in redirect URI. Never the request's Host header, which the client writes
 * (decision 050): PUBLIC_URL, else, outside production, this process's own loopback address.
 * A loopback Host naming our own port is kept (localhost or 127.0.0.1), so a developer's
 * browser comes back to the origin that holds its session and sign-in cookie. Null in
 * production without PUBLIC_URL: the caller refuses.
 */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string | null {
  const configured = app.config.billing.publicUrl;
  if (configured) return configured;
  if (app.config.env === 'production') return null;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : app.config.port;
  const own = [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  return own.includes(request.host) ? `http://${request.host}` : `http://localhost:${port}`;
}

/**
 * The origin a notice mail's links are built on, with no request at hand (decision 076): PUBLIC_URL,
 * else, outside production, this process's own address on localhost. Null in production without
 * PUBLIC_URL: the mail is not sent (a failure saying so).
 */
export function mailOrigin(app: FastifyInstance): string | null {
  const configured = app.config.billing.publicUrl;
  if (configured) return configured;
  if (app.config.env === 'production') return null;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : app.config.port;
  return `http://localhost:${port}`;
}
