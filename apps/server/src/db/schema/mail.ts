import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { farms, users } from './auth.js';

/**
 * Mail is written here in the same transaction as the change that causes it,
 * then delivered (SMTP, or the dev outbox); a failed send is retried with backoff until
 * `failed_at`. A sender claims a row (`claimed_until`, attempts + 1) and commits before it
 * calls the transport, so each mail goes once across processes (decision 076).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers ('List-Unsubscribe', 'List-Unsubscribe-Post' for a notice). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** A notice's mail: whose, which farm's and which kind (null for account mail). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    kind: text('kind'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a sender holds it; still set after it passed, the sender died mid-send. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last attempt failed, or a send was interrupted: never tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);
