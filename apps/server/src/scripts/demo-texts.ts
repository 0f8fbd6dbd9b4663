import { hourIn, instantDayText, noticeSms, notificationTexts } from '@kuku/domain';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { farms, flocks, payments, smsMessages, users, vaccinations } from '../db/schema/index.js';

const DAY_MS = 86_400_000;
/** What Africa's Talking reports for one part to a Safaricom number: KES 0.80 (docs/integrations.md §8). */
const PART_COST_CENTS = 80;
/** The daily notices' texts go out at 06:05 farm time, the quiet hours over (decision 076). */
const SENT_AT = { hour: 6, minute: 5 };

/**
 * The demo owner's texts of the last three months, as decision 076 would have sent them: the phone
 * confirmed, then a text the day before each vaccination fell due and one for each payment that went
 * through, each taken by the gateway at KES 0.80 a part, so billing's 'Text messages' shows months
 * and their cost. Only a farm without texts gets them.
 */
export async function seedDemoTexts(db: Db, farmId: number, userId: number, now = new Date()): Promise<number> {
  const [any] = await db.select({ id: smsMessages.id }).from(smsMessages).where(eq(smsMessages.farmId, farmId)).limit(1);
  if (any) return 0;
  const [owner] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  const [farm] = await db.select({ name: farms.name, timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId));
  if (!owner?.phone || !farm) return 0;
  const since = new Date(now.getTime() - 90 * DAY_MS);
  await db.update(users).set({ phoneConfirmedAt: since }).where(eq(users.id, userId));
  const to = `+${owner.phone.replace(/^\+/, '')}`;
  const words = notificationTexts;
  const day = (at: Date) => instantDayText(at, farm.timeZone);
  // 06:05 on the farm's day before `at`.
  const morningBefore = (at: Date) => {
    const dayBefore = new Date(at.getTime() - DAY_MS);
    dayBefore.setUTCMinutes(SENT_AT.minute, 0, 0);
    return new Date(dayBefore.getTime() - (hourIn(dayBefore, farm.timeZone) - SENT_AT.hour) * 3_600_000);
  };

  const due = await db
    .select({ vaccine: vaccinations.vaccineName, flock: flocks.name, date: vaccinations.date })
    .from(vaccinations)
    .innerJoin(flocks, eq(flocks.id, vaccinations.flockId))
    .where(and(eq(vaccinations.farmId, farmId), gte(vaccinations.date, since), lt(vaccinations.date, now)))
    .orderBy(asc(vaccinations.date))
    .limit(40);
  const paid = await db
    .select({ amountCents: payments.amountCents, paidUntil: payments.paidUntil, receipt: payments.mpesaReceipt, at: payments.updatedAt })
    .from(payments)
    .where(and(eq(payments.farmId, farmId), eq(payments.status, 'success'), gte(payments.updatedAt, since), sql`${payments.paidUntil} is not null`));

  const texts = [
    ...due.map((v) => ({ at: morningBefore(v.date), kind: 'vaccinations', said: words.vaccinationTomorrow(v.vaccine, v.flock, day(v.date)) })),
    ...paid.map((p) => ({ at: p.at, kind: 'payments', said: words.paymentReceived(p.amountCents, day(p.paidUntil ?? p.at), p.receipt) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (texts.length === 0) return 0;
  await db.insert(smsMessages).values(
    texts.map((t, i) => ({
      farmId,
      userId,
      kind: t.kind,
      to,
      body: noticeSms(farm.name, t.said.title, t.said.message),
      providerMessageId: `ATXid_demo_${farmId}_${i + 1}`,
      status: 'Success',
      statusCode: 101,
      costCents: PART_COST_CENTS,
      attempts: 1,
      sendAfter: t.at,
      nextAttemptAt: t.at,
      createdAt: t.at,
      updatedAt: new Date(t.at.getTime() + 4_000),
    })),
  );
  return texts.length;
}
