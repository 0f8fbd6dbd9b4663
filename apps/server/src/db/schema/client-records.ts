import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { farmIdColumn } from './auth.js';

/**
 * Records a phone captured offline, by the id it gave them (plugins/idempotency.ts, decision 065):
 * claimed in the create's own transaction, then holding the record's id and the first answer,
 * kept for good. A replay of the id, whenever it comes, answers that record; once the record is
 * deleted the row stays, so the replay is refused instead of recording it again.
 */
export const clientRecords = pgTable(
  'client_records',
  {
    // Unique across farms: an id another farm used is refused, never matched.
    id: uuid('id').primaryKey(),
    farmId: farmIdColumn(),
    kind: text('kind').notNull(),
    // sha256 of method, path and the canonical JSON body, as for an Idempotency-Key.
    requestHash: text('request_hash').notNull(),
    recordId: integer('record_id'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    deviceId: text('device_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_records_farm_idx').on(t.farmId, t.kind, t.recordId)],
);
