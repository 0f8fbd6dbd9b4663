import { z } from 'zod/mini';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { SMS_DAILY_CAP_MAX, smsUsageWords as m } from './sms-usage-rules.js';

ensureEnglishMessages();

/** A check's message, read when it fails: a Kiswahili page's words arrive after this module is made. */
const say = (word: () => string) => ({ error: () => word() });

/** PUT /sms/settings: the farm's texts a day at most, a whole number from 0 to SMS_DAILY_CAP_MAX. */
export const smsSettingsSchema = z.object({
  daily_cap: z
    .number(say(() => m.capInvalid))
    .check(z.int(say(() => m.capInvalid)), z.gte(0, say(() => m.capInvalid)), z.lte(SMS_DAILY_CAP_MAX, say(() => m.capInvalid))),
});
export type SmsSettingsInput = z.infer<typeof smsSettingsSchema>;

export const smsSettingsResponseSchema = z.object({ message: z.string(), daily_cap: z.number() });
export type SmsSettingsResponse = z.infer<typeof smsSettingsResponseSchema>;

/** One month of the farm's texts, in the farm's time zone: those the gateway took, and their cost. */
export const smsUsageMonthSchema = z.object({ month: z.string(), texts: z.number(), cost_cents: z.number(), cost: z.number() });
export type SmsUsageMonth = z.infer<typeof smsUsageMonthSchema>;

/** GET /sms/usage: the daily limit and the last months with texts, the newest first. */
export const smsUsageSchema = z.object({ daily_cap: z.number(), months: z.array(smsUsageMonthSchema) });
export type SmsUsage = z.infer<typeof smsUsageSchema>;
