import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { farmIdColumn } from './auth.js';

/**
 * Idempotency-Key answers (docs/design.md §5, plugins/idempotency.ts): one row per
 * farm and key, inserted `pending` before the handler runs so a concurrent
 * duplicate cannot run it twice, then holding the first 2xx answer for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    farmId: farmIdColumn(),
    key: text('key').notNull(),
    // sha256 of method, path and the canonical JSON body: the same key with another request is refused.
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['pending', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    // The serialized JSON answer, replayed byte for byte.
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
