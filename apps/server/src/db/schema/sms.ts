import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { farms, users } from './auth.js';

/**
 * Every text Kuku sends (decision 075): written before the gateway is called, then the gateway's
 * answer, then its delivery report (docs/integrations.md §8). `farm_id` is null for a text that
 * belongs to no farm.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'cascade' }),
    /** E.164, '+254712345678'. */
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** Africa's Talking's messageId; null until it answered, or when it refused the text. */
    providerMessageId: text('provider_message_id'),
    /** 'Pending' before the gateway answered, then its status, then the delivery report's. */
    status: text('status').notNull(),
    /** The gateway's per-recipient code at sending (101 Sent, 403 InvalidPhoneNumber…); null without an answer. */
    statusCode: integer('status_code'),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    failureReason: text('failure_reason'),
    /** A notice's text (decision 076): whose and which kind; null for another text. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind'),
    /** Not before: quiet hours hold a notice's text until 06:00 farm time. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a sender holds it ('Pending'); still 'Pending' after it passed, the sender died mid-send. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_messages_provider_message_id_idx').on(t.providerMessageId),
    index('sms_messages_farm_idx').on(t.farmId, t.createdAt),
    index('sms_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'Queued'`),
  ],
);
