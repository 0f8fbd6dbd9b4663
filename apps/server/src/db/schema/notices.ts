import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A user's choice of channels beside the app for one kind of notice (decision 076). A kind with no
 * row keeps DEFAULT_NOTICE_PREFERENCES; `kind` is one of NOTICE_KINDS.
 */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    push: boolean('push').notNull(),
    mail: boolean('mail').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
