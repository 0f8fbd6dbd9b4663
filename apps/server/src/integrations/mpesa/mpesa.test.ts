import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseStkCallback } from './callback.js';
import { createDarajaClient, darajaPassword, darajaTimestamp, DarajaError, type DarajaConfig, type StkPushInput } from './client.js';
import { darajaSimulator, SIMULATOR_CREDENTIALS, SIMULATOR_PHONES } from './simulator.js';

/** The real client against the simulator on a real loopback port; callbacks land on a second server. */
let sim: FastifyInstance;
let receiver: FastifyInstance;
let baseUrl = '';
let callbackBase = '';
// The clock both sides read; a test moves it to age a token.
let skewMs = 0;
const clock = () => new Date(Date.now() + skewMs);
const callbacks = new Map<string, unknown>();

const SLOW_MS = 250;

beforeAll(async () => {
  sim = Fastify();
  await sim.register(darajaSimulator, { ...SIMULATOR_CREDENTIALS, callbackDelayMs: 20, slowDelayMs: SLOW_MS, now: clock, testHooks: true, prefix: '/__sim/daraja' });
  baseUrl = `${await sim.listen({ port: 0, host: '127.0.0.1' })}/__sim/daraja`;
  receiver = Fastify();
  receiver.post('/callback', async (request) => {
    const parsed = parseStkCallback(request.body);
    if (parsed) callbacks.set(parsed.checkoutRequestId, request.body);
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
  callbackBase = await receiver.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await sim.close();
  await receiver.close();
});

afterEach(() => {
  skewMs = 0;
  vi.restoreAllMocks();
});

const config = (overrides: Partial<DarajaConfig> = {}): DarajaConfig => ({
  baseUrl,
  ...SIMULATOR_CREDENTIALS,
  transactionType: 'CustomerPayBillOnline',
  partyB: SIMULATOR_CREDENTIALS.shortcode,
  ...overrides,
});

const push = (overrides: Partial<StkPushInput> = {}): StkPushInput => ({
  amountKes: 2500,
  phone: SIMULATOR_PHONES.success,
  accountReference: 'KUKU-7F3K2Q',
  description: 'Kuku sub',
  callbackUrl: `${callbackBase}/callback`,
  ...overrides,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callbackFor(checkoutRequestId: string, withinMs = 1000) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const body = callbacks.get(checkoutRequestId);
    if (body) return parseStkCallback(body);
    await sleep(10);
  }
  throw new Error(`no callback for ${checkoutRequestId}`);
}

async function settledQuery(client: ReturnType<typeof createDarajaClient>, checkoutRequestId: string, withinMs = 1000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const result = await client.stkQuery(checkoutRequestId);
    if (result.state === 'final' || Date.now() > deadline) return result;
    await sleep(10);
  }
}

const oauthCalls = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([url]) => String(url).includes('/oauth/v1/generate')).length;

async function rejection(promise: Promise<unknown>): Promise<DarajaError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DarajaError)) throw new Error(`expected a DarajaError, got ${String(error)}`);
  return error;
}

describe('Password and Timestamp (§1.3)', () => {
  it.each([
    ['20200203021200', 'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjAwMjAzMDIxMjAw'],
    ['20240330120711', 'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjQwMzMwMTIwNzEx'],
  ])('Password for %s matches the published vector', (timestamp, password) => {
    expect(darajaPassword(SIMULATOR_CREDENTIALS.shortcode, SIMULATOR_CREDENTIALS.passkey, timestamp)).toBe(password);
  });

  it('writes the Timestamp in Nairobi time', () => {
    expect(darajaTimestamp(new Date('2026-11-22T21:05:09Z'))).toBe('20261123000509');
    expect(darajaTimestamp(new Date('2026-01-01T00:00:00Z'))).toBe('20260101030000');
  });
});

describe('OAuth token', () => {
  it('is fetched once across several pushes, and again once the simulator forgets it', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const client = createDarajaClient(config(), { now: clock });
    await Promise.all([client.stkPush(push()), client.stkPush(push())]);
    await client.stkPush(push());
    expect(oauthCalls(spy)).toBe(1);

    const revoked = await fetch(`${baseUrl}/__test/revoke-tokens`, { method: 'POST' });
    expect(revoked.status).toBe(204);
    const accepted = await client.stkPush(push());
    expect(accepted.responseCode).toBe('0');
    expect(oauthCalls(spy)).toBe(2);
    // The query takes the same path after a revocation.
    await fetch(`${baseUrl}/__test/revoke-tokens`, { method: 'POST' });
    expect((await client.stkQuery(accepted.checkoutRequestId)).state).toBeDefined();
    expect(oauthCalls(spy)).toBe(3);
  });

  it('is refreshed 60 s before expires_in runs out', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const client = createDarajaClient(config(), { now: clock });
    await client.stkPush(push());
    skewMs = (3599 - 61) * 1000;
    await client.stkPush(push());
    expect(oauthCalls(spy)).toBe(1);
    skewMs = (3599 - 59) * 1000;
    await client.stkPush(push());
    expect(oauthCalls(spy)).toBe(2);
  });

  it('refused credentials give a DarajaError that names no secret', async () => {
    const client = createDarajaClient(config({ consumerSecret: 'wrong-secret-0123' }), { now: clock });
    const error = await rejection(client.stkPush(push()));
    expect(error).toMatchObject({ status: 400, errorCode: '400.008.01' });
    expect(error.message).toContain('Invalid Authentication passed');
    expect(error.message).not.toContain('wrong-secret-0123');
    expect(error.message).not.toContain(SIMULATOR_CREDENTIALS.passkey);
  });
});

describe('STK push, callback and query', () => {
  it('accepts a push, then posts a callback with its metadata', async () => {
    const client = createDarajaClient(config(), { now: clock });
    const accepted = await client.stkPush(push({ amountKes: 1 }));
    expect(accepted).toMatchObject({ responseCode: '0', customerMessage: 'Success. Request accepted for processing' });
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_\d+$/);

    const callback = await callbackFor(accepted.checkoutRequestId);
    expect(callback).toMatchObject({ merchantRequestId: accepted.merchantRequestId, resultCode: 0, amount: 1, phone: SIMULATOR_PHONES.success });
    expect(callback?.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(callback?.transactionDate).toMatch(/^\d{14}$/);
    // The callback is posted exactly in §1.5's shape, Balance without a Value included.
    expect(callbacks.get(accepted.checkoutRequestId)).toMatchObject({
      Body: { stkCallback: { CallbackMetadata: { Item: expect.arrayContaining([{ Name: 'Balance' }, { Name: 'PhoneNumber', Value: 254708374149 }]) } } },
    });
  });

  it.each([
    ['success', SIMULATOR_PHONES.success, 0],
    ['any other phone', '254712345678', 0],
    ['cancelled', SIMULATOR_PHONES.cancelled, 1032],
    ['insufficient', SIMULATOR_PHONES.insufficient, 1],
    ['wrong PIN', SIMULATOR_PHONES.wrongPin, 2001],
    ['no answer', SIMULATOR_PHONES.noAnswer, 1037],
  ])('%s (%s): the callback and the query agree on the ResultCode', async (_name, phone, resultCode) => {
    const client = createDarajaClient(config(), { now: clock });
    const { checkoutRequestId } = await client.stkPush(push({ phone }));
    const callback = await callbackFor(checkoutRequestId);
    expect(callback?.resultCode).toBe(resultCode);
    expect(callback?.receipt === undefined).toBe(resultCode !== 0);
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({ state: 'final', resultCode, resultDesc: expect.any(String) });
  });

  it('a query before the customer answers is pending', async () => {
    const client = createDarajaClient(config(), { now: clock });
    const { checkoutRequestId } = await client.stkPush(push({ phone: SIMULATOR_PHONES.noAnswer }));
    expect(await client.stkQuery(checkoutRequestId)).toEqual({ state: 'pending' });
    expect(await settledQuery(client, checkoutRequestId)).toEqual({ state: 'final', resultCode: 1037, resultDesc: 'DS timeout user cannot be reached' });
  });

  it('a lost callback still settles through the query', async () => {
    const client = createDarajaClient(config(), { now: clock });
    const { checkoutRequestId } = await client.stkPush(push({ phone: SIMULATOR_PHONES.noCallback }));
    expect(await settledQuery(client, checkoutRequestId)).toEqual({ state: 'final', resultCode: 0, resultDesc: 'The service request is processed successfully.' });
    await sleep(100);
    expect(callbacks.has(checkoutRequestId)).toBe(false);
  });

  it('a query for an unknown CheckoutRequestID is refused', async () => {
    const client = createDarajaClient(config(), { now: clock });
    const error = await rejection(client.stkQuery('ws_CO_000'));
    expect(error).toMatchObject({ status: 400, errorCode: '400.002.02', message: expect.stringContaining('Bad Request - Invalid CheckoutRequestID') });
  });
});

describe('invalid requests', () => {
  it.each([
    [0],
    [-5],
    [12.5],
    [Number.NaN],
  ])('amount %d is refused before any HTTP', async (amountKes) => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const error = await rejection(createDarajaClient(config()).stkPush(push({ amountKes })));
    expect(error.status).toBe(0);
    expect(spy).not.toHaveBeenCalled();
  });

  const twoHours = () => new Date(Date.now() + 2 * 3_600_000);
  it.each<[string, Partial<DarajaConfig>, Partial<StkPushInput>, (() => Date)?]>([
    ['BusinessShortCode', { shortcode: '600000' }, {}],
    ['Timestamp', {}, {}, twoHours],
    ['Password', { passkey: 'not-the-passkey' }, {}],
    ['Amount', {}, { amountKes: 250_001 }],
    ['PartyA', {}, { phone: '0712345678' }],
    ['PartyA', {}, { phone: '254812345678' }],
    ['PartyB', { partyB: '600000' }, {}],
    ['CallBackURL', {}, { callbackUrl: 'https://kuku.example/api/payments/mpesa/callback/ abc' }],
    ['CallBackURL', {}, { callbackUrl: 'ftp://kuku.example/callback' }],
    ['CallBackURL', {}, { callbackUrl: 'not a url' }],
    ['AccountReference', {}, { accountReference: '' }],
    ['AccountReference', {}, { accountReference: 'KUKU-7F3K2Q-X' }],
    ['TransactionDesc', {}, { description: '' }],
    ['TransactionDesc', {}, { description: 'Kuku sub 2026!' }],
  ])('Invalid %s', async (field, configOverrides, inputOverrides, now) => {
    const client = createDarajaClient(config(configOverrides), { now: now ?? clock });
    const error = await rejection(client.stkPush(push(inputOverrides)));
    expect(error).toMatchObject({ status: 400, errorCode: '400.002.02' });
    expect(error.message).toContain(`Bad Request - Invalid ${field}`);
    expect(error.message).not.toContain(SIMULATOR_CREDENTIALS.passkey);
  });

  it('a PhoneNumber apart from a good PartyA is refused too', async () => {
    const basic = Buffer.from(`${SIMULATOR_CREDENTIALS.consumerKey}:${SIMULATOR_CREDENTIALS.consumerSecret}`).toString('base64');
    const auth = await fetch(`${baseUrl}/oauth/v1/generate?grant_type=client_credentials`, { headers: { Authorization: `Basic ${basic}` } });
    const { access_token: token } = (await auth.json()) as { access_token: string };
    const timestamp = darajaTimestamp(new Date());
    const res = await fetch(`${baseUrl}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        BusinessShortCode: '174379',
        Password: darajaPassword('174379', SIMULATOR_CREDENTIALS.passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 1,
        PartyA: SIMULATOR_PHONES.success,
        PartyB: '174379',
        PhoneNumber: '25470837414',
        CallBackURL: `${callbackBase}/callback`,
        AccountReference: 'KUKU',
        TransactionDesc: 'Kuku',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber', requestId: expect.any(String) });
  });

  it('an unknown Bearer gets 404.001.03', async () => {
    const res = await fetch(`${baseUrl}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { Authorization: 'Bearer nope', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
  });
});

describe('parseStkCallback (§1.5)', () => {
  it('reads the success example by item name', () => {
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: '19465-780693-1',
          CheckoutRequestID: 'ws_CO_27072017154747416',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1 },
              { Name: 'MpesaReceiptNumber', Value: 'LGR7OWQX0R' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20170727154800 },
              { Name: 'PhoneNumber', Value: 254721566839 },
            ],
          },
        },
      },
    };
    const expected = {
      merchantRequestId: '19465-780693-1',
      checkoutRequestId: 'ws_CO_27072017154747416',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amount: 1,
      receipt: 'LGR7OWQX0R',
      transactionDate: '20170727154800',
      phone: '254721566839',
    };
    expect(parseStkCallback(body)).toEqual(expected);
    // Order does not matter.
    const shuffled = structuredClone(body);
    shuffled.Body.stkCallback.CallbackMetadata.Item.reverse();
    expect(parseStkCallback(shuffled)).toEqual(expected);
  });

  it('reads the failure example, which has no metadata', () => {
    const body = JSON.parse(
      '{"Body":{"stkCallback":{"MerchantRequestID":"8555-67195-1","CheckoutRequestID":"ws_CO_27072017151044001","ResultCode":1032,"ResultDesc":"Request cancelled by user"}}}',
    ) as unknown;
    expect(parseStkCallback(body)).toEqual({
      merchantRequestId: '8555-67195-1',
      checkoutRequestId: 'ws_CO_27072017151044001',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
  });

  it.each([
    ['null', null],
    ['an empty object', {}],
    ['no stkCallback', { Body: {} }],
    ['a string ResultCode', { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: '0', ResultDesc: 'ok' } } }],
    ['a string', 'Body'],
  ])('gives null for %s', (_name, body) => {
    expect(parseStkCallback(body)).toBeNull();
  });
});
