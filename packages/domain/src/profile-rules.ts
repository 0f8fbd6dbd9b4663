/**
 * Profile words and phone formatting without zod: the profile screen paints with these and
 * loads the schemas (profile.ts) on first use (docs/design.md §9 first-screen budget).
 */
import { words, type Catalogues } from './common/words.js';
import { normalizePhone, PHONE_COUNTRY_PREFIX } from './phone-rules.js';

export const profileMessages = words(
  'profile',
  {
    newPasswordsDoNotMatch: 'New passwords do not match',
    failedToFetchUser: 'Failed to fetch user details',
    failedToUpdate: 'Failed to update profile',
    failedToChangePassword: 'Failed to change password',
    /** docs/product.md §8, when neither the server nor the compression gave a reason. */
    failedToUpdatePicture: 'Failed to update profile picture',
    changePicture: 'Change picture',
    updated: 'Profile updated successfully.',
    passwordChanged: 'Password changed successfully.',
    wrongCurrentPassword: 'Current password is incorrect.',
    samePassword: 'The new password must differ from the current one.',
    invalidPhone: 'Enter a valid phone number, e.g. 0712 345 678.',
    nothingToUpdate: 'Nothing to update.',
    /** An email change (docs/design.md §6): the current password, or a fresh Google sign-in, then a code sent to the new address. */
    currentPasswordForEmail: 'Current password',
    currentPasswordForEmailHint: 'Needed to change your email.',
    enterCurrentPassword: 'Enter your current password.',
    googleEmailNote:
      'Your account has no password: to change its email, you must have signed in with Google in the last 10 minutes. If it has been longer, log out and continue with Google again first.',
    signInAgainForEmail: 'Please sign in with Google again first: log out, continue with Google, then change your email within 10 minutes.',
    codeFieldLabel: 'Code from the new address',
    confirmEmail: 'Confirm',
    emailChanged: 'Your email has been changed.',
    failedToConfirmEmail: 'Failed to change email',
    emailCodeSent: (email: string) =>
      `Your details are saved. We have sent a 6-digit code to ${email}: enter it below to change your email. Your email stays the same until then.`,
    failedWith: (message: string) => `Failed to update profile: ${message}`,
    // The profile screen (/my-profile).
    title: 'My Profile',
    subtitle: 'Your account details and password.',
    details: 'Profile Information',
    username: 'Username',
    email: 'Email',
    phone: 'Phone Number',
    phoneHint: 'Used for M-Pesa payments',
    save: 'Save Changes',
    plan: { trial: 'Free trial', paid: 'Subscribed', unpaid: 'Payment due' },
    noPhone: 'No phone number yet',
    memberSince: (date: string) => `Member since ${date}`,
    pictureOf: (username: string) => `${username}'s profile picture`,
    logout: 'Logout',
  },
  { sw: () => import('./sw/profile-rules.js') as Promise<Catalogues> },
);

/** How recent a passwordless account's sign-in must be to change its email (it has no password to ask for). */
export const FRESH_SIGN_IN_MINUTES = 10;

/** The answer of a saved form whose email change waits for the code mailed to the new address. */
export function emailCodeSentMessage(email: string): string {
  return profileMessages.emailCodeSent(email);
}

/** The form asks for the current password only when the email would change. */
export function changesEmail(current: string, typed: string): boolean {
  const next = typed.trim().toLowerCase();
  return next !== '' && next !== current.toLowerCase();
}

export function failedToUpdateProfile(message: string): string {
  return profileMessages.failedWith(message);
}

/** '254712345678' → '+254 712 345 678' (groups of 3-3-3 after the prefix). */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = normalizePhone(phone);
  const local = digits.slice(PHONE_COUNTRY_PREFIX.length);
  const groups = local.match(/.{1,3}/g) ?? [];
  return ['+' + PHONE_COUNTRY_PREFIX, ...groups].join(' ');
}
