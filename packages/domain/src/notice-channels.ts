/**
 * The kinds of notice Kuku tells and the channels beside the app each can go by (decision 076):
 * every user chooses, per kind, push, mail and SMS. The in-app notification is always stored.
 * SMS costs the farm money, so it is on by default only for the urgent kinds, and it goes only
 * to a confirmed phone.
 */
import { SMS_LIMITS, smsParts } from './sms-rules.js';

export const NOTICE_KINDS = [
  'vaccinations',
  'lowStock',
  'budget',
  'payments',
  'subscription',
  'staff',
  'flockGuide',
  'reports',
  'stockCounts',
  'weeklySummary',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_CHANNELS = ['push', 'mail', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export type NoticePreferences = Record<NoticeKind, Record<NoticeChannel, boolean>>;

/** Kinds that go by mail unless the user turns it off: money, the subscription, the counts and the owner's summary. */
const MAIL_BY_DEFAULT: readonly NoticeKind[] = ['payments', 'subscription', 'stockCounts', 'weeklySummary'];
/** Kinds urgent enough for a text unless the user turns it off (sent only once the phone is confirmed). */
const SMS_BY_DEFAULT: readonly NoticeKind[] = ['vaccinations', 'payments', 'subscription', 'stockCounts', 'lowStock'];

export const DEFAULT_NOTICE_PREFERENCES: NoticePreferences = Object.fromEntries(
  NOTICE_KINDS.map((kind) => [kind, { push: true, mail: MAIL_BY_DEFAULT.includes(kind), sms: SMS_BY_DEFAULT.includes(kind) }]),
) as NoticePreferences;

/** Texts a farm sends a farm day unless its owner sets otherwise (`farms.sms_daily_cap`). */
export const SMS_DAILY_CAP_DEFAULT = 5;

export const isNoticeKind = (value: unknown): value is NoticeKind => typeof value === 'string' && (NOTICE_KINDS as readonly string[]).includes(value);

/**
 * A user's stored choices over the defaults: a kind or a channel never chosen keeps its default,
 * and anything stored that is not a kind or a channel is ignored.
 */
export function noticePreferencesOf(stored: unknown): NoticePreferences {
  const out = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, { ...DEFAULT_NOTICE_PREFERENCES[kind] }])) as NoticePreferences;
  if (!stored || typeof stored !== 'object') return out;
  for (const [kind, channels] of Object.entries(stored as Record<string, unknown>)) {
    if (!isNoticeKind(kind) || !channels || typeof channels !== 'object') continue;
    for (const channel of NOTICE_CHANNELS) {
      const value = (channels as Record<string, unknown>)[channel];
      if (typeof value === 'boolean') out[kind][channel] = value;
    }
  }
  return out;
}

/** Quiet hours for SMS, farm time: none from 21:00, held until 06:00. */
export const SMS_QUIET_HOURS = { from: 21, until: 6 } as const;

/** Characters a notice's words may hold that GSM-7 lacks, and what a text says instead (a curly quote would make it UCS-2: 70 characters a part). */
const GSM_SPELLINGS: Record<string, string> = { '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '\u00a0': ' ', '·': '-' };

/** `text` with the few usual characters GSM-7 lacks spelled in it. */
export const gsmSpelled = (text: string): string => text.replace(/[‘’“”–—…\u00a0·]/g, (char) => GSM_SPELLINGS[char] ?? char);

const joined = (title: string, message: string) => (message ? `${title}${/[.!?:]$/.test(title) ? '' : '.'} ${message}` : title);

/** `text` cut to `fits` with '...' after it: at a word when one ends near the cut. */
function clipped(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  let cut = text;
  while (cut.length > 0 && !fits(`${cut}...`)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space > 0 && space >= cut.length - 20) cut = cut.slice(0, space);
  return `${cut.replace(/[\s.,;:]+$/, '')}...`;
}

/**
 * A notice as a text (decision 076): the same words as in the app, with the farm's name in front,
 * in one SMS part where they fit (160 GSM-7 characters; Kiswahili is GSM-7 too). Too long, the farm
 * goes first, then the message is cut at a word. A text that still needs UCS-2 (an emoji in a
 * name) may take two parts.
 */
export function noticeSms(farm: string, title: string, message: string): string {
  const [f, t, m] = [gsmSpelled(farm.trim()), gsmSpelled(title.trim()), gsmSpelled(message.trim())];
  const whole = `${f}: ${joined(t, m)}`;
  const gsm = smsParts(whole).encoding === 'GSM-7';
  const limit = gsm ? SMS_LIMITS['GSM-7'].single : SMS_LIMITS['UCS-2'].part * 2;
  const fits = (text: string) => smsParts(text).length <= limit;
  if (fits(whole)) return whole;
  const withoutFarm = joined(t, m);
  if (fits(withoutFarm)) return withoutFarm;
  return clipped(withoutFarm, fits);
}
