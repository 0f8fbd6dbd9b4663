import { describe, expect, it } from 'vitest';
import { confirmPhoneSchema } from './phone-confirmation.js';
import { phoneConfirmationWords } from './phone-confirmation-words.js';
import { smsParts } from './sms-rules.js';
import { smsSettingsSchema } from './sms-usage.js';
import { SMS_DAILY_CAP_MAX, smsUsageWords } from './sms-usage-rules.js';
import { wordsIn } from './common/words-in.js';

describe('the daily limit on texts', () => {
  it.each([0, 1, 5, SMS_DAILY_CAP_MAX])('takes %s', (cap) => {
    expect(smsSettingsSchema.parse({ daily_cap: cap })).toEqual({ daily_cap: cap });
  });

  it.each([[-1], [SMS_DAILY_CAP_MAX + 1], [2.5], ['5'], [null], [undefined], [Number.NaN]])('refuses %s with its words', (cap) => {
    const parsed = smsSettingsSchema.safeParse({ daily_cap: cap });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(smsUsageWords.capInvalid);
  });
});

describe('the phone code', () => {
  it('takes 6 digits, trimmed', () => {
    expect(confirmPhoneSchema.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
  });

  it.each(['12345', '1234567', 'abcdef', ''])('refuses %j', (code) => {
    expect(confirmPhoneSchema.safeParse({ code }).success).toBe(false);
  });

  it('sends its code in one GSM-7 part in both languages', () => {
    for (const language of ['en', 'sw'] as const) {
      const text = wordsIn(language, phoneConfirmationWords).smsText('123456', 10);
      expect(text).toContain('123456');
      expect(smsParts(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    }
  });
});
