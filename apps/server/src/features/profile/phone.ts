/**
 * The profile's phone confirmed by a code sent to it by SMS (decision 076): texts go only to a
 * confirmed phone. The code is a one-time code of its own purpose, so it has the email codes'
 * life, tries, resend wait and hourly cap (auth/service.ts, decision 049).
 */
import {
  kenyanMobileE164,
  OTP_TTL_MINUTES,
  phoneConfirmationWords,
  phoneMessages,
  type ConfirmPhoneInput,
  type ConfirmPhoneResponse,
  type Language,
  type PhoneCodeResponse,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { oneTimeCodes, users } from '../../db/schema/index.js';
import type { SmsMessage } from '../../integrations/sms/messages.js';
import { consumeCode, issueCode, mailLanguage, type Principal } from '../auth/service.js';

type UserRow = typeof users.$inferSelect;

/** Sends a text now: `app.sms.send`. */
export type SendText = (to: string, message: string, farmId?: number) => Promise<SmsMessage>;

const refused = (message: string) => new AppError('rule_broken', message, { phone_number: message });

/** The account as stored now, and its phone in E.164; no number, or one that is not a Kenyan mobile, is refused. */
async function phoneOf(db: Db, principal: Principal): Promise<{ user: UserRow; number: string }> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
  if (!user) throw new Error('user vanished');
  if (!user.phoneNumber) throw refused(phoneConfirmationWords.noPhone);
  const number = kenyanMobileE164(user.phoneNumber);
  if (number === null) throw refused(phoneMessages.notKenyanMobile);
  return { user, number };
}

/** The code goes out at once: a farmer waits for it with the form open. A text the gateway refused ends its code. */
export async function sendPhoneCode(db: Db, send: SendText, principal: Principal, now = new Date(), language: Language = 'en'): Promise<PhoneCodeResponse> {
  const { user, number } = await phoneOf(db, principal);
  const code = await db.transaction((tx) => issueCode(tx, user, 'confirm_phone', now, { mail: null }));
  const text = wordsIn(mailLanguage(user, language), phoneConfirmationWords).smsText(code, OTP_TTL_MINUTES);
  const sent = await send(number, text, principal.farmId);
  if (sent.failureReason !== null) {
    await endPhoneCodes(db, user.id, now);
    throw new AppError('provider_failed', phoneConfirmationWords.smsFailed);
  }
  return { message: phoneConfirmationWords.codeSent, phone: number };
}

/**
 * The code the SMS carried: the phone is confirmed now. A wrong or spent code is a broken rule
 * (422), with the email codes' words; the phone confirmed is the one the code went to, since a
 * change of number ends the open codes (`endPhoneCodes`).
 */
export async function confirmPhone(db: Db, principal: Principal, input: ConfirmPhoneInput, now = new Date()): Promise<ConfirmPhoneResponse> {
  const { user, number } = await phoneOf(db, principal);
  try {
    await consumeCode(db, user, 'confirm_phone', input.code, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation') throw new AppError('rule_broken', error.message, { code: error.message });
    throw error;
  }
  const [row] = await db
    .update(users)
    .set({ phoneConfirmedAt: now })
    .where(and(eq(users.id, user.id), eq(users.phoneNumber, user.phoneNumber ?? '')))
    .returning({ id: users.id });
  // The number changed between the code's check and now: that code was for the old one.
  if (!row) throw refused(phoneConfirmationWords.noPhone);
  return { message: phoneConfirmationWords.confirmed, phone: number, phone_confirmed: true };
}

/** A change of number (or a text that never left) ends the codes sent to the old one. */
export async function endPhoneCodes(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'confirm_phone'), isNull(oneTimeCodes.consumedAt)));
}
