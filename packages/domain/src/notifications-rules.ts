// Notifications, live updates and the installable app (docs/product.md §2 header bell, notification modal,
// dashboard block; §3 Notification; §4; §7 Real-time; §8 Sockets; §9): words and limits, no zod.

import { can, type Permission, type Role } from './common/roles.js';
import type { FarmChange } from './common/stale-after.js';
import { words, type Catalogues } from './common/words.js';

export const NOTIFICATION_TYPES = ['alert', 'info', 'warning', 'default'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** docs/product.md §2 Dashboard: the block shows the 3 most recent. */
export const RECENT_NOTIFICATIONS = 3;
export const NOTIFICATION_PAGE_SIZE = 20;
/** Read ones leave the lists (docs/product.md §4) and stay in the database this long. */
export const READ_NOTIFICATION_KEEP_DAYS = 90;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 500;
/** docs/product.md §9. */
export const SOCKET_RECONNECT_MS = 3000;
export const NOTIFICATION_POPUP_MS = 3000;
export const PUSH_ENDPOINT_MAX = 2048;
/** A user's browsers that may receive Web Push (docs/integrations.md §4: limit subscriptions per user). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** The daily job's hour, farm time (docs/design.md §6). */
export const DAILY_NOTIFICATION_HOUR = 6;

/** Socket close codes (RFC 6455 private range): the client reads them to stop or retry. */
export const SOCKET_CLOSE = {
  /** No token, a junk or a revoked one: log in again, do not retry. */
  unauthorized: 4401,
  /** The session expired. */
  expired: 4402,
  /** The client sent something a socket does not take. */
  unexpected: 4400,
  /** The session has SOCKETS_PER_SESSION open already: the client tries again after its wait. */
  tooMany: 4429,
} as const;

/** Sockets one session may hold open in a server process (decision 049): a phone's and a few tabs' worth. */
export const SOCKETS_PER_SESSION = 10;

/**
 * Who hears each kind of live-update message (decision 049): those with the permission that
 * reads what it is about. A worker has no money screens, so hears nothing of sales, expenses,
 * budgets, finance, reports or payments; a payment's message tells the roles that see money,
 * since the subscription's state on their screens follows it.
 */
export const LIVE_UPDATE_PERMISSIONS = {
  flock: 'flocks.read',
  vaccination: 'vaccinations.read',
  egg_production: 'eggs.read',
  inventory: 'inventory.read',
  feed: 'inventory.read',
  sale: 'sales.read',
  expense: 'expenses.read',
  budget: 'expenses.read',
  financial: 'finance.read',
  report: 'reports.read',
  payment: 'finance.read',
  stock_count: 'counts.read',
  // Addressed to one user (or, resync, to every socket): their own.
  notification: 'account',
  member: 'account',
  resync: 'account',
} as const satisfies Record<FarmChange | 'notification' | 'resync', Permission>;
export type LiveUpdateType = keyof typeof LIVE_UPDATE_PERMISSIONS;

export function hearsLiveUpdate(role: Role, type: LiveUpdateType): boolean {
  return can(role, LIVE_UPDATE_PERMISSIONS[type]);
}

export const notificationMessages = words(
  'notifications',
  {
    title: 'Notifications',
    empty: 'No new notifications',
    markAllRead: 'Mark All as Read',
    close: 'Close',
    dismiss: (title: string) => `Dismiss ${title}`,
    bell: 'Notifications',
    bellUnread: (count: number) => `Notifications, ${count} unread`,
    // docs/product.md §8 Sockets.
    socketError: 'WebSocket error occurred.',
  },
  { sw: () => import('./sw/notifications-rules.js') as Promise<Catalogues> },
);


/** Longer text than a notification holds is cut with an ellipsis rather than refused: the source is Kuku itself. */
export function clipText(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
