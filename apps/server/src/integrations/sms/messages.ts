/**
 * The texts Kuku sends (decision 075, docs/integrations.md §8): each is stored before the gateway
 * is called, then holds the gateway's answer, then its delivery report. A gateway that refuses or
 * does not answer leaves a stored failure, never a throw.
 */
import { kenyanMobileE164, phoneMessages } from '@kuku/domain';
import { and, asc, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { smsMessages } from '../../db/schema/index.js';
import { acceptedCode, SmsError, type SmsProvider } from './client.js';

export type SmsMessage = typeof smsMessages.$inferSelect;

/** Claimed by a sender, before the gateway answered. */
export const PENDING = 'Pending';

export interface SmsContext {
  db: Db;
  /** Null when SMS is off (production without AT_USERNAME and AT_API_KEY). */
  provider: () => SmsProvider | null;
  log: FastifyBaseLogger;
}

/** A delivery report's statuses (§8.4); the last three are final. */
export const DELIVERY_STATUSES = ['Sent', 'Submitted', 'Buffered', 'Rejected', 'Success', 'Failed'] as const;
const FINAL = new Set<string>(['Rejected', 'Success', 'Failed']);

/** What Africa's Talking POSTs, form-encoded, to the delivery report callback (§8.4): every field a string. */
export const deliveryReportSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(DELIVERY_STATUSES),
  phoneNumber: z.string().max(20).optional(),
  networkCode: z.string().max(10).optional(),
  failureReason: z.string().max(100).optional(),
  retryCount: z.string().regex(/^\d{1,3}$/).optional(),
});

export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

/** Notice texts (a kind) are tried this many times; a text someone waits for (a code) once: they can ask again. */
export const SMS_MAX_ATTEMPTS = 4;
/** After the 1st, 2nd and 3rd failed try of a notice's text, the next waits this long. */
export const SMS_RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** How long a sender holds a text it is sending: longer than the client waits for the gateway (15 s). */
export const SMS_LEASE_MS = 2 * 60_000;
/** A text claimed, whose sender died before the gateway's answer was stored: it may have gone, so it is not sent again. */
export const SMS_INTERRUPTED = 'interrupted while sending: not sent again, it may have arrived';

/** Waiting in the outbox: a sender claims it once its `next_attempt_at` has come. */
export const QUEUED = 'Queued';
/** Not sent: the farm's daily cap was reached (decision 076). */
export const SKIPPED = 'Skipped';

const finalFailure = async (db: Db, id: number, failureReason: string, now: Date) =>
  (await db.update(smsMessages).set({ status: 'Failed', failureReason, claimedUntil: null, updatedAt: now }).where(eq(smsMessages.id, id)).returning())[0];

/**
 * The texts due at `now`, claimed for this sender in a short transaction of their own that commits
 * before the gateway is called (SKIP LOCKED: another sender takes others): each becomes 'Pending'
 * with a lease and one more attempt. A text still 'Pending' after its lease (its sender died
 * mid-send) is first marked failed, never sent again. With `id`, only that text.
 */
export async function claimSms(db: Db, now: Date, options: { id?: number; limit?: number; leaseMs?: number } = {}): Promise<SmsMessage[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(smsMessages)
      .set({ status: 'Failed', failureReason: SMS_INTERRUPTED, claimedUntil: null, updatedAt: now })
      .where(and(eq(smsMessages.status, PENDING), isNotNull(smsMessages.claimedUntil), lt(smsMessages.claimedUntil, now)));
    const due = await tx
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(and(eq(smsMessages.status, QUEUED), lte(smsMessages.nextAttemptAt, now), options.id === undefined ? undefined : eq(smsMessages.id, options.id)))
      .orderBy(asc(smsMessages.nextAttemptAt), asc(smsMessages.id))
      .limit(options.limit ?? 20)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(smsMessages)
      .set({
        status: PENDING,
        claimedUntil: new Date(now.getTime() + (options.leaseMs ?? SMS_LEASE_MS)),
        attempts: sql`${smsMessages.attempts} + 1`,
        updatedAt: now,
      })
      .where(inArray(smsMessages.id, due.map((row) => row.id)))
      .returning();
  });
}

/** A gateway that gave no answer in time may have taken the text: it is not tried again. */
const mayHaveArrived = (error: unknown) => error instanceof SmsError && error.status === 0 && error.cause instanceof Error && error.cause.name === 'TimeoutError';

/**
 * Sends a claimed text and records the gateway's answer. A notice's text the gateway could not
 * take (no answer, HTTP 5xx) waits SMS_RETRY_AFTER_MS and is tried again, up to SMS_MAX_ATTEMPTS;
 * after the last it stays 'Failed' with the reason. Never throws.
 */
export async function deliverClaimed(ctx: SmsContext, row: SmsMessage, now = new Date()): Promise<SmsMessage> {
  const provider = ctx.provider();
  if (!provider) return (await finalFailure(ctx.db, row.id, 'SMS is off: set AT_USERNAME and AT_API_KEY', now)) ?? row;
  try {
    const results = await provider.send([row.to], row.body);
    const result = results.find((r) => r.number === row.to) ?? results[0];
    if (!result) return (await finalFailure(ctx.db, row.id, "Africa's Talking answered no recipient", now)) ?? row;
    const [updated] = await ctx.db
      .update(smsMessages)
      .set({
        providerMessageId: result.messageId,
        status: result.status,
        statusCode: result.statusCode,
        costCents: result.costCents,
        failureReason: acceptedCode(result.statusCode) ? null : result.status,
        claimedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(smsMessages.id, row.id))
      .returning();
    return updated ?? row;
  } catch (error) {
    // The key is never in the message (client.ts); an unexpected error is logged whole.
    const reason = error instanceof SmsError ? error.message : "Africa's Talking: the text could not be sent";
    ctx.log.warn({ err: error, smsId: row.id, attempt: row.attempts }, 'sms not sent');
    const retryAfter = SMS_RETRY_AFTER_MS[row.attempts - 1];
    if (row.kind === null || mayHaveArrived(error) || row.attempts >= SMS_MAX_ATTEMPTS || retryAfter === undefined) {
      return (await finalFailure(ctx.db, row.id, reason, new Date())) ?? row;
    }
    const [waiting] = await ctx.db
      .update(smsMessages)
      .set({ status: QUEUED, failureReason: reason, claimedUntil: null, nextAttemptAt: new Date(now.getTime() + retryAfter), updatedAt: new Date() })
      .where(eq(smsMessages.id, row.id))
      .returning();
    return waiting ?? row;
  }
}

/**
 * Stores the text, sends it and records the gateway's answer; answers the stored row. `to` may be
 * any usual shape of a Kenyan mobile number; anything else is refused (400) and nothing is stored.
 * The text is written claimed, as the outbox claims a notice's, and tried once (a code can be asked again).
 */
export async function sendSms(ctx: SmsContext, to: string, message: string, farmId?: number): Promise<SmsMessage> {
  const number = kenyanMobileE164(to);
  if (number === null) throw invalid(phoneMessages.notKenyanMobile, { to: phoneMessages.notKenyanMobile });
  const now = new Date();
  // Written claimed (committed before the call, as the outbox's claim is): no sender takes it meanwhile.
  const [claimed] = await ctx.db
    .insert(smsMessages)
    .values({
      farmId: farmId ?? null,
      to: number,
      body: message,
      status: PENDING,
      attempts: 1,
      claimedUntil: new Date(now.getTime() + SMS_LEASE_MS),
      sendAfter: now,
      nextAttemptAt: now,
    })
    .returning();
  if (!claimed) throw new Error('sms_messages: no row written');
  return deliverClaimed(ctx, claimed, now);
}

/**
 * A delivery report applied to the text it is about, or null when no text of ours has that id
 * (and, when the report names one, that number). A late report that is not final does not
 * overwrite a final one.
 */
export async function applyDeliveryReport(db: Db, report: DeliveryReport): Promise<SmsMessage | null> {
  const ours = and(eq(smsMessages.providerMessageId, report.id), report.phoneNumber ? eq(smsMessages.to, report.phoneNumber) : undefined);
  const [row] = await db.select().from(smsMessages).where(ours).limit(1);
  if (!row) return null;
  if (FINAL.has(row.status) && !FINAL.has(report.status)) return row;
  const failed = report.status === 'Failed' || report.status === 'Rejected';
  const [updated] = await db
    .update(smsMessages)
    .set({ status: report.status, failureReason: failed ? (report.failureReason ?? report.status) : null, updatedAt: new Date() })
    .where(eq(smsMessages.id, row.id))
    .returning();
  return updated ?? row;
}
