import { addDays, PAID_PERIOD_DAYS, TRIAL_DAYS, type PaymentState } from '@kuku/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { farms, payments } from '../db/schema/index.js';

const DAY_MS = 86_400_000;

/** The failed tries of the year, before the month's payment went through (docs/integrations.md §1.7's codes). */
const TRIES: Record<number, { status: PaymentState; code: number; desc: string }> = {
  2: { status: 'cancelled', code: 1032, desc: 'Request cancelled by user' },
  5: { status: 'failed', code: 1, desc: 'The balance is insufficient for the transaction.' },
  8: { status: 'timeout', code: 1037, desc: 'DS timeout user cannot be reached' },
  10: { status: 'failed', code: 2001, desc: 'The initiator information is invalid.' },
};

const receipt = (month: number, i: number) => `TK${String(month).padStart(2, '0')}${(0x5a3f1 * (i + 7)).toString(36).toUpperCase().padStart(6, 'X')}`.slice(0, 10);

/**
 * A year of the demo farm's subscription: its trial started a year ago, then a month paid by
 * M-Pesa two days before each period ended (one by card), some months after a failed try, so
 * the billing history shows every final status and the farm is paid until about a month ahead.
 * Only a farm without payments gets them.
 */
export async function seedDemoPayments(db: Db, farmId: number, userId: number, phone: string, now = new Date()): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.farmId, farmId));
  if (existing && existing.n > 0) return 0;
  const trialStartedAt = new Date(now.getTime() - 365 * DAY_MS);
  const trialEndsAt = addDays(trialStartedAt, TRIAL_DAYS);
  const rows: (typeof payments.$inferInsert)[] = [];
  let paidUntil = trialEndsAt;
  for (let month = 1; paidUntil.getTime() - 2 * DAY_MS < now.getTime(); month++) {
    const paidAt = new Date(paidUntil.getTime() - 2 * DAY_MS + 9 * 3_600_000);
    const base = { farmId, createdBy: userId, amountCents: 250_000, phone, email: null };
    const tried = TRIES[month];
    if (tried) {
      const at = new Date(paidAt.getTime() - 20 * 60_000);
      rows.push({
        ...base,
        method: 'mpesa',
        reference: `DEMO1${month}00${String(at.getTime()).slice(-6)}`,
        status: tried.status,
        providerRequestId: `ws_CO_demo_${month}_try`,
        resultCode: tried.code,
        resultDesc: tried.desc,
        createdAt: at,
        updatedAt: at,
        settledAt: at,
      });
    }
    const card = month === 6;
    paidUntil = addDays(paidUntil, PAID_PERIOD_DAYS);
    rows.push({
      ...base,
      method: card ? 'card' : 'mpesa',
      reference: `DEMO1${month}${String(paidAt.getTime()).slice(-6)}`,
      status: 'success',
      phone: card ? null : phone,
      email: card ? 'demo@kuku.farm' : null,
      providerRequestId: card ? `KUKU-${farmId}-DEMO-CARD-${month}` : `ws_CO_demo_${month}`,
      mpesaReceipt: card ? null : receipt(month, rows.length),
      resultCode: card ? null : 0,
      resultDesc: card ? 'Successful' : 'The service request is processed successfully.',
      paidUntil,
      createdAt: paidAt,
      updatedAt: paidAt,
      settledAt: paidAt,
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(payments).values(rows);
    await tx.update(farms).set({ trialStartedAt, trialEndsAt, paidUntil, suspendedAt: null }).where(eq(farms.id, farmId));
  });
  return rows.length;
}
