/**
 * A stored notification's mail and SMS (decision 076), written in the transaction that stores it:
 * as each recipient's choices for the notice's kind say, the mail into mail_outbox (its links
 * written when it is sent) and the text into sms_messages for a confirmed Kenyan phone, held
 * through quiet hours and within the farm's daily cap. The senders deliver them after the commit.
 */
import { kenyanMobileE164, noticePreferencesOf, noticeSms, SMS_QUIET_HOURS, type Language, type NoticeKind } from '@kuku/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { farms, mailOutbox, noticePreferences, users } from '../../db/schema/index.js';
import { sqlRows } from '../farm-scope.js';
import type { NotificationDraft } from '../notifications/service.js';
import { NOTICE_MAIL_HEADERS, noticeMail, withFooter } from './mail.js';

/** One process at a time counts a farm's texts for its cap (with the farm's id as the second key). */
const CAP_LOCK = sql`hashtext('kuku_sms_daily_cap')`;

export interface Recipient {
  userId: number;
  email: string;
  emailVerified: boolean;
  language: Language;
  /** E.164 when confirmed and Kenyan-shaped, else null: no text. */
  phone: string | null;
  mail: boolean;
  sms: boolean;
}

const languageOf = (language: string | null): Language => (language === 'sw' ? 'sw' : 'en');

/** The users' choices for one kind (a kind never chosen keeps its default) and what each can be reached at. */
export async function recipients(db: DbOrTx, userIds: number[], kind: NoticeKind): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      language: users.language,
      phone: users.phoneNumber,
      phoneConfirmedAt: users.phoneConfirmedAt,
      push: noticePreferences.push,
      mail: noticePreferences.mail,
      sms: noticePreferences.sms,
    })
    .from(users)
    .leftJoin(noticePreferences, and(eq(noticePreferences.userId, users.id), eq(noticePreferences.kind, kind)))
    .where(inArray(users.id, userIds));
  return rows.map((row) => {
    const chosen = noticePreferencesOf(row.push === null ? {} : { [kind]: { push: row.push, mail: row.mail, sms: row.sms } })[kind];
    const phone = row.phoneConfirmedAt && row.phone ? kenyanMobileE164(row.phone) : null;
    return { userId: row.userId, email: row.email, emailVerified: row.emailVerified, language: languageOf(row.language), phone, mail: chosen.mail, sms: chosen.sms };
  });
}

/**
 * Queues a notice's text in the farm's day it will go: at `now`, or at 06:00 farm time when `now`
 * is in quiet hours (21:00-06:00). Past the farm's daily cap for that day it is stored 'Skipped'
 * with the reason, never sent. Answers the status it was stored with.
 */
export async function queueNoticeSms(
  db: DbOrTx,
  text: { farmId: number; userId: number; kind: NoticeKind; to: string; body: string },
  now: Date,
): Promise<'Queued' | 'Skipped'> {
  await db.execute(sql`select pg_advisory_xact_lock(${CAP_LOCK}, ${text.farmId})`);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await sqlRows<{ status: 'Queued' | 'Skipped' }>(
    db,
    sql`with f as (
          select id, time_zone, sms_daily_cap, extract(hour from ${at} at time zone time_zone) as hour, (${at} at time zone time_zone)::date as today
          from farms where id = ${text.farmId}
        ),
        s as (
          select f.*, case
            when f.hour >= ${SMS_QUIET_HOURS.from} then ((f.today + 1) + make_time(${SMS_QUIET_HOURS.until}, 0, 0)) at time zone f.time_zone
            when f.hour < ${SMS_QUIET_HOURS.until} then (f.today + make_time(${SMS_QUIET_HOURS.until}, 0, 0)) at time zone f.time_zone
            else ${at} end as send_after
          from f
        ),
        d as (select s.*, (s.send_after at time zone s.time_zone)::date as day from s),
        c as (
          select count(m.id) as n from d
          left join sms_messages m on m.farm_id = d.id and m.kind is not null and m.status <> 'Skipped'
            and m.send_after >= (d.day::timestamp at time zone d.time_zone) and m.send_after < ((d.day + 1)::timestamp at time zone d.time_zone)
        )
        insert into sms_messages (farm_id, user_id, kind, "to", body, status, failure_reason, send_after, next_attempt_at)
        select d.id, ${text.userId}, ${text.kind}, ${text.to}, ${text.body},
          case when c.n >= d.sms_daily_cap then 'Skipped' else 'Queued' end,
          case when c.n >= d.sms_daily_cap then 'Not sent: the farm''s daily SMS limit (' || d.sms_daily_cap || ') was reached' end,
          d.send_after, d.send_after
        from d, c
        returning status`,
  );
  if (!row) throw new Error(`queueNoticeSms: no farm ${text.farmId}`);
  return row.status;
}

/** The mail and the text of each stored notification, as its recipient chose for the draft's kind. */
export async function fanOut(db: DbOrTx, farmId: number, draft: NotificationDraft, userIds: number[], now: Date): Promise<void> {
  const texted = (r: { sms: boolean; phone: string | null }) => r.sms && r.phone !== null && !draft.noText;
  const people = (await recipients(db, userIds, draft.kind)).filter((r) => (r.mail && r.emailVerified) || texted(r));
  if (people.length === 0) return;
  const [farm] = await db.select({ name: farms.name }).from(farms).where(eq(farms.id, farmId));
  if (!farm) return;
  for (const person of people) {
    const { title, message } = draft.say(person.language);
    if (person.mail && person.emailVerified) {
      const mail = draft.mail
        ? withFooter(draft.mail(person.language), person.language, draft.kind)
        : noticeMail({ language: person.language, farm: farm.name, kind: draft.kind, title, message, link: draft.link });
      await db.insert(mailOutbox).values({ to: person.email, ...mail, headers: NOTICE_MAIL_HEADERS, userId: person.userId, farmId, kind: draft.kind });
    }
    if (texted(person) && person.phone) {
      const body = draft.sms ? draft.sms(person.language) : noticeSms(farm.name, title, message);
      await queueNoticeSms(db, { farmId, userId: person.userId, kind: draft.kind, to: person.phone, body }, now);
    }
  }
}
