import { billingMessages, calendarWords, instantDayText, notificationTexts, paymentToast, resultHint, type Language } from '@kuku/domain';
import { sayIn, wordsIn } from '@kuku/domain/words-in';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { farms, payments, reports } from '../../db/schema/index.js';
import { pushSubscriptionSchema, type PushSender } from '../../integrations/push/sender.js';
import type { FarmEvent, FarmEvents } from '../../plugins/events.js';
import { sayingsNow } from '../../plugins/language.js';
import { pushAllowed } from '../notices/service.js';
import { forgetEndpoint, storeNotification, subscriptionsOf, type NotificationDraft, type StoredNotification } from './service.js';

export interface Notifier {
  /** Stores the draft for its audience, then tells their sockets and browsers. */
  notify(farmId: number, draft: NotificationDraft): Promise<StoredNotification[]>;
  /** Makes the notification an event calls for, if any, in the background (docs/design.md §6 event-driven sources). */
  fromEvent(farmId: number, event: FarmEvent): void;
  /** Tells sockets and browsers of notifications a transaction stored, once it committed. */
  deliver(stored: StoredNotification[]): void;
  /** Waits for pushes under way (shutdown, tests). */
  settled(): Promise<void>;
}

export interface NotifierDeps {
  db: Db;
  events: FarmEvents;
  /** Null: Web Push is off (no keys could be made); sockets still hear. */
  push: PushSender | null;
  log: FastifyBaseLogger;
  /** Tells the mail and SMS senders that notices' mail and texts were committed (decision 076). */
  outboxes?: () => void;
}

export function createNotifier({ db, events, push, log, outboxes }: NotifierDeps): Notifier {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<unknown>, failure: string) => {
    const job: Promise<void> = work
      .then(() => {})
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => pending.delete(job));
    pending.add(job);
  };

  async function pushTo(stored: StoredNotification[]) {
    if (!push) return;
    // Pushed only where the user left push on for the notice's kind (decision 076).
    const pushed = await pushAllowed(db, stored);
    const byUser = new Map(stored.filter((s) => pushed.has(`${s.userId}:${s.kind}`)).map((s) => [s.userId, s.notification]));
    for (const row of await subscriptionsOf(db, [...byUser.keys()])) {
      const notification = byUser.get(row.userId);
      const subscription = pushSubscriptionSchema.safeParse(row.subscription);
      if (!notification || !subscription.success) continue;
      const outcome = await push.send(subscription.data, {
        title: notification.title,
        body: notification.message,
        url: notification.link ?? '/',
        tag: `kuku-${notification.id}`,
      });
      if (outcome === 'gone') await forgetEndpoint(db, row.endpoint);
      else if (outcome !== 'sent') log.warn({ outcome, userId: row.userId }, 'a push was not delivered');
    }
  }

  function deliver(stored: StoredNotification[]) {
    if (stored.length === 0) return;
    for (const { farmId, userId, notification } of stored) {
      events.publish(farmId, { type: 'notification', action: 'added', id: notification.id, userId, notification });
    }
    // Never inside the request that caused it (docs/integrations.md §4): a slow push service must not slow a save.
    track(pushTo(stored), 'pushing notifications failed');
    outboxes?.();
  }

  async function notify(farmId: number, draft: NotificationDraft) {
    const stored = await storeNotification(db, farmId, draft);
    deliver(stored);
    return stored;
  }

  return {
    notify,
    fromEvent(farmId, event) {
      if (event.type === 'notification') return;
      track(
        draftFromEvent(db, farmId, event).then((draft) => (draft ? notify(farmId, draft) : null)),
        'a notification was not made',
      );
    },
    deliver,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

const timeZoneOf = async (db: DbOrTx, farmId: number) =>
  (await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)))[0]?.timeZone ?? 'Africa/Nairobi';

/** The notifications' words and the months of a day in a recipient's language (decision 068). */
export const texts = (language: Language) => wordsIn(language, notificationTexts);
export const months = (language: Language) => wordsIn(language, calendarWords).shortMonths;

/**
 * The notification a change calls for (docs/design.md §6 sources told by events), or null: stock below
 * its reorder level, a budget exceeded, a report ready, a payment's result.
 */
export async function draftFromEvent(db: DbOrTx, farmId: number, event: FarmEvent): Promise<NotificationDraft | null> {
  if (event.type === 'inventory' && event.action === 'low_stock' && event.text) {
    const [item, warning, said] = [event.item_name ?? '', event.text, sayingsNow()];
    return { say: (l) => texts(l).lowStock(item, sayIn(l, warning, said)), type: 'warning', kind: 'lowStock', link: '/inventory', audience: 'members' };
  }
  if (event.type === 'budget' && event.action === 'exceeded' && event.text) {
    const [text, said] = [event.text, sayingsNow()];
    return {
      say: (l) => texts(l).budgetExceeded(sayIn(l, text, said)),
      type: 'alert',
      kind: 'budget',
      link: '/expenses',
      sourceKey: `budget_exceeded:${event.flock_id ?? 0}:${event.year ?? 0}-${event.month ?? 0}`,
      audience: 'owners',
    };
  }
  if (event.type === 'report' && event.action === 'updated') {
    const [report] = await db
      .select({ name: reports.name, state: reports.state, createdBy: reports.createdBy })
      .from(reports)
      .where(and(eq(reports.id, event.id), eq(reports.farmId, farmId)));
    if (report?.state !== 'ready') return null;
    return {
      say: (l) => texts(l).reportReady(report.name),
      type: 'info',
      kind: 'reports',
      link: '/reports',
      sourceKey: `report:${event.id}`,
      audience: report.createdBy === null ? 'owners' : { userId: report.createdBy },
    };
  }
  if (event.type === 'payment') {
    const [payment] = await db.select().from(payments).where(and(eq(payments.id, event.id), eq(payments.farmId, farmId)));
    if (!payment) return null;
    const base = { kind: 'payments', link: '/billing', sourceKey: `payment:${payment.id}`, audience: 'owners' } as const;
    if (payment.status === 'success') {
      const [paidUntil, timeZone] = [payment.paidUntil, await timeZoneOf(db, farmId)];
      const day = (l: Language) => (paidUntil ? instantDayText(paidUntil, timeZone, months(l)) : '');
      return { say: (l) => texts(l).paymentReceived(payment.amountCents, day(l), payment.mpesaReceipt), type: 'info', ...base };
    }
    if (payment.status === 'failed' || payment.status === 'cancelled') {
      const reason = resultHint(payment.resultCode) ?? (payment.status === 'cancelled' ? billingMessages.toastFailed : paymentToast(payment.status));
      return { say: (l) => texts(l).paymentNotCompleted(payment.amountCents, sayIn(l, reason)), type: 'alert', ...base };
    }
  }
  return null;
}
