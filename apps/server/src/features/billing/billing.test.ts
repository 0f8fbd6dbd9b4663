import { addDays, amountFixedMessage, billingMessages as m, PAID_PERIOD_DAYS, type Payment, type PaymentPage, type User } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { farms, payments } from '../../db/schema/index.js';
import { paystackSignature } from '../../integrations/card/client.js';
import { SIMULATOR_PHONES } from '../../integrations/mpesa/simulator.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser } from '../../test/factories.js';

const CALLBACK_SECRET = 'a-callback-secret-of-at-least-32-characters';
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await createTestApp({ env: { MPESA_CALLBACK_SECRET: CALLBACK_SECRET } });
  // The simulators run in this app and call it back: it listens on a real port.
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

type Headers = Record<string, string>;
let seq = 0;
const reference = () => `TEST${Date.now() % 1_000_000}${++seq}`;

async function farmer(overrides: Parameters<typeof createUser>[1] = {}) {
  const owner = await createUser(app, overrides);
  return { ...owner, headers: bearer(await createSession(app, owner.user, owner.farm)) };
}

const initiate = (headers: Headers, payload: object) => app.inject({ method: 'POST', url: '/api/payments/initiate', headers, payload });

async function pay(headers: Headers, phone: string, ref = reference()): Promise<Payment> {
  const res = await initiate(headers, { PhoneNumber: phone, amount: 2500, reference: ref });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ payment: Payment }>().payment;
}

const status = async (headers: Headers, ref: string, path = 'payments') => {
  const res = await app.inject({ method: 'GET', url: `/api/${path}/status/${encodeURIComponent(ref)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payment: Payment }>().payment;
};

async function settledStatus(headers: Headers, ref: string, path = 'payments', timeoutMs = 5000): Promise<Payment> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const payment = await status(headers, ref, path);
    if (payment.status !== 'pending' && payment.status !== 'initiated') return payment;
    if (Date.now() > until) return payment;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const farmRow = async (id: number) => (await app.db.select().from(farms).where(eq(farms.id, id)))[0]!;
const paymentRow = async (id: number) => (await app.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const me = async (headers: Headers) => (await app.inject({ method: 'GET', url: '/api/auth/me', headers })).json<User>();

const callbackUrl = (secret = CALLBACK_SECRET) => `/api/payments/mpesa/callback/${secret}`;
const callbackBody = (checkoutRequestId: string, resultCode: number, amount = 2500, receipt = `R${Date.now().toString(36).toUpperCase()}${++seq}`) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
      ...(resultCode === 0
        ? {
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: amount },
                { Name: 'MpesaReceiptNumber', Value: receipt },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20261124120000 },
                { Name: 'PhoneNumber', Value: 254700000404 },
              ],
            },
          }
        : {}),
    },
  },
});
const postCallback = (body: object, secret?: string) => app.inject({ method: 'POST', url: callbackUrl(secret), payload: body });

/** The simulator settles a push after its callback delay; the no-callback phone is then final to a query. */
const settledAtProvider = () => new Promise((r) => setTimeout(r, 120));

describe('GET /api/payments/plan', () => {
  it('answers the price, the paid period, the till and the simulated providers', async () => {
    const { headers } = await farmer();
    const res = await app.inject({ method: 'GET', url: '/api/payments/plan', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price_cents: 250_000, amount: 2500, paid_period_days: 30, till_number: '174379', mpesa: 'simulator', card: 'simulator' });
  });
});

describe('M-Pesa STK push', () => {
  it('pays through the simulator: pending, then success with the receipt; the paid period starts at the trial’s end', async () => {
    const owner = await farmer({ phoneNumber: '254708374149' });
    const ref = reference();
    const started = await pay(owner.headers, '0708 374 149', ref);
    expect(started).toMatchObject({ status: 'pending', amount: 2500, amount_cents: 250_000, phone_number: '254708374149', reference: ref, method: 'mpesa' });
    expect(started.payment_id).toMatch(/^ws_CO_/);
    const done = await settledStatus(owner.headers, ref);
    expect(done).toMatchObject({ status: 'success', result_code: 0 });
    expect(done.mpesa_reference).toMatch(/^[A-Z0-9]{10}$/);
    const farm = await farmRow(owner.farm.id);
    expect(farm.paidUntil?.toISOString()).toBe(addDays(owner.farm.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
    expect(done.paid_until).toBe(farm.paidUntil?.toISOString());
    expect((await me(owner.headers)).payment_status).toBe('paid');
  });

  it('lifts the unpaid lock and a suspension: 30 days from now after a lapse', async () => {
    const registeredAt = addDays(new Date(), -60);
    const owner = await farmer({ registeredAt, suspendedAt: addDays(new Date(), -1) });
    expect(await me(owner.headers)).toMatchObject({ payment_status: 'unpaid', status: 'suspended' });
    const before = Date.now();
    const done = await settledStatus(owner.headers, (await pay(owner.headers, SIMULATOR_PHONES.success)).reference);
    expect(done.status).toBe('success');
    const farm = await farmRow(owner.farm.id);
    expect(farm.suspendedAt).toBeNull();
    const days = (farm.paidUntil!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(PAID_PERIOD_DAYS - 0.01);
    expect(days).toBeLessThan(PAID_PERIOD_DAYS + 0.01);
    expect(await me(owner.headers)).toMatchObject({ payment_status: 'paid', status: 'active', subscription: { status: 'active' } });
  });

  it.each([
    [SIMULATOR_PHONES.cancelled, 'cancelled', 1032],
    [SIMULATOR_PHONES.insufficient, 'failed', 1],
    [SIMULATOR_PHONES.wrongPin, 'failed', 2001],
    [SIMULATOR_PHONES.noAnswer, 'timeout', 1037],
  ] as const)('settles %s as %s (ResultCode %i) and extends nothing', async (phone, expected, code) => {
    const owner = await farmer();
    const done = await settledStatus(owner.headers, (await pay(owner.headers, phone)).reference, 'payments', 4000);
    expect(done).toMatchObject({ status: expected, result_code: code, mpesa_reference: null, paid_until: null });
    expect((await farmRow(owner.farm.id)).paidUntil).toBeNull();
  });

  it('settles a payment whose callback never comes by asking M-Pesa at the job’s first mark', async () => {
    const owner = await farmer();
    const started = await pay(owner.headers, SIMULATOR_PHONES.noCallback);
    await settledAtProvider();
    expect((await status(owner.headers, started.reference)).status).toBe('pending');
    await app.paymentJobs.sweep(new Date(Date.now() + 61_000));
    const done = await status(owner.headers, started.reference);
    expect(done).toMatchObject({ status: 'success', result_code: 0 });
    expect((await farmRow(owner.farm.id)).paidUntil).not.toBeNull();
  });

  it('times a payment out after the last mark while M-Pesa still says it is processing', async () => {
    const owner = await farmer();
    const started = await pay(owner.headers, SIMULATOR_PHONES.noAnswer);
    for (const seconds of [61, 121, 301]) await app.paymentJobs.sweep(new Date(Date.now() + seconds * 1000));
    const row = await paymentRow(started.id);
    expect(row.status).toBe('timeout');
    expect(row.checks).toBe(2);
  });

  it('answers the same waiting payment for the same reference, and refuses a settled one’s', async () => {
    const owner = await farmer();
    const ref = reference();
    const first = await pay(owner.headers, SIMULATOR_PHONES.noAnswer, ref);
    const again = await pay(owner.headers, SIMULATOR_PHONES.noAnswer, ref);
    expect(again.id).toBe(first.id);
    expect(again.payment_id).toBe(first.payment_id);
    const success = await pay(owner.headers, SIMULATOR_PHONES.success);
    await settledStatus(owner.headers, success.reference);
    const reused = await initiate(owner.headers, { PhoneNumber: SIMULATOR_PHONES.success, reference: success.reference });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().error.fields).toEqual({ reference: m.referenceUsed });
  });
});

describe('the M-Pesa callback', () => {
  it('applies a duplicate, replayed or late callback once', async () => {
    const owner = await farmer();
    const started = await pay(owner.headers, SIMULATOR_PHONES.noCallback);
    await settledAtProvider();
    const body = callbackBody(started.payment_id!, 0);
    for (let i = 0; i < 3; i++) {
      const res = await postCallback(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    const farm = await farmRow(owner.farm.id);
    expect(farm.paidUntil?.toISOString()).toBe(addDays(owner.farm.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
    expect((await status(owner.headers, started.reference)).mpesa_reference).toBe(body.Body.stkCallback.CallbackMetadata!.Item[1]!.Value);
  });

  it('applies 10 concurrent duplicate callbacks once', async () => {
    const owner = await farmer();
    const started = await pay(owner.headers, SIMULATOR_PHONES.noCallback);
    await settledAtProvider();
    const body = callbackBody(started.payment_id!, 0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCallback(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect((await farmRow(owner.farm.id)).paidUntil?.toISOString()).toBe(addDays(owner.farm.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
    expect((await paymentRow(started.id)).status).toBe('success');
  });

  it('applies a confirmed success that comes after the payment timed out, once', async () => {
    const owner = await farmer();
    const started = await pay(owner.headers, SIMULATOR_PHONES.noCallback);
    await settledAtProvider();
    await app.db.update(payments).set({ status: 'timeout' }).where(eq(payments.id, started.id));
    const body = callbackBody(started.payment_id!, 0);
    await postCallback(body);
    await postCallback(body);
    expect((await paymentRow(started.id)).status).toBe('success');
    expect((await farmRow(owner.farm.id)).paidUntil?.toISOString()).toBe(addDays(owner.farm.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
  });

  it('ignores forged callbacks: a wrong secret, an unknown id, another amount, a success M-Pesa does not confirm', async () => {
    const owner = await farmer();
    const waiting = await pay(owner.headers, SIMULATOR_PHONES.noAnswer);
    const wrongSecret = await postCallback(callbackBody(waiting.payment_id!, 0), 'x'.repeat(CALLBACK_SECRET.length));
    expect(wrongSecret.statusCode).toBe(404);
    expect((await postCallback(callbackBody('ws_CO_000000000000000000', 0))).statusCode).toBe(200);
    // M-Pesa still says the request is being processed: the claim of success is not applied.
    expect((await postCallback(callbackBody(waiting.payment_id!, 0))).statusCode).toBe(200);
    const settled = await pay(owner.headers, SIMULATOR_PHONES.noCallback);
    await settledAtProvider();
    expect((await postCallback(callbackBody(settled.payment_id!, 0, 1))).statusCode).toBe(200);
    expect((await paymentRow(waiting.id)).status).toBe('pending');
    expect((await paymentRow(settled.id)).status).toBe('pending');
    expect((await farmRow(owner.farm.id)).paidUntil).toBeNull();
  });

  it.each([
    ['malformed JSON', '{"Body":', 400],
    ['no Body.stkCallback', JSON.stringify({ Body: {} }), 400],
    ['a string ResultCode', JSON.stringify({ Body: { stkCallback: { MerchantRequestID: 'a', CheckoutRequestID: 'b', ResultCode: '0', ResultDesc: 'x' } } }), 400],
    ['1 MB', JSON.stringify({ Body: { stkCallback: { pad: 'x'.repeat(1024 * 1024) } } }), 413],
  ])('refuses %s and changes nothing', async (_name, payload, code) => {
    const before = await app.db.select().from(payments);
    const res = await app.inject({ method: 'POST', url: callbackUrl(), headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().error.code).toBeDefined();
    expect(await app.db.select().from(payments)).toEqual(before);
  });
});

describe('POST /api/payments/initiate: bad input', () => {
  it.each([
    [{ amount: 2500, reference: 'REF1' }, 'PhoneNumber', m.noPhoneProvided],
    [{ PhoneNumber: '', amount: 2500, reference: 'REF1' }, 'PhoneNumber', m.noPhoneProvided],
    [{ PhoneNumber: '12345', amount: 2500, reference: 'REF1' }, 'PhoneNumber', m.invalidMpesaPhone],
    [{ PhoneNumber: 'my phone', amount: 2500, reference: 'REF1' }, 'PhoneNumber', m.invalidMpesaPhone],
    [{ PhoneNumber: '0712345678', amount: 2, reference: 'REF1' }, 'amount', amountFixedMessage(250_000)],
    [{ PhoneNumber: '0712345678', amount: 2500 }, 'reference', m.referenceRequired],
    [{ PhoneNumber: '0712345678', amount: 2500, reference: '   ' }, 'reference', m.referenceRequired],
    [{ PhoneNumber: '0712345678', amount: 2500, reference: 'R'.repeat(200) }, 'reference', m.referenceTooLong],
    [{ PhoneNumber: '0712345678', amount: 2500, reference: 'two words' }, 'reference', m.referenceInvalid],
  ])('%j: %s says "%s" and nothing is written', async (payload, field, message) => {
    const owner = await farmer();
    const res = await initiate(owner.headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await app.db.select().from(payments).where(eq(payments.farmId, owner.farm.id))).toEqual([]);
  });

  it('takes the phone in any of the product’s spellings and normalises it', async () => {
    const owner = await farmer();
    const res = await initiate(owner.headers, { phone_number: '+254 (708) 374-149', reference: reference() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment.phone_number).toBe('254708374149');
  });
});

describe('reading payments', () => {
  it('lists the farm’s payments newest first, sorted, searched and paged; another farm’s are not there', async () => {
    const owner = await farmer();
    const other = await farmer();
    await pay(other.headers, SIMULATOR_PHONES.noAnswer, 'OTHERFARM1');
    const refs = ['ALPHA1', 'BRAVO2', 'CHARLIE3'];
    for (const ref of refs) await pay(owner.headers, SIMULATOR_PHONES.noAnswer, ref);
    const list = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/payments${query}`, headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PaymentPage>();
    };
    expect((await list('')).items.map((p) => p.reference)).toEqual([...refs].reverse());
    expect((await list('?sort=reference&order=asc')).items.map((p) => p.reference)).toEqual(refs);
    expect((await list('?q=bravo')).items.map((p) => p.reference)).toEqual(['BRAVO2']);
    expect((await list('?q=2500')).total).toBe(3);
    expect((await list('?q=otherfarm')).total).toBe(0);
    expect(await list('?pageSize=2&page=2')).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ reference: 'ALPHA1' }] });
  });

  it('answers 404 for another farm’s reference, and without a session 401', async () => {
    const owner = await farmer();
    const other = await farmer();
    const theirs = await pay(other.headers, SIMULATOR_PHONES.noAnswer);
    for (const ref of [theirs.reference, theirs.payment_id!]) {
      const res = await app.inject({ method: 'GET', url: `/api/payments/status/${ref}`, headers: owner.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.notFound);
    }
    expect((await app.inject({ method: 'GET', url: `/api/payments/status/${theirs.reference}` })).statusCode).toBe(401);
  });
});

describe('card payments', () => {
  // The browser's Host: the checkout page and the way back are on the origin it used.
  const initiateCard = async (headers: Headers, payload: object) =>
    app.inject({ method: 'POST', url: '/api/paystack/initiate', headers: { ...headers, host: new URL(base).host }, payload });

  async function checkout(headers: Headers) {
    const res = await initiateCard(headers, { email: 'farmer@example.com', amount: 250_000, reference: reference() });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ status: boolean; data: { authorization_url: string; reference: string }; payment: Payment }>();
    expect(body.status).toBe(true);
    expect(body.payment.status).toBe('pending');
    return body;
  }

  const act = (authorizationUrl: string, action: 'pay' | 'decline' | 'cancel') =>
    fetch(`${authorizationUrl}/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });

  it('pays on the simulated checkout page; the signed webhook applies it and the browser comes back to /paystack-callback', async () => {
    const owner = await farmer();
    const { data } = await checkout(owner.headers);
    expect(data.authorization_url.startsWith(`${base}/__sim/paystack/checkout/`)).toBe(true);
    const page = await fetch(data.authorization_url);
    expect(await page.text()).toContain('Pay');
    const back = await act(data.authorization_url, 'pay');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(location.pathname).toBe('/paystack-callback');
    expect(location.searchParams.get('reference')).toBe(data.reference);
    const done = await status(owner.headers, data.reference, 'paystack');
    expect(done).toMatchObject({ status: 'success', method: 'card' });
    expect((await farmRow(owner.farm.id)).paidUntil?.toISOString()).toBe(addDays(owner.farm.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
  });

  it('reads a declined card as failed when the browser comes back', async () => {
    const owner = await farmer();
    const { data } = await checkout(owner.headers);
    await act(data.authorization_url, 'decline');
    expect((await status(owner.headers, data.reference, 'paystack')).status).toBe('failed');
    expect((await farmRow(owner.farm.id)).paidUntil).toBeNull();
  });

  it('refuses a webhook without or with a wrong signature, applies a replayed one once, and a signed claim the provider denies not at all', async () => {
    const owner = await farmer();
    const { data } = await checkout(owner.headers);
    const event = JSON.stringify({ event: 'charge.success', data: { reference: data.reference, status: 'success', amount: 250_000, currency: 'KES' } });
    const send = (headers: Headers) => app.inject({ method: 'POST', url: '/api/paystack/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: event });
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ 'x-paystack-signature': paystackSignature('sk_test_wrong', event) })).statusCode).toBe(401);
    // Signed, but the provider says the checkout is still open: not applied.
    const signed = { 'x-paystack-signature': paystackSignature('sk_test_sim_kuku', event) };
    expect((await send(signed)).statusCode).toBe(200);
    expect((await paymentRow(data.reference ? (await status(owner.headers, data.reference, 'paystack')).id : 0)).status).toBe('pending');
    await act(data.authorization_url, 'pay');
    for (let i = 0; i < 3; i++) expect((await send(signed)).statusCode).toBe(200);
    expect((await farmRow(owner.farm.id)).paidUntil?.toISOString()).toBe(addDays(owner.farm.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
  });

  it('takes a signed event of another kind whatever its data, and changes nothing; refuses a signed charge it cannot read', async () => {
    const owner = await farmer();
    const { data } = await checkout(owner.headers);
    const send = (event: string) =>
      app.inject({
        method: 'POST',
        url: '/api/paystack/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature('sk_test_sim_kuku', event) },
        payload: event,
      });
    const transfer = await send(JSON.stringify({ event: 'transfer.success', data: { id: 77, recipient: { name: 'someone' } } }));
    expect(transfer.statusCode).toBe(200);
    expect(transfer.json()).toEqual({ received: true });
    const broken = await send(JSON.stringify({ event: 'charge.success', data: { reference: data.reference } }));
    expect(broken.statusCode).toBe(400);
    expect((await status(owner.headers, data.reference, 'paystack')).status).toBe('pending');
  });

  it('refuses an altered amount and a bad email', async () => {
    const owner = await farmer();
    const altered = await initiateCard(owner.headers, { email: 'farmer@example.com', amount: 200, reference: reference() });
    expect(altered.statusCode).toBe(400);
    expect(altered.json().error.fields.amount).toBe(amountFixedMessage(250_000));
    const badEmail = await initiateCard(owner.headers, { email: 'not an email', amount: 250_000, reference: reference() });
    expect(badEmail.statusCode).toBe(400);
    expect(await app.db.select().from(payments).where(eq(payments.farmId, owner.farm.id))).toEqual([]);
  });
});

describe('the M-Pesa callback behind an address allow-list', () => {
  it('refuses a callback from another address as an unknown path, and takes one from an allowed address', async () => {
    const listed = await createTestApp({ env: { MPESA_CALLBACK_SECRET: CALLBACK_SECRET, MPESA_CALLBACK_IPS: '196.201.214.200, 196.201.214.206' } });
    const send = (remoteAddress: string) =>
      listed.inject({ method: 'POST', url: callbackUrl(), remoteAddress, payload: callbackBody('ws_CO_000000000000000001', 1032) });
    const refused = await send('10.0.0.9');
    expect(refused.statusCode).toBe(404);
    const taken = await send('196.201.214.206');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  });
});
