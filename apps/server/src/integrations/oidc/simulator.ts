/**
 * A simulated Google for development and tests (docs/integrations.md §3.2): oauth2-mock-server's
 * issuer on loopback, started in this process when no Google client is configured. Its
 * /authorize sends the browser straight back with a code (no consent screen), so the whole
 * sign-in runs offline. It signs in as the account `login_hint` names, else as one
 * simulated farmer. It is a devDependency: loaded only here, never in production.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface SimulatedAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface SimulatedGoogle {
  issuer: string;
  close(): Promise<void>;
}

/** Who the simulated Google signs in when nobody is named. */
export const SIMULATED_ACCOUNT: SimulatedAccount = {
  sub: 'simulated-google-0001',
  email: 'simulated.farmer@example.com',
  email_verified: true,
  name: 'Simulated Farmer',
};

/** The simulated account for an address: the same `sub` every time, its email verified. */
export function simulatedAccountFor(email: string): SimulatedAccount {
  const address = email.trim().toLowerCase();
  const sub = `simulated-${createHash('sha256').update(address).digest('hex').slice(0, 20)}`;
  return { sub, email: address, email_verified: true, name: address.split('@')[0] ?? address };
}

function queryValue(req: IncomingMessage, name: string): string | undefined {
  const value = new URL(req.url ?? '/', 'http://simulator').searchParams.get(name);
  return value ?? undefined;
}

export async function startSimulatedGoogle(): Promise<SimulatedGoogle> {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The authorization code is the only thing /authorize and /token share: remember who each one is for.
  const accounts = new Map<string, SimulatedAccount>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    const hint = queryValue(req, 'login_hint');
    if (code) accounts.set(code, hint ? simulatedAccountFor(hint) : SIMULATED_ACCOUNT);
  });
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: { code?: unknown } }) => {
    const code = typeof req.body?.code === 'string' ? req.body.code : undefined;
    const account = (code && accounts.get(code)) || SIMULATED_ACCOUNT;
    Object.assign(token.payload, account);
  });
  server.service.on('beforeResponse', (_response: unknown, req: IncomingMessage & { body?: { code?: unknown } }) => {
    if (typeof req.body?.code === 'string') accounts.delete(req.body.code);
  });
  // Its own URL says localhost, which a browser may try on ::1 first; it listens on 127.0.0.1 only.
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  return { issuer, close: () => server.stop() };
}
