import { describe, expect, it } from 'vitest';
import {
  amountFixedMessage,
  billingMessages,
  cardResultStatus,
  extendedPaidUntil,
  mpesaPhone,
  mpesaResultStatus,
  PAID_PERIOD_DAYS,
  paymentReference,
  paymentToast,
  referenceProblem,
  resultHint,
  SUBSCRIPTION_PRICE_CENTS,
  subscriptionState,
  trialEndsAt,
  subscriptionSummary,
} from './billing-rules.js';
import { addDays } from './common/dates.js';
import { formatKes } from './common/money.js';

const start = new Date('2026-01-01T08:00:00Z');
const facts = { trialStartedAt: start, trialEndsAt: trialEndsAt(start), paidUntil: null, suspendedAt: null };

describe('subscription state', () => {
  it('gives a 30-day trial from registration', () => {
    expect(trialEndsAt(start).toISOString()).toBe('2026-01-31T08:00:00.000Z');
    expect(subscriptionState(facts, addDays(start, 29))).toMatchObject({ is_trial_active: true, payment_status: 'trial', status: 'trialing' });
  });

  it('is unpaid after the trial, and suspended after 7 more days', () => {
    expect(subscriptionState(facts, addDays(start, 31))).toMatchObject({ is_trial_active: false, payment_status: 'unpaid', status: 'past_due' });
    expect(subscriptionState(facts, addDays(start, 38))).toMatchObject({ payment_status: 'unpaid', status: 'suspended' });
  });

  it('needs renewal from 5 days before a paid period ends', () => {
    const paid = { ...facts, paidUntil: addDays(start, 60) };
    expect(subscriptionState(paid, addDays(start, 54))).toMatchObject({ payment_status: 'paid', needs_subscription_renewal: false, status: 'active' });
    expect(subscriptionState(paid, addDays(start, 55))).toMatchObject({ payment_status: 'paid', needs_subscription_renewal: true });
  });

  it('is suspended by an operator whatever was paid', () => {
    expect(subscriptionState({ ...facts, suspendedAt: start }, addDays(start, 1)).status).toBe('suspended');
  });
});

describe('subscription price', () => {
  it('is KES 2,500 in cents', () => {
    expect(SUBSCRIPTION_PRICE_CENTS).toBe(250_000);
    expect(formatKes(SUBSCRIPTION_PRICE_CENTS)).toBe('Ksh\u00a02,500.00');
  });
});

describe('the paid period a payment buys', () => {
  it('starts at the trial’s end while the trial runs', () => {
    expect(extendedPaidUntil(facts, addDays(start, 10)).toISOString()).toBe(addDays(facts.trialEndsAt, PAID_PERIOD_DAYS).toISOString());
  });

  it('starts at the paid period’s end while it runs, so paying early loses nothing', () => {
    const paidUntil = addDays(start, 50);
    expect(extendedPaidUntil({ ...facts, paidUntil }, addDays(start, 48)).toISOString()).toBe(addDays(paidUntil, PAID_PERIOD_DAYS).toISOString());
  });

  it('starts now after a lapse', () => {
    const now = addDays(start, 90);
    expect(extendedPaidUntil({ ...facts, paidUntil: addDays(start, 60) }, now).toISOString()).toBe(addDays(now, PAID_PERIOD_DAYS).toISOString());
    expect(extendedPaidUntil(facts, now).toISOString()).toBe(addDays(now, PAID_PERIOD_DAYS).toISOString());
  });
});

describe('payment rules', () => {
  it('normalises a phone as docs/product.md §5 says', () => {
    expect(mpesaPhone('0712 345 678')).toBe('254712345678');
    expect(mpesaPhone('+254 (712) 345-678')).toBe('254712345678');
    expect(mpesaPhone('712345678')).toBe('254712345678');
    expect(mpesaPhone('254712345678')).toBe('254712345678');
  });

  it('makes a reference of 6 letters of the username, the user id, 6 digits of the time and 4 random digits', () => {
    expect(paymentReference('john_doe99', 42, 1_795_531_234_567, () => 0.5)).toBe('JOHNDO42234567' + '5500');
    expect(paymentReference('ab', 7, 1_000_000_000_123, () => 0)).toBe('AB7000123' + '1000');
    expect(paymentReference(null, null, 1_795_531_234_567, () => 0.9999)).toBe('USR000234567' + '9999');
    expect(paymentReference('12345', undefined, 5, () => 0)).toBe('USR000000005' + '1000');
    expect(referenceProblem(paymentReference('demo', 1, Date.now()))).toBeNull();
  });

  it('says what is wrong with a reference', () => {
    expect(referenceProblem('  ')).toBe(billingMessages.referenceRequired);
    expect(referenceProblem('R'.repeat(41))).toBe(billingMessages.referenceTooLong);
    expect(referenceProblem('two words')).toBe(billingMessages.referenceInvalid);
    expect(referenceProblem('KUKU-01.A=')).toBeNull();
  });

  it.each([
    [0, 'success'],
    [1, 'failed'],
    [1032, 'cancelled'],
    [1037, 'timeout'],
    [1019, 'timeout'],
    [2001, 'failed'],
    [1001, 'failed'],
    [4999, 'pending'],
    [123456, 'failed'],
  ] as const)('maps M-Pesa ResultCode %i to %s', (code, status) => {
    expect(mpesaResultStatus(code)).toBe(status);
  });

  it('maps the card provider’s statuses, waiting on the open ones', () => {
    expect(['success', 'failed', 'abandoned', 'ongoing', 'queued'].map(cardResultStatus)).toEqual(['success', 'failed', 'pending', 'pending', 'pending']);
  });

  it('toasts in the product’s words, a timeout or unknown as timed out', () => {
    expect(paymentToast('success')).toBe('Payment successful!');
    expect(paymentToast('cancelled')).toBe('Payment failed.');
    expect(paymentToast('timeout')).toBe('Payment timed out or status unknown.');
    expect(resultHint(1)).toMatch(/Top up M-Pesa/);
    expect(resultHint(0)).toBeNull();
  });

  it('shows the price in whole shillings', () => {
    expect(amountFixedMessage(SUBSCRIPTION_PRICE_CENTS).replace(/\s/g, ' ')).toBe('The subscription costs Ksh 2,500; the amount cannot be changed.');
  });
});

describe('the billing screen’s first line', () => {
  const now = new Date('2026-11-29T09:00:00Z');
  it('counts the trial’s days left, rounded up, and names its end', () => {
    expect(subscriptionSummary({ status: 'trialing', period_ends_at: '2026-12-28T08:00:00Z' }, now, '28 Dec 2026')).toBe('Free trial: 29 days left (ends 28 Dec 2026)');
    expect(subscriptionSummary({ status: 'trialing', period_ends_at: '2026-11-29T10:00:00Z' }, now, '29 Nov 2026')).toBe('Free trial: 1 day left (ends 29 Nov 2026)');
  });
  it('says until when the month is paid, since when it is unpaid, or that it is suspended', () => {
    expect(subscriptionSummary({ status: 'active', period_ends_at: '2027-01-23T08:00:00Z' }, now, '23 Jan 2027')).toBe('Paid until 23 Jan 2027');
    expect(subscriptionSummary({ status: 'past_due', period_ends_at: '2026-11-20T08:00:00Z' }, now, '20 Nov 2026')).toBe('Unpaid since 20 Nov 2026: pay to keep using Kuku');
    expect(subscriptionSummary({ status: 'suspended', period_ends_at: '2026-11-20T08:00:00Z' }, now, '20 Nov 2026')).toBe(billingMessages.periodSuspended);
  });
});
