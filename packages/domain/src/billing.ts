import { addDays } from './common/dates.js';
import type { Cents } from './common/money.js';

/** DESIGN §6: a 30-day trial, then a paid month at KES 2,500 (SPEC §9: shown as Ksh 2,500). */
export const TRIAL_DAYS = 30;
export const SUBSCRIPTION_PRICE_CENTS: Cents = 250_000;
export const RENEWAL_NOTICE_DAYS = 5;
export const GRACE_DAYS = 7;

export type PaymentStatus = 'trial' | 'paid' | 'unpaid';
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'suspended';

export interface SubscriptionFacts {
  trialStartedAt: Date;
  trialEndsAt: Date;
  paidUntil: Date | null;
  /** Set when an operator suspended the account. */
  suspendedAt: Date | null;
}

export interface SubscriptionState {
  is_trial_active: boolean;
  payment_status: PaymentStatus;
  needs_subscription_renewal: boolean;
  status: SubscriptionStatus;
  /** When the current period (trial or paid) ends. */
  period_ends_at: Date;
}

export function trialEndsAt(registeredAt: Date): Date {
  return addDays(registeredAt, TRIAL_DAYS);
}

/**
 * The subscription as the user sees it at `now`: trial, paid, unpaid after
 * the period ends, suspended after a lapse of more than GRACE_DAYS or by an
 * operator.
 */
export function subscriptionState(facts: SubscriptionFacts, now: Date): SubscriptionState {
  const isTrialActive = now < facts.trialEndsAt;
  const periodEndsAt =
    facts.paidUntil && facts.paidUntil > facts.trialEndsAt ? facts.paidUntil : facts.trialEndsAt;
  const isPaid = facts.paidUntil !== null && now < facts.paidUntil;
  const lapsed = now > addDays(periodEndsAt, GRACE_DAYS);

  let status: SubscriptionStatus;
  if (facts.suspendedAt || lapsed) status = 'suspended';
  else if (isPaid) status = 'active';
  else if (isTrialActive) status = 'trialing';
  else status = 'past_due';

  return {
    is_trial_active: isTrialActive,
    payment_status: isPaid ? 'paid' : isTrialActive ? 'trial' : 'unpaid',
    needs_subscription_renewal:
      !isTrialActive && facts.paidUntil !== null && now >= addDays(facts.paidUntil, -RENEWAL_NOTICE_DAYS),
    status,
    period_ends_at: periodEndsAt,
  };
}
