import {
  authMessages,
  languageMessages,
  type Language,
  emailCodeSentMessage,
  FRESH_SIGN_IN_MINUTES,
  profileMessages,
  type ConfirmEmailChangeInput,
  type UpdateProfileInput,
  type User,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, eq, ne } from 'drizzle-orm';
import { conflict, invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { oneTimeCodes, users } from '../../db/schema/index.js';
import { enqueueMail } from '../../integrations/mail/mailer.js';
import { emailChangeCodeMail, emailChangedMail } from '../auth/mails.js';
import { assertAvailable, consumeCode, issueCode, mailLanguage, revokeOtherSessions, toUser, type Principal } from '../auth/service.js';
import { hashPassword, verifyPassword } from '../auth/secrets.js';
import { endPhoneCodes } from './phone.js';

export interface ProfileUpdate {
  message: string;
  user: User;
  /** The new address a code was mailed to; the email changes when that code is entered. */
  pending_email?: string;
}

/**
 * Who asks to change the email must prove they own the account now (decision 048): the current
 * password, or, for an account made by Google without one, a sign-in of the last few minutes.
 * A stolen session alone can then neither move the account to another address nor reset it.
 */
async function proveOwner(principal: Principal, password: string | undefined, now: Date): Promise<void> {
  if (principal.user.hasPassword) {
    if (!password || !(await verifyPassword(principal.user.passwordHash, password))) {
      throw invalid(profileMessages.wrongCurrentPassword, { password: profileMessages.wrongCurrentPassword });
    }
    return;
  }
  if (now.getTime() - principal.sessionCreatedAt.getTime() > FRESH_SIGN_IN_MINUTES * 60 * 1000) {
    throw invalid(profileMessages.signInAgainForEmail, { email: profileMessages.signInAgainForEmail });
  }
}

/**
 * docs/product.md §7: the body carries either details or a password change. A new email is not saved here:
 * a code goes to it, and POST /auth/confirm-email-change makes the change (decision 048).
 */
export async function updateProfile(db: Db, principal: Principal, input: UpdateProfileInput, now = new Date(), language: Language = 'en'): Promise<ProfileUpdate> {
  if (input.newPassword !== undefined) {
    return changePassword(db, principal, input.password ?? '', input.newPassword, now);
  }
  const username = input.username ?? principal.user.username;
  const newEmail = input.email !== undefined && input.email !== principal.user.email ? input.email : undefined;
  if (newEmail !== undefined) await proveOwner(principal, input.password, now);
  await assertAvailable(db, username, newEmail ?? principal.user.email, principal.userId);
  const phoneNumber = input.phone_number === undefined ? principal.user.phoneNumber : input.phone_number || null;
  const updated = await db.transaction(async (tx) => {
    // A new number is not confirmed, and the codes sent to the old one end (decision 076).
    const [before] = await tx.select({ phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, principal.userId)).for('no key update');
    const phoneChanged = before?.phoneNumber !== phoneNumber;
    const [row] = await tx
      .update(users)
      .set({ username, phoneNumber, ...(phoneChanged ? { phoneConfirmedAt: null } : {}) })
      .where(eq(users.id, principal.userId))
      .returning();
    if (!row) throw new Error('user vanished during update');
    if (phoneChanged) await endPhoneCodes(tx, row.id, now);
    // The usual wait and hourly cap per account; a refused send rolls the details back with it.
    if (newEmail !== undefined) {
      await issueCode(tx, row, 'change_email', now, { newEmail, mail: (code) => emailChangeCodeMail(newEmail, row.username, code, mailLanguage(row, language)) });
    }
    return row;
  });
  const user = toUser(updated, principal.farm, principal.role, now);
  if (newEmail === undefined) return { message: profileMessages.updated, user };
  return { message: emailCodeSentMessage(newEmail), user, pending_email: newEmail };
}

/** The account's language (decision 068): what the server says to this user, in mail, push and errors, is in it. */
export async function setLanguage(db: Db, principal: Principal, language: Language | null, now = new Date()): Promise<ProfileUpdate> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, principal.userId)).returning();
  if (!row) throw new Error('user vanished during update');
  return { message: wordsIn(language ?? 'en', languageMessages).changed, user: toUser(row, principal.farm, principal.role, now) };
}

/**
 * The code mailed to the new address: the email becomes it, verified; the account's other
 * sessions end, and the old address is told.
 */
export async function confirmEmailChange(db: Db, principal: Principal, input: ConfirmEmailChangeInput, now = new Date()): Promise<ProfileUpdate> {
  const codeId = await consumeCode(db, principal.user, 'change_email', input.otp, now);
  const [code] = await db.select({ newEmail: oneTimeCodes.newEmail }).from(oneTimeCodes).where(eq(oneTimeCodes.id, codeId));
  const newEmail = code?.newEmail;
  if (!newEmail) throw invalid(authMessages.invalidOtp, { otp: authMessages.invalidOtp });
  const taken = () => conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
  // Someone may have taken the address since the code was sent.
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), ne(users.id, principal.userId))).limit(1);
  if (other) throw taken();
  const oldEmail = principal.user.email;
  try {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ email: newEmail, emailVerified: true }).where(eq(users.id, principal.userId)).returning();
      if (!row) throw new Error('user vanished during update');
      await revokeOtherSessions(tx, principal.userId, principal.sessionId, now);
      if (oldEmail !== newEmail) await enqueueMail(tx, emailChangedMail(oldEmail, row.username, newEmail, now, mailLanguage(row)));
      return row;
    });
    return { message: profileMessages.emailChanged, user: toUser(updated, principal.farm, principal.role, now) };
  } catch (error) {
    // Taken between the check and the update: the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
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
