// Notifications, live updates and the installable app (SPEC §2 header bell, notification modal,
// dashboard block; §3 Notification; §4; §7 Real-time; §8 Sockets; §9): words and limits, no zod.

import { GRACE_DAYS, subscriptionState, type SubscriptionFacts } from './billing-rules.js';
import { addDays } from './common/dates.js';
import { formatKesPrice, type Cents } from './common/money.js';
import { VACCINATION_WARNING_DAYS } from './vaccinations-rules.js';

export const NOTIFICATION_TYPES = ['alert', 'info', 'warning', 'default'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** SPEC §2 Dashboard: the block shows the 3 most recent. */
export const RECENT_NOTIFICATIONS = 3;
export const NOTIFICATION_PAGE_SIZE = 20;
/** Read ones leave the lists (SPEC §4) and stay in the database this long. */
export const READ_NOTIFICATION_KEEP_DAYS = 90;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 500;
/** SPEC §9. */
export const SOCKET_RECONNECT_MS = 3000;
export const NOTIFICATION_POPUP_MS = 3000;
export const PUSH_ENDPOINT_MAX = 2048;
/** A user's browsers that may receive Web Push (INTEGRATIONS §4: limit subscriptions per user). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** The daily job's hour, farm time (DESIGN §6). */
export const DAILY_NOTIFICATION_HOUR = 6;
/** How long before the trial or a paid period ends the farmer hears of it (DESIGN §6). */
export const PERIOD_ENDING_NOTICE_DAYS = 5;

/** Socket close codes (RFC 6455 private range): the client reads them to stop or retry. */
export const SOCKET_CLOSE = {
  /** No token, a junk or a revoked one: log in again, do not retry. */
  unauthorized: 4401,
  /** The session expired. */
  expired: 4402,
  /** The client sent something a socket does not take. */
  unexpected: 4400,
} as const;

export const notificationMessages = {
  title: 'Notifications',
  empty: 'No new notifications',
  markAllRead: 'Mark All as Read',
  close: 'Close',
  dismiss: (title: string) => `Dismiss ${title}`,
  bell: 'Notifications',
  bellUnread: (count: number) => `Notifications, ${count} unread`,
  // SPEC §8 Sockets.
  socketError: 'WebSocket error occurred.',
  notFound: 'Notification not found.',
  unauthorizedSocket: 'Log in to receive live updates.',
  expiredSocket: 'Token expired, please log in again',
  notASocket: 'This address is the live-updates socket: connect to it with a WebSocket.',
  unexpectedMessage: 'This connection only sends updates; it does not take messages.',
  pushEndpointInvalid: 'The push subscription endpoint must be an https address of a known push service.',
  /** A browser's push subscription as posted (SPEC §3, INTEGRATIONS §4). */
  push: {
    notObject: 'The push subscription must be the JSON the browser gives (endpoint and keys).',
    endpoint: 'The push endpoint must be an https:// address.',
    endpointTooLong: `The push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters.`,
    expirationTime: 'expirationTime must be a number or null.',
    keys: 'The push subscription has no keys (p256dh and auth).',
    p256dh: 'keys.p256dh must be the browser’s P-256 public key (65 bytes, base64url).',
    auth: 'keys.auth must be the browser’s 16-byte auth secret (base64url).',
  },
  pushUnavailable: 'Alerts on this phone are not available on this server.',
  tooManySubscriptions: `At most ${PUSH_SUBSCRIPTIONS_PER_USER} browsers can receive alerts; remove one first.`,
} as const;

/** The words of each notification Kuku sends (DESIGN §6 sources), in one place. */
export const notificationTexts = {
  vaccinationDue: (vaccine: string, flock: string, day: string) => ({
    title: 'Vaccination due',
    message: `${vaccine} for ${flock} is due on ${day}.`,
  }),
  vaccinationOverdue: (vaccine: string, flock: string, day: string) => ({
    title: 'Vaccination overdue',
    message: `${vaccine} for ${flock} was due on ${day}. Record it once it is done.`,
  }),
  lowStock: (item: string, warning: string) => ({ title: `Low stock: ${item}`, message: warning }),
  budgetExceeded: (text: string) => ({ title: 'Budget exceeded', message: text }),
  trialEnding: (day: string) => ({
    title: 'Your free trial ends soon',
    message: `Your free trial ends on ${day}. Pay for a month to keep using Kuku.`,
  }),
  trialEnded: (day: string) => ({
    title: 'Your free trial has ended',
    message: `Your free trial ended on ${day}. Pay for a month to keep your records coming.`,
  }),
  subscriptionEnding: (day: string) => ({
    title: 'Your subscription ends soon',
    message: `Your paid month ends on ${day}. Renew it to keep using Kuku.`,
  }),
  subscriptionEnded: (day: string) => ({
    title: 'Your subscription has ended',
    message: `Your paid month ended on ${day}. Renew it to keep using Kuku.`,
  }),
  paymentReceived: (amountCents: Cents, paidUntilDay: string, receipt: string | null) => ({
    title: 'Payment received',
    message: `${formatKesPrice(amountCents)} received${receipt ? ` (receipt ${receipt})` : ''}. Paid until ${paidUntilDay}.`,
  }),
  paymentNotCompleted: (amountCents: Cents, reason: string) => ({
    title: 'Payment not completed',
    message: `Your payment of ${formatKesPrice(amountCents)} did not go through. ${reason}`,
  }),
  reportReady: (name: string) => ({ title: 'Report ready', message: `${name} is ready to download.` }),
} as const;

/** Longer text than a notification holds is cut with an ellipsis rather than refused: the source is Kuku itself. */
export function clipText(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
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

/** An overdue vaccination older than this is not told again by the daily job (it is on the vaccinations screen). */
export const OVERDUE_VACCINATION_NOTICE_DAYS = 30;

/** The daily job's view of a pending vaccination: due within VACCINATION_WARNING_DAYS, or overdue. */
export function vaccinationNotice(date: Date, now: Date): 'due' | 'overdue' | null {
  if (date < addDays(now, -OVERDUE_VACCINATION_NOTICE_DAYS)) return null;
  if (date < now) return 'overdue';
  return date <= addDays(now, VACCINATION_WARNING_DAYS) ? 'due' : null;
}
