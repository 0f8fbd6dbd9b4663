import { z } from 'zod/mini';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN, SOCIAL_PROVIDERS, USERNAME_MAX, USERNAME_MIN } from './auth-rules.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { ROLES } from './common/roles.js';

ensureEnglishMessages();

export const usernameSchema = z.string({ error: 'Username is required.' }).check(
  z.trim(),
  z.minLength(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters.`),
  z.maxLength(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`),
  z.regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters, digits and _.'),
);

export const emailSchema = z.pipe(
  z
    .string({ error: 'Email is required.' })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, 'Email is required.'), z.maxLength(254, 'Email is too long.')),
  z.email('Enter a valid email address.'),
);

export const passwordSchema = z.string({ error: 'Password is required.' }).check(
  z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
);

export const otpSchema = z
  .string({ error: 'Enter the 6-digit code.' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code.'));

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the API's fields plus a confirmation that must match. */
export const registerFormSchema = z.extend(registerSchema, { confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
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
    .string({ error: 'Enter your email or username.' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter your email or username.'),
      z.maxLength(254, 'Enter your email or username.'),
    ),
  password: z
    .string({ error: 'Enter your password.' })
    .check(
      z.minLength(1, 'Enter your password.'),
      z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
    ),
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
    .string({ error: authMessages.authenticationFailed })
    .check(z.trim(), z.minLength(1, authMessages.authenticationFailed), z.maxLength(200, authMessages.authenticationFailed)),
});
export type SocialExchangeInput = z.infer<typeof socialExchangeSchema>;
