import { execFile } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { Server } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPushSender,
  fitPushPayload,
  PUSH_PAYLOAD_MAX_BYTES,
  PUSH_SERVICE_HOSTS,
  pushMessages,
  pushSubscriptionSchema,
  type PushPayload,
  type PushSubscriptionJson,
} from './sender.js';
import { VAPID_FILE, vapidKeys } from './vapid.js';

// http_ece ships no types; only decrypt is used, with this shape.
const ece: { decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer } = createRequire(import.meta.url)('http_ece');

const SUBJECT = 'mailto:support@kuku.farm';
const generated = webpush.generateVAPIDKeys();
const keys = { ...generated, subject: SUBJECT };

/** A browser's side of a subscription: its key pair and auth secret, which decrypt what it receives. */
function fakeBrowser(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const subscription: PushSubscriptionJson = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
  const decrypt = (body: Buffer): unknown => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'));
  return { subscription, decrypt };
}

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

const payload: PushPayload = { title: 'Vaccination due', body: 'Gumboro tomorrow for Layers A', url: '/vaccinations', tag: 'vaccination-42' };

/** Checks `Authorization: vapid t=<jwt>, k=<key>` the way a push service does, with node:crypto only. */
function verifyVapid(authorization: string | undefined): { key: string; header: unknown; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, header, claims, signature, key] = match;
  if (!header || !claims || !signature || !key) throw new Error('incomplete vapid header');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k= is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('bad ES256 signature');
  const parsedClaims: unknown = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  if (typeof parsedClaims !== 'object' || parsedClaims === null) throw new Error('claims are not an object');
  return { key, header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')), claims: Object.fromEntries(Object.entries(parsedClaims)) };
}

describe('encryption (no network)', () => {
  it('encrypts the payload so that only the subscribed browser can read it', () => {
    const browser = fakeBrowser('https://fcm.googleapis.com/fcm/send/abc');
    const details = webpush.generateRequestDetails(browser.subscription, JSON.stringify(payload), {
      vapidDetails: keys,
      TTL: 3600,
      contentEncoding: 'aes128gcm',
    });
    expect(details.headers['Content-Encoding']).toBe('aes128gcm');
    expect(details.body.includes(Buffer.from('Gumboro'))).toBe(false);
    expect(browser.decrypt(details.body)).toEqual(payload);
    // Another browser's keys do not open it.
    expect(() => fakeBrowser(browser.subscription.endpoint).decrypt(details.body)).toThrow();
  });

  it('the verifier refuses a JWT signed by another key than the one in k=', () => {
    const browser = fakeBrowser('https://fcm.googleapis.com/fcm/send/abc');
    const other = { ...webpush.generateVAPIDKeys(), subject: SUBJECT };
    const details = webpush.generateRequestDetails(browser.subscription, 'x', { vapidDetails: other, contentEncoding: 'aes128gcm' });
    const authorization = details.headers.Authorization ?? '';
    expect(verifyVapid(authorization).key).toBe(other.publicKey);
    expect(() => verifyVapid(authorization.replace(/k=.*$/, `k=${keys.publicKey}`))).toThrow('bad ES256 signature');
  });
});

describe('fitPushPayload', () => {
  it('keeps a small payload as it is', () => {
    expect(fitPushPayload(payload)).toEqual(payload);
  });

  it('cuts a long body on a character boundary, with an ellipsis, under the limit', () => {
    const fitted = fitPushPayload({ ...payload, body: 'kuku 🐔 '.repeat(1000) });
    expect(fitted).not.toBeNull();
    const bytes = Buffer.byteLength(JSON.stringify(fitted), 'utf8');
    expect(bytes).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(bytes).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 10);
    expect(fitted?.body.endsWith('…')).toBe(true);
    expect(fitted?.body).not.toContain('\uFFFD');
    expect(fitted?.title).toBe(payload.title);
  });

  it('gives up when the url alone is too long', () => {
    expect(fitPushPayload({ ...payload, url: `/${'a'.repeat(PUSH_PAYLOAD_MAX_BYTES)}` })).toBeNull();
  });
});

describe('endpointAllowed', () => {
  const strict = createPushSender({ keys });
  const loopback = createPushSender({ keys, allowLoopback: true });
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA', true],
    ['https://wns2-bl2p.notify.windows.com/w/?token=x', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://api.push.apple.com/3/device/x', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc', false],
    ['https://notify.windows.com/x', false],
    ['https://evilnotify.windows.com/x', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilfcm.googleapis.com/x', false],
    ['https://push.apple.com.evil.example/x', false],
    ['https://evil.example/push', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://127.0.0.1:8443/push', false],
    ['https://localhost/push', false],
    ['not a url', false],
    [`https://fcm.googleapis.com/${'a'.repeat(2048)}`, false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(strict.endpointAllowed(endpoint)).toBe(allowed);
  });

  it.each([
    ['https://127.0.0.1:8443/push', true],
    ['https://localhost:8443/push', true],
    ['https://[::1]:8443/push', true],
    ['http://127.0.0.1:8443/push', false],
    ['https://10.0.0.1/push', false],
    ['https://fcm.googleapis.com/fcm/send/abc', true],
  ])('with allowLoopback: %s → %s', (endpoint, allowed) => {
    expect(loopback.endpointAllowed(endpoint)).toBe(allowed);
  });

  it('takes a configured host list instead of the default', () => {
    const sender = createPushSender({ keys, allowedHosts: ['push.example.net'] });
    expect(sender.endpointAllowed('https://push.example.net/x')).toBe(true);
    expect(sender.endpointAllowed('https://fcm.googleapis.com/x')).toBe(false);
    expect(PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com');
  });
});

describe('pushSubscriptionSchema', () => {
  const good = fakeBrowser('https://fcm.googleapis.com/fcm/send/abc').subscription;
  const b64 = (bytes: Buffer) => bytes.toString('base64url');

  it('accepts what a browser sends, dropping unknown fields', () => {
    const parsed = pushSubscriptionSchema.safeParse({ ...good, extra: 1 });
    expect(parsed.success && parsed.data).toEqual(good);
    expect(pushSubscriptionSchema.safeParse({ endpoint: good.endpoint, keys: good.keys }).success).toBe(true);
  });

  const notOnCurve = Buffer.concat([Buffer.from([0x04]), Buffer.alloc(64, 1)]);
  it.each([
    ['a string', 'https://fcm.googleapis.com/x', pushMessages.notObject],
    ['an array', [good], pushMessages.notObject],
    ['null', null, pushMessages.notObject],
    ['no keys', { endpoint: good.endpoint }, pushMessages.keys],
    ['no endpoint', { keys: good.keys }, pushMessages.endpoint],
    ['a non-URL endpoint', { ...good, endpoint: 'not a url' }, pushMessages.endpoint],
    ['an http endpoint', { ...good, endpoint: 'http://fcm.googleapis.com/x' }, pushMessages.endpoint],
    ['a long endpoint', { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(2048)}` }, pushMessages.endpointTooLong],
    ['a string expirationTime', { ...good, expirationTime: 'soon' }, pushMessages.expirationTime],
    ['a 64-byte p256dh', { ...good, keys: { ...good.keys, p256dh: b64(randomBytes(64)) } }, pushMessages.p256dh],
    ['a compressed p256dh', { ...good, keys: { ...good.keys, p256dh: b64(Buffer.concat([Buffer.from([0x02]), randomBytes(32)])) } }, pushMessages.p256dh],
    ['a p256dh off the curve', { ...good, keys: { ...good.keys, p256dh: b64(notOnCurve) } }, pushMessages.p256dh],
    ['a p256dh in standard base64', { ...good, keys: { ...good.keys, p256dh: `+/${good.keys.p256dh.slice(2)}` } }, pushMessages.p256dh],
    ['a 15-byte auth', { ...good, keys: { ...good.keys, auth: b64(randomBytes(15)) } }, pushMessages.auth],
    ['a 32-byte auth', { ...good, keys: { ...good.keys, auth: b64(randomBytes(32)) } }, pushMessages.auth],
    ['a numeric auth', { ...good, keys: { ...good.keys, auth: 16 } }, pushMessages.auth],
  ])('refuses %s', (_label, input, message) => {
    const parsed = pushSubscriptionSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('sending to a fake push service over HTTPS', () => {
  interface Received {
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
    /** Why the request would be refused by a real push service, or null. */
    problem: string | null;
    claims: Record<string, unknown> | null;
    key: string | null;
  }
  let dir = '';
  let ca = '';
  let server: https.Server;
  let origin = '';
  const received: Received[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kuku-push-tls-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    // A throwaway P-256 certificate for 127.0.0.1, trusted only by the agent below.
    await promisify(execFile)('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ]);
    ca = await readFile(certFile, 'utf8');
    server = https.createServer({ key: await readFile(keyFile), cert: ca }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry: Received = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks), problem: null, claims: null, key: null };
        try {
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
          if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL');
          const vapid = verifyVapid(request.headers.authorization);
          entry.claims = vapid.claims;
          entry.key = vapid.key;
        } catch (error) {
          entry.problem = error instanceof Error ? error.message : String(error);
        }
        received.push(entry);
        if (entry.path.startsWith('/hang/')) return; // never answers
        const status = Number(/^\/push\/(\d{3})\//.exec(entry.path)?.[1] ?? 201);
        response.writeHead(entry.problem ? 400 : status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${portOf(server)}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    received.length = 0;
    vi.restoreAllMocks();
  });

  const sender = (overrides: Partial<Parameters<typeof createPushSender>[0]> = {}) =>
    createPushSender({ keys, allowLoopback: true, agent: new https.Agent({ ca }), timeoutMs: 2000, ...overrides });

  it('delivers a signed, encrypted notification the browser can read', async () => {
    const logs = [vi.spyOn(console, 'log'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
    const browser = fakeBrowser(`${origin}/push/201/a`);
    expect(await sender().send(browser.subscription, payload)).toBe('sent');
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.problem).toBeNull();
    expect(request?.headers.ttl).toBe('3600');
    expect(request?.headers.urgency).toBe('normal');
    expect(request?.key).toBe(keys.publicKey);
    const now = Math.floor(Date.now() / 1000);
    expect(request?.claims).toMatchObject({ aud: origin, sub: SUBJECT });
    expect(Number(request?.claims?.exp)).toBeGreaterThan(now);
    expect(Number(request?.claims?.exp)).toBeLessThanOrEqual(now + 24 * 3600);
    expect(browser.decrypt(request?.body ?? Buffer.alloc(0))).toEqual(payload);
    for (const log of logs) expect(log).not.toHaveBeenCalled();
  });

  it('sends a long body cut to fit', async () => {
    const browser = fakeBrowser(`${origin}/push/201/long`);
    expect(await sender().send(browser.subscription, { ...payload, body: 'x'.repeat(10_000) })).toBe('sent');
    const sent = browser.decrypt(received[0]?.body ?? Buffer.alloc(0));
    expect(sent).toMatchObject({ title: payload.title, url: payload.url });
    expect(Buffer.byteLength(JSON.stringify(sent))).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
  });

  it.each([
    [201, 'sent'],
    [202, 'sent'],
    [410, 'gone'],
    [404, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [403, 'failed'],
    [413, 'failed'],
  ])('answers %i → %s', async (status, outcome) => {
    const browser = fakeBrowser(`${origin}/push/${status}/x`);
    expect(await sender().send(browser.subscription, payload)).toBe(outcome);
    expect(received).toHaveLength(1);
    expect(received[0]?.problem).toBeNull();
  });

  it('never reaches an endpoint outside the allowed hosts', async () => {
    const browser = fakeBrowser(`${origin}/push/201/x`);
    expect(await sender({ allowLoopback: false }).send(browser.subscription, payload)).toBe('failed');
    expect(received).toHaveLength(0);
  });

  it('fails, without throwing, on an untrusted certificate, a closed port, a timeout or a bad subscription', async () => {
    const trusted = fakeBrowser(`${origin}/push/201/x`);
    expect(await sender({ agent: undefined }).send(trusted.subscription, payload)).toBe('failed');
    expect(received).toHaveLength(0);

    const closed = https.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    expect(await sender().send(fakeBrowser(`https://127.0.0.1:${port}/push/201/x`).subscription, payload)).toBe('failed');

    const started = Date.now();
    expect(await sender({ timeoutMs: 100 }).send(fakeBrowser(`${origin}/hang/x`).subscription, payload)).toBe('failed');
    expect(Date.now() - started).toBeLessThan(1500);

    const bad = { ...trusted.subscription, keys: { ...trusted.subscription.keys, auth: 'short' } };
    expect(await sender().send(bad, payload)).toBe('failed');
    expect(received.filter((r) => !r.path.startsWith('/hang/'))).toHaveLength(0);
  });
});

describe('vapidKeys', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kuku-vapid-'));
    dirs.push(dir);
    return dir;
  };
  const unset = { publicKey: undefined, privateKey: undefined, subject: SUBJECT };
  const matches = (pair: { publicKey: string; privateKey: string }) => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(pair.privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === pair.publicKey;
  };

  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('uses the environment pair as it is and writes nothing', async () => {
    const dir = await tempDir();
    expect(await vapidKeys({ ...generated, subject: SUBJECT }, dir)).toEqual(keys);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses an environment pair whose halves do not match, without quoting the private key', async () => {
    const other = webpush.generateVAPIDKeys();
    const error: unknown = await vapidKeys({ publicKey: generated.publicKey, privateKey: other.privateKey, subject: SUBJECT }, await tempDir()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain('the public key does not belong to the private key');
    expect(String(error)).not.toContain(other.privateKey);
  });

  it('makes a pair once, keeps it in DATA_DIR/vapid.json (0600) and reads it back', async () => {
    const dataDir = path.join(await tempDir(), 'nested', 'data');
    const first = await vapidKeys(unset, dataDir);
    expect(first.subject).toBe(SUBJECT);
    expect(matches(first)).toBe(true);
    const file = path.join(dataDir, VAPID_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(await vapidKeys(unset, dataDir)).toEqual(first);
    expect(await readdir(dataDir)).toEqual([VAPID_FILE]);
  });

  it('agrees on one pair when several first calls race', async () => {
    const dataDir = await tempDir();
    const pairs = await Promise.all(Array.from({ length: 8 }, () => vapidKeys(unset, dataDir)));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(pairs[0] && matches(pairs[0])).toBe(true);
    expect(await readdir(dataDir)).toEqual([VAPID_FILE]); // no temporary file left behind
  });

  it.each([
    ['not JSON', '{"publicKey":'],
    ['the wrong shape', '{"public":"x"}'],
    ['a truncated key', JSON.stringify({ publicKey: generated.publicKey.slice(0, 40), privateKey: generated.privateKey })],
    ['halves of two pairs', JSON.stringify({ publicKey: webpush.generateVAPIDKeys().publicKey, privateKey: generated.privateKey })],
  ])('stops on a damaged file (%s) instead of making a new pair', async (_label, text) => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, VAPID_FILE);
    await writeFile(file, text, { mode: 0o600 });
    await expect(vapidKeys(unset, dataDir)).rejects.toThrow(/vapid\.json is damaged/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('keeps nothing on disk for an in-memory database, one pair per process', async () => {
    const first = await vapidKeys(unset, 'memory://push-test');
    expect(matches(first)).toBe(true);
    expect(await vapidKeys(unset, 'memory://push-test')).toEqual(first);
    expect(existsSync(path.resolve('memory:'))).toBe(false);
  });
});
