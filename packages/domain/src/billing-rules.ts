// Billing (docs/product.md §1, §2 Billing, §3 Payment, §4, §5 Payment, §8, §9; docs/design.md §6): words,
// constants and rules, no zod, so the shell's notices and the billing screen paint without the schemas.
import { renewalMessages } from './shell-words.js';
import { words, type Catalogues } from './common/words.js';
import { addDays } from './common/dates.js';
import { formatKesPrice, type Cents } from './common/money.js';
import { KENYAN_MOBILE_PATTERN, normalizePhone } from './phone-rules.js';

/** docs/design.md §6: a 30-day trial, then a paid month at KES 2,500 (docs/product.md §9: shown as Ksh 2,500). */
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

/** A successful payment buys this many days, from the later of now and the current period's end. */
export const PAID_PERIOD_DAYS = 30;

/** When the period a payment buys ends: 30 days past the later of `now` and the current period's end. */
export function extendedPaidUntil(facts: Pick<SubscriptionFacts, 'trialEndsAt' | 'paidUntil'>, now: Date): Date {
  const periodEnd = facts.paidUntil && facts.paidUntil > facts.trialEndsAt ? facts.paidUntil : facts.trialEndsAt;
  const from = periodEnd > now ? periodEnd : now;
  return addDays(from, PAID_PERIOD_DAYS);
}

/** docs/product.md §4: initiated and pending both mean still waiting; the rest are final. */
export const PAYMENT_STATUSES = ['initiated', 'pending', 'success', 'failed', 'cancelled', 'timeout'] as const;
export type PaymentState = (typeof PAYMENT_STATUSES)[number];
export const WAITING_PAYMENT_STATUSES: readonly PaymentState[] = ['initiated', 'pending'];
export const isWaiting = (status: PaymentState): boolean => WAITING_PAYMENT_STATUSES.includes(status);

export const PAYMENT_METHODS = ['mpesa', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentState, string> = words(
  'paymentStatuses',
  {
    initiated: 'Initiated',
    pending: 'Pending',
    success: 'Success',
    failed: 'Failed',
    cancelled: 'Cancelled',
    timeout: 'Timed out',
  },
  { sw: () => import('./sw/billing-rules.js') as Promise<Catalogues> },
);
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = words('paymentMethods', { mpesa: 'M-Pesa', card: 'Card' }, { sw: () => import('./sw/billing-rules.js') as Promise<Catalogues> });

/** docs/product.md §9: polling every 4 s for 60 s (the callback page: 30 s); the form resets 2 s after a finished payment. */
export const PAYMENT_POLL_MS = 4000;
export const PAYMENT_POLL_TIMEOUT_MS = 60_000;
export const CALLBACK_POLL_TIMEOUT_MS = 30_000;
export const PAYMENT_RESET_MS = 2000;
export const PAYMENT_PAGE_SIZE = 10;
/** A reference the farmer types: the card provider's alphabet, short enough for any statement. */
export const PAYMENT_REFERENCE_MAX = 40;
export const PAYMENT_REFERENCE_PATTERN = /^[A-Za-z0-9.=-]+$/;
/** M-Pesa shows at most 12 characters of the account reference in the PIN prompt. */
export const MPESA_ACCOUNT_REFERENCE_MAX = 12;
/** A phone M-Pesa can prompt: 2547XXXXXXXX or 2541XXXXXXXX. */
export const MPESA_PHONE_PATTERN = KENYAN_MOBILE_PATTERN;

export const billingMessages = words(
  'billing',
  {
    title: 'Billing & Payments',
    initiatePayment: 'Initiate Payment',
    noPhone: 'No phone number found',
    phoneNotAvailable: 'Phone number not available',
    payNow: 'Pay Now',
    processing: 'Processing...',
    payByCard: 'Pay by card',
    waiting: 'Waiting for Confirmation',
    waitingHint: 'Check your phone: M-Pesa asks for your PIN to pay {amount}. Enter it to finish.',
    succeeded: 'Payment Successful!',
    failedTitle: 'Payment Failed',
    done: 'Done',
    paidUntil: 'Your subscription is paid until {date}.',
    // The billing screen's first line: where the subscription stands.
    periodTrial: (days: number, date: string) => `Free trial: ${days} ${days === 1 ? 'day' : 'days'} left (ends ${date})`,
    periodPaid: (date: string) => `Paid until ${date}`,
    periodDue: (date: string) => `Unpaid since ${date}: pay to keep using Kuku`,
    periodSuspended: 'Suspended: pay to resume your subscription',
    retry: 'Retry',
    cancel: 'Cancel',
    history: 'Payment History',
    noPayments: 'No payments found.',
    // docs/product.md §5 and §8, in its words.
    noPhoneProvided: 'No phone number provided',
    emailRequired: 'User email is required to initiate payment',
    referenceRequired: 'Reference is required',
    referenceTooLong: `Reference must be at most ${PAYMENT_REFERENCE_MAX} characters.`,
    referenceInvalid: 'Use only letters, digits, - . or = in the reference.',
    referenceUsed: 'This reference was used for an earlier payment. Use a new one.',
    invalidMpesaPhone: 'Enter a Safaricom number M-Pesa can prompt, e.g. 0712 345 678.',
    amountFixed: 'The subscription costs {amount}; the amount cannot be changed.',
    couldNotFetch: 'Could not fetch payments',
    paymentFailed: 'Payment failed',
    pollingTimedOutOrPending: 'Payment polling timed out or still pending.',
    failedToInitiate: 'Failed to initiate payment',
    pollingTimedOut: 'Polling timed out',
    toastSuccess: 'Payment successful!',
    toastFailed: 'Payment failed.',
    toastError: 'Something went wrong.',
    toastTimeout: 'Payment timed out or status unknown.',
    notFound: 'Payment not found.',
    // The callback page (docs/product.md §2 Payment callback, §8).
    callbackTitle: 'Payment Status',
    verifying: 'Verifying your payment…',
    noReference: 'No payment reference found.',
    verificationTimedOut: 'Payment verification timed out.',
    errorChecking: 'Error checking payment status.',
    failedToVerify: 'Failed to verify payment.',
    goToDashboard: 'Go to Dashboard',
    tryPaymentAgain: 'Try Payment Again',
    tryAgain: 'Try Again',
    checkAgain: 'Check Again',
    // The shell's notices (docs/product.md §2, §4).
    ...renewalMessages,
    suspendedTitle: 'Subscription paused',
    suspendedText: 'Your subscription is paused. To resume it, pay {amount} to M-Pesa till number {till}, or pay now from your phone.',
    payNowToResume: 'Pay now',
    logout: 'Logout',
    supportChat: 'Chat with support',
    suspendedTextNoTill: 'Your subscription is paused. To resume it, pay {amount} now from your phone.',
    // The billing screen's labels and notes.
    phoneLabel: 'Phone Number',
    amountLabel: 'Amount',
    referenceLabel: 'Reference',
    changePhone: 'Change it in profile settings',
    addPhone: 'Add one in profile settings',
    mpesaOff: 'M-Pesa payments are not available right now.',
    cardRedirect: 'Pay by card opens the card payment page.',
    historyLoading: 'Loading payment history',
    searchPayments: 'Search payments',
    searchPlaceholder: 'Status, reference, phone, result, amount or date',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    close: 'Close',
    columns: {
      paymentId: 'Payment ID',
      amount: 'Amount (Ksh)',
      status: 'Status',
      mpesaReference: 'M-Pesa reference',
      phone: 'Phone',
      reference: 'Reference',
      result: 'Result',
      date: 'Date',
    },
    timedOutText: 'We did not hear back from M-Pesa in time. If money left your account, it will show in the history shortly.',
    pollFailed: (message: string) => `Polling failed: ${message}`,
    pollError: (message: string) => `Polling error: ${message}`,
    orderInvalid: 'Order must be asc or desc.',
    /** The farmer-facing reason for a final M-Pesa result code (docs/integrations.md §1.7). */
    resultHints: {
      1: 'Your M-Pesa balance was not enough. Top up M-Pesa and try again.',
      1032: 'The M-Pesa prompt was cancelled on the phone.',
      1037: 'The phone did not answer the M-Pesa prompt in time.',
      1019: 'The M-Pesa prompt expired before it was answered.',
      2001: 'The M-Pesa PIN was wrong.',
      1001: 'Another M-Pesa payment is in progress on this phone. Try again in a few minutes.',
    },
  },
  { sw: () => import('./sw/billing-rules.js') as Promise<Catalogues> },
);

export const pollingFailed = (message: string): string => billingMessages.pollFailed(message);
export const pollingError = (message: string): string => billingMessages.pollError(message);
export const amountFixedMessage = (priceCents: Cents): string => billingMessages.amountFixed.replace('{amount}', formatKesPrice(priceCents));

/** The farmer-facing reason for a final M-Pesa result code (docs/integrations.md §1.7), or null. */
export function resultHint(resultCode: number | null): string | null {
  const hints: Partial<Record<number, string>> = billingMessages.resultHints;
  return resultCode === null ? null : (hints[resultCode] ?? null);
}

/**
 * Kuku's status for a final M-Pesa ResultCode (docs/integrations.md §1.7): 0 paid; 1032 cancelled;
 * 1037 and 1019 timed out; 4999 still processing; any other code failed.
 */
export function mpesaResultStatus(resultCode: number): PaymentState {
  if (resultCode === 0) return 'success';
  if (resultCode === 1032) return 'cancelled';
  if (resultCode === 1037 || resultCode === 1019) return 'timeout';
  if (resultCode === 4999) return 'pending';
  return 'failed';
}

/** Kuku's status for a card provider's `data.status` (docs/integrations.md §2.2); abandoned waits until the check window closes. */
export function cardResultStatus(status: string): PaymentState {
  if (status === 'success') return 'success';
  if (status === 'failed') return 'failed';
  return 'pending';
}

/** The toast a finished payment shows (docs/product.md §8): a timeout or unknown result reads as timed out. */
export function paymentToast(status: PaymentState): string {
  if (status === 'success') return billingMessages.toastSuccess;
  if (status === 'failed' || status === 'cancelled') return billingMessages.toastFailed;
  return billingMessages.toastTimeout;
}

/** docs/product.md §5: the phone as M-Pesa wants it (non-digits removed, a leading 0 becomes 254, else 254 prefixed). */
export const mpesaPhone = normalizePhone;

/**
 * docs/product.md §3: the first 6 letters of the username upper-cased (USR without any), the user id
 * (000 without one), the timestamp's last 6 digits and a random 4-digit number.
 */
export function paymentReference(username: string | null | undefined, userId: number | null | undefined, now: number, random: () => number = Math.random): string {
  const letters = (username ?? '').replace(/[^A-Za-z]/g, '').slice(0, 6).toUpperCase() || 'USR';
  const id = userId ? String(userId) : '000';
  const stamp = String(now).slice(-6).padStart(6, '0');
  const four = String(1000 + Math.floor(random() * 9000));
  return `${letters}${id}${stamp}${four}`;
}

/** What the reference field says is wrong, or null. */
export function referenceProblem(reference: string): string | null {
  const trimmed = reference.trim();
  if (trimmed === '') return billingMessages.referenceRequired;
  if (trimmed.length > PAYMENT_REFERENCE_MAX) return billingMessages.referenceTooLong;
  if (!PAYMENT_REFERENCE_PATTERN.test(trimmed)) return billingMessages.referenceInvalid;
  return null;
}

/** How long before the trial or a paid period ends the farmer hears of it (docs/design.md §6 notifications). */
export const PERIOD_ENDING_NOTICE_DAYS = 5;

/**
 * The billing screen's first line: the trial's days left (whole days, rounded up), the month paid
 * until, or since when it is unpaid. `date` is the period's end as the farm reads it.
 */
export function subscriptionSummary(subscription: { status: 'trialing' | 'active' | 'past_due' | 'suspended'; period_ends_at: string }, now: Date, date: string): string {
  switch (subscription.status) {
    case 'trialing':
      return billingMessages.periodTrial(Math.max(0, Math.ceil((Date.parse(subscription.period_ends_at) - now.getTime()) / 86_400_000)), date);
    case 'active':
      return billingMessages.periodPaid(date);
    case 'past_due':
      return billingMessages.periodDue(date);
    case 'suspended':
      return billingMessages.periodSuspended;
  }
}

export type PeriodNotice = 'trialEnding' | 'trialEnded' | 'subscriptionEnding' | 'subscriptionEnded';

/**
 * What the daily job tells of the farm's subscription: its trial or paid month ends within
 * PERIOD_ENDING_NOTICE_DAYS, or ended and the grace days run (after them the suspended modal
 * speaks). Null otherwise.
 */
export function periodNotice(facts: SubscriptionFacts, now: Date): { kind: PeriodNotice; endsAt: Date } | null {
  if (facts.suspendedAt) return null;
  const endsAt = subscriptionState(facts, now).period_ends_at;
  const paid = facts.paidUntil !== null && facts.paidUntil > facts.trialEndsAt;
  if (endsAt > now && endsAt <= addDays(now, PERIOD_ENDING_NOTICE_DAYS)) return { kind: paid ? 'subscriptionEnding' : 'trialEnding', endsAt };
  if (endsAt <= now && now <= addDays(endsAt, GRACE_DAYS)) return { kind: paid ? 'subscriptionEnded' : 'trialEnded', endsAt };
  return null;
}
