import {
  cardInitiatedSchema,
  initiateCardPaymentSchema,
  initiatePaymentSchema,
  listPaymentsQuerySchema,
  PAID_PERIOD_DAYS,
  paymentAnswerSchema,
  paymentPageSchema,
  paymentPlanSchema,
  paymentReferenceParamsSchema,
  requestWords,
} from '@kuku/domain';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalid, notFound } from '../../app-error.js';
import { signatureMatches, webhookEventSchema, webhookKindSchema } from '../../integrations/card/client.js';
import { CALLBACK_ACCEPTED, parseStkCallback } from '../../integrations/mpesa/callback.js';
import { principalOf } from '../../plugins/auth.js';
import { publicOrigin } from '../../public-origin.js';
import { scopeOf } from '../farm-scope.js';
import { checkPayment, freshPayment, startCardPayment, startMpesaPayment, type PaymentContext } from './payments.js';
import * as service from './service.js';

export interface BillingDeps {
  ctx: PaymentContext;
  cardSecretKey: string;
  tillNumber: string;
  supportUrl: string;
}

/** Provider bodies are small: a callback or webhook of more is not theirs. */
const CALLBACK_BODY_LIMIT = 16 * 1024;
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Where the card provider sends the browser back: PUBLIC_URL (required with cards in production), never the Host header. */
const cardCallbackUrl = (app: FastifyInstance, request: FastifyRequest) => `${publicOrigin(app, request) ?? ''}/paystack-callback`;

export async function billingRoutes(fastify: FastifyInstance, { ctx, cardSecretKey, tillNumber, supportUrl }: BillingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const payer = (request: FastifyRequest) => {
    const { farmId, userId, user } = principalOf(request);
    return { farmId, userId, email: user.email };
  };

  app.get('/payments/plan', { schema: { response: { 200: paymentPlanSchema } } }, async () => ({
    price_cents: ctx.priceCents,
    amount: ctx.priceCents / 100,
    paid_period_days: PAID_PERIOD_DAYS,
    till_number: tillNumber,
    support_url: supportUrl,
    mpesa: ctx.providers.mpesaMode,
    card: ctx.providers.cardMode,
  }));

  app.get('/payments', { schema: { querystring: listPaymentsQuerySchema, response: { 200: paymentPageSchema } } }, async (request) =>
    service.listPayments(db, scopeOf(request), request.query),
  );

  // docs/product.md §7: POST /payments/initiate {PhoneNumber, amount, reference}. Not an idempotency-key route:
  // the provider is called outside any transaction, and the reference itself makes a retry the same payment.
  app.post('/payments/initiate', { schema: { body: initiatePaymentSchema, response: { 201: paymentAnswerSchema } } }, async (request, reply) => {
    const row = await startMpesaPayment(ctx, payer(request), request.body);
    reply.status(201);
    return { payment: service.toPayment(row) };
  });

  app.get('/payments/status/:reference', { schema: { params: paymentReferenceParamsSchema, response: { 200: paymentAnswerSchema } } }, async (request) => {
    const row = await service.findPayment(db, principalOf(request).farmId, request.params.reference);
    return { payment: service.toPayment(await freshPayment(ctx, row)) };
  });

  app.post('/paystack/initiate', { schema: { body: initiateCardPaymentSchema, response: { 201: cardInitiatedSchema } } }, async (request, reply) => {
    const { row, authorizationUrl } = await startCardPayment(ctx, payer(request), request.body, cardCallbackUrl(app, request));
    reply.status(201);
    return { status: true, data: { authorization_url: authorizationUrl, reference: row.providerRequestId ?? row.reference }, payment: service.toPayment(row) };
  });

  app.get('/paystack/status/:reference', { schema: { params: paymentReferenceParamsSchema, response: { 200: paymentAnswerSchema } } }, async (request) => {
    const row = await service.findPayment(db, principalOf(request).farmId, request.params.reference);
    return { payment: service.toPayment(await freshPayment(ctx, row)) };
  });

  // Daraja's callback (docs/integrations.md §1.5, §1.8): unsigned, so the path holds a secret, and a
  // result is applied only as M-Pesa's own answer to our query confirms it.
  app.post(
    '/payments/mpesa/callback/:secret',
    { config: { public: true }, bodyLimit: CALLBACK_BODY_LIMIT, schema: { params: z.object({ secret: z.string().max(200) }) } },
    async (request) => {
      const allowed = app.config.billing.mpesa.callbackIps;
      // A second layer (docs/integrations.md §1.8): the client's address as the trusted proxy hops give it.
      if (allowed.length > 0 && !allowed.includes(request.ip)) {
        request.log.warn({ ip: request.ip }, 'an M-Pesa callback from an address not allowed');
        throw notFound(requestWords.noSuchPath('POST', '/api/payments/mpesa/callback'));
      }
      if (!sameSecret(request.params.secret, ctx.mpesaCallbackSecret)) throw notFound(requestWords.noSuchPath('POST', '/api/payments/mpesa/callback'));
      const callback = parseStkCallback(request.body);
      if (!callback) throw invalid('This is not an M-Pesa STK callback.');
      try {
        const row = await service.findByProviderId(db, 'mpesa', callback.checkoutRequestId);
        if (!row) {
          request.log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'an M-Pesa callback for no payment of ours');
        } else if (callback.resultCode === 0 && callback.amount !== row.amountCents / 100) {
          request.log.warn({ paymentId: row.id, amount: callback.amount }, 'an M-Pesa callback with another amount: not applied');
        } else if (row.status === 'initiated' || row.status === 'pending' || row.status === 'timeout') {
          await checkPayment(ctx, row, callback.resultCode === 0 ? callback.receipt : undefined);
        }
      } catch (error) {
        // The reconciliation job asks M-Pesa again: Daraja only needs to hear we have it.
        request.log.warn({ err: error, checkoutRequestId: callback.checkoutRequestId }, 'an M-Pesa callback could not be applied now');
      }
      return CALLBACK_ACCEPTED;
    },
  );

  // The card provider's webhook (docs/integrations.md §2.3): the signature covers the raw bytes, so this
  // scope keeps them; a signed event is still verified with the provider before it is applied.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/paystack/webhook', { config: { public: true }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || !signatureMatches(cardSecretKey, raw, request.headers['x-paystack-signature'])) {
        throw new AppError('unauthenticated', 'The webhook signature does not match.');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw invalid('The webhook body is not JSON.');
      }
      const kind = webhookKindSchema.safeParse(body);
      if (!kind.success) throw invalid('The webhook body is not a card provider event.');
      // Another kind of event (a transfer, a refund, a subscription) is not Kuku's to apply: taken
      // whatever its shape, as the provider sends again whatever it does not take.
      if (kind.data.event !== 'charge.success') return { received: true };
      const event = webhookEventSchema.safeParse(body);
      if (!event.success) throw invalid('The webhook body is not a card provider event.');
      try {
        const row = await service.findByProviderId(db, 'card', event.data.data.reference);
        if (row && (row.status === 'initiated' || row.status === 'pending' || row.status === 'timeout')) await checkPayment(ctx, row);
      } catch (error) {
        request.log.warn({ err: error, reference: event.data.data.reference }, 'a card webhook could not be applied now');
      }
      return { received: true };
    });
  });

}
