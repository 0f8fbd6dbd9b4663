/**
 * The texts Kuku sends (decision 075, docs/integrations.md §8): each is stored before the gateway
 * is called, then holds the gateway's answer, then its delivery report. A gateway that refuses or
 * does not answer leaves a stored failure, never a throw.
 */
import { kenyanMobileE164, phoneMessages } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { smsMessages } from '../../db/schema/index.js';
import { acceptedCode, SmsError, type SmsProvider } from './client.js';

export type SmsMessage = typeof smsMessages.$inferSelect;

/** Before the gateway answered. */
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

const fail = async (db: Db, id: number, failureReason: string) =>
  (await db.update(smsMessages).set({ status: 'Failed', failureReason, updatedAt: new Date() }).where(eq(smsMessages.id, id)).returning())[0];

/**
 * Stores the text, sends it and records the gateway's answer; answers the stored row. `to` may be
 * any usual shape of a Kenyan mobile number; anything else is refused (400) and nothing is stored.
 */
export async function sendSms(ctx: SmsContext, to: string, message: string, farmId?: number): Promise<SmsMessage> {
  const number = kenyanMobileE164(to);
  if (number === null) throw invalid(phoneMessages.notKenyanMobile, { to: phoneMessages.notKenyanMobile });
  const [row] = await ctx.db.insert(smsMessages).values({ farmId: farmId ?? null, to: number, body: message, status: PENDING }).returning();
  if (!row) throw new Error('sms_messages: no row written');
  const provider = ctx.provider();
  if (!provider) return (await fail(ctx.db, row.id, 'SMS is off: set AT_USERNAME and AT_API_KEY')) ?? row;
  try {
    const results = await provider.send([number], message);
    const result = results.find((r) => r.number === number) ?? results[0];
    if (!result) return (await fail(ctx.db, row.id, "Africa's Talking answered no recipient")) ?? row;
    const [updated] = await ctx.db
      .update(smsMessages)
      .set({
        providerMessageId: result.messageId,
        status: result.status,
        statusCode: result.statusCode,
        costCents: result.costCents,
        failureReason: acceptedCode(result.statusCode) ? null : result.status,
        updatedAt: new Date(),
      })
      .where(eq(smsMessages.id, row.id))
      .returning();
    return updated ?? row;
  } catch (error) {
    // The key is never in the message (client.ts); an unexpected error is logged whole.
    const reason = error instanceof SmsError ? error.message : "Africa's Talking: the text could not be sent";
    ctx.log.warn({ err: error, smsId: row.id }, 'sms not sent');
    return (await fail(ctx.db, row.id, reason)) ?? row;
  }
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
