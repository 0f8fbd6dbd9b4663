import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_PREFERENCES, gsmSpelled, NOTICE_CHANNELS, NOTICE_KINDS, noticePreferencesOf, noticeSms } from './notice-channels.js';
import { noticeSettingsSchema, updateNoticePreferencesSchema } from './notice-preferences.js';
import { smsParts } from './sms-rules.js';
import { notificationTexts } from './notification-texts.js';
import * as sw from './sw/notification-texts.js';

describe('notice channels (decision 076)', () => {
  it('defaults: push for every kind; mail for money, the subscription, the counts and the summary; SMS for the urgent kinds', () => {
    for (const kind of NOTICE_KINDS) expect(DEFAULT_NOTICE_PREFERENCES[kind].push).toBe(true);
    expect(NOTICE_KINDS.filter((k) => DEFAULT_NOTICE_PREFERENCES[k].mail)).toEqual(['payments', 'subscription', 'stockCounts', 'weeklySummary']);
    expect(NOTICE_KINDS.filter((k) => DEFAULT_NOTICE_PREFERENCES[k].sms)).toEqual(['vaccinations', 'lowStock', 'payments', 'subscription', 'stockCounts']);
  });

  it('stored choices over the defaults, anything else ignored, the defaults never changed', () => {
    const chosen = noticePreferencesOf({ reports: { mail: true }, budget: { push: false, sms: 'yes' }, weather: { mail: true }, lowStock: null });
    expect(chosen.reports).toEqual({ push: true, mail: true, sms: false });
    expect(chosen.budget).toEqual({ push: false, mail: false, sms: false });
    expect(Object.keys(chosen)).toEqual([...NOTICE_KINDS]);
    expect(DEFAULT_NOTICE_PREFERENCES.reports.mail).toBe(false);
    expect(noticePreferencesOf(null)).toEqual(DEFAULT_NOTICE_PREFERENCES);
  });

  it('the schemas: every kind and channel answered; a PUT takes some kinds and some channels, nothing unknown', () => {
    expect(noticeSettingsSchema.safeParse({ phone: null, phone_confirmed: false, preferences: DEFAULT_NOTICE_PREFERENCES }).success).toBe(true);
    expect(updateNoticePreferencesSchema.safeParse({ preferences: { reports: { mail: true } } }).success).toBe(true);
    expect(updateNoticePreferencesSchema.safeParse({ preferences: {} }).success).toBe(true);
    for (const bad of [{}, { preferences: { weather: { mail: true } } }, { preferences: { reports: { fax: true } } }, { preferences: { reports: { mail: 1 } } }]) {
      expect(updateNoticePreferencesSchema.safeParse(bad).success).toBe(false);
    }
    expect(NOTICE_CHANNELS).toEqual(['push', 'mail', 'sms']);
  });
});

describe('a notice as one text', () => {
  const oneGsmPart = (text: string) => expect(smsParts(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });

  it('the farm, the title and the message, in one GSM-7 part, English and Kiswahili', () => {
    for (const texts of [notificationTexts, { ...notificationTexts, ...sw.notificationTexts }]) {
      const cases = [
        texts.vaccinationOverdue('Newcastle Disease (Lasota)', 'Layers Batch 2026-A', '12 Mar 2026'),
        texts.paymentReceived(150000, '12 Apr 2026', 'SAB12CD34E'),
        texts.subscriptionEnding('12 Apr 2026'),
        texts.lowStock('Layers Mash 70 kg', 'Only 2 bags left (reorder level 5).'),
      ];
      for (const { title, message } of cases) {
        const text = noticeSms('Shamba la Wanjiku', title, message);
        oneGsmPart(text);
        // The shilling amount's no-break space is a plain space in a text.
        expect(text).toContain(gsmSpelled(message).slice(0, 60));
      }
    }
    expect(noticeSms('Green Acres', 'Vaccination due', 'Gumboro for Batch A is due on 12 Mar 2026.')).toBe(
      'Green Acres: Vaccination due. Gumboro for Batch A is due on 12 Mar 2026.',
    );
  });

  it('too long: the farm goes first, then the message is cut at a word with "..."', () => {
    const message = 'word '.repeat(40).trim() + '.';
    const text = noticeSms('A farm', 'Title', message);
    oneGsmPart(text);
    expect(text.startsWith('Title. word word')).toBe(true);
    expect(text.endsWith('word...')).toBe(true);
    const withoutFarm = noticeSms('A farm with a very long name indeed, longer than most', 'Low stock: Feed', 'x'.repeat(130));
    oneGsmPart(withoutFarm);
    expect(withoutFarm).toBe(`Low stock: Feed. ${'x'.repeat(130)}`);
  });

  it("curly quotes and dashes are spelled in GSM-7; an emoji still makes UCS-2, kept to two parts", () => {
    expect(gsmSpelled('Wanjiku’s farm — “ok”…')).toBe('Wanjiku\'s farm - "ok"...');
    oneGsmPart(noticeSms('Wanjiku’s farm', 'Budget exceeded', 'Feed – March'));
    const emoji = noticeSms('Kuku', 'Kuku 🐔', 'y '.repeat(150));
    expect(smsParts(emoji)).toMatchObject({ encoding: 'UCS-2' });
    expect(smsParts(emoji).parts).toBeLessThanOrEqual(2);
  });
});
