/**
 * Account rules (docs/design.md §6) and the words the screens show (docs/product.md §5, §8), without zod: a
 * screen that shows them does not load the schemas (docs/design.md §9 first-screen budget). The
 * schemas are in auth.ts.
 */
import { words, type Catalogues } from './common/words.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
// argon2 has no length limit, but hashing a megabyte per try is a cheap DoS.
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const SESSION_DAYS = 30;
/** What a one-time code is for: an email's check, a new password, a staff invitation, a social sign-in's return, a phone's check by SMS. */
export const ONE_TIME_CODE_PURPOSES = ['verify_email', 'reset_password', 'invitation', 'social_sign_in', 'change_email', 'confirm_phone'] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];
/** A social sign-in's code travels in the address back to the app: it is good once, for a minute. */
export const SOCIAL_CODE_TTL_SECONDS = 60;
/** The 'Continue with' providers Kuku knows (docs/product.md §2); the server says which are offered. */
export const SOCIAL_PROVIDERS = ['google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderNames: Record<SocialProvider, string> = { google: 'Google' };

export function continueWithLabel(provider: SocialProvider): string {
  return authMessages.continueWith(socialProviderNames[provider]);
}

/**
 * A username for an account made by social sign-in, before it is made unique: the
 * provider's name, else the email's local part, in the letters a username may hold.
 */
export function usernameFromProfile(name: string | undefined, email: string): string {
  const clean = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, USERNAME_MAX);
  const fromName = name ? clean(name) : '';
  const base = fromName.length >= USERNAME_MIN ? fromName : clean(email.split('@')[0] ?? '');
  return base.length >= USERNAME_MIN ? base : `${base}_farmer`.replace(/^_/, '');
}

export const authMessages = words(
  'auth',
  {
    passwordsDoNotMatch: 'Passwords do not match',
    missingEmailForVerify: 'Missing email for OTP verification.',
    missingEmailForResend: 'Missing email for OTP resend.',
    missingEmailForReset: 'Missing email for password reset.',
    noEmailToResend: 'No email to resend OTP to.',
    otpVerificationFailed: 'OTP verification failed.',
    authenticationFailed: 'Authentication failed. Please try again.',
    mustBeLoggedIn: 'You must be logged in to access this page.',
    registered: 'Account created. We have sent a 6-digit code to your email.',
    verified: 'Email verified. You can now log in.',
    /** The code verified in the same visit as the password was typed: signed in at once (decision 054). */
    verifiedSignedIn: 'Email verified. Welcome to Kuku!',
    otpSent: 'A new 6-digit code has been sent to your email.',
    invalidCredentials: 'Incorrect email, username or password.',
    unverified: 'Please verify your email. We have sent a new 6-digit code to it.',
    invalidOtp: 'Invalid or expired code. Please check the code or request a new one.',
    otpTriesUsed: 'Too many wrong codes. Please request a new code.',
    forgotPasswordSent: 'If an account exists for that email, we have sent a 6-digit code to it.',
    passwordReset: 'Your password has been reset. You can now log in.',
    usernameTaken: 'That username is already taken.',
    emailTaken: 'An account with that email already exists.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    loggedOut: 'You have been logged out.',
    resendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
    continueWith: (provider: string) => `Continue with ${provider}`,
    // The schemas' words (auth.ts).
    usernameRequired: 'Username is required.',
    usernameTooShort: `Username must be at least ${USERNAME_MIN} characters.`,
    usernameTooLong: `Username must be at most ${USERNAME_MAX} characters.`,
    usernameLetters: 'Username may only contain letters, digits and _.',
    emailRequired: 'Email is required.',
    emailTooLong: 'Email is too long.',
    emailInvalid: 'Enter a valid email address.',
    passwordRequired: 'Password is required.',
    passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
    passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
    enterCode: 'Enter the 6-digit code.',
    enterIdentifier: 'Enter your email or username.',
    enterPassword: 'Enter your password.',
  },
  { sw: () => import('./sw/auth-rules.js') as Promise<Catalogues> },
);

export function resendWaitMessage(seconds: number): string {
  return authMessages.resendWait(seconds);
}

/** An email or a username: logins accept either. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}
