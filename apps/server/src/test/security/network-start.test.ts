import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest, createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, freePort, migratedDataDir, startServer, waitHealthy, type RunningServer } from '../server-process.js';

/**
 * Decision 050: the built server started as a user starts it, reached from another address.
 * The machine's own non-loopback address is a client address that is not loopback: a server
 * listening on 0.0.0.0 sees a connection to it as coming from it.
 */
const nonLoopback = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** Embedded, in memory: these tests are about the network, not the database. */
const base = { DATA_DIR: 'memory://', DATABASE_URL: undefined, HOST: undefined, NODE_ENV: undefined, RATE_LIMIT_SCALE: '1' };

async function status(url: string, init?: RequestInit): Promise<number | 'refused'> {
  try {
    const res = await fetch(url, { redirect: 'manual', ...init });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

const servers: RunningServer[] = [];
const dataDirs: string[] = [];
async function start(env: Record<string, string | undefined>): Promise<{ server: RunningServer; port: number }> {
  assertBuilt();
  const port = await freePort();
  // A migrated copy, not memory://: a first start's database work is not what these tests watch.
  const dataDir = migratedDataDir('kuku-network-');
  dataDirs.push(dataDir);
  const server = startServer({ ...base, DATA_DIR: dataDir, ...env }, port);
  servers.push(server);
  await waitHealthy(server, 90_000);
  return { server, port };
}

afterAll(() => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!nonLoopback)('a default start faces no network', () => {
  it('with no settings, development listens on 127.0.0.1 only', async () => {
    const { port } = await start({});
    expect(await status(`http://127.0.0.1:${port}/api/health`)).toBe(200);
    expect(await status(`http://${nonLoopback}:${port}/api/health`)).toBe('refused');
  }, 120_000);

  it('with HOST=0.0.0.0 the conveniences answer only this machine; the app answers everyone', async () => {
    const { port } = await start({ HOST: '0.0.0.0' });
    const local = `http://127.0.0.1:${port}`;
    const remote = `http://${nonLoopback}:${port}`;
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    const conveniences: [string, RequestInit | undefined, number][] = [
      // [path, request, what this machine gets]
      ['/api/dev/outbox', undefined, 200],
      ['/api/auth/google/login?login_hint=owner%40example.com', undefined, 302],
      ['/api/auth/google/callback?code=x&state=y', undefined, 302],
      ['/__sim/paystack/checkout/abc', undefined, 404],
      ['/__sim/daraja/oauth/v1/generate?grant_type=client_credentials', { headers: { authorization: `Basic ${Buffer.from('sim-key:sim-secret').toString('base64')}` } }, 200],
      // Starting a payment a simulator pays: the route exists and asks for a session here.
      ['/api/payments/initiate', json, 401],
      ['/api/paystack/initiate', json, 401],
    ];
    for (const [path, init, here] of conveniences) {
      expect({ path, status: await status(local + path, init) }).toEqual({ path, status: here });
      expect({ path, status: await status(remote + path, init) }).toEqual({ path, status: 404 });
    }
    // The app itself is open to the network (the web app and every other API).
    expect(await status(`${remote}/api/health`)).toBe(200);
    expect(await status(`${remote}/api/auth/me`)).toBe(401);
    // A local request through a proxy that is not trusted is not this machine's either.
    expect(await status(`${local}/api/dev/outbox`, { headers: { 'x-forwarded-for': '203.0.113.5' } })).toBe(404);
  }, 120_000);
});

describe('production start refusals, one line each', () => {
  for (const [env, line] of [
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY: true trusted any X-Forwarded-For a client wrote; set the number of proxies in front \(TRUST_PROXY=1\) or their addresses/],
    [{ PAYMENT_SIMULATORS: 'on' }, /PUBLIC_URL: set PUBLIC_URL with card payments in production/],
  ] as const) {
    it(`${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')}`, async () => {
      assertBuilt();
      const server = startServer({ ...base, NODE_ENV: 'production', ...env }, await freePort());
      servers.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(line);
    }, 60_000);
  }
});

/**
 * A reverse proxy as nginx's `proxy_add_x_forwarded_for` behaves: it appends the address its
 * client came from. Here that address is what the test says in `x-test-peer` (so one machine
 * can be several clients), and the client's own X-Forwarded-For passes through, forged or not.
 */
function startProxy(target: number): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const peer = String(req.headers['x-test-peer'] ?? '198.51.100.1');
    const headers = { ...req.headers };
    delete headers['x-test-peer'];
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${peer}` : peer;
    const upstream = httpRequest({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

describe('TRUST_PROXY=1 behind one proxy', () => {
  const secret = `cb_${randomBytes(24).toString('base64url')}`;
  const safaricom = '196.201.214.200';
  let proxy: { server: Server; port: number };

  beforeAll(async () => {
    const { port } = await start({ TRUST_PROXY: '1', MPESA_CALLBACK_SECRET: secret, MPESA_CALLBACK_IPS: safaricom });
    proxy = await startProxy(port);
  }, 120_000);

  afterAll(() => new Promise<void>((resolve) => (proxy ? proxy.server.close(() => resolve()) : resolve())));

  const post = (path: string, body: unknown, peer: string, forged?: string) =>
    status(`http://127.0.0.1:${proxy.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-peer': peer, ...(forged ? { 'x-forwarded-for': forged } : {}) },
      body: JSON.stringify(body),
    });

  it('a client writing its own X-Forwarded-For is still held to the login limit (30 per IP)', async () => {
    const answers: (number | string)[] = [];
    for (let i = 0; i < 32; i++) {
      answers.push(await post('/api/auth/login', { identifier: `nobody${i}_${randomBytes(3).toString('hex')}`, password: 'wrong-password-1' }, '198.51.100.66', `203.0.113.${i + 1}`));
    }
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429]);
    // Another client behind the same proxy has its own count.
    expect(await post('/api/auth/login', { identifier: 'someone_else', password: 'wrong-password-1' }, '198.51.100.67')).toBe(401);
  }, 120_000);

  it("the M-Pesa callback's address list sees the address the proxy added, not one the client wrote", async () => {
    const path = `/api/payments/mpesa/callback/${secret}`;
    // From Safaricom's address: past the address check (then refused as no STK callback: 400).
    expect(await post(path, { not: 'a callback' }, safaricom)).toBe(400);
    // From elsewhere, claiming Safaricom's address: as if the path did not exist.
    expect(await post(path, { not: 'a callback' }, '198.51.100.66', safaricom)).toBe(404);
  }, 60_000);
});
