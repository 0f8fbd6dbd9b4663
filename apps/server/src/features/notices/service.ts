/**
 * A user's choices of channel per kind of notice (decision 076), and the unsubscribe link's work.
 */
import {
  kenyanMobileE164,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  noticePreferencesOf,
  noticeWords,
  type NoticeKind,
  type NoticePreferences,
  type NoticeSettings,
  type UpdateNoticePreferencesInput,
} from '@kuku/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { noticePreferences, users } from '../../db/schema/index.js';
import type { UnsubscribeClaim } from './links.js';

/** The stored choices of these users, each over the defaults. */
export async function preferencesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, NoticePreferences>> {
  const out = new Map(userIds.map((id) => [id, noticePreferencesOf({})]));
  if (userIds.length === 0) return out;
  const rows = await db.select().from(noticePreferences).where(inArray(noticePreferences.userId, userIds));
  for (const row of rows) {
    const chosen = out.get(row.userId);
    if (chosen && row.kind in chosen) chosen[row.kind as NoticeKind] = { push: row.push, mail: row.mail, sms: row.sms };
  }
  return out;
}

/** `${userId}:${kind}` of each stored notification whose user left push on for its kind. */
export async function pushAllowed(db: DbOrTx, stored: { userId: number; kind: NoticeKind }[]): Promise<Set<string>> {
  const chosen = await preferencesOf(db, [...new Set(stored.map((s) => s.userId))]);
  return new Set(stored.filter((s) => chosen.get(s.userId)?.[s.kind].push ?? true).map((s) => `${s.userId}:${s.kind}`));
}

async function account(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ phone: users.phoneNumber, phoneConfirmedAt: users.phoneConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? { phone: null, phoneConfirmedAt: null };
}

/** GET /api/profile/notices: the phone texts would go to, whether it is confirmed, and every kind's channels. */
export async function noticeSettings(db: DbOrTx, userId: number): Promise<NoticeSettings> {
  const [user, chosen] = await Promise.all([account(db, userId), preferencesOf(db, [userId])]);
  const phone = user.phone ? kenyanMobileE164(user.phone) : null;
  return { phone, phone_confirmed: phone !== null && user.phoneConfirmedAt !== null, preferences: chosen.get(userId) ?? noticePreferencesOf({}) };
}

/**
 * PUT /api/profile/notices: the kinds and channels sent change, the rest stay. SMS turned on with no
 * confirmed phone is refused (422) and nothing changes.
 */
export async function updateNoticePreferences(db: Db, userId: number, input: UpdateNoticePreferencesInput): Promise<NoticeSettings> {
  return db.transaction(async (tx) => {
    const current = await noticeSettings(tx, userId);
    const asked = input.preferences;
    const wantsSms = NOTICE_KINDS.some((kind) => asked[kind]?.sms === true && !current.preferences[kind].sms);
    if (wantsSms && !current.phone_confirmed) throw new AppError('rule_broken', noticeWords.smsNeedsConfirmedPhone, { preferences: noticeWords.smsNeedsConfirmedPhone });
    const changed = NOTICE_KINDS.filter((kind) => asked[kind] !== undefined).map((kind) => {
      const next = { ...current.preferences[kind] };
      for (const channel of NOTICE_CHANNELS) {
        const value = asked[kind]?.[channel];
        if (value !== undefined) next[channel] = value;
      }
      return { userId, kind, ...next, updatedAt: new Date() };
    });
    if (changed.length > 0) {
      await tx
        .insert(noticePreferences)
        .values(changed)
        .onConflictDoUpdate({
          target: [noticePreferences.userId, noticePreferences.kind],
          set: { push: sql`excluded.push`, mail: sql`excluded.mail`, sms: sql`excluded.sms`, updatedAt: sql`excluded.updated_at` },
        });
    }
    return noticeSettings(tx, userId);
  });
}

/** Who an unsubscribe link is for, to say it on its page: null when the account is gone. */
export async function linkOwner(db: DbOrTx, userId: number): Promise<{ email: string; language: 'en' | 'sw' } | null> {
  const [user] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  return user ? { email: user.email, language: user.language === 'sw' ? 'sw' : 'en' } : null;
}

/** The link's kind of notice no longer comes by mail; its other channels stay as they were. */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim): Promise<void> {
  await db.transaction(async (tx) => {
    const current = (await preferencesOf(tx, [claim.userId])).get(claim.userId) ?? noticePreferencesOf({});
    const { push, sms } = current[claim.kind];
    await tx
      .insert(noticePreferences)
      .values({ userId: claim.userId, kind: claim.kind, push, mail: false, sms })
      .onConflictDoUpdate({ target: [noticePreferences.userId, noticePreferences.kind], set: { mail: false, updatedAt: sql`now()` } });
  });
}

