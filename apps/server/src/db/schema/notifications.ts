import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '@kuku/domain';
import { farmIdColumn, farms, users } from './auth.js';

/**
 * A notification for one user (docs/product.md §3, docs/design.md §6). Read ones leave the lists and are kept
 * 90 days. `source_key` names what it is about (a vaccination's due date, a payment) so a
 * source tells it once; title and message are unique among a user's unread ones (docs/product.md §4).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('default'),
    link: text('link'),
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_unread_idx').on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_text_key').on(t.userId, sql`md5(${t.title} || chr(10) || ${t.message})`).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_source_key').on(t.userId, t.sourceKey).where(sql`${t.sourceKey} is not null`),
    index('notifications_read_idx').on(t.readAt).where(sql`${t.readAt} is not null`),
  ],
);

/** A browser that receives Web Push for a user (docs/product.md §3 Push subscription, docs/integrations.md §4). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's JSON as given: { endpoint, expirationTime, keys: { p256dh, auth } }. */
    subscription: jsonb('subscription').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The farm day the daily notifications last ran for a farm (docs/design.md §6): a process claims a farm's
 * day by moving it forward, so each farm is told once a day however many processes run.
 */
export const notificationRuns = pgTable('notification_runs', {
  farmId: integer('farm_id')
    .primaryKey()
    .references(() => farms.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
});
