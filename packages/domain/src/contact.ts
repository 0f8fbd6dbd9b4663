import { z } from 'zod/mini';
import { isMissing } from './common/fields.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactMessages as m } from './contact-rules.js';

ensureEnglishMessages();

// The words are read when a check fails, not when this module is made: a Kiswahili page's words arrive after it.
type Word = () => string;
const required = (missing: Word, tooLong: Word, max: number) =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? missing() : tooLong()) })
    .check(z.trim(), z.minLength(1, { error: missing }), z.maxLength(max, { error: tooLong }));

/**
 * POST /api/contact (docs/product.md §7 Contact form: name, email, message, with the form service's
 * subject and honeypot): kept in-house and mailed to support (decision 033).
 */
export const contactMessageSchema = z.object({
  name: required(() => m.nameRequired, () => m.nameTooLong, CONTACT_NAME_MAX),
  email: z.pipe(
    required(() => m.emailRequired, () => m.emailInvalid, CONTACT_EMAIL_MAX).check(z.toLowerCase()),
    z.email({ error: () => m.emailInvalid }),
  ),
  message: required(() => m.messageRequired, () => m.messageTooLong, CONTACT_MESSAGE_MAX),
  subject: z.optional(z.string().check(z.maxLength(200))),
  /** The form service's hidden field: a person leaves it empty. */
  botcheck: z.optional(z.union([z.boolean(), z.string().check(z.maxLength(200))])),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** The form service's answer shape (docs/integrations.md §6), so one client reads either. */
export const contactAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

/** GET /api/contact/support: how the floating chat reaches support. */
export const supportChannelsSchema = z.object({
  email: z.string(),
  phone: z.nullable(z.string()),
  whatsapp_url: z.nullable(z.string()),
});
export type SupportChannels = z.infer<typeof supportChannelsSchema>;
