import { z } from 'zod/mini';
import { emailSchema, passwordSchema, usernameSchema } from './auth.js';
import { PASSWORD_MAX } from './auth-rules.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { normalizePhone, profileMessages } from './profile-rules.js';

ensureEnglishMessages();

/** A Kenyan mobile number: 254 then 9 digits. Empty clears it. */
export const phoneNumberSchema = z
  .pipe(
    z.string({ error: profileMessages.invalidPhone }).check(z.maxLength(32, profileMessages.invalidPhone)),
    z.transform(normalizePhone),
  )
  .check(z.refine((p) => p === '' || /^254\d{9}$/.test(p), profileMessages.invalidPhone));

export const updateProfileDetailsSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  phone_number: z.optional(z.nullable(phoneNumberSchema)),
});
export type UpdateProfileDetailsInput = z.infer<typeof updateProfileDetailsSchema>;

export const changePasswordSchema = z.object({
  password: z
    .string({ error: 'Enter your current password.' })
    .check(z.minLength(1, 'Enter your current password.'), z.maxLength(PASSWORD_MAX)),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form adds a confirmation that must match. */
export const changePasswordFormSchema = z.extend(changePasswordSchema, { confirmPassword: z.string() }).check(
  z.refine((v) => v.newPassword === v.confirmPassword, {
    message: profileMessages.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  }),
);
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/**
 * PUT /auth/update-profile carries either the details or a password change
 * (SPEC §7). Fields left out keep their value.
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
      const changesPassword = v.password !== undefined || v.newPassword !== undefined;
      if (changesPassword) {
        if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your current password.' });
        if (v.newPassword === undefined) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Password is required.' });
        return;
      }
      if (v.username === undefined && v.email === undefined && v.phone_number === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: profileMessages.nothingToUpdate });
      }
    }),
  );
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
