import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { farms } from './auth.js';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_messages_provider_message_id_idx').on(t.providerMessageId), index('sms_messages_farm_idx').on(t.farmId, t.createdAt)],
);
