import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertBuilt, freePort, startServer, waitHealthy, type RunningServer } from '../server-process.js';

/**
 * docs/design.md §6 (decision 005): the log never holds a password, a one-time code, a token or a `?token=` query.
 * The built server runs at LOG_LEVEL=trace (the most it ever writes) through every account
 * call, and its whole output is searched for each secret it was given or gave out.
 * Embedded database only: the logger does not depend on the database.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('secrets in the server log', () => {
  let dataDir: string;
  let server: RunningServer;
  const secrets = new Map<string, string>();
  let output = '';

  const keep = (name: string, value: string) => {
    secrets.set(name, value);
    return value;
  };
  const secret = (name: string) => keep(name, `S3cret-${name}-${randomBytes(6).toString('hex')}`);

  async function call(method: string, url: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(server.url + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** Forgot-password mails after its answer (decision 049): the code is waited for. */
  function newestCode(email: string, subject: RegExp): Promise<string> {
    return vi.waitFor(
      async () => {
        const { json } = await call('GET', '/api/dev/outbox');
        const mails = json as unknown as { to: string; subject: string; text: string }[];
        const mail = mails.find((m) => m.to === email && subject.test(m.subject));
        const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
        if (!code) throw new Error(`no code for ${email}`);
        return code;
      },
      { timeout: 5_000, interval: 20 },
    );
  }

  /** A request the HTTP parser refuses (a space in a header name), carrying a token in its raw bytes. */
  function malformedRequest(token: string): Promise<string> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end(`GET /api/auth/me?token=${token} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nBad Header: 1\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-logs-'));
    const callbackSecret = keep('mpesa-callback-secret', `cb_${randomBytes(24).toString('base64url')}`);
    server = startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'trace', MPESA_CALLBACK_SECRET: callbackSecret }, await freePort());
    await waitHealthy(server, 90_000);

    const username = `logs_${randomBytes(4).toString('hex')}`;
    const email = `${username}@example.com`;
    const first = secret('password1');
    expect((await call('POST', '/api/auth/register', { username, email, password: first })).status).toBe(201);
    const verifyCode = keep('verify-otp', await newestCode(email, /verification/));
    const wrongCode = keep('wrong-otp', verifyCode === '000000' ? '111111' : String((Number(verifyCode) + 1) % 1_000_000).padStart(6, '0'));
    expect((await call('POST', '/api/auth/verify-otp', { email, otp: wrongCode })).status).toBe(400);
    expect((await call('POST', '/api/auth/verify-otp', { email, otp: verifyCode })).status).toBe(200);

    expect((await call('POST', '/api/auth/login', { identifier: email, password: secret('wrong-password') })).status).toBe(401);
    const login = async (password: string) => {
      const res = await call('POST', '/api/auth/login', { identifier: username, password });
      expect(res.status).toBe(200);
      return res.json.token as string;
    };
    const token1 = keep('token1', await login(first));
    const token2 = keep('token2', await login(first));
    expect((await call('GET', '/api/auth/me', undefined, token1)).status).toBe(200);
    expect((await call('PUT', '/api/auth/update-profile', { phone_number: '0712345678' }, token1)).status).toBe(200);
    const second = secret('password2');
    expect((await call('PUT', '/api/auth/update-profile', { password: first, newPassword: second }, token1)).status).toBe(200);
    expect((await call('GET', '/api/auth/me', undefined, token2)).status).toBe(401);

    expect((await call('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    const resetCode = keep('reset-otp', await newestCode(email, /reset/));
    const third = secret('password3');
    expect((await call('POST', '/api/auth/reset-password', { email, otp: resetCode, new_password: third })).status).toBe(200);
    const token3 = keep('token3', await login(third));
    expect((await call('POST', '/api/auth/logout', undefined, token3)).status).toBe(204);
    expect((await call('GET', '/api/auth/me', undefined, secret('junk-token'))).status).toBe(401);

    // Secrets in query strings: the socket and the social sign-in return carry ?token=.
    expect((await call('GET', `/api/auth/me?token=${secret('query-token')}`)).status).toBe(401);
    // A plain GET of the socket's address is refused (400) after the request is logged.
    expect((await call('GET', `/api/ws?token=${secret('ws-token')}`)).status).toBe(400);
    expect((await call('GET', `/auth?token=${secret('page-token')}&next=%2F`)).status).toBeLessThan(500);
    expect((await call('GET', `/api/health?otp=${secret('query-otp')}&password=${secret('query-password')}`)).status).toBe(200);
    // A broken body with a password in it: JSON.parse's message quotes the input it chokes on.
    const broken = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${secret('broken-json-password')} {"identifier":"x","password":"`,
    });
    expect(broken.status).toBe(400);
    await malformedRequest(secret('raw-token'));
    // The M-Pesa callback's path ends in its secret (right and wrong), a report link carries its signature.
    expect((await call('POST', `/api/payments/mpesa/callback/${callbackSecret}`, { not: 'a callback' })).status).toBe(400);
    expect((await call('POST', `/api/payments/mpesa/callback/${secret('wrong-callback-secret')}`, {})).status).toBe(404);
    const sig = keep('report-sig', randomBytes(32).toString('base64url'));
    expect((await call('GET', `/api/reports/00000000-0000-4000-8000-000000000000/file?format=pdf&exp=9999999999&sig=${sig}`)).status).toBeLessThan(500);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    output = server.output();
  }, 180_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logged the calls (the search below is not of an empty log)', () => {
    for (const route of ['/api/auth/register', '/api/auth/verify-otp', '/api/auth/login', '/api/auth/update-profile', '/api/auth/reset-password', '/api/auth/logout']) {
      expect(output).toContain(`"url":"${route}"`);
    }
    expect(output).toContain('token=[redacted]');
    expect(output).toContain('"url":"/api/payments/mpesa/callback/[redacted]"');
    expect(output).toContain('&sig=[redacted]');
    // The refused raw request was logged too, without its bytes.
    expect(output).toContain('"rawPacket":"[redacted]"');
    expect(output.split('\n').length).toBeGreaterThan(40);
  });

  it('holds none of the passwords, codes and tokens', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(19);
    const text = `${output}\n${decodedBuffers(output)}`;
    const found = [...secrets].filter(([, value]) =>
      // A code is 6 digits: only a whole number counts, not the middle of a timestamp.
      /^\d{6}$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(text) : text.includes(value),
    );
    expect(found.map(([name]) => name)).toEqual([]);
  });
});

/** pino writes a Buffer as {"type":"Buffer","data":[71,69,84,…]}: a secret inside is invisible to a text search. */
function decodedBuffers(log: string): string {
  const decoded: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    JSON.parse(line, (_key, value: unknown) => {
      const v = value as { type?: unknown; data?: unknown };
      if (v && v.type === 'Buffer' && Array.isArray(v.data)) decoded.push(Buffer.from(v.data as number[]).toString('latin1'));
      return value;
    });
  }
  return decoded.join('\n');
}
