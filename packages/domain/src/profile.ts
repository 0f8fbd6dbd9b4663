import { z } from 'zod/mini';
import { emailSchema, otpSchema, passwordSchema, usernameSchema, userSchema } from './auth.js';
import { authMessages, PASSWORD_MAX } from './auth-rules.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { normalizePhone } from './phone-rules.js';
import { profileMessages } from './profile-rules.js';

ensureEnglishMessages();

/** A check's message, read when it fails: a Kiswahili page's words arrive after this module is made. */
const say = (word: () => string) => ({ error: () => word() });

/** A Kenyan mobile number: 254 then 9 digits. Empty clears it. */
export const phoneNumberSchema = z
  .pipe(
    z.string(say(() => profileMessages.invalidPhone)).check(z.maxLength(32, say(() => profileMessages.invalidPhone))),
    z.transform(normalizePhone),
  )
  .check(z.refine((p) => p === '' || /^254\d{9}$/.test(p), say(() => profileMessages.invalidPhone)));

export const updateProfileDetailsSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  phone_number: z.optional(z.nullable(phoneNumberSchema)),
  /** The current password: asked for, and sent, only when the email changes. */
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
});
export type UpdateProfileDetailsInput = z.infer<typeof updateProfileDetailsSchema>;

export const changePasswordSchema = z.object({
  password: z
    .string(say(() => profileMessages.enterCurrentPassword))
    .check(z.minLength(1, say(() => profileMessages.enterCurrentPassword)), z.maxLength(PASSWORD_MAX)),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form adds a confirmation that must match. */
export const changePasswordFormSchema = z.extend(changePasswordSchema, { confirmPassword: z.string() }).check(
  z.refine((v) => v.newPassword === v.confirmPassword, {
    ...say(() => profileMessages.newPasswordsDoNotMatch),
    path: ['confirmPassword'],
  }),
);
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/**
 * PUT /auth/update-profile carries either the details or a password change
 * (docs/product.md §7). Fields left out keep their value.
 */
export const updateProfileSchema = z
  .object({
    username: z.optional(usernameSchema),
    email: z.optional(emailSchema),
    phone_number: z.optional(z.nullable(phoneNumberSchema)),
    password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
    newPassword: z.optional(passwordSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      // A password alone also goes with an email change, where it proves who asks.
      const changesPassword = v.newPassword !== undefined;
      if (changesPassword) {
        if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: profileMessages.enterCurrentPassword });
        if (v.newPassword === undefined) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: authMessages.passwordRequired });
        return;
      }
      if (v.username === undefined && v.email === undefined && v.phone_number === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: profileMessages.nothingToUpdate });
      }
    }),
  );
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** PUT /auth/update-profile answers the message and the user; `pending_email` when a code went to a new address. */
export const updateProfileResponseSchema = z.object({ message: z.string(), user: userSchema, pending_email: z.optional(z.string()) });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** POST /auth/confirm-email-change: the code mailed to the new address. */
export const confirmEmailChangeSchema = z.object({ otp: otpSchema });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

/** Its answer: the message and the user with the new email. */
export const confirmEmailChangeResponseSchema = z.object({ message: z.string(), user: userSchema });
