import { z } from 'zod/mini';
import { authMessages as m, PASSWORD_MAX, PASSWORD_MIN, SOCIAL_PROVIDERS, USERNAME_MAX, USERNAME_MIN } from './auth-rules.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { ROLES } from './common/roles.js';
import { LANGUAGES } from './common/words.js';

ensureEnglishMessages();

/** A check's message, read when it fails: a Kiswahili page's words arrive after this module is made. */
const say = (word: () => string) => ({ error: () => word() });

export const usernameSchema = z.string(say(() => m.usernameRequired)).check(
  z.trim(),
  z.minLength(USERNAME_MIN, say(() => m.usernameTooShort)),
  z.maxLength(USERNAME_MAX, say(() => m.usernameTooLong)),
  z.regex(/^[A-Za-z0-9_]+$/, say(() => m.usernameLetters)),
);

export const emailSchema = z.pipe(
  z
    .string(say(() => m.emailRequired))
    .check(z.trim(), z.toLowerCase(), z.minLength(1, say(() => m.emailRequired)), z.maxLength(254, say(() => m.emailTooLong))),
  z.email(say(() => m.emailInvalid)),
);

export const passwordSchema = z.string(say(() => m.passwordRequired)).check(
  z.minLength(PASSWORD_MIN, say(() => m.passwordTooShort)),
  z.maxLength(PASSWORD_MAX, say(() => m.passwordTooLong)),
);

export const otpSchema = z
  .string(say(() => m.enterCode))
  .check(z.trim(), z.regex(/^\d{6}$/, say(() => m.enterCode)));

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the API's fields plus a confirmation that must match. */
export const registerFormSchema = z.extend(registerSchema, { confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    ...say(() => m.passwordsDoNotMatch),
    path: ['confirmPassword'],
  }),
);
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const verifyOtpSchema = z.object({ email: emailSchema, otp: otpSchema });
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export const resendOtpSchema = z.object({ email: emailSchema });
export type ResendOtpInput = z.infer<typeof resendOtpSchema>;

export const loginSchema = z.object({
  identifier: z
    .string(say(() => m.enterIdentifier))
    .check(z.trim(), z.minLength(1, say(() => m.enterIdentifier)), z.maxLength(254, say(() => m.enterIdentifier))),
  password: z
    .string(say(() => m.enterPassword))
    .check(z.minLength(1, say(() => m.enterPassword)), z.maxLength(PASSWORD_MAX, say(() => m.passwordTooLong))),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  new_password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** What every auth call that only reports success answers. */
export const messageSchema = z.object({ message: z.string() });

export const roleSchema = z.enum(ROLES);

/** The User of docs/product.md §3 as login and me answer it. */
export const userSchema = z.object({
  id: z.number().check(z.int()),
  username: z.string(),
  email: z.string(),
  profile_picture: z.nullable(z.string()),
  phone_number: z.nullable(z.string()),
  status: z.enum(['active', 'suspended']),
  created_at: z.string(),
  email_verified: z.boolean(),
  /** False for an account made by Google until a password is chosen: it changes its email after a fresh sign-in instead. */
  has_password: z.boolean(),
  /** The language chosen for the account (decision 068); null: the browser's. */
  language: z.nullable(z.enum(LANGUAGES)),
  trial_start_date: z.string(),
  trial_ends_at: z.string(),
  is_trial_active: z.boolean(),
  needs_subscription_renewal: z.boolean(),
  payment_status: z.enum(['trial', 'paid', 'unpaid']),
  subscription: z.object({
    status: z.enum(['trialing', 'active', 'past_due', 'suspended']),
    period_ends_at: z.string(),
  }),
  role: roleSchema,
  farm: z.object({ id: z.number().check(z.int()), name: z.string(), time_zone: z.string() }),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = z.object({ message: z.string(), email: z.string() });

/** GET /auth/providers: the 'Continue with' buttons this server offers. */
export const socialProvidersSchema = z.object({ providers: z.array(z.enum(SOCIAL_PROVIDERS)) });
export type SocialProviders = z.infer<typeof socialProvidersSchema>;

/** GET /auth/{provider}/login: Google's own hint of the account to pick (the simulator signs in as it). */
export const socialLoginQuerySchema = z.object({ login_hint: z.optional(emailSchema) });

/** What the provider sends the browser back with (OAuth 2.0 §4.1.2); the rest is checked by openid-client. */
export const socialCallbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.maxLength(2048))),
  state: z.optional(z.string().check(z.maxLength(512))),
  error: z.optional(z.string().check(z.maxLength(256))),
});

/** The one-time code the social sign-in return carried, exchanged for a session (docs/design.md §6). */
export const socialExchangeSchema = z.object({
  code: z
    .string(say(() => m.authenticationFailed))
    .check(z.trim(), z.minLength(1, say(() => m.authenticationFailed)), z.maxLength(200, say(() => m.authenticationFailed))),
});
export type SocialExchangeInput = z.infer<typeof socialExchangeSchema>;
