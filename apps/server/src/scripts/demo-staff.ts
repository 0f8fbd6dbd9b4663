import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { farmMembers, sessions, users } from '../db/schema/index.js';
import { hashPassword } from '../features/auth/secrets.js';
import { sqlRows } from '../features/farm-scope.js';

const HOUR_MS = 60 * 60 * 1000;

/** The demo farm's people besides its owner: two who have joined, one still invited. */
export const DEMO_STAFF = [
  { username: 'wanjiru', email: 'wanjiru@kuku.farm', role: 'manager', joined: true },
  { username: 'otieno', email: 'otieno@kuku.farm', role: 'worker', joined: true },
  { username: 'achieng', email: 'achieng@kuku.farm', role: 'auditor', joined: false },
] as const;

/**
 * Adds the demo staff to a farm that has only its owner, with the demo password, and
 * makes the worker the one who recorded the last two weeks' eggs and completed the
 * last two weeks' vaccinations, so lists show who did what. Those who joined signed in before
 * (an ended session each, of a token no one holds), so the staff list shows their last sign-in.
 * Answers how many joined.
 */
export async function seedDemoStaff(db: Db, farmId: number, password: string): Promise<number> {
  const [count] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from farm_members where farm_id = ${farmId}`);
  if ((count?.n ?? 0) > 1) return 0;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    let added = 0;
    let workerId: number | null = null;
    for (const person of DEMO_STAFF) {
      // A name or address some other account took is left alone.
      const [taken] = await sqlRows<{ id: number }>(tx, sql`select id from users where lower(username) = ${person.username} or email = ${person.email}`);
      if (taken) continue;
      const [user] = await tx
        .insert(users)
        .values({ username: person.username, email: person.email, passwordHash, emailVerified: person.joined })
        .returning({ id: users.id });
      if (!user) continue;
      await tx.insert(farmMembers).values({ farmId, userId: user.id, role: person.role, joinedAt: person.joined ? new Date() : null });
      if (person.joined) {
        const signedIn = new Date(Date.now() - (person.role === 'worker' ? 3 : 26) * HOUR_MS);
        await tx.insert(sessions).values({
          tokenHash: randomBytes(32).toString('hex'),
          userId: user.id,
          farmId,
          createdAt: signedIn,
          expiresAt: signedIn,
          revokedAt: signedIn,
        });
      }
      if (person.role === 'worker') workerId = user.id;
      if (person.joined) added += 1;
    }
    if (workerId !== null) {
      await tx.execute(sql`update egg_productions set created_by = ${workerId}, updated_by = ${workerId}
        where farm_id = ${farmId} and date_produced >= current_date - 14`);
      await tx.execute(sql`update vaccinations set updated_by = ${workerId}
        where farm_id = ${farmId} and status = 'Completed' and date >= now() - interval '14 days'`);
    }
    return added;
  });
}
