import { profileMessages, type UpdateProfileInput, type User } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import { invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { assertAvailable, revokeOtherSessions, toUser, type Principal } from '../auth/service.js';
import { hashPassword, verifyPassword } from '../auth/secrets.js';

export interface ProfileUpdate {
  message: string;
  user: User;
}

/** SPEC §7: the body carries either details or a password change. */
export async function updateProfile(db: Db, principal: Principal, input: UpdateProfileInput, now = new Date()): Promise<ProfileUpdate> {
  if (input.newPassword !== undefined) {
    return changePassword(db, principal, input.password ?? '', input.newPassword, now);
  }
  const username = input.username ?? principal.user.username;
  const email = input.email ?? principal.user.email;
  await assertAvailable(db, username, email, principal.userId);
  const phoneNumber = input.phone_number === undefined ? principal.user.phoneNumber : input.phone_number || null;
  const [updated] = await db
    .update(users)
    .set({ username, email, phoneNumber })
    .where(eq(users.id, principal.userId))
    .returning();
  if (!updated) throw new Error('user vanished during update');
  return { message: profileMessages.updated, user: toUser(updated, principal.farm, principal.role, now) };
}

async function changePassword(db: Db, principal: Principal, current: string, next: string, now: Date): Promise<ProfileUpdate> {
  if (!(await verifyPassword(principal.user.passwordHash, current))) {
    throw invalid(profileMessages.wrongCurrentPassword, { password: profileMessages.wrongCurrentPassword });
  }
  if (current === next) throw invalid(profileMessages.samePassword, { newPassword: profileMessages.samePassword });
  const passwordHash = await hashPassword(next);
  const user = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, principal.userId)).returning();
    // Anyone else holding a session of this account is signed out; this device stays in.
    await revokeOtherSessions(tx, principal.userId, principal.sessionId, now);
    return row;
  });
  if (!user) throw new Error('user vanished during update');
  return { message: profileMessages.passwordChanged, user: toUser(user, principal.farm, principal.role, now) };
}
