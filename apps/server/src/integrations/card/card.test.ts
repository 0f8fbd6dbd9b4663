import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaystackClient, PaystackError, paystackSignature, signatureMatches, webhookEventSchema, type PaystackClient } from './client.js';
import { paystackSimulator, SIMULATOR_SECRET_KEY } from './simulator.js';

interface Received {
  rawBody: Buffer;
  signature: string | string[] | undefined;
}

/**
 * The real client against the simulator over loopback, and a second server standing in
 * for Kuku's webhook route: what the simulator signs is what the route will check.
 */
describe('card provider (Paystack) client and simulator', () => {
  let sim: FastifyInstance;
  let receiver: FastifyInstance;
  let simOrigin = '';
  let client: PaystackClient;
  const webhooks: Received[] = [];
  let counter = 0;
  // Unique per test, so the tests share the simulator but no state.
  const newReference = () => `KUKU-CARD-${Date.now()}-${++counter}`;
  const callbackUrl = () => `${simOrigin}/billing/callback?from=checkout`;
  const webhooksFor = (reference: string) =>
    webhooks.filter((w) => webhookEventSchema.parse(JSON.parse(w.rawBody.toString('utf8'))).data.reference === reference);

  const start = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  beforeAll(async () => {
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    receiver.post('/webhooks/paystack', async (request) => {
      if (Buffer.isBuffer(request.body)) webhooks.push({ rawBody: request.body, signature: request.headers['x-paystack-signature'] });
      return { ok: true };
    });
    const receiverOrigin = await start(receiver);

    sim = Fastify();
    await sim.register(paystackSimulator, {
      prefix: '/__sim/paystack',
      secretKey: SIMULATOR_SECRET_KEY,
      webhookUrl: () => `${receiverOrigin}/webhooks/paystack`,
    });
    simOrigin = await start(sim);
    client = createPaystackClient({ baseUrl: `${simOrigin}/__sim/paystack/`, secretKey: SIMULATOR_SECRET_KEY }, { timeoutMs: 2000 });
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  const initialize = (reference = newReference(), amountCents = 250_000) =>
    client.initialize({ email: 'farmer@example.com', amountCents, reference, callbackUrl: callbackUrl(), metadata: { user_id: '7', farm_id: 3 } });

  /** What a browser does with a checkout button: post the empty form, do not follow the redirect. */
  const press = (authorizationUrl: string, action: 'pay' | 'decline' | 'cancel') =>
    fetch(`${authorizationUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });

  it('answers an authorization URL on the callback origin, and verify says abandoned until the customer acts', async () => {
    const reference = newReference();
    const started = await initialize(reference);
    expect(started.reference).toBe(reference);
    expect(started.authorizationUrl).toBe(`${simOrigin}/__sim/paystack/checkout/${started.accessCode}`);
    await expect(client.verify(reference)).resolves.toMatchObject({ reference, status: 'abandoned', amountCents: 250_000, currency: 'KES', paidAt: null });
  });

  it('pays: success on verify, a 302 back with trxref and reference, and one signed charge.success webhook', async () => {
    const reference = newReference();
    const { authorizationUrl } = await initialize(reference);
    const res = await press(authorizationUrl, 'pay');
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${simOrigin}/billing/callback`);
    expect(Object.fromEntries(back.searchParams)).toEqual({ from: 'checkout', trxref: reference, reference });

    const verified = await client.verify(reference);
    expect(verified).toMatchObject({ reference, status: 'success', amountCents: 250_000, currency: 'KES', gatewayResponse: 'Successful', channel: 'card', email: 'farmer@example.com' });
    expect(Date.parse(verified?.paidAt ?? '')).not.toBeNaN();

    const [webhook, ...more] = webhooksFor(reference);
    expect(more).toHaveLength(0);
    if (!webhook) throw new Error('no webhook');
    expect(signatureMatches(SIMULATOR_SECRET_KEY, webhook.rawBody, webhook.signature)).toBe(true);
    const event = webhookEventSchema.parse(JSON.parse(webhook.rawBody.toString('utf8')));
    expect(event).toMatchObject({ event: 'charge.success', data: { reference, status: 'success', amount: 250_000, currency: 'KES', channel: 'card', customer: { email: 'farmer@example.com' } } });
    expect(JSON.parse(webhook.rawBody.toString('utf8'))).toMatchObject({ data: { domain: 'test', metadata: { user_id: '7', farm_id: 3 }, requested_amount: 250_000 } });

    // One changed byte, or another key, and the signature no longer holds.
    const tampered = Buffer.from(webhook.rawBody.toString('utf8').replace('250000', '250001'));
    expect(signatureMatches(SIMULATOR_SECRET_KEY, tampered, webhook.signature)).toBe(false);
    expect(signatureMatches('sk_test_other', webhook.rawBody, webhook.signature)).toBe(false);

    // The first action wins: a second press only goes back, with no new webhook.
    const again = await press(authorizationUrl, 'decline');
    expect(again.status).toBe(302);
    await expect(client.verify(reference)).resolves.toMatchObject({ status: 'success' });
    expect(webhooksFor(reference)).toHaveLength(1);
    const settled = await (await fetch(authorizationUrl)).text();
    expect(settled).toContain('already settled');
    expect(settled).not.toContain('<form');
  });

  it('declines: failed on verify, Declined, and no webhook', async () => {
    const reference = newReference();
    const { authorizationUrl } = await initialize(reference);
    const res = await press(authorizationUrl, 'decline');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('reference')).toBe(reference);
    await expect(client.verify(reference)).resolves.toMatchObject({ status: 'failed', gatewayResponse: 'Declined', paidAt: null });
    expect(webhooksFor(reference)).toHaveLength(0);
  });

  it('cancels: still abandoned, no webhook, and the page can still be paid', async () => {
    const reference = newReference();
    const { authorizationUrl } = await initialize(reference);
    // A button press with no body at all is accepted too.
    const res = await fetch(`${authorizationUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('trxref')).toBe(reference);
    await expect(client.verify(reference)).resolves.toMatchObject({ status: 'abandoned' });
    expect(webhooksFor(reference)).toHaveLength(0);
    expect(await (await fetch(authorizationUrl)).text()).toContain('<form');
  });

  it('refuses a wrong key with 401, without putting either key in the message', async () => {
    const wrong = createPaystackClient({ baseUrl: `${simOrigin}/__sim/paystack`, secretKey: 'sk_test_wrong_key' });
    const error = await wrong.initialize({ email: 'a@example.com', amountCents: 100, reference: newReference(), callbackUrl: callbackUrl(), metadata: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaystackError);
    expect(error).toMatchObject({ status: 401, message: expect.stringContaining('Invalid key') });
    expect(String(error)).not.toContain('sk_test_wrong_key');
    expect(String(error)).not.toContain(SIMULATOR_SECRET_KEY);
    await expect(wrong.verify('anything')).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a duplicate reference and bad input with 400 and Paystack\'s message', async () => {
    const reference = newReference();
    await initialize(reference);
    await expect(initialize(reference)).rejects.toMatchObject({ name: 'PaystackError', status: 400, message: expect.stringContaining('Duplicate Transaction Reference') });
    await expect(initialize('KUKU/CARD 1')).rejects.toMatchObject({ status: 400 });
    await expect(initialize(newReference(), 0)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Invalid Amount Sent') });
    await expect(initialize(newReference(), 12.5)).rejects.toMatchObject({ status: 400 });
    await expect(
      client.initialize({ email: 'not-an-email', amountCents: 100, reference: newReference(), callbackUrl: callbackUrl(), metadata: {} }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      client.initialize({ email: 'a@example.com', amountCents: 100, reference: newReference(), callbackUrl: 'javascript:alert(1)', metadata: {} }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('verifies an unknown reference as null, but a 404 that is not Paystack\'s as an error', async () => {
    await expect(client.verify('KUKU-CARD-never-made')).resolves.toBeNull();
    const misconfigured = createPaystackClient({ baseUrl: `${simOrigin}/nowhere`, secretKey: SIMULATOR_SECRET_KEY });
    await expect(misconfigured.verify('x')).rejects.toBeInstanceOf(PaystackError);
  });

  it('reports an unreachable provider as a PaystackError with status 0', async () => {
    const down = createPaystackClient({ baseUrl: 'http://127.0.0.1:1', secretKey: SIMULATOR_SECRET_KEY }, { timeoutMs: 1000 });
    await expect(down.verify('x')).rejects.toMatchObject({ name: 'PaystackError', status: 0 });
  });

  it('serves an accessible checkout page with the amount in KES, three buttons and every value escaped', async () => {
    const reference = newReference();
    const { authorizationUrl, accessCode } = await initialize(reference, 250_050);
    const res = await fetch(authorizationUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<title>Kuku test checkout</title>');
    expect(body).toMatch(/<h1>Kuku test checkout<\/h1>/);
    expect(body).toContain('Test mode — no money moves');
    expect(body).toContain(new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' }).format(2500.5));
    expect(body).toContain('farmer@example.com');
    expect(body).toContain(reference);
    for (const [action, label] of [['pay', 'Pay'], ['decline', 'Decline'], ['cancel', 'Cancel']]) {
      expect(body).toContain(`<form method="post" action="/__sim/paystack/checkout/${accessCode}/${action}"><button type="submit">${label}</button></form>`);
    }
    expect(body).not.toMatch(/<script/i);

    // An email may hold an apostrophe, which must not end an attribute or a tag.
    const quoted = await client.initialize({ email: "o'neil+farm@example.com", amountCents: 100, reference: newReference(), callbackUrl: callbackUrl(), metadata: {} });
    const quotedPage = await (await fetch(quoted.authorizationUrl)).text();
    expect(quotedPage).toContain('o&#39;neil+farm@example.com');
    expect(quotedPage).not.toContain("o'neil");
  });

  it('answers an unknown checkout code or action with a 404 page', async () => {
    const res = await fetch(`${simOrigin}/__sim/paystack/checkout/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('unknown');
    const { authorizationUrl } = await initialize();
    expect((await fetch(`${authorizationUrl}/refund`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
  });
});

describe('paystack signatures', () => {
  const body = Buffer.from('{"event":"charge.success","data":{}}');
  const good = paystackSignature('sk_test_example', body);

  it('is hex HMAC-SHA512 of the raw body with the secret key', () => {
    expect(paystackSignature('sk_test_example', '{"a":1}')).toBe(createHmac('sha512', 'sk_test_example').update('{"a":1}').digest('hex'));
    expect(good).toMatch(/^[0-9a-f]{128}$/);
    expect(signatureMatches('sk_test_example', body, good)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['short', good.slice(0, 64)],
    ['long', `${good}00`],
    ['not hex', 'z'.repeat(128)],
    ['garbage', 'sha512=nonsense'],
    ['repeated', [good, good]],
    ['another body', paystackSignature('sk_test_example', '{}')],
  ])('is false for a %s header', (_name, header) => {
    expect(signatureMatches('sk_test_example', body, header)).toBe(false);
  });
});
