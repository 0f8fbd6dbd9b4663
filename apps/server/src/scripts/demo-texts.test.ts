import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, smsMessages, users, vaccinations } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { farmWithFlock } from '../test/factories.js';
import { seedDemoTexts } from './demo-texts.js';

const app = await createTestApp();
const DAY_MS = 86_400_000;

describe('seedDemoTexts', () => {
  it("texts the day before each vaccination and for each payment of the last three months, once, and the usage counts them", async () => {
    const owner = await farmWithFlock(app);
    const { user, farm, flock } = owner;
    await app.db.update(users).set({ phoneNumber: '254708374149' }).where(eq(users.id, user.id));
    const now = new Date('2026-12-07T09:00:00Z');
    const due = new Date('2026-11-20T07:00:00Z');
    await app.db.insert(vaccinations).values([
      { farmId: farm.id, flockId: flock.id, vaccineName: 'Gumboro', date: due, status: 'Completed' as const, mode: 'Drinking Water' as const, createdBy: user.id },
      // Older than three months: no text.
      { farmId: farm.id, flockId: flock.id, vaccineName: 'Marek', date: new Date(now.getTime() - 120 * DAY_MS), status: 'Completed' as const, mode: 'Drinking Water' as const, createdBy: user.id },
    ]);
    const paidAt = new Date('2026-11-03T06:30:00Z');
    await app.db.insert(payments).values({
      farmId: farm.id, createdBy: user.id, method: 'mpesa', reference: 'DEMO-TEXTS-1', amountCents: 250_000, phone: '254708374149', email: null,
      status: 'success', mpesaReceipt: 'TK11ABCDEF', paidUntil: new Date('2026-12-05T06:30:00Z'), createdAt: paidAt, updatedAt: paidAt,
    });

    expect(await seedDemoTexts(app.db, farm.id, user.id, now)).toBe(2);
    const rows = await app.db.select().from(smsMessages).where(eq(smsMessages.farmId, farm.id)).orderBy(smsMessages.createdAt);
    expect(rows.map((r) => [r.kind, r.to, r.status, r.costCents, r.createdAt.toISOString()])).toEqual([
      ['payments', '+254708374149', 'Success', 80, paidAt.toISOString()],
      // 06:05 in Nairobi the day before it fell due.
      ['vaccinations', '+254708374149', 'Success', 80, '2026-11-19T03:05:00.000Z'],
    ]);
    expect(rows[1]?.body).toContain('Vaccination tomorrow. Gumboro');
    expect(rows.every((r) => r.body.length <= 160)).toBe(true);
    const [confirmed] = await app.db.select({ at: users.phoneConfirmedAt }).from(users).where(eq(users.id, user.id));
    expect(confirmed?.at).not.toBeNull();

    const usage = await app.inject({ method: 'GET', url: '/api/sms/usage', headers: owner.headers });
    expect(usage.json()).toMatchObject({ months: [{ month: '2026-11', texts: 2, cost_cents: 160 }] });
    expect(await seedDemoTexts(app.db, farm.id, user.id, now)).toBe(0);
  });
});
