import { randomBytes } from 'node:crypto';

async function call(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Registers a user through the API, reads the 6-digit code from the dev outbox
 * (GET /api/dev/outbox, the server holds the database), verifies and logs in.
 */
export async function createBenchUser(baseUrl: string): Promise<{ token: string; email: string }> {
  const suffix = randomBytes(4).toString('hex');
  const username = `bench_${suffix}`;
  const email = `bench-${suffix}@kuku.test`;
  const password = randomBytes(12).toString('base64url');

  await call(baseUrl, 'POST', '/api/auth/register', { username, email, password });

  const outbox = await call(baseUrl, 'GET', '/api/dev/outbox');
  if (!Array.isArray(outbox)) throw new Error('GET /api/dev/outbox did not answer a list');
  const mail = outbox.find((m: unknown) => isRecord(m) && m.to === email);
  const text = isRecord(mail) && typeof mail.text === 'string' ? mail.text : '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no verification code for ${email} in the dev outbox`);

  await call(baseUrl, 'POST', '/api/auth/verify-otp', { email, otp: code });
  const login = await call(baseUrl, 'POST', '/api/auth/login', { identifier: username, password });
  if (!isRecord(login) || typeof login.token !== 'string') throw new Error('login answered no token');
  return { token: login.token, email };
}
