import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@kuku/domain';
import { createdByColumn, farmIdColumn } from './auth.js';

/**
 * A subscription payment and its request to the provider (decision 032). The row is written
 * `initiated` before the provider is called, turns `pending` once the provider took the request,
 * and is settled once: success (it moved farms.paid_until to `paid_until`), failed, cancelled or
 * timeout. `next_check_at` is when the reconciliation job asks the provider next.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    farmId: farmIdColumn(),
    createdBy: createdByColumn(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The farmer's reference (docs/product.md §3), one payment each within the farm. */
    reference: text('reference').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('initiated'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    phone: text('phone'),
    email: text('email'),
    /** M-Pesa's CheckoutRequestID, or the reference the card provider knows the payment by. */
    providerRequestId: text('provider_request_id'),
    merchantRequestId: text('merchant_request_id'),
    mpesaReceipt: text('mpesa_receipt'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** When the provider was last asked, so a farmer's polling asks it at most every few seconds. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_farm_reference_idx').on(t.farmId, t.reference),
    uniqueIndex('payments_provider_request_idx').on(t.method, t.providerRequestId),
    uniqueIndex('payments_mpesa_receipt_idx').on(t.mpesaReceipt),
    index('payments_farm_created_idx').on(t.farmId, t.createdAt, t.id),
    index('payments_due_check_idx').on(t.nextCheckAt).where(sql`${t.status} in ('initiated', 'pending')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);
