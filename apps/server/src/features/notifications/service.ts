import {
  clipText,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationRefusals as m,
  PUSH_SUBSCRIPTIONS_PER_USER,
  READ_NOTIFICATION_KEEP_DAYS,
  type Notification,
  type NotificationListQuery,
  type NotificationPage,
  type Language,
  type NotificationType,
  type NoticeKind,
} from '@kuku/domain';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { invalid, notFound } from '../../app-error.js';
import type { DbOrTx } from '../../db/client.js';
import { listPage } from '../../db/list-page.js';
import { farmMembers, notifications, pushSubscriptions, users } from '../../db/schema/index.js';
import { sqlCount } from '../../db/sql-number.js';
import type { PushSubscriptionJson } from '../../integrations/push/sender.js';
import { fanOut } from '../notices/fan-out.js';

type NotificationRow = typeof notifications.$inferSelect;

/** What a source tells; who hears it is its audience. */
export interface NotificationDraft {
  /** Its title and message in a language: each person is told in their own (decision 068). */
  say: (language: Language) => { title: string; message: string };
  type: NotificationType;
  /** Which of the user's notice preferences sends it by push, mail and SMS beside the app (decision 076). */
  kind: NoticeKind;
  /** The mail in a language, replacing the plain notice mail (the weekly summary). */
  mail?: (language: Language) => { subject: string; html: string; text: string };
  /** The text in a language, replacing the notice's own words. */
  sms?: (language: Language) => string;
  /** Not worth a text whatever the kind's choice: a vaccination a week ahead (its reminder the day before is). */
  noText?: boolean;
  link: string | null;
  /** What it is about (a payment, a vaccination's due day): told once per user, read or not. */
  sourceKey?: string;
  /** `owners`: money and the subscription (the owner pays); `members`: everyone on the farm; or one user of it. */
  audience: 'owners' | 'members' | { userId: number };
}

export interface StoredNotification {
  farmId: number;
  userId: number;
  /** The draft's kind: whether it is pushed is the user's choice for it (decision 076). */
  kind: NoticeKind;
  notification: Notification;
}

export function toNotification(row: NotificationRow): Notification {
  return { id: row.id, title: row.title, message: row.message, type: row.type, date: row.createdAt.toISOString(), read: row.readAt !== null, link: row.link };
}

const audienceFilter = (audience: NotificationDraft['audience']) =>
  audience === 'owners' ? eq(farmMembers.role, 'owner') : audience === 'members' ? undefined : eq(farmMembers.userId, audience.userId);

/**
 * Stores a draft for each user of its audience on the farm and answers the ones stored: a user
 * with an unread one of the same title and message (docs/product.md §4), or one of the same source, gets
 * nothing new. In the same transaction, each one stored gets its mail and SMS as the user chose for
 * the draft's kind (features/notices/fan-out.ts, decision 076); `now` decides quiet hours and the cap's day.
 */
export async function storeNotification(db: DbOrTx, farmId: number, draft: NotificationDraft, now = new Date()): Promise<StoredNotification[]> {
  return db.transaction((tx) => storeAndFanOut(tx, farmId, draft, now));
}

async function storeAndFanOut(db: DbOrTx, farmId: number, draft: NotificationDraft, now: Date): Promise<StoredNotification[]> {
  const members = await db
    .select({ userId: farmMembers.userId, language: users.language })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    // An invited person who has not joined yet hears nothing until they do.
    .where(and(eq(farmMembers.farmId, farmId), isNotNull(farmMembers.joinedAt), audienceFilter(draft.audience)));
  if (members.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      members.map(({ userId, language }) => {
        const { title, message } = draft.say(language === 'sw' ? 'sw' : 'en');
        return {
        farmId,
        userId,
        title: clipText(title, NOTIFICATION_TITLE_MAX),
        message: clipText(message, NOTIFICATION_MESSAGE_MAX),
        type: draft.type,
        link: draft.link,
        sourceKey: draft.sourceKey ?? null,
        };
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (rows.length > 0) await fanOut(db, farmId, draft, rows.map((row) => row.userId), now);
  return rows.map((row) => ({ farmId, userId: row.userId, kind: draft.kind, notification: toNotification(row) }));
}

/** The user's unread notifications, newest first; `total` is the bell's count. */
export async function listUnread(db: DbOrTx, userId: number, query: NotificationListQuery): Promise<NotificationPage> {
  const order = [desc(notifications.createdAt), desc(notifications.id)];
  return listPage(
    db,
    query,
    {
      table: notifications,
      where: and(eq(notifications.userId, userId), isNull(notifications.readAt)),
      order,
      rows: (inPage, total) => db.select({ row: notifications, total }).from(notifications).where(inPage).orderBy(...order),
    },
    (r) => toNotification(r.row),
  );
}

/** Marks one of the user's own read (a dismiss is the same: read ones leave the lists). Another user's is not found. */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(m.notFound);
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Read ones are kept READ_NOTIFICATION_KEEP_DAYS, then go. */
export async function purgeRead(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(lt(notifications.readAt, sql`now() - make_interval(days => ${READ_NOTIFICATION_KEEP_DAYS})`))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Keeps a browser's subscription for the user. An endpoint is one browser: one another user of
 * this server had moves to this one (the same phone, a new login).
 */
export async function saveSubscription(db: DbOrTx, userId: number, subscription: PushSubscriptionJson): Promise<void> {
  const [others] = await db
    .select({ n: sqlCount() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, subscription.endpoint)));
  if ((others?.n ?? 0) >= PUSH_SUBSCRIPTIONS_PER_USER) throw invalid(m.tooManySubscriptions);
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: subscription.endpoint, subscription })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, subscription, createdAt: sql`now()` } });
}

export async function removeSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function subscriptionsOf(db: DbOrTx, userIds: number[]): Promise<{ userId: number; endpoint: string; subscription: unknown }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, subscription: pushSubscriptions.subscription })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
}

/** The push service said the browser is gone (404, 410). */
export async function forgetEndpoint(db: DbOrTx, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
