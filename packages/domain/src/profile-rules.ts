/**
 * Profile words and phone formatting without zod: the profile screen paints with these and
 * loads the schemas (profile.ts) on first use (DESIGN §9 first-screen budget).
 */

export const PHONE_COUNTRY_PREFIX = '254';

export const profileMessages = {
  newPasswordsDoNotMatch: 'New passwords do not match',
  failedToFetchUser: 'Failed to fetch user details',
  failedToUpdate: 'Failed to update profile',
  failedToChangePassword: 'Failed to change password',
  /** SPEC §8, when neither the server nor the compression gave a reason. */
  failedToUpdatePicture: 'Failed to update profile picture',
  changePicture: 'Change picture',
  updated: 'Profile updated successfully.',
  passwordChanged: 'Password changed successfully.',
  wrongCurrentPassword: 'Current password is incorrect.',
  samePassword: 'The new password must differ from the current one.',
  invalidPhone: 'Enter a valid phone number, e.g. 0712 345 678.',
  nothingToUpdate: 'Nothing to update.',
} as const;

export function failedToUpdateProfile(message: string): string {
  return `Failed to update profile: ${message}`;
}

/**
 * SPEC §5: remove non-digits; a leading 0 becomes 254; otherwise prefix 254
 * unless it already starts with 254.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.startsWith('0')) return PHONE_COUNTRY_PREFIX + digits.slice(1);
  if (digits.startsWith(PHONE_COUNTRY_PREFIX)) return digits;
  return PHONE_COUNTRY_PREFIX + digits;
}

/** '254712345678' → '+254 712 345 678' (groups of 3-3-3 after the prefix). */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = normalizePhone(phone);
  const local = digits.slice(PHONE_COUNTRY_PREFIX.length);
  const groups = local.match(/.{1,3}/g) ?? [];
  return ['+' + PHONE_COUNTRY_PREFIX, ...groups].join(' ');
}
