import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PRICE_CENTS, subscriptionState, trialEndsAt } from './billing-rules.js';
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
