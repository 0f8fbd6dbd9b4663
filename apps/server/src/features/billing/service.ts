import {
  billingMessages as m,
  centsToShillings,
  extendedPaidUntil,
  type ListPaymentsQuery,
  type Payment,
  type PaymentMethod,
  type PaymentPage,
  type PaymentSort,
  type PaymentState,
} from '@kuku/domain';
import { and, asc, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { farms, payments } from '../../db/schema/index.js';
import type { FarmScope } from '../farm-scope.js';

export type PaymentRow = typeof payments.$inferSelect;

/** Statuses a provider's answer may still move: waiting, and our own timeout (a late success is still money paid). */
const SETTLEABLE: PaymentState[] = ['initiated', 'pending', 'timeout'];
const WAITING: PaymentState[] = ['initiated', 'pending'];

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    payment_id: row.providerRequestId,
    reference: row.reference,
    method: row.method,
    status: row.status,
    amount: centsToShillings(row.amountCents),
    amount_cents: row.amountCents,
    mpesa_reference: row.mpesaReceipt,
    phone_number: row.phone,
    result_code: row.resultCode,
    result_description: row.resultDesc,
    paid_until: row.paidUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const sortColumns: Record<PaymentSort, PgColumn> = {
  date: payments.createdAt,
  payment_id: payments.providerRequestId,
  amount: payments.amountCents,
  status: payments.status,
  mpesa_reference: payments.mpesaReceipt,
  phone: payments.phone,
  reference: payments.reference,
  result: payments.resultDesc,
};

/** GET /api/payments: a farm has a payment a month, so the search reads every text the history shows. */
export async function listPayments(db: Db, scope: FarmScope, query: ListPaymentsQuery): Promise<PaymentPage> {
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(payments.farmId, scope.farmId)];
  if (pattern) {
    const searched = or(
      ilike(payments.status, pattern),
      ilike(payments.mpesaReceipt, pattern),
      ilike(payments.phone, pattern),
      ilike(payments.reference, pattern),
      ilike(payments.resultDesc, pattern),
      ilike(payments.providerRequestId, pattern),
      sql`(${payments.amountCents} / 100)::text ilike ${pattern}`,
      sql`to_char(${payments.createdAt} at time zone ${scope.timeZone}, 'YYYY-MM-DD') ilike ${pattern}`,
    );
    if (searched) filters.push(searched);
  }
  const direction = query.order === 'desc' ? desc : asc;
  const order = [direction(sortColumns[query.sort]), direction(payments.id)];
  return listPage(
    db,
    query,
    {
      table: payments,
      where: and(...filters),
      order,
      rows: (inPage, total) => db.select({ row: payments, total }).from(payments).where(inPage).orderBy(...order),
    },
    (r) => toPayment(r.row),
  );
}

/** A payment of the farm by the farmer's reference or the provider's; another farm's is not found. */
export async function findPayment(db: DbOrTx, farmId: number, reference: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.farmId, farmId), or(eq(payments.reference, reference), eq(payments.providerRequestId, reference))))
    .orderBy(asc(payments.id))
    .limit(1);
  if (!row) throw notFound(m.notFound);
  return row;
}

export async function findByProviderId(db: DbOrTx, method: PaymentMethod, providerRequestId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.method, method), eq(payments.providerRequestId, providerRequestId)))
    .limit(1);
  return row;
}

export interface NewPayment {
  farmId: number;
  userId: number;
  method: PaymentMethod;
  reference: string;
  amountCents: number;
  phone: string | null;
  email: string | null;
}

/**
 * Writes the payment `initiated` before any provider is called. The same reference again is
 * the same payment: answered as it stands while it waits (a retried request asks nothing
 * twice), refused once it is settled.
 */
export async function startPayment(db: Db, input: NewPayment): Promise<{ row: PaymentRow; existing: boolean }> {
  const [row] = await db
    .insert(payments)
    .values({ ...input, createdBy: input.userId })
    .onConflictDoNothing({ target: [payments.farmId, payments.reference] })
    .returning();
  if (row) return { row, existing: false };
  const [earlier] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.farmId, input.farmId), eq(payments.reference, input.reference)));
  if (earlier && earlier.method === input.method && WAITING.includes(earlier.status) && earlier.providerRequestId) {
    return { row: earlier, existing: true };
  }
  throw conflict(m.referenceUsed, { reference: m.referenceUsed });
}

/** The provider took the request: pending, first checked at `nextCheckAt`. */
export async function markPending(
  db: Db,
  id: number,
  ids: { providerRequestId: string; merchantRequestId?: string | null },
  nextCheckAt: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ status: 'pending', providerRequestId: ids.providerRequestId, merchantRequestId: ids.merchantRequestId ?? null, nextCheckAt, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'initiated')))
    .returning();
  return row ?? (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
}

/** The provider refused the request: nothing was asked of the farmer. */
export async function markNotStarted(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', resultDesc: reason, nextCheckAt: null, settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'initiated')));
}

export interface Outcome {
  status: Exclude<PaymentState, 'initiated' | 'pending'>;
  resultCode: number | null;
  resultDesc: string | null;
  receipt?: string | null;
}

/**
 * Settles a payment once. A success moves the farm's paid period and lifts a suspension in
 * the same transaction as the conditional update, so a duplicate, late or replayed answer
 * changes nothing: only the update that finds the payment unsettled goes on. Our own
 * timeout moves only a waiting payment; a provider's answer also moves a timed-out one.
 * Returns the row when this call settled it.
 */
export async function settlePayment(db: Db, id: number, outcome: Outcome, now = new Date()): Promise<PaymentRow | null> {
  const from = outcome.status === 'timeout' ? WAITING : SETTLEABLE;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({
        status: outcome.status,
        resultCode: outcome.resultCode,
        resultDesc: outcome.resultDesc,
        mpesaReceipt: outcome.receipt ?? null,
        nextCheckAt: null,
        settledAt: now,
        updatedAt: now,
      })
      .where(and(eq(payments.id, id), inArray(payments.status, from)))
      .returning();
    if (!row || outcome.status !== 'success') return row ?? null;
    const [farm] = await tx
      .select({ trialEndsAt: farms.trialEndsAt, paidUntil: farms.paidUntil })
      .from(farms)
      .where(eq(farms.id, row.farmId))
      .for('update');
    const paidUntil = extendedPaidUntil(farm!, now);
    await tx.update(farms).set({ paidUntil, suspendedAt: null }).where(eq(farms.id, row.farmId));
    const [paid] = await tx.update(payments).set({ paidUntil }).where(eq(payments.id, id)).returning();
    return paid!;
  });
}

/** Waiting payments whose next check is due, oldest first. */
export async function dueChecks(db: Db, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, WAITING), lte(payments.nextCheckAt, now)))
    .orderBy(asc(payments.nextCheckAt))
    .limit(limit);
}

/** Still waiting after a check: when to ask again (null: never, it is settled elsewhere). */
export async function scheduleCheck(db: Db, id: number, checks: number, nextCheckAt: Date | null, checkedAt = new Date()): Promise<void> {
  await db
    .update(payments)
    .set({ checks, nextCheckAt, checkedAt })
    .where(and(eq(payments.id, id), inArray(payments.status, WAITING)));
}
