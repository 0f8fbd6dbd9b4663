/**
 * A local Paystack (docs/integrations.md §2.5) for development and tests: the three endpoints Kuku
 * calls, with Paystack's field names and errors, and a hosted checkout page whose buttons
 * settle the payment, send the signed webhook and send the browser back like Paystack does.
 * State is in memory, one per registration. Never register it in production.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { paystackSignature } from './client.js';
import { escapeHtml } from '../../html.js';

/** The simulator's key: a `sk_test_` key, so it can never pass for a live one. */
export const SIMULATOR_SECRET_KEY = 'sk_test_sim_kuku';

/** Where the app mounts the simulator (the page's links follow the actual prefix). */
export const SIMULATOR_PREFIX = '/__sim/paystack';

export interface PaystackSimulatorOptions {
  secretKey: string;
  /** Where to POST the signed webhook, read at send time (the app's port is known only once it listens). */
  webhookUrl: () => string;
}

type SimulatedStatus = 'abandoned' | 'success' | 'failed';

interface Transaction {
  id: number;
  accessCode: string;
  reference: string;
  email: string;
  amount: number;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  customerCode: string;
  createdAt: string;
  status: SimulatedStatus;
  gatewayResponse: string;
  paidAt: string | null;
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

// Paystack's own wording where it is known; the client only passes `message` on.
const initializeBodySchema = z.object({
  email: z.email({ error: 'Invalid Email Address Passed' }),
  // Paystack takes the amount as a number or a string of digits, in subunits.
  amount: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: 'Invalid Amount Sent' }).refine(
    (amount) => Number.isSafeInteger(amount) && amount > 0,
    { error: 'Invalid Amount Sent' },
  ),
  // A Kenyan integration defaults to KES and supports nothing else Kuku sells in.
  currency: z.literal('KES', { error: 'Currency not supported by merchant' }).default('KES'),
  reference: z.string({ error: 'Invalid transaction reference' }).regex(/^[A-Za-z0-9.=-]+$/, {
    error: 'Invalid transaction reference: only -, ., = and alphanumeric characters are allowed',
  }),
  callback_url: z.string({ error: 'Invalid callback_url' }).refine(isHttpUrl, { error: 'Invalid callback_url' }),
  channels: z.array(z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const ACTIONS = ['pay', 'decline', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

const kes = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' });

/** Paystack's `data` for verify, and for the webhook under `{ event, data }`. */
function transactionData(t: Transaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: 'KES',
    gateway_response: t.gatewayResponse,
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: 'card',
    customer: { email: t.email, customer_code: t.customerCode },
    metadata: t.metadata,
    requested_amount: t.amount,
  };
}

/** Where Paystack sends the browser back: the callback with `trxref` and `reference`. */
function returnUrl(t: Transaction): string {
  const url = new URL(t.callbackUrl);
  url.searchParams.set('trxref', t.reference);
  url.searchParams.set('reference', t.reference);
  return url.href;
}

// Inline <style> is allowed by the app's CSP (style-src 'unsafe-inline'); scripts are not, and none are used.
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
.test-mode{background:#fff3cd;border:1px solid #b58a00;padding:.5rem .75rem;border-radius:.25rem}
.actions{display:flex;gap:.5rem;flex-wrap:wrap}
button{font:inherit;padding:.5rem 1rem;cursor:pointer}
</style>
</head>
<body>
<main>
<p class="test-mode" role="note"><strong>Test mode — no money moves.</strong> This is Kuku's local Paystack simulator.</p>
${body}
</main>
</body>
</html>
`;
}

function checkoutPage(t: Transaction, prefix: string): string {
  const summary = `<h1>Kuku test checkout</h1>
<dl>
<dt>Amount</dt><dd>${escapeHtml(kes.format(t.amount / 100))}</dd>
<dt>Email</dt><dd>${escapeHtml(t.email)}</dd>
<dt>Reference</dt><dd>${escapeHtml(t.reference)}</dd>
</dl>`;
  if (t.status !== 'abandoned') {
    return page(
      'Kuku test checkout',
      `${summary}
<p role="status">This payment is already settled: ${escapeHtml(t.status)}.</p>
<p><a href="${escapeHtml(returnUrl(t))}">Back to Kuku</a></p>`,
    );
  }
  const action = (name: Action, label: string) =>
    `<form method="post" action="${escapeHtml(`${prefix}/checkout/${encodeURIComponent(t.accessCode)}/${name}`)}"><button type="submit">${label}</button></form>`;
  return page(
    'Kuku test checkout',
    `${summary}
<div class="actions">
${action('pay', 'Pay')}
${action('decline', 'Decline')}
${action('cancel', 'Cancel')}
</div>`,
  );
}

const notFoundPage = () =>
  page('Kuku test checkout', '<h1>Kuku test checkout</h1>\n<p>This checkout link is unknown or has expired.</p>');

export const paystackSimulator: FastifyPluginAsync<PaystackSimulatorOptions> = async (app, options) => {
  const byReference = new Map<string, Transaction>();
  const byAccessCode = new Map<string, Transaction>();
  let nextId = 1;
  // Where this registration is mounted (SIMULATOR_PREFIX in the app), for the page's links.
  const prefix = app.prefix;

  // The checkout buttons post an (empty) HTML form; only this scope reads that encoding.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const authorized = (header: string | undefined) => header === `Bearer ${options.secretKey}`;
  const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ status: false, message });
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  app.post('/transaction/initialize', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return refuse(reply, 401, 'Invalid key');
    const parsed = initializeBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return refuse(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const body = parsed.data;
    if (byReference.has(body.reference)) return refuse(reply, 400, 'Duplicate Transaction Reference');
    const transaction: Transaction = {
      id: nextId++,
      accessCode: randomBytes(8).toString('hex'),
      reference: body.reference,
      email: body.email,
      amount: body.amount,
      callbackUrl: body.callback_url,
      metadata: body.metadata ?? {},
      customerCode: `CUS_${randomBytes(8).toString('hex')}`,
      createdAt: new Date().toISOString(),
      // What Paystack answers before the customer acts (§2.2).
      status: 'abandoned',
      gatewayResponse: 'The transaction was not completed',
      paidAt: null,
    };
    byReference.set(transaction.reference, transaction);
    byAccessCode.set(transaction.accessCode, transaction);
    // On the callback's origin: the browser reaches the page on the same app that serves Kuku.
    const authorizationUrl = new URL(`${prefix}/checkout/${transaction.accessCode}`, body.callback_url).href;
    return {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: authorizationUrl, access_code: transaction.accessCode, reference: transaction.reference },
    };
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return refuse(reply, 401, 'Invalid key');
    const transaction = byReference.get(request.params.reference);
    if (!transaction) return refuse(reply, 404, 'Transaction reference not found');
    return { status: true, message: 'Verification successful', data: transactionData(transaction) };
  });

  app.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const transaction = byAccessCode.get(request.params.accessCode);
    return transaction ? html(reply, 200, checkoutPage(transaction, prefix)) : html(reply, 404, notFoundPage());
  });

  app.post<{ Params: { accessCode: string; action: string } }>('/checkout/:accessCode/:action', async (request, reply) => {
    const { accessCode, action } = request.params;
    const transaction = byAccessCode.get(accessCode);
    if (!transaction || !isAction(action)) return html(reply, 404, notFoundPage());
    // The first action wins; a second post (a double click, the back button) only goes back.
    if (transaction.status === 'abandoned') {
      if (action === 'pay') {
        transaction.status = 'success';
        transaction.gatewayResponse = 'Successful';
        transaction.paidAt = new Date().toISOString();
        await sendWebhook('charge.success', transaction);
      } else if (action === 'decline') {
        // Paystack sends no charge.success for a declined card, and Kuku listens for nothing else.
        transaction.status = 'failed';
        transaction.gatewayResponse = 'Declined';
      }
      // Cancel leaves it abandoned, as closing Paystack's page does.
    }
    return reply.redirect(returnUrl(transaction), 302);
  });

  /** Signed like Paystack's; awaited so the app has it before the browser returns, and its failure only logged. */
  async function sendWebhook(event: string, transaction: Transaction): Promise<void> {
    const rawBody = JSON.stringify({ event, data: transactionData(transaction) });
    const url = options.webhookUrl();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(options.secretKey, rawBody) },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok) app.log.warn({ url, status: response.status, reference: transaction.reference }, 'simulated Paystack webhook refused');
    } catch (error) {
      app.log.warn({ url, err: error, reference: transaction.reference }, 'simulated Paystack webhook not delivered');
    }
  }
};
