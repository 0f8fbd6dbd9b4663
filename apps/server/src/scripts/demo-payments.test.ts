import { subscriptionState } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { farms, payments } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { seedDemoPayments } from './demo-payments.js';

const app = await createTestApp();

describe('seedDemoPayments', () => {
  it('gives the farm a paid year with every final status, each month paid once, and adds nothing the second time', async () => {
    const { user, farm } = await createUser(app);
    const now = new Date('2026-11-24T09:00:00Z');
    const added = await seedDemoPayments(app.db, farm.id, user.id, '254708374149', now);
    const rows = await app.db.select().from(payments).where(eq(payments.farmId, farm.id));
    expect(rows).toHaveLength(added);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['success', 'failed', 'cancelled', 'timeout']));
    expect(rows.some((r) => r.method === 'card')).toBe(true);
    const paid = rows.filter((r) => r.status === 'success').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // Each success bought the 30 days after the one before it.
    for (let i = 1; i < paid.length; i++) expect(paid[i]!.paidUntil!.getTime() - paid[i - 1]!.paidUntil!.getTime()).toBe(30 * 86_400_000);
    const [after] = await app.db.select().from(farms).where(eq(farms.id, farm.id));
    expect(after!.paidUntil).toEqual(paid.at(-1)!.paidUntil);
    expect(subscriptionState(after!, now)).toMatchObject({ payment_status: 'paid', status: 'active', needs_subscription_renewal: false });
    expect(await seedDemoPayments(app.db, farm.id, user.id, '254708374149', now)).toBe(0);
  });
});
