import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { costCents, createAfricasTalkingClient, SmsError, type AfricasTalkingConfig } from './client.js';
import { sendSms, type SmsMessage } from './messages.js';
import { AT_SIMULATOR_PREFIX, SIMULATOR_NUMBERS, SIMULATOR_SMS_CREDENTIALS, smsSimulator } from './simulator.js';

/** The real client against the simulator on a real loopback port; delivery reports land on a second server. */
let sim: FastifyInstance;
let receiver: FastifyInstance;
let baseUrl = '';
const reports: Record<string, string>[] = [];

beforeAll(async () => {
  receiver = Fastify();
  receiver.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  receiver.post('/reports', async (request) => {
    reports.push(request.body as Record<string, string>);
    return {};
  });
  const receiverBase = await receiver.listen({ port: 0, host: '127.0.0.1' });
  sim = Fastify();
  await sim.register(smsSimulator, {
    ...SIMULATOR_SMS_CREDENTIALS,
    prefix: AT_SIMULATOR_PREFIX,
    deliveryReportUrl: () => `${receiverBase}/reports`,
    reportDelayMs: 20,
    slowMs: 1000,
  });
  baseUrl = `${await sim.listen({ port: 0, host: '127.0.0.1' })}${AT_SIMULATOR_PREFIX}`;
});

afterAll(async () => {
  // fetch keeps its connections alive; the close would wait them out.
  sim.server.closeAllConnections();
  await sim.close();
  receiver.server.closeAllConnections();
  await receiver.close();
});

const config = (overrides: Partial<AfricasTalkingConfig> = {}): AfricasTalkingConfig => ({ baseUrl, ...SIMULATOR_SMS_CREDENTIALS, ...overrides });
const until = async <T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 5000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('costCents: the gateway\'s cost text in whole cents, rounded up', () => {
  it.each([
    ['KES 0.8000', 80],
    ['KES 1.6000', 160],
    ['KES 0.8050', 81],
    ['KES 0.0001', 1],
    ['KES 12', 1200],
    ['0', 0],
    ['KES 0.0000', 0],
    ['USD 0.0100', 0],
    ['', 0],
  ])('%j → %i', (cost, cents) => {
    expect(costCents(cost)).toBe(cents);
  });
});

describe("the Africa's Talking client against the simulator", () => {
  it('sends a text: 101 Success, a message id, KES 0.80 a part, and then a Success delivery report', async () => {
    const [result] = await createAfricasTalkingClient(config()).send([SIMULATOR_NUMBERS.delivered], 'Chanjo ya Gumboro kesho.');
    expect(result).toMatchObject({ number: SIMULATOR_NUMBERS.delivered, status: 'Success', statusCode: 101, cost: 'KES 0.8000', costCents: 80 });
    expect(result?.messageId).toMatch(/^ATXid_[0-9a-f]{32}$/);
    const report = await until(() => reports.find((r) => r.id === result?.messageId), Boolean);
    expect(report).toEqual({ id: result?.messageId, status: 'Success', phoneNumber: SIMULATOR_NUMBERS.delivered, networkCode: '63902', retryCount: '0' });
  });

  it('charges each part: 161 GSM-7 characters are 2 parts', async () => {
    const [result] = await createAfricasTalkingClient(config()).send([SIMULATOR_NUMBERS.delivered], 'a'.repeat(161));
    expect(result).toMatchObject({ cost: 'KES 1.6000', costCents: 160 });
  });

  it('answers each recipient: an invalid number 403, an empty balance 405, without message id or cost', async () => {
    const results = await createAfricasTalkingClient(config()).send(
      [SIMULATOR_NUMBERS.delivered, SIMULATOR_NUMBERS.invalid, SIMULATOR_NUMBERS.insufficientBalance, '+255712345678'],
      'Habari',
    );
    expect(results.map((r) => [r.number, r.statusCode, r.status, r.messageId === null, r.costCents])).toEqual([
      [SIMULATOR_NUMBERS.delivered, 101, 'Success', false, 80],
      [SIMULATOR_NUMBERS.invalid, 403, 'InvalidPhoneNumber', true, 0],
      [SIMULATOR_NUMBERS.insufficientBalance, 405, 'InsufficientBalance', true, 0],
      ['+255712345678', 403, 'InvalidPhoneNumber', true, 0],
    ]);
  });

  it('a number ending 0999 is taken, then reported Failed with DeliveryFailure', async () => {
    const [result] = await createAfricasTalkingClient(config()).send([SIMULATOR_NUMBERS.undelivered], 'Habari');
    expect(result?.statusCode).toBe(101);
    const report = await until(() => reports.find((r) => r.id === result?.messageId), Boolean);
    expect(report).toMatchObject({ status: 'Failed', failureReason: 'DeliveryFailure' });
  });

  it.each([
    ['a wrong key', { apiKey: 'wrong' }, SIMULATOR_NUMBERS.delivered, 401],
    ['a wrong username', { username: 'kuku' }, SIMULATOR_NUMBERS.delivered, 401],
    ['a gateway answering 500', {}, SIMULATOR_NUMBERS.gatewayDown, 500],
    ['no gateway at all', { baseUrl: 'http://127.0.0.1:9/__sim/africastalking' }, SIMULATOR_NUMBERS.delivered, 0],
  ])('%s is an SmsError with the HTTP status, never the key', async (_what, overrides, number, status) => {
    const error = await createAfricasTalkingClient(config(overrides)).send([number], 'Habari').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as SmsError).status).toBe(status);
    expect((error as SmsError).message).not.toContain(SIMULATOR_SMS_CREDENTIALS.apiKey);
  });

  it('a gateway slower than the timeout is an SmsError with no answer', async () => {
    // A gateway that takes the request and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const error = await createAfricasTalkingClient(config({ baseUrl: `http://127.0.0.1:${port}` }), { timeoutMs: 100 })
        .send([SIMULATOR_NUMBERS.delivered], 'Habari')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsError);
      expect(error).toMatchObject({ status: 0, message: "Africa's Talking: no answer (TimeoutError)" });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('sends username, to, message and from form-encoded, with the apiKey and Accept headers', async () => {
    const seen: { headers: Record<string, unknown>; body: unknown }[] = [];
    const spy = Fastify();
    spy.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
    spy.post('/version1/messaging', async (request, reply) => {
      seen.push({ headers: request.headers, body: request.body });
      return reply.code(201).send({ SMSMessageData: { Message: 'Sent to 2/2 Total Cost: KES 1.6000', Recipients: [] } });
    });
    const spyBase = await spy.listen({ port: 0, host: '127.0.0.1' });
    try {
      await createAfricasTalkingClient({ baseUrl: `${spyBase}/`, username: 'kuku', apiKey: 'atsk_x', senderId: 'KUKU' }).send(['+254712345678', '+254110123456'], 'Mayai: 30 @ KES 15');
    } finally {
      await spy.close();
    }
    expect(seen[0]?.headers).toMatchObject({ apikey: 'atsk_x', accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(String(seen[0]?.body)))).toEqual({
      username: 'kuku',
      to: '+254712345678,+254110123456',
      message: 'Mayai: 30 @ KES 15',
      from: 'KUKU',
    });
  });
});

describe('sendSms through the app and its simulator (decision 075)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    // The simulator runs in this app and calls it back: it listens on a real port.
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  // fetch keeps its connections to the app alive; the close would wait them out.
  afterAll(() => app.server.closeAllConnections());

  const stored = async (id: number) => (await app.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];

  it('stores the text in E.164, records the answer, and the delivery report marks it Success', async () => {
    const { farm } = await createUser(app);
    const sent = await app.sms.send('0712 345 678', 'Chanjo ya Gumboro kesho.', farm.id);
    expect(sent).toMatchObject({ farmId: farm.id, to: '+254712345678', status: 'Success', statusCode: 101, costCents: 80, failureReason: null });
    expect(sent.providerMessageId).toMatch(/^ATXid_/);
    const delivered = await until(() => stored(sent.id), (row) => row?.updatedAt.getTime() !== sent.updatedAt.getTime());
    expect(delivered).toMatchObject({ status: 'Success', failureReason: null });
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox/sms' });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json()[0]).toMatchObject({ to: '+254712345678', body: 'Chanjo ya Gumboro kesho.', status: 'Success', statusCode: 101, costCents: 80 });
  });

  it('a text never delivered is Failed with the report\'s reason', async () => {
    const sent = await app.sms.send(SIMULATOR_NUMBERS.undelivered, 'Habari');
    expect(sent).toMatchObject({ farmId: null, status: 'Success', statusCode: 101 });
    const row = await until(() => stored(sent.id), (r) => r?.status === 'Failed');
    expect(row).toMatchObject({ status: 'Failed', failureReason: 'DeliveryFailure' });
  });

  it.each([
    [SIMULATOR_NUMBERS.invalid, 403, 'InvalidPhoneNumber'],
    [SIMULATOR_NUMBERS.insufficientBalance, 405, 'InsufficientBalance'],
  ])('a text to %s refused with %i is stored as refused, at no cost', async (number, statusCode, status) => {
    const sent = await app.sms.send(number, 'Habari');
    expect(sent).toMatchObject({ status, statusCode, providerMessageId: null, costCents: 0, failureReason: status });
  });

  it('a gateway answering 500 leaves a stored failure, not a throw', async () => {
    const sent = await app.sms.send(SIMULATOR_NUMBERS.gatewayDown, 'Habari');
    expect(sent).toMatchObject({ status: 'Failed', statusCode: null, providerMessageId: null, failureReason: "Africa's Talking: HTTP 500" });
  });

  it('a gateway that times out leaves a stored failure, not a throw', async () => {
    const provider = createAfricasTalkingClient(
      { baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${AT_SIMULATOR_PREFIX}`, ...SIMULATOR_SMS_CREDENTIALS },
      { timeoutMs: 100 },
    );
    const sent: SmsMessage = await sendSms({ ...app.sms.context, provider: () => provider }, SIMULATOR_NUMBERS.slow, 'Habari');
    expect(sent).toMatchObject({ status: 'Failed', failureReason: "Africa's Talking: no answer (TimeoutError)" });
    expect(await stored(sent.id)).toMatchObject({ status: 'Failed' });
  });

  it('with SMS off, the text is stored as a failure saying why', async () => {
    const sent = await sendSms({ ...app.sms.context, provider: () => null }, '0712345678', 'Habari');
    expect(sent).toMatchObject({ status: 'Failed', failureReason: 'SMS is off: set AT_USERNAME and AT_API_KEY' });
  });

  it.each([['0812 345 678'], ['+255712345678'], ['']])('%j is refused before anything is stored', async (to) => {
    const before = (await app.db.select().from(smsMessages)).length;
    await expect(app.sms.send(to, 'Habari')).rejects.toMatchObject({ code: 'validation', message: 'Enter a Kenyan mobile number, like 0712 345 678.' });
    expect((await app.db.select().from(smsMessages)).length).toBe(before);
  });
});
