import {
  amountFixedMessage,
  billingMessages as m,
  cardResultStatus,
  MPESA_ACCOUNT_REFERENCE_MAX,
  mpesaResultStatus,
  type InitiateCardPaymentInput,
  type InitiatePaymentInput,
  type PaymentMethod,
} from '@kuku/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import type { PaymentProviders } from './providers.js';
import { markNotStarted, markPending, scheduleCheck, settlePayment, startPayment, type Outcome, type PaymentRow } from './service.js';

/**
 * Moving money (decision 032): start a payment with its provider, and settle it from the
 * provider's own answer, whatever brought the news (a callback, a webhook, the status poll
 * or the reconciliation job). Every settlement goes through settlePayment's conditional
 * update, so it happens once.
 */

export interface PaymentContext {
  db: Db;
  providers: PaymentProviders;
  priceCents: number;
  /** The secret part of the M-Pesa callback's path (docs/integrations.md §1.8). */
  mpesaCallbackSecret: string;
  log: FastifyBaseLogger;
  /** Told of each payment this process settled (events, notifications). */
  onSettled: (row: PaymentRow) => void;
}

const SECOND = 1000;
/** When the job asks M-Pesa about a payment, counted from its start (docs/integrations.md §1.7); past the last it timed out. */
export const MPESA_CHECKS_MS = [60 * SECOND, 120 * SECOND, 300 * SECOND];
/** A card checkout may stay open longer: the provider answers `abandoned` until it closes (docs/integrations.md §2.2). */
export const CARD_CHECKS_MS = [60 * SECOND, 120 * SECOND, 300 * SECOND, 600 * SECOND, 1200 * SECOND, 1800 * SECOND];
/** A farmer's poll asks the provider itself once a payment has waited this long, at most this often. */
export const POLL_CHECK_AFTER_MS = 15 * SECOND;
export const POLL_CHECK_EVERY_MS = 5 * SECOND;
export const CARD_POLL_CHECK_EVERY_MS = 2 * SECOND;

const checksOf = (method: PaymentMethod) => (method === 'mpesa' ? MPESA_CHECKS_MS : CARD_CHECKS_MS);
const providerFailed = () => new AppError('provider_failed', m.failedToInitiate);

function checkAmount(sentCents: number | null | undefined, priceCents: number, field: string): void {
  if (sentCents !== undefined && sentCents !== null && sentCents !== priceCents) {
    const message = amountFixedMessage(priceCents);
    throw invalid(message, { [field]: message });
  }
}

async function settled(ctx: PaymentContext, id: number, outcome: Outcome): Promise<PaymentRow | null> {
  const row = await settlePayment(ctx.db, id, outcome);
  if (row) {
    ctx.log.info({ paymentId: row.id, method: row.method, status: row.status, resultCode: row.resultCode }, 'payment settled');
    ctx.onSettled(row);
  }
  return row;
}

export interface Payer {
  farmId: number;
  userId: number;
  email: string | null;
}

/** POST /api/payments/initiate: an STK push for the price, to the given phone. */
export async function startMpesaPayment(ctx: PaymentContext, payer: Payer, input: InitiatePaymentInput, now = new Date()): Promise<PaymentRow> {
  if (!payer.email) throw invalid(m.emailRequired);
  checkAmount(input.amount, ctx.priceCents, 'amount');
  const client = ctx.providers.mpesa();
  if (!client) throw providerFailed();
  const { row, existing } = await startPayment(ctx.db, {
    farmId: payer.farmId,
    userId: payer.userId,
    method: 'mpesa',
    reference: input.reference,
    amountCents: ctx.priceCents,
    phone: input.PhoneNumber,
    email: payer.email,
  });
  if (existing) return row;
  try {
    const accepted = await client.stkPush({
      amountKes: ctx.priceCents / 100,
      phone: input.PhoneNumber,
      accountReference: input.reference.slice(0, MPESA_ACCOUNT_REFERENCE_MAX),
      description: 'Kuku monthly',
      callbackUrl: ctx.providers.mpesaCallbackUrl(ctx.mpesaCallbackSecret),
    });
    return await markPending(ctx.db, row.id, { providerRequestId: accepted.checkoutRequestId, merchantRequestId: accepted.merchantRequestId }, new Date(now.getTime() + MPESA_CHECKS_MS[0]!));
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: row.id }, 'the M-Pesa push was refused');
    await markNotStarted(ctx.db, row.id, m.failedToInitiate);
    throw providerFailed();
  }
}

/** POST /api/paystack/initiate: a hosted checkout for the price; the browser goes to its URL. */
export async function startCardPayment(
  ctx: PaymentContext,
  payer: Payer,
  input: InitiateCardPaymentInput,
  callbackUrl: string,
  now = new Date(),
): Promise<{ row: PaymentRow; authorizationUrl: string }> {
  checkAmount(input.amount, ctx.priceCents, 'amount');
  const client = ctx.providers.card();
  if (!client) throw providerFailed();
  const { row } = await startPayment(ctx.db, {
    farmId: payer.farmId,
    userId: payer.userId,
    method: 'card',
    reference: input.reference,
    amountCents: ctx.priceCents,
    phone: null,
    email: input.email,
  });
  // The provider's references are global: the farm's id keeps two farms' references apart.
  const providerReference = row.providerRequestId ?? `KUKU-${payer.farmId}-${input.reference}`;
  try {
    const initialized = await client.initialize({
      email: input.email,
      amountCents: ctx.priceCents,
      reference: providerReference,
      callbackUrl,
      metadata: { farm_id: payer.farmId, user_id: payer.userId, payment_id: row.id, purpose: 'subscription' },
    });
    const pending = await markPending(ctx.db, row.id, { providerRequestId: providerReference }, new Date(now.getTime() + CARD_CHECKS_MS[0]!));
    return { row: pending, authorizationUrl: initialized.authorizationUrl };
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: row.id }, 'the card checkout was refused');
    await markNotStarted(ctx.db, row.id, m.failedToInitiate);
    throw providerFailed();
  }
}

/**
 * Asks the provider where a waiting payment stands, and settles it when the answer is final.
 * `receipt` is the M-Pesa receipt a callback brought (the query does not answer it).
 */
export async function checkPayment(ctx: PaymentContext, row: PaymentRow, receipt?: string | null): Promise<PaymentRow | null> {
  if (!row.providerRequestId) return null;
  if (row.method === 'mpesa') {
    const client = ctx.providers.mpesa();
    if (!client) return null;
    const answer = await client.stkQuery(row.providerRequestId);
    if (answer.state === 'pending') return null;
    const status = mpesaResultStatus(answer.resultCode);
    if (status === 'pending' || status === 'initiated') return null;
    return settled(ctx, row.id, { status, resultCode: answer.resultCode, resultDesc: answer.resultDesc, receipt: status === 'success' ? receipt : null });
  }
  const client = ctx.providers.card();
  if (!client) return null;
  const verified = await client.verify(row.providerRequestId);
  if (!verified) return null;
  const status = cardResultStatus(verified.status);
  if (status === 'success' && (verified.amountCents !== row.amountCents || verified.currency !== 'KES')) {
    ctx.log.warn({ paymentId: row.id, amount: verified.amountCents, currency: verified.currency }, 'a card payment does not match its amount: not applied');
    return null;
  }
  if (status !== 'success' && status !== 'failed') return null;
  return settled(ctx, row.id, { status, resultCode: null, resultDesc: verified.gatewayResponse ?? (status === 'success' ? 'Successful' : 'Declined') });
}

/**
 * The reconciliation job's turn for one payment: ask the provider; still waiting, ask again at
 * the next mark, or time it out after the last.
 */
export async function reconcilePayment(ctx: PaymentContext, row: PaymentRow, now = new Date()): Promise<void> {
  try {
    if (await checkPayment(ctx, row)) return;
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: row.id }, 'a payment check failed; asking again later');
  }
  const marks = checksOf(row.method);
  const checks = row.checks + 1;
  const next = marks[checks];
  if (next !== undefined) {
    await scheduleCheck(ctx.db, row.id, checks, new Date(row.createdAt.getTime() + next), now);
    return;
  }
  await settled(ctx, row.id, { status: 'timeout', resultCode: null, resultDesc: m.toastTimeout });
}

/** A farmer's poll: the row as it stands, asking the provider itself when the news is late. */
export async function freshPayment(ctx: PaymentContext, row: PaymentRow, now = new Date()): Promise<PaymentRow> {
  if (row.status !== 'initiated' && row.status !== 'pending') return row;
  const sinceCheck = row.checkedAt ? now.getTime() - row.checkedAt.getTime() : Infinity;
  // A card payment is asked about at once: the browser is back from the checkout, the webhook may not be.
  const due = row.method === 'card' ? sinceCheck >= CARD_POLL_CHECK_EVERY_MS : now.getTime() - row.createdAt.getTime() >= POLL_CHECK_AFTER_MS && sinceCheck >= POLL_CHECK_EVERY_MS;
  if (!due) return row;
  try {
    const settledRow = await checkPayment(ctx, row);
    if (settledRow) return settledRow;
    await scheduleCheck(ctx.db, row.id, row.checks, row.nextCheckAt, now);
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: row.id }, 'a payment check failed');
  }
  return row;
}
