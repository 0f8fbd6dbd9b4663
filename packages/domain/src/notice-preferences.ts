/**
 * The calls of a user's notice choices (decision 076): GET /api/profile/notices answers the phone,
 * whether it is confirmed and every kind's channels; PUT /api/profile/notices takes any of the
 * kinds, each with any of its channels, and answers as GET does.
 */
import { z } from 'zod/mini';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { NOTICE_KINDS, type NoticeChannel, type NoticeKind } from './notice-channels.js';

ensureEnglishMessages();

const channelsSchema = z.object({ push: z.boolean(), mail: z.boolean(), sms: z.boolean() });
const partialChannelsSchema = z.strictObject({ push: z.optional(z.boolean()), mail: z.optional(z.boolean()), sms: z.optional(z.boolean()) });

export const noticePreferencesSchema = z.object(
  Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, channelsSchema])) as Record<NoticeKind, typeof channelsSchema>,
);

export const noticeSettingsSchema = z.object({
  /** E.164 ('+254712345678') when the account has a Kenyan mobile number, else null. */
  phone: z.nullable(z.string()),
  phone_confirmed: z.boolean(),
  preferences: noticePreferencesSchema,
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

export const updateNoticePreferencesSchema = z.object({
  preferences: z.strictObject(
    Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, z.optional(partialChannelsSchema)])) as Record<
      NoticeKind,
      z.ZodMiniOptional<typeof partialChannelsSchema>
    >,
  ),
});
export type UpdateNoticePreferencesInput = z.infer<typeof updateNoticePreferencesSchema>;
export type NoticeChoice = Partial<Record<NoticeChannel, boolean>>;


