import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdByColumn, farmIdColumn } from './auth.js';

/** A message to support from the contact form (decision 033): kept, and mailed to SUPPORT_EMAIL. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    createdBy: createdByColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** Where it came from, for the per-address limit. */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_user_idx').on(t.createdBy, t.createdAt), index('contact_messages_ip_idx').on(t.ip, t.createdAt)],
);
